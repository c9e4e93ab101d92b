import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { json, startTestServer, type TestServer } from "../helpers/server.ts";

let server: TestServer;
let bob: string;
const JSON_HEADERS = { "content-type": "application/json" };

function batch(body: unknown, key?: string): Promise<Response> {
  return server.api("/resources/delete", { method: "POST", body: JSON.stringify(body), headers: JSON_HEADERS, key });
}

async function folder(name: string, parent?: string): Promise<string> {
  return (await json(await server.api("/folder", { method: "POST", body: JSON.stringify({ name, parent_folder_id: parent }), headers: JSON_HEADERS }))).id;
}

async function indexedDoc(name: string, folderId?: string): Promise<string> {
  const data = new FormData();
  data.set("file", new Blob([`# ${name}\n\nText.\n`]), name);
  if (folderId) data.set("folder_id", folderId);
  const id = (await json(await server.api("/doc", { method: "POST", body: data }))).doc_id;
  for (let i = 0; i < 200; i++) {
    if ((await json(await server.api(`/doc/${id}`))).status !== "processing") break;
    await new Promise((r) => setTimeout(r, 25));
  }
  return id;
}

beforeAll(async () => {
  server = await startTestServer();
  bob = (await server.services.users.createKey("bob")).key;
});
afterAll(() => server.close());

describe("POST /resources/delete", () => {
  it("deletes documents and folders in one call and reports each item", async () => {
    const a = await indexedDoc("a.md");
    const b = await indexedDoc("b.md");
    const ws = await folder("Batch");
    const sub = await folder("Sub", ws);
    const inside = await indexedDoc("inside.md", sub);

    const res = await batch({ doc_ids: [a, b, "doc_missing"], folder_ids: [ws, "fld_missing"] });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.results).toEqual([
      { type: "document", id: a, status: "deleted" },
      { type: "document", id: b, status: "deleted" },
      { type: "document", id: "doc_missing", status: "not_found", detail: expect.any(String) },
      { type: "folder", id: ws, status: "deleted", deleted: { folders: 2, documents: 1 }, survived: { folders: 0, documents: 0 } },
      { type: "folder", id: "fld_missing", status: "not_found", detail: expect.any(String) },
    ]);
    expect(body).toMatchObject({ deleted: 3, failed: 2 });
    for (const id of [a, b, inside]) {
      expect((await server.api(`/doc/${id}`)).status).toBe(404);
      await expect(fs.stat(path.join(server.home, "docs", id))).rejects.toThrow();
    }
    expect((await server.api(`/folders?parent_folder_id=${ws}`)).status).toBe(404);
  });

  it("reports other users' items as not found and shared ones as forbidden, deleting nothing of theirs", async () => {
    const mine = await indexedDoc("mine.md");
    const shared = await indexedDoc("shared.md");
    const ws = await folder("Alice only");
    await server.api("/shares", { method: "POST", body: JSON.stringify({ doc_id: shared, with_user: "bob" }), headers: JSON_HEADERS });
    const body = await json(await batch({ doc_ids: [mine, shared], folder_ids: [ws] }, bob));
    expect(body.results.map((r: any) => r.status)).toEqual(["not_found", "forbidden", "not_found"]);
    expect(body).toMatchObject({ deleted: 0, failed: 3 });
    expect((await server.api(`/doc/${mine}`)).status).toBe(200);
    expect((await server.api(`/doc/${shared}`)).status).toBe(200);
  });

  it("validates the body", async () => {
    for (const bad of [{}, { doc_ids: [] }, { doc_ids: "doc_x" }, { folder_ids: [5] }]) {
      const res = await batch(bad);
      expect(res.status, JSON.stringify(bad)).toBe(422);
      expect((await json(res)).detail[0].loc[0]).toBe("body");
    }
    expect((await batch({ doc_ids: Array.from({ length: 1001 }, (_, i) => `doc_${i}`) })).status).toBe(422);
  });
});
