/**
 * Several servers on one PostgreSQL database share one state: uploads made through either
 * are indexed by whichever server is free; a server killed with SIGKILL mid-index loses
 * nothing, because the other takes its jobs over (same host: at once, the owner's PID is
 * gone; other hosts: after the lease). Every document ends indexed exactly once.
 */
import fs from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INDEX_JOB } from "../../src/core/documents/index-job.ts";
import { openStore, type Store } from "../../src/store/index.ts";
import { ChildServers, type ChildServer } from "../helpers/child-server.ts";
import { makePdf } from "../helpers/pdf.ts";
import { startTestPostgres, type TestPostgres } from "../helpers/postgres.ts";
import { makeTempHome } from "../helpers/server.ts";

const KEY = "two-servers-test-key-0123456789";
const servers = new ChildServers();
let postgres: TestPostgres;
let url: string;
const homes: string[] = [];

beforeAll(async () => {
  postgres = await startTestPostgres();
  url = await postgres.createDatabase();
});
afterAll(async () => {
  await servers.killAll();
  await postgres?.stop();
  for (const home of homes) await fs.rm(home, { recursive: true, force: true });
});

/** A server with its own scratch home (as on its own machine) on the shared database. */
async function startServer(): Promise<ChildServer> {
  const home = await makeTempHome();
  homes.push(home);
  return servers.start(home, { TREEINDEX_DATABASE_URL: url, TREEINDEX_API_KEY: KEY, TREEINDEX_WORKERS: "1" });
}

async function api(server: ChildServer, pathname: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("api_key", KEY);
  return fetch(server.url + pathname, { ...init, headers });
}

async function upload(server: ChildServer, name: string, bytes: Uint8Array): Promise<string> {
  const form = new FormData();
  form.set("file", new Blob([bytes]), name);
  const res = await api(server, "/doc", { method: "POST", body: form });
  expect(res.status).toBe(200);
  return ((await res.json()) as { doc_id: string }).doc_id;
}

async function createFolder(server: ChildServer, name: string): Promise<string> {
  const res = await api(server, "/folder", { method: "POST", body: JSON.stringify({ name }), headers: { "content-type": "application/json" } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { id: string }).id;
}

/** A PDF long enough that indexing it takes a moment (so a kill lands mid-index). */
function bookPdf(n: number): Promise<Uint8Array> {
  const para = `Document ${n} has this paragraph, with enough ordinary words to be read as body text.`;
  return makePdf(Array.from({ length: 120 }, (_, i) => ({ lines: [...(i % 10 === 0 ? [`# ${i / 10 + 1} Chapter ${i / 10 + 1}`] : []), para, para, para, para, para, para] })));
}

async function waitUntil<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 180_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("two servers on one PostgreSQL database", () => {
  it("60 folders created through both are listed by both; 12 uploads complete exactly once after one server is killed mid-index", async () => {
    const [a, b] = await Promise.all([startServer(), startServer()]);
    const observer: Store = await openStore(homes[0], { databaseUrl: url });
    try {
      // Folders: 30 through each server, concurrently.
      const folderIds = await Promise.all(Array.from({ length: 60 }, (_, i) => createFolder(i % 2 === 0 ? a : b, `Folder ${i}`)));
      for (const server of [a, b]) {
        const listed = (await (await api(server, "/folders")).json()) as { folders: Array<{ id: string }> };
        expect(new Set(listed.folders.map((f) => f.id))).toEqual(new Set(folderIds));
      }

      // Uploads: 6 through each server.
      const pdfs = await Promise.all(Array.from({ length: 12 }, (_, i) => bookPdf(i)));
      const docIds = await Promise.all(pdfs.map((bytes, i) => upload(i % 2 === 0 ? a : b, `book-${i}.pdf`, bytes)));

      // Kill server A while it is indexing one of them.
      const victim = await waitUntil("server A to index a document", async () => {
        const jobs = await observer.read((tx) => tx.jobs.find({ kind: INDEX_JOB, status: "processing" }));
        return jobs.find((j) => j.owner?.pid === a.child.pid);
      });
      const exited = new Promise((r) => a.child.once("exit", r));
      a.child.kill("SIGKILL");
      await exited;

      // Server B finishes everything, A's job included.
      const docs = await waitUntil("every document to finish", async () => {
        const all = await observer.read((tx) => tx.documents.find({ id: { $in: docIds } }));
        return all.length === 12 && all.every((d) => d.status === "completed" || d.status === "failed") ? all : undefined;
      });
      expect(docs.map((d) => d.status)).toEqual(Array(12).fill("completed"));

      const jobs = await observer.read((tx) => tx.jobs.find({ kind: INDEX_JOB, docId: { $in: docIds } }));
      for (const id of docIds) {
        const own = jobs.filter((j) => j.docId === id);
        // Exactly one job per document, completed once; the taken-over one counts two attempts.
        expect(own.map((j) => j.status)).toEqual(["completed"]);
      }
      const takenOver = jobs.find((j) => j.id === victim.id)!;
      expect(takenOver.attempts).toBe(2);
      expect(takenOver.owner?.pid).toBe(b.child.pid);

      // Every tree is served by the surviving server.
      for (const id of docIds) {
        const body = (await (await api(b, `/doc/${id}?type=tree`)).json()) as { status: string; result: unknown[] };
        expect(body.status).toBe("completed");
        expect(body.result.length).toBeGreaterThan(0);
      }
    } finally {
      await observer.close();
    }
  }, 300_000);
});
