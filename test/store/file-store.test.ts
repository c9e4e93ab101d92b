import { execFile, spawn } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStore, type Store } from "../../src/store/index.ts";
import { tempName } from "../../src/store/durable-file.ts";
import { makeTempHome } from "../helpers/server.ts";
import { doc, storeContract } from "./store-contract.ts";

const run = promisify(execFile);
const WRITER = path.resolve("test/fixtures/store-writer.ts");

storeContract("file store", {
  create: () => makeTempHome(),
  open: (home) => openStore(home),
  destroy: (home) => fs.rm(home, { recursive: true, force: true }),
});

describe("FileStore on disk", () => {
  let home: string;
  let store: Store;

  beforeEach(async () => {
    home = await makeTempHome();
    store = await openStore(home);
  });
  afterEach(async () => {
    await store.close();
    await fs.rm(home, { recursive: true, force: true });
  });

  it("saves the catalogue as catalog.json and leaves no temp file", async () => {
    await store.write((tx) => tx.documents.insert(doc("doc_1")));
    const onDisk = JSON.parse(await fs.readFile(path.join(home, "catalog.json"), "utf8"));
    expect(Object.keys(onDisk.documents)).toEqual(["doc_1"]);
    expect((await fs.readdir(home)).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  it("two processes, each with 4 writers and 4 readers: every acknowledged write is in the store", async () => {
    const child = (tag: string) => run(process.execPath, ["--import", "tsx", WRITER, home, tag, "40", "4", "4"], { maxBuffer: 1 << 24 });
    // Some size, so saves take long enough for reads to overlap them.
    await store.write(async (tx) => { for (let i = 0; i < 2_000; i++) await tx.documents.insert(doc(`doc_bulk_${i}`)); });
    const outputs = await Promise.all([child("a"), child("b")]);
    const acknowledged = outputs.flatMap((o) => o.stdout.split("\n").filter(Boolean));
    expect(acknowledged).toHaveLength(320);
    const reopened = await openStore(home);
    const present = new Set(await reopened.read(async (tx) => (await tx.folders.find()).map((f) => f.id)));
    expect(acknowledged.filter((id) => !present.has(id))).toEqual([]);
    // The reader in this process sees them too.
    expect(await store.read((tx) => tx.folders.count())).toBe(320);
  });

  it("kill -9 of a writer process: every write it acknowledged survives, the next open is as fast as a clean one", async () => {
    await store.write(async (tx) => { for (let i = 0; i < 3_000; i++) await tx.documents.insert(doc(`doc_bulk_${i}`)); });
    const child = spawn(process.execPath, ["--import", "tsx", WRITER, home, "k", "100000", "4", "2"], { stdio: ["ignore", "pipe", "ignore"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    await new Promise<void>((resolve) => {
      const check = () => (out.split("\n").length > 150 ? resolve() : setTimeout(check, 5));
      check();
    });
    child.kill("SIGKILL");
    await new Promise((r) => child.once("exit", r));
    const acknowledged = out.split("\n").filter((l) => l.endsWith("\n") || l.length > 0).slice(0, -1);
    const started = Date.now();
    const reopened = await openStore(home, { onWarning: () => undefined }); // a lock takeover is expected when the kill hit a save
    const reopenMs = Date.now() - started;
    const present = new Set(await reopened.read(async (tx) => (await tx.folders.find()).map((f) => f.id)));
    expect(acknowledged.length).toBeGreaterThan(100);
    expect(acknowledged.filter((id) => !present.has(id))).toEqual([]);
    // Well under proper-lockfile's 10 s stale timeout, even if the kill hit a save.
    expect(reopenMs).toBeLessThan(5_000);
    await reopened.write((tx) => tx.documents.insert(doc("doc_after")));
    await reopened.close();
  });

  it("takes over at once a catalogue lock left by a killed process", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", WRITER, home, "x", "0", "0", "0", "--die-holding-lock"], { stdio: ["ignore", "ignore", "pipe"] });
    await new Promise<void>((resolve) => child.stderr.on("data", (d) => String(d).includes("HOLDING") && resolve()));
    child.kill("SIGKILL");
    await new Promise((r) => child.once("exit", r));
    await expect(fs.stat(path.join(home, "catalog.json.lock"))).resolves.toBeTruthy();
    const started = Date.now();
    const warnings: string[] = [];
    const reopened = await openStore(home, { onWarning: (m) => warnings.push(m) });
    await reopened.write((tx) => tx.documents.insert(doc("doc_after_crash")));
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(warnings.join("\n")).toMatch(/took over the catalogue lock of process \d+/);
    await reopened.close();
  });

  it("takes over a lock left without an owner record (killed while taking or releasing it) once it is 1.5 s old", async () => {
    const lockDir = path.join(home, "catalog.json.lock");
    await fs.mkdir(lockDir);
    const old = new Date(Date.now() - 5_000);
    await fs.utimes(lockDir, old, old);
    const warnings: string[] = [];
    const started = Date.now();
    const reopened = await openStore(home, { onWarning: (m) => warnings.push(m) });
    await reopened.write((tx) => tx.documents.insert(doc("doc_after_orphan_lock")));
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(warnings.join("\n")).toMatch(/left without an owner/);
    await reopened.close();
  });

  it("waits for a lock whose owner is alive instead of taking it", async () => {
    const { CatalogLock } = await import("../../src/store/catalog-lock.ts");
    const release = await new CatalogLock(path.join(home, "catalog.json")).acquire();
    let written = false;
    const pending = store.write((tx) => tx.documents.insert(doc("doc_wait"))).then(() => (written = true));
    await new Promise((r) => setTimeout(r, 300));
    expect(written).toBe(false);
    await release();
    await pending;
    expect(written).toBe(true);
  });

  it("removes temp files of dead writers at open, and keeps those of live ones", async () => {
    // Another process's tag: a PID no process has, and its own token.
    const dead = (pid: number) => tempName().replace(/^\d+/, String(pid)).replace(/~[^~]+~([0-9a-f]+\.tmp)$/, "~deadtoken~$1");
    const deadTemp = `catalog.json.${dead(2 ** 22 + 777)}`;
    await fs.writeFile(path.join(home, deadTemp), "{half");
    await fs.mkdir(path.join(home, "tmp"), { recursive: true });
    const deadBlob = `tree.json.${dead(2 ** 22 + 778)}`;
    const liveBlob = `tree.json.${tempName()}`;
    await fs.writeFile(path.join(home, "tmp", deadBlob), "x");
    await fs.writeFile(path.join(home, "tmp", liveBlob), "x");
    const reopened = await openStore(home);
    expect(await fs.readdir(home)).not.toContain(deadTemp);
    expect(await fs.readdir(path.join(home, "tmp"))).toEqual([liveBlob]);
    await reopened.close();
  });

  it("writes blobs atomically and removes a document folder", async () => {
    await store.blobs.writeJson("doc_b", "tree.json", { a: 1 });
    expect(await store.blobs.readJson("doc_b", "tree.json")).toEqual({ a: 1 });
    expect(await fs.readdir(path.join(home, "tmp"))).toEqual([]);
    await store.blobs.removeAll("doc_b");
    expect(await store.blobs.exists("doc_b")).toBe(false);
  });

  it("refuses blob names and ids that could escape the document folder", async () => {
    await expect(store.blobs.localPath("../etc", "x")).rejects.toThrow();
    await expect(store.blobs.write("doc_1", "../../catalog.json", "x")).rejects.toThrow();
    await expect(store.blobs.read("doc_1", "a/b")).rejects.toThrow();
  });
});
