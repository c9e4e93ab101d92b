// The library searched as one, through the real server (HTTP GET /search, the MCP tool's
// core), documents indexed by the real job pipeline and the library index following the
// store: no cap on documents, deletes and re-indexes reflected, the index rebuilt when
// its file is lost or damaged. Runs on both stores (vitest.config.ts, ON_BOTH_STORES).
import fs from "node:fs/promises";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TREE_BLOB } from "../../src/core/documents/index-job.ts";
import type { UserRecord } from "../../src/store/index.ts";
import { onPostgres } from "../helpers/test-store.ts";
import { json, startTestServer, type TestServer } from "../helpers/server.ts";

const LIBRARY_SIZE = Number(process.env.LIBRARY_TEST_SIZE ?? 300);

let server: TestServer;
let user: UserRecord;
let newest: string;

async function upload(text: string, name: string): Promise<string> {
  const data = new FormData();
  data.set("file", new Blob([text]), name);
  const response = await server.api("/doc", { method: "POST", body: data });
  expect(response.status).toBe(200);
  return (await json(response)).doc_id;
}

async function completed(ids: string[]): Promise<void> {
  for (const id of ids) {
    for (let i = 0; ; i++) {
      const status = (await json(await server.api(`/doc/${id}?include_text=false`))).status;
      if (status === "completed") break;
      if (status === "failed" || i > 1200) throw new Error(`${id} did not complete: ${status}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

/** Plain notes on unrelated subjects, each with its own numbered words so none is empty of matches. */
function note(i: number): string {
  const subjects = ["garden irrigation", "bicycle repair", "sourdough baking", "tax forms", "river kayaking", "home network"];
  const s = subjects[i % subjects.length];
  return `# Notes on ${s} ${i}\n\n## Overview\n\nThese notes cover ${s}, part ${i}. Keep the schedule and the checklist up to date.\n\n## Checklist\n\nCheck the ${s} equipment every week; log item ${i} in the yearly review.\n`;
}

async function search(query: string, params: Record<string, string> = {}) {
  const qs = new URLSearchParams({ query, ...params });
  const response = await server.api(`/search?${qs}`);
  expect(response.status).toBe(200);
  return json(response);
}

beforeAll(async () => {
  server = await startTestServer();
  user = (await server.services.users.authenticate(server.key))!;
  const ids: string[] = [];
  // In batches, as a person adding a folder would; all before the one with the answer.
  for (let start = 0; start < LIBRARY_SIZE; start += 25) {
    ids.push(...(await Promise.all(Array.from({ length: Math.min(25, LIBRARY_SIZE - start) }, (_, k) => upload(note(start + k), `note-${start + k}.md`)))));
  }
  await completed(ids);
  newest = await upload("# Heat pump commissioning\n\n## Refrigerant charge\n\nThe refrigerant charge of the Zephyr 9 heat pump is 2.4 kg of R32, checked at commissioning.\n", "zephyr-manual.md");
  await completed([newest]);
  await server.services.librarySync.idle();
}, 600_000);
afterAll(() => server?.close());

describe("library search", () => {
  it(`finds the answer in the newest of ${LIBRARY_SIZE + 1} documents, and says every one was searched`, async () => {
    const body = await search("What is the refrigerant charge of the Zephyr heat pump?");
    expect(body.searched).toEqual({ documents: LIBRARY_SIZE + 1, of: LIBRARY_SIZE + 1 });
    expect(body.documents[0]).toMatchObject({ doc_id: newest, doc_name: "zephyr-manual.md" });
    expect(body.sections[0]).toMatchObject({ doc_id: newest, title: "Refrigerant charge" });
    expect(body.sections[0].passages[0].text).toContain("2.4 kg of R32");
    // The MCP tool and the CLI call the same core: no scope means the whole library too.
    const core = await server.services.search.search(user, {}, "Zephyr refrigerant charge");
    expect(core.documents[0].doc_id).toBe(newest);
    expect(core.searched.documents).toBe(LIBRARY_SIZE + 1);
  });

  it("has no cap on any path: MCP search_documents and find_relevant_documents, chat without doc_id (the CLI: test/cli-library.test.ts)", async () => {
    const client = new Client({ name: "library-test", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: { api_key: server.key } } }));
    try {
      const searched = (await client.callTool({ name: "search_documents", arguments: { query: "Zephyr heat pump refrigerant charge" } })).structuredContent as any;
      expect(searched.searched).toEqual({ documents: LIBRARY_SIZE + 1, of: LIBRARY_SIZE + 1 });
      expect(searched.documents[0].doc_id).toBe(newest);
      const found = (await client.callTool({ name: "find_relevant_documents", arguments: { query: "Zephyr heat pump refrigerant" } })).structuredContent as any;
      expect(found.docs[0]).toMatchObject({ id: newest });
      expect(found.docs[0].matched).toContain("content");
    } finally {
      await client.close();
    }
    const chat = await server.api("/chat/completions", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ messages: [{ role: "user", content: "What is the refrigerant charge of the Zephyr heat pump?" }], stream: false }),
    });
    expect(chat.status).toBe(200);
    expect(JSON.stringify(await json(chat))).toContain("2.4 kg of R32");
  });

  it("is one index for two servers on one state: a document added through one is found through the other", async () => {
    const second = await startTestServer({ ...server.stateEnv });
    try {
      const doc = await upload("# Lighthouse log\n\nThe lighthouse lamp at Skerry Point was replaced in March.\n", "lighthouse.md");
      await completed([doc]);
      await server.services.librarySync.idle();
      const user2 = (await second.services.users.ensureUser("alice"));
      const result = await second.services.search.search(user2, {}, "Skerry Point lighthouse lamp");
      expect(result.documents[0]?.doc_id).toBe(doc);
    } finally {
      await second.server.close();
      await second.services.close();
    }
  });

  it("ranks a document that names the subject above those that only share common words", async () => {
    const body = await search("bicycle repair checklist part 7");
    expect(body.documents[0].doc_name).toBe("note-7.md");
  });

  it("narrows by folder and by metadata filter, and says how many documents were in scope", async () => {
    const folder = (await server.services.folders.create(user, { name: "Plant room", parent_folder_id: null })).id;
    const data = new FormData();
    data.set("file", new Blob(["# Boiler log\n\n## Pressure\n\nThe Zephyr boiler pressure is 1.5 bar.\n"]), "boiler.md");
    data.set("folder_id", folder);
    const boiler = (await json(await server.api("/doc", { method: "POST", body: data }))).doc_id;
    await completed([boiler]);
    expect((await server.api(`/doc/${boiler}/metadata`, { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify({ site: "north" }) })).status).toBe(200);
    await server.services.librarySync.idle();
    const inFolder = await search("Zephyr", { folder_id: folder });
    expect(inFolder.searched).toEqual({ documents: 1, of: 1 });
    expect(inFolder.documents.map((d: { doc_id: string }) => d.doc_id)).toEqual([boiler]);
    const filtered = await search("Zephyr", { metadata_filter: JSON.stringify({ site: "north" }) });
    expect(filtered.documents.map((d: { doc_id: string }) => d.doc_id)).toEqual([boiler]);
    expect((await server.api(`/search?query=x&folder_id=fld_missing`)).status).toBe(404);
    expect((await server.api(`/search?query=`)).status).toBe(422);
    expect((await server.api(`/search?query=x&metadata_filter=${encodeURIComponent('{"$where":"1"}')}`)).status).toBe(422);
    // A metadata value is a field of the document in the library index too.
    const byValue = await search("north site Zephyr pressure");
    expect(byValue.documents[0].doc_id).toBe(boiler);
  });

  it("never returns a deleted document, even before the index has caught up", async () => {
    const gone = await upload("# Quokka census\n\nThe quokka census counted 412 quokkas on the island.\n", "quokka.md");
    await completed([gone]);
    await server.services.librarySync.idle();
    expect((await search("quokka census")).documents[0].doc_id).toBe(gone);
    expect((await server.api(`/doc/${gone}`, { method: "DELETE" })).status).toBe(200);
    // Asked at once: the catalogue decides, whatever the index still holds.
    expect((await search("quokka census")).documents.map((d: { doc_id: string }) => d.doc_id)).not.toContain(gone);
    await server.services.librarySync.idle();
    expect((await server.services.store.library.stamps()).map((s) => s.docId)).not.toContain(gone);
  });

  it("finds a re-indexed document's new text, and not its old text", async () => {
    const doc = await upload("# Pump schedule\n\nThe marmalade pump runs on Tuesdays.\n", "schedule.md");
    await completed([doc]);
    await server.services.librarySync.idle();
    expect((await search("marmalade pump")).documents[0]?.doc_id).toBe(doc);
    // Indexed again (as a recovered or repeated index job leaves it): a new tree, pages and
    // record in the store; the library index follows the store's commit.
    const tree = [{ title: "Pump schedule", node_id: "0000", line_num: 1, text: "# Pump schedule\n\nThe gooseberry pump runs on Fridays.", nodes: [] }];
    await server.services.store.blobs.writeJson(doc, TREE_BLOB, tree);
    await server.services.store.write((tx) => tx.documents.update(doc, { status: "completed", description: "Pump schedule: the gooseberry pump.", indexedAt: new Date().toISOString(), updatedAt: new Date().toISOString() }));
    await completed([doc]);
    await server.services.librarySync.idle();
    expect((await search("gooseberry pump")).documents[0]?.doc_id).toBe(doc);
    expect((await search("marmalade")).documents.map((d: { doc_id: string }) => d.doc_id)).not.toContain(doc);
  });

  it.skipIf(onPostgres)("rebuilds the index when its file is removed or damaged (file store)", async () => {
    const file = path.join(server.services.store.home, "library.sqlite");
    for (const damage of [(f: string) => fs.rm(f, { force: true }), (f: string) => fs.writeFile(f, Buffer.alloc(8192, 0x5a))]) {
      // The server stops, the file is lost or damaged, a server starts on the same home.
      await server.server.close();
      await server.services.close();
      for (const suffix of ["-wal", "-shm"]) await fs.rm(file + suffix, { force: true });
      await damage(file);
      server = await startTestServer({ TREEINDEX_HOME: server.home });
      await server.services.librarySync.idle();
      const body = await search("What is the refrigerant charge of the Zephyr heat pump?");
      expect(body.documents[0].doc_id).toBe(newest);
      expect(body.searched.documents).toBe(body.searched.of);
    }
  });

  it("rebuilds on demand (treeindex reindex) with the same answers", async () => {
    const before = await search("Zephyr refrigerant charge");
    const report = await server.services.librarySync.rebuild();
    expect(report.failed).toBe(0);
    expect(report.indexed).toBe(before.searched.documents);
    const after = await search("Zephyr refrigerant charge");
    expect(after.documents.map((d: { doc_id: string }) => d.doc_id)).toEqual(before.documents.map((d: { doc_id: string }) => d.doc_id));
  });
});
