/**
 * Watched folders across processes (issue #39), with the real binary: changes made while
 * nothing ran are applied on the next start (`serve` with TREEINDEX_WATCH, its /health over
 * HTTP), and two `treeindex watch` processes on one home index every file exactly once,
 * the second taking over when the first is killed.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openStore, type DocumentRecord, type Store } from "../../src/store/index.ts";
import { CLI } from "../helpers/cli.ts";
import { until as waitUntil } from "../helpers/until.ts";

const children: ChildProcess[] = [];

function start(args: string[], env: Record<string, string>): { child: ChildProcess; stderr: () => string } {
  let err = "";
  const childEnv: NodeJS.ProcessEnv = { ...process.env, TREEINDEX_WORKERS: "1", TREEINDEX_DATABASE_URL: "", ...env };
  const child = spawn(process.execPath, [CLI, ...args], { env: childEnv, stdio: ["ignore", "ignore", "pipe"] });
  child.stderr!.on("data", (d) => (err += d));
  children.push(child);
  return { child, stderr: () => err };
}

async function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill(signal);
  await exited;
}

/** Generous: child processes on a shared 2-core machine start and index slowly under load. */
const until = <T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 80_000) => waitUntil(what, probe, timeoutMs, 200);

/** Every synced file's document, by path. */
async function documentsByPath(store: Store): Promise<Map<string, DocumentRecord | undefined>> {
  return store.read(async (tx) => {
    const records = (await tx.syncedFiles.find({})).filter((r) => r.docId);
    return new Map(await Promise.all(records.map(async (r) => [r.path, await tx.documents.get(r.docId!)] as [string, DocumentRecord | undefined])));
  });
}

const note = (name: string, words: string) => `# ${name}\n\n${words}\n`;

afterEach(async () => {
  await Promise.all(children.splice(0).map((c) => stop(c, "SIGKILL")));
});

describe("watched folders across processes", () => {
  let home: string;
  let dir: string;
  let store: Store;

  beforeAll(async () => {
    home = await fs.mkdtemp(path.join(os.tmpdir(), "treeindex-watch-home-"));
    dir = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), "treeindex-watch-dir-")));
  });
  afterAll(async () => {
    await store?.close();
    await fs.rm(home, { recursive: true, force: true });
    await fs.rm(dir, { recursive: true, force: true });
  });

  it("applies on start what changed while it was stopped: added, changed, removed, renamed (serve with TREEINDEX_WATCH, /health over HTTP)", async () => {
    for (let i = 0; i < 6; i++) await fs.writeFile(path.join(dir, `n${i}.md`), note(`N${i}`, `first version of note ${i}`));
    const first = start(["watch", dir], { TREEINDEX_HOME: home });
    store = await openStore(home);
    await until("6 documents are indexed", async () => {
      const docs = [...(await documentsByPath(store)).values()];
      return docs.length === 6 && docs.every((d) => d?.status === "completed");
    });
    const before = await documentsByPath(store);
    // `watch` shows its progress with totals on stderr.
    await until("watch shows the totals", async () => /6 files indexed, 0 pending, 0 skipped, last sync/.test(first.stderr()));
    await stop(first.child, "SIGTERM");

    // While nothing runs: two added, one changed, one removed, one renamed.
    await fs.writeFile(path.join(dir, "added-a.md"), note("Added A", "fresh"));
    await fs.writeFile(path.join(dir, "added-b.md"), note("Added B", "fresh"));
    await fs.writeFile(path.join(dir, "n1.md"), note("N1", "second version of note one"));
    await fs.rm(path.join(dir, "n2.md"));
    await fs.rename(path.join(dir, "n3.md"), path.join(dir, "n3-renamed.md"));
    // The change is newer than the settle time by the time the server looks.
    await new Promise((r) => setTimeout(r, 1600));

    const serve = start(["serve", "--port", "0"], { TREEINDEX_HOME: home, TREEINDEX_WATCH: dir });
    const url = await until("serve listens", async () => /listening on (http:\/\/[^"\s]+)/.exec(serve.stderr())?.[1]);
    const after = await until("the changes are applied", async () => {
      const docs = await documentsByPath(store);
      const done = [...docs.values()].every((d) => d?.status === "completed");
      return done && docs.size === 7 && docs.get("n1.md")?.indexedAt !== before.get("n1.md")!.indexedAt ? docs : undefined;
    });
    expect([...after.keys()].sort()).toEqual(["added-a.md", "added-b.md", "n0.md", "n1.md", "n3-renamed.md", "n4.md", "n5.md"]);
    expect(after.get("n1.md")!.id).toBe(before.get("n1.md")!.id);
    expect(after.get("n3-renamed.md")!.id).toBe(before.get("n3.md")!.id);
    expect(after.get("n3-renamed.md")!.indexedAt).toBe(before.get("n3.md")!.indexedAt);
    expect(after.get("n0.md")!.indexedAt).toBe(before.get("n0.md")!.indexedAt);
    expect(await store.read((tx) => tx.documents.get(before.get("n2.md")!.id))).toBeUndefined();
    expect(await store.read((tx) => tx.documents.count({}))).toBe(7);

    const health = await until("/health reports the folder", async () => {
      const body = (await (await fetch(`${url}/health`)).json()) as { sync: { roots: number; files: number; pending: number; skipped: number; last_sync_at: string | null } };
      return body.sync.files === 7 && body.sync.pending === 0 ? body : undefined;
    });
    expect(health.sync).toMatchObject({ roots: 1, files: 7, pending: 0, skipped: 0 });
    expect(Date.parse(health.sync.last_sync_at!)).toBeGreaterThan(Date.now() - 60_000);
    // No paths in the key-less /health.
    expect(JSON.stringify(health)).not.toContain(dir);
    await stop(serve.child, "SIGTERM");
  }, 180_000);

  it("two processes watching one root index every file exactly once; the survivor takes over a killed one", async () => {
    const a = start(["watch", dir], { TREEINDEX_HOME: home });
    const b = start(["watch", dir], { TREEINDEX_HOME: home });
    await until("both watch", async () => /watching/.test(a.stderr()) && /watching/.test(b.stderr()));
    for (let i = 0; i < 20; i++) await fs.writeFile(path.join(dir, `burst-${i}.md`), note(`Burst ${i}`, `burst note ${i}`));
    await until("27 documents are indexed", async () => {
      const docs = [...(await documentsByPath(store)).values()];
      return docs.length === 27 && docs.every((d) => d?.status === "completed");
    });
    const check = async (expected: number) => {
      expect(await store.read((tx) => tx.documents.count({}))).toBe(expected);
      const docs = [...(await documentsByPath(store)).values()];
      expect(new Set(docs.map((d) => d!.id)).size).toBe(expected);
      for (const doc of docs.filter((d) => d!.name.startsWith("burst"))) {
        expect(await store.read((tx) => tx.jobs.count({ docId: doc!.id, kind: "index_document" })), doc!.name).toBe(1);
      }
    };
    await check(27);

    // The lease holder is killed: the other process takes the folder over and applies new changes.
    const [root] = await store.read((tx) => tx.watchedRoots.find({}));
    const holder = [a, b].find((p) => p.child.pid === root.leaseOwner?.pid)!;
    expect(holder).toBeDefined();
    await stop(holder.child, "SIGKILL");
    for (let i = 20; i < 25; i++) await fs.writeFile(path.join(dir, `burst-${i}.md`), note(`Burst ${i}`, `burst note ${i}`));
    await until("the survivor indexes the new files", async () => {
      const docs = [...(await documentsByPath(store)).values()];
      return docs.length === 32 && docs.every((d) => d?.status === "completed");
    });
    await check(32);
  }, 180_000);
});
