import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildZip } from "../fixtures/zip/zip-writer.ts";
import { json, startTestServer, type TestServer } from "../helpers/server.ts";

let server: TestServer;
let bobKey: string;
beforeAll(async () => {
  server = await startTestServer();
  bobKey = (await server.services.users.createKey("bob")).key;
});
afterAll(() => server.close());

const JSON_HEADERS = { "content-type": "application/json" };

async function folder(name: string, parent?: string, key?: string): Promise<string> {
  const res = await server.api("/folder", { method: "POST", body: JSON.stringify({ name, parent_folder_id: parent }), headers: JSON_HEADERS, key });
  return (await json(res)).id;
}

function putSchema(folderId: string, body: unknown, key?: string): Promise<Response> {
  return server.api(`/folder/${folderId}/metadata/schema`, { method: "PUT", body: JSON.stringify(body), headers: JSON_HEADERS, key });
}

async function getSchema(folderId: string, query = ""): Promise<any> {
  const res = await server.api(`/folder/${folderId}/metadata/schema${query}`);
  expect(res.status).toBe(200);
  return json(res);
}

function upload(metadata: unknown, folderId?: string): Promise<Response> {
  const data = new FormData();
  data.set("file", new Blob(["# Doc\n\nText of the document.\n"]), "doc.md");
  if (folderId) data.set("folder_id", folderId);
  if (metadata !== undefined) data.set("metadata", JSON.stringify(metadata));
  return server.api("/doc", { method: "POST", body: data });
}

function putMetadata(docId: string, metadata: unknown): Promise<Response> {
  return server.api(`/doc/${docId}/metadata`, { method: "PUT", body: JSON.stringify(metadata), headers: JSON_HEADERS });
}

const ALL_TYPES = {
  fields: {
    title: { type: "string", description: "Display title" },
    amount: { type: "number" },
    year: { type: "integer" },
    audited: { type: "boolean" },
    signed: { type: "date" },
    tags: { type: "string[]" },
  },
};

describe("metadata schemas", () => {
  it("declares a workspace schema once: a second PUT is 409, DELETE then PUT works", async () => {
    const ws = await folder("Finance");
    const first = await putSchema(ws, ALL_TYPES);
    expect(first.status).toBe(200);
    expect(await json(first)).toMatchObject({ level: "workspace", workspace_id: ws, fields: ALL_TYPES.fields });
    const second = await putSchema(ws, { fields: { other: { type: "string" } } });
    expect(second.status).toBe(409);
    expect(typeof (await json(second)).detail).toBe("string");
    expect((await getSchema(ws)).fields).toEqual(ALL_TYPES.fields);
    expect((await server.api(`/folder/${ws}/metadata/schema`, { method: "DELETE" })).status).toBe(200);
    expect(await getSchema(ws)).toBeNull();
    expect((await putSchema(ws, { fields: { other: { type: "string" } } })).status).toBe(200);
    expect(Object.keys((await getSchema(ws)).fields)).toEqual(["other"]);
  });

  it("refuses unknown field types and malformed schemas with 422 naming the spot", async () => {
    const ws = await folder("Typed");
    const bad = await putSchema(ws, { fields: { when: { type: "datetime" } } });
    expect(bad.status).toBe(422);
    expect((await json(bad)).detail[0].loc).toEqual(["body", "fields", "when", "type"]);
    expect((await putSchema(ws, { nofields: true })).status).toBe(422);
    const notJson = await server.api(`/folder/${ws}/metadata/schema`, { method: "PUT", body: "{oops", headers: JSON_HEADERS });
    expect(notJson.status).toBe(422);
    expect(await getSchema(ws)).toBeNull();
  });

  it("resolves the effective schema: workspace's own, else user-level, else null; root = user level only; any folder -> its workspace", async () => {
    const user = await startTestServer();
    try {
      const api = user.api.bind(user);
      const put = (id: string, body: unknown) => api(`/folder/${id}/metadata/schema`, { method: "PUT", body: JSON.stringify(body), headers: JSON_HEADERS });
      const get = async (id: string) => json(await api(`/folder/${id}/metadata/schema`));
      const mk = async (name: string, parent?: string) => (await json(await api("/folder", { method: "POST", body: JSON.stringify({ name, parent_folder_id: parent }), headers: JSON_HEADERS }))).id;
      const own = await mk("Own");
      const ownSub = await mk("Deep", await mk("Mid", own));
      const inherits = await mk("Inherits");
      const inheritsSub = await mk("Child", inherits);

      expect(await get(own)).toBeNull();
      expect(await get("root")).toBeNull();

      // PUT on a subfolder declares the workspace's schema.
      expect((await put(ownSub, { fields: { client: { type: "string" } } })).status).toBe(200);
      expect(await get(own)).toMatchObject({ level: "workspace", workspace_id: own, fields: { client: { type: "string" } } });
      expect(await get(ownSub)).toMatchObject({ level: "workspace", workspace_id: own });
      expect((await put(own, { fields: { x: { type: "string" } } })).status).toBe(409);

      expect(await get(inherits)).toBeNull();
      expect((await put("root", { fields: { year: { type: "integer" } } })).status).toBe(200);
      expect(await get(inheritsSub)).toMatchObject({ level: "user", workspace_id: inherits, fields: { year: { type: "integer" } } });
      expect(await get(own)).toMatchObject({ level: "workspace", fields: { client: { type: "string" } } });
      expect(await get("root")).toMatchObject({ level: "user", workspace_id: null, fields: { year: { type: "integer" } } });

      // GET /metadata/schema: root, a folder id, and the overview.
      expect(await json(await api("/metadata/schema?folder_id=root"))).toMatchObject({ level: "user" });
      expect(await json(await api(`/metadata/schema?folder_id=${ownSub}`))).toMatchObject({ level: "workspace", workspace_id: own });
      expect(await json(await api(`/metadata/schema?folder_id=${inherits}`))).toMatchObject({ level: "user", workspace_id: inherits });
      const overview = await json(await api("/metadata/schema"));
      expect(overview.user_schema).toMatchObject({ level: "user", fields: { year: { type: "integer" } } });
      expect(overview.workspace_schemas).toEqual([{ workspace_id: own, name: "Own", schema: expect.objectContaining({ level: "workspace" }) }]);

      expect((await api("/folder/fld_nope/metadata/schema")).status).toBe(404);
      expect((await api("/metadata/schema?folder_id=fld_nope")).status).toBe(404);
      expect((await api("/folder/root/metadata/schema", { method: "DELETE" })).status).toBe(200);
      expect((await api("/folder/root/metadata/schema", { method: "DELETE" })).status).toBe(404);
      expect(await get(inherits)).toBeNull();
    } finally {
      await user.close();
    }
  });

  it("validates upload metadata and PUT /doc/{id}/metadata against the schema in effect (422 naming the field)", async () => {
    const ws = await folder("Validated");
    await putSchema(ws, { fields: { ...ALL_TYPES.fields, client: { type: "string", required: true } } });
    const good = { client: "ACME", title: "Q1", amount: 12.5, year: 2024, audited: true, signed: "2024-03-31", tags: ["a", "b"] };
    const ok = await upload(good, ws);
    expect(ok.status).toBe(200);
    const docId = (await json(ok)).doc_id;

    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...good, year: 2024.5 }, "year"],
      [{ ...good, amount: "12" }, "amount"],
      [{ ...good, audited: "yes" }, "audited"],
      [{ ...good, signed: "31/03/2024" }, "signed"],
      [{ ...good, tags: ["a", 1] }, "tags"],
      [{ ...good, title: 5 }, "title"],
      [{ ...good, unknownField: 1 }, "unknownField"],
      [{ title: "no client" }, "client"],
    ];
    for (const [metadata, field] of cases) {
      const up = await upload(metadata, ws);
      expect(up.status, field).toBe(422);
      const detail = (await json(up)).detail[0];
      expect(detail.loc).toEqual(["body", "metadata", field]);
      expect(detail.msg).toContain(field);
      const put = await putMetadata(docId, metadata);
      expect(put.status, field).toBe(422);
      expect((await json(put)).detail[0].loc).toEqual(["body", field]);
    }
    const dateTime = await putMetadata(docId, { ...good, signed: "2024-03-31T10:00:00Z" });
    expect(dateTime.status).toBe(200);

    // A ZIP upload is checked once, before its folder is created.
    const zip = new FormData();
    zip.set("file", new Blob([buildZip([{ name: "a.md", data: "# A\n" }])]), "batch.zip");
    zip.set("folder_id", ws);
    zip.set("metadata", JSON.stringify({ client: 7 }));
    const zipRes = await server.api("/doc", { method: "POST", body: zip });
    expect(zipRes.status).toBe(422);
    expect((await json(zipRes)).detail[0].loc).toEqual(["body", "metadata", "client"]);
    expect((await json(await server.api(`/folders?parent_folder_id=${ws}`))).folders).toEqual([]);

    // Unfiled documents follow the user-level schema; there is none, so anything goes.
    expect((await upload({ anything: [1, { x: 2 }] })).status).toBe(200);
  });

  it("deleting a schema leaves existing metadata untouched and lifts the validation", async () => {
    const ws = await folder("Lifted");
    await putSchema(ws, { fields: { year: { type: "integer" } } });
    const docId = (await json(await upload({ year: 2020 }, ws))).doc_id;
    expect((await putMetadata(docId, { year: "2020" })).status).toBe(422);
    expect((await server.api(`/folder/${ws}/metadata/schema`, { method: "DELETE" })).status).toBe(200);
    expect((await json(await server.api(`/doc/${docId}/metadata`))).metadata).toEqual({ year: 2020 });
    expect((await putMetadata(docId, { year: "2020", free: true })).status).toBe(200);
  });

  it("include_values lists observed distinct values, values_limit 1..500 (default 100), truncating silently", async () => {
    const ws = await folder("Valued");
    await putSchema(ws, { fields: { tags: { type: "string[]" }, kind: { type: "string" }, unused: { type: "number" } } });
    const tags = Array.from({ length: 150 }, (_, i) => `t${String(i).padStart(3, "0")}`);
    await upload({ tags, kind: "a" }, ws);
    await upload({ tags: ["t000"], kind: "b" }, ws);
    await upload({ kind: "a" }, ws);

    const plain = await getSchema(ws);
    expect(plain.fields.kind.values).toBeUndefined();
    const withValues = await getSchema(ws, "?include_values=true");
    expect(withValues.fields.tags.values).toHaveLength(100);
    expect(withValues.fields.kind.values.sort()).toEqual(["a", "b"]);
    expect(withValues.fields.unused.values).toEqual([]);
    expect((await getSchema(ws, "?include_values=true&values_limit=500")).fields.tags.values).toHaveLength(150);
    expect((await getSchema(ws, "?include_values=true&values_limit=1")).fields.kind.values).toHaveLength(1);
    for (const bad of ["0", "501", "abc"]) {
      const res = await server.api(`/folder/${ws}/metadata/schema?include_values=true&values_limit=${bad}`);
      expect(res.status, bad).toBe(422);
      expect((await json(res)).detail[0].loc).toEqual(["query", "values_limit"]);
    }
    expect((await server.api(`/folder/${ws}/metadata/schema?include_values=maybe`)).status).toBe(422);
    const overview = await json(await server.api("/metadata/schema?include_values=true&values_limit=2"));
    expect(overview.workspace_schemas.find((s: any) => s.workspace_id === ws).schema.fields.tags.values).toHaveLength(2);
  });

  it("user B can neither read nor declare schemas on user A's folders", async () => {
    const ws = await folder("PrivateSchema");
    await putSchema(ws, { fields: { a: { type: "string" } } });
    expect((await server.api(`/folder/${ws}/metadata/schema`, { key: bobKey })).status).toBe(404);
    expect((await putSchema(ws, { fields: { b: { type: "string" } } }, bobKey)).status).toBe(404);
    expect((await server.api(`/folder/${ws}/metadata/schema`, { method: "DELETE", key: bobKey })).status).toBe(404);
    const bobOverview = await json(await server.api("/metadata/schema", { key: bobKey }));
    expect(bobOverview.workspace_schemas.map((s: any) => s.workspace_id)).not.toContain(ws);
  });
});
