/**
 * Every action whole or not at all:
 * - checks made inside the write they guard: uploads racing a folder delete, metadata
 *   racing a schema declaration (both were checked outside their transaction once);
 * - kill -9 inside a ZIP import before its commit (nothing visible after restart) and
 *   inside a folder delete after some files are gone (folder and documents gone, files swept).
 */
import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openStore, removeOrphanBlobs } from "../../src/store/index.ts";
import { ChildServers } from "../helpers/child-server.ts";
import { json, makeTempHome, startTestServer, waitForStatus, type TestServer } from "../helpers/server.ts";
import { buildZip } from "../fixtures/zip/zip-writer.ts";

const JSON_HEADERS = { "content-type": "application/json" };
const note = (i: number) => `# Note ${i}\n\nA short note with a few ordinary words in it, number ${i}.\n`;

function form(name: string, bytes: Uint8Array | string, fields: Record<string, string> = {}): FormData {
  const data = new FormData();
  data.set("file", new Blob([bytes]), name);
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
}

describe("checks inside the write they guard", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it("40 rounds of three uploads racing a folder delete: no acknowledged document in a deleted folder", async () => {
    let inDeletedFolder = 0;
    let acknowledged = 0;
    for (let round = 0; round < 40; round++) {
      const folder = await json(await server.api("/folder", { method: "POST", body: JSON.stringify({ name: `race-${round}` }), headers: JSON_HEADERS }));
      const uploads = Array.from({ length: 3 }, (_, i) => server.api("/doc", { method: "POST", body: form(`n${i}.md`, note(i), { folder_id: folder.id }) }));
      // The delete starts while the uploads are on their way (after a varying head start);
      // every fourth round only once the first upload is answered, so that some uploads are
      // acknowledged however slow the machine is (on a loaded one the delete won all 120).
      if (round % 4 === 3) await uploads[0];
      else await new Promise((r) => setTimeout(r, (round % 10) * 2));
      const deleting = server.api(`/folder/${folder.id}`, { method: "DELETE" });
      const [deleted, ...answers] = await Promise.all([deleting, ...uploads]);
      expect([200, 409]).toContain(deleted.status);
      const folderGone = !(await server.services.store.read((tx) => tx.folders.get(folder.id)));
      expect(folderGone).toBe(deleted.status === 200);
      for (const answer of answers) {
        if (answer.status !== 200) {
          expect(answer.status).toBe(404); // refused: its folder was gone
          continue;
        }
        acknowledged++;
        const { doc_id } = await json(answer);
        const doc = await server.services.store.read((tx) => tx.documents.get(doc_id));
        if (!doc) continue; // deleted with its folder (counted in the delete's answer)
        if (folderGone || !(await server.services.store.read((tx) => tx.folders.get(doc.folderId!)))) inDeletedFolder++;
      }
    }
    expect(inDeletedFolder).toBe(0);
    expect(acknowledged).toBeGreaterThan(0);
  }, 180_000);

  it("20 rounds of metadata racing a schema declaration: no stored value breaks the schema in effect when it was stored", async () => {
    let violations = 0;
    let storedAfterSchema = 0;
    for (let round = 0; round < 20; round++) {
      const ws = await json(await server.api("/folder", { method: "POST", body: JSON.stringify({ name: `schema-race-${round}` }), headers: JSON_HEADERS }));
      const { doc_id } = await json(await server.api("/doc", { method: "POST", body: form("a.md", note(round), { folder_id: ws.id }) }));
      const [declared, written] = await Promise.all([
        server.api(`/folder/${ws.id}/metadata/schema`, { method: "PUT", body: JSON.stringify({ fields: { year: { type: "integer" } } }), headers: JSON_HEADERS }),
        (async () => {
          await new Promise((r) => setTimeout(r, round % 3));
          return server.api(`/doc/${doc_id}/metadata`, { method: "PUT", body: JSON.stringify({ undeclared: "x", year: "not a number" }), headers: JSON_HEADERS });
        })(),
      ]);
      expect(declared.status).toBe(200);
      expect([200, 422]).toContain(written.status);
      const { doc, schema } = await server.services.store.read(async (tx) => ({ doc: await tx.documents.get(doc_id), schema: (await tx.metadataSchemas.find({ workspaceId: ws.id }))[0] }));
      // Stored after the schema existed (timestamps are taken inside the serialised writes): it must obey it.
      if (written.status === 200 && doc?.updatedAt && schema && doc.updatedAt > schema.createdAt) {
        storedAfterSchema++;
        violations++;
      }
      if (written.status === 422) expect(doc?.metadata).toEqual({});
    }
    expect(violations).toBe(0);
    expect(storedAfterSchema).toBe(0);
  }, 120_000);
});

describe("kill -9 inside multi-step actions", () => {
  const KEY = "whole-or-nothing-key-0123456789";
  const servers = new ChildServers();
  afterEach(() => servers.killAll());
  const start = (home: string, crashAt?: string) => servers.start(home, { TREEINDEX_API_KEY: KEY, TREEINDEX_WORKERS: "2", ...(crashAt ? { TREEINDEX_CRASH_AT: crashAt } : {}) });
  const call = (url: string, route: string, init: RequestInit = {}) => fetch(`${url}${route}`, { ...init, headers: { ...(init.headers as Record<string, string>), api_key: KEY } });

  it("a ZIP import killed before its 202 leaves no folder or document; its stored files are swept", async () => {
    const home = await makeTempHome();
    const zip = buildZip(Array.from({ length: 30 }, (_, i) => ({ name: `dir${i % 3}/note-${i}.md`, data: Buffer.from(note(i)) })));
    const doomed = await start(home, "zip-import:before-commit");
    const exited = new Promise((r) => doomed.child.once("exit", r));
    const answer = await call(doomed.url, "/doc", { method: "POST", body: form("batch.zip", zip) }).catch((error: Error) => error);
    expect(answer).toBeInstanceOf(Error); // the connection died with the process: no 202
    await exited;

    const again = await start(home);
    const folders = await json(await call(again.url, "/folders"));
    expect(folders.folders).toEqual([]);
    const store = await openStore(home);
    try {
      expect(await store.read((tx) => tx.documents.count())).toBe(0);
      expect(await store.read((tx) => tx.jobs.count())).toBe(0);
      // The 30 files stored before the commit belong to no record: the sweep removes them.
      expect((await removeOrphanBlobs(store, 0)).length).toBe(30);
      expect(await fs.readdir(path.join(home, "docs")).catch(() => [])).toEqual([]);
    } finally {
      await store.close();
    }
    // A retry imports it once, whole.
    const retried = await call(again.url, "/doc", { method: "POST", body: form("batch.zip", zip) });
    expect(retried.status).toBe(202);
    expect((await json(retried)).items).toHaveLength(30);
    await servers.killAll();
    await fs.rm(home, { recursive: true, force: true });
  }, 120_000);

  it("a ZIP import killed right after its 202: after restart every entry completes", async () => {
    const home = await makeTempHome();
    const zip = buildZip(Array.from({ length: 30 }, (_, i) => ({ name: `dir${i % 3}/note-${i}.md`, data: Buffer.from(note(i)) })));
    const first = await start(home);
    const answer = await call(first.url, "/doc", { method: "POST", body: form("batch.zip", zip) });
    expect(answer.status).toBe(202);
    const { items } = await json(answer);
    await servers.killAll(); // kill -9 at once, most entries not yet indexed
    const again = await start(home);
    const server: TestServer = { api: (route: string) => call(again.url, route) } as TestServer;
    expect(items).toHaveLength(30);
    for (const item of items) expect((await waitForStatus(server, item.doc_id)).status).toBe("completed");
    await servers.killAll();
    await fs.rm(home, { recursive: true, force: true });
  }, 180_000);

  it("a folder delete killed after the files of 20 of its 40 documents were removed: after restart the folder and every document are gone", async () => {
    const home = await makeTempHome();
    const first = await start(home);
    const folder = await json(await call(first.url, "/folder", { method: "POST", body: JSON.stringify({ name: "big" }), headers: JSON_HEADERS }));
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) ids.push((await json(await call(first.url, "/doc", { method: "POST", body: form(`n${i}.md`, note(i), { folder_id: folder.id }) }))).doc_id);
    const server: TestServer = { api: (route: string) => call(first.url, route) } as TestServer;
    for (const id of ids) await waitForStatus(server, id);
    await servers.killAll();

    const doomed = await start(home, "folder-delete:files:20");
    const exited = new Promise((r) => doomed.child.once("exit", r));
    expect(await call(doomed.url, `/folder/${folder.id}`, { method: "DELETE" }).catch((error: Error) => error)).toBeInstanceOf(Error);
    await exited;

    const again = await start(home);
    expect((await json(await call(again.url, "/folders"))).folders).toEqual([]);
    // Never a listed document whose GET fails: none is listed, every one answers 404.
    expect((await json(await call(again.url, "/docs?limit=100"))).docs ?? []).toEqual([]);
    for (const id of ids) expect((await call(again.url, `/doc/${id}`)).status).toBe(404);
    const store = await openStore(home);
    try {
      expect((await removeOrphanBlobs(store, 0)).length).toBe(20);
      expect(await fs.readdir(path.join(home, "docs"))).toEqual([]);
    } finally {
      await store.close();
    }
    await servers.killAll();
    await fs.rm(home, { recursive: true, force: true });
  }, 180_000);
});
