import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { json, startTestServer, type TestServer } from "../helpers/server.ts";

let server: TestServer;
let bobKey: string;
const JSON_HEADERS = { "content-type": "application/json" };
const ids: Record<string, string> = {};
const folders: Record<string, string> = {};

async function folder(name: string, parent?: string): Promise<string> {
  const res = await server.api("/folder", { method: "POST", body: JSON.stringify({ name, parent_folder_id: parent }), headers: JSON_HEADERS });
  return (await json(res)).id;
}

async function upload(key: string, name: string, metadata: Record<string, unknown>, folderId?: string): Promise<void> {
  const data = new FormData();
  data.set("file", new Blob([`# ${key}\n\nBody of ${key}.\n`]), name);
  data.set("metadata", JSON.stringify(metadata));
  if (folderId) data.set("folder_id", folderId);
  const res = await server.api("/doc", { method: "POST", body: data });
  expect(res.status).toBe(200);
  ids[key] = (await json(res)).doc_id;
  await new Promise((r) => setTimeout(r, 3)); // distinct createdAt (ms) keeps "newest first" unambiguous
}

function q(params: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) search.set(k, typeof v === "string" ? v : JSON.stringify(v));
  return `/docs?${search}`;
}

async function list(params: Record<string, unknown> = {}, key?: string): Promise<any> {
  const res = await server.api(q(params), { key });
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(200);
  return json(res);
}

async function names(params: Record<string, unknown> = {}): Promise<string[]> {
  const body = await list(params);
  const byId = Object.fromEntries(Object.entries(ids).map(([k, v]) => [v, k]));
  return body.documents.map((d: any) => byId[d.id]);
}

async function expect422(params: Record<string, unknown>, field: string): Promise<string> {
  const res = await server.api(q(params));
  expect(res.status, `${field}: ${JSON.stringify(params)}`).toBe(422);
  const detail = (await json(res)).detail[0];
  expect(detail.loc).toEqual(["query", field]);
  return detail.msg;
}

beforeAll(async () => {
  server = await startTestServer();
  bobKey = (await server.services.users.createKey("bob")).key;
  folders.acme = await folder("Acme");
  folders.y2023 = await folder("2023", folders.acme);
  folders.q1 = await folder("Q1", folders.y2023);
  folders.beta = await folder("Beta");
  await upload("d1", "one.md", { type: "invoice", amount: 100, year: 2023, client: "A" });
  await upload("d2", "two.md", { type: "invoice", amount: 250, year: 2024, client: "B" }, folders.acme);
  await upload("d3", "three.md", { type: "report", amount: 50, year: 2023, client: "A" }, folders.y2023);
  await upload("d4", "dup.md", { type: "invoice", amount: 75, year: 2023, client: "C" }, folders.q1);
  await upload("d5", "dup.md", { type: "report", year: 2024 }, folders.beta);
  await upload("d6", "unique-name.md", {}, folders.beta);
});
afterAll(() => server.close());

describe("GET /docs list mode", () => {
  it("lists all the caller's documents newest first with total, limit, offset and full rows", async () => {
    const body = await list();
    expect(body).toMatchObject({ total: 6, limit: 50, offset: 0 });
    expect(await names()).toEqual(["d6", "d5", "d4", "d3", "d2", "d1"]);
    const d4 = body.documents.find((d: any) => d.id === ids.d4);
    expect(d4).toMatchObject({ name: "dup.md", description: expect.any(String), status: expect.any(String), pageNum: expect.any(Number), metadata: { client: "C" }, folderId: folders.q1, path: "Acme/2023/Q1" });
    expect(d4.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it("pages with limit (1..10000) and offset (>= 0)", async () => {
    const page = await list({ limit: "2", offset: "1" });
    expect(page).toMatchObject({ total: 6, limit: 2, offset: 1 });
    expect(await names({ limit: "2", offset: "1" })).toEqual(["d5", "d4"]);
    expect((await list({ limit: "10000" })).documents).toHaveLength(6);
    expect((await list({ offset: "10" })).documents).toEqual([]);
    for (const bad of ["0", "10001", "-1", "x", "1.5"]) await expect422({ limit: bad }, "limit");
    await expect422({ offset: "-1" }, "offset");
  });

  it("name is an exact match with at most one document (the newest)", async () => {
    expect(await names({ name: "unique-name.md" })).toEqual(["d6"]);
    expect(await names({ name: "UNIQUE-name.md" })).toEqual([]);
    expect(await names({ name: "unique" })).toEqual([]);
    const dup = await list({ name: "dup.md" });
    expect(dup.total).toBe(1);
    expect(dup.documents.map((d: any) => d.id)).toEqual([ids.d5]);
  });

  it("folder_id: root = unfiled (all with recursive), an id = that folder (its subtree with recursive)", async () => {
    expect(await names({ folder_id: "root" })).toEqual(["d1"]);
    expect(await names({ folder_id: "root", recursive: "true" })).toEqual(["d6", "d5", "d4", "d3", "d2", "d1"]);
    expect(await names({ folder_id: folders.acme })).toEqual(["d2"]);
    expect(await names({ folder_id: folders.acme, recursive: "true" })).toEqual(["d4", "d3", "d2"]);
    expect(await names({ folder_id: folders.y2023, recursive: "true" })).toEqual(["d4", "d3"]);
    expect(await names({ folder_id: folders.q1, recursive: "false" })).toEqual(["d4"]);
    expect(await names({ recursive: "true" })).toHaveLength(6); // ignored without folder_id
    expect((await server.api(q({ folder_id: "fld_unknown" }))).status).toBe(404);
    await expect422({ recursive: "perhaps" }, "recursive");
  });

  it("renders path as Parent/Child, null when unfiled", async () => {
    const body = await list({ limit: "100" });
    const path = Object.fromEntries(body.documents.map((d: any) => [d.id, d.path]));
    expect(path[ids.d1]).toBeNull();
    expect(path[ids.d2]).toBe("Acme");
    expect(path[ids.d3]).toBe("Acme/2023");
    expect(path[ids.d4]).toBe("Acme/2023/Q1");
    expect(path[ids.d5]).toBe("Beta");
  });

  it("metadata_filter supports $eq $ne $in $gt $gte $lt $lte $and $or", async () => {
    expect(await names({ metadata_filter: { type: "invoice" } })).toEqual(["d4", "d2", "d1"]);
    expect(await names({ metadata_filter: { type: { $eq: "report" } } })).toEqual(["d5", "d3"]);
    expect(await names({ metadata_filter: { amount: { $gte: 75, $lt: 250 } } })).toEqual(["d4", "d1"]);
    expect(await names({ metadata_filter: { amount: { $gt: 75, $lte: 250 } } })).toEqual(["d2", "d1"]);
    expect(await names({ metadata_filter: { client: { $in: ["B", "C"] } } })).toEqual(["d4", "d2"]);
    expect(await names({ metadata_filter: { $or: [{ client: "A" }, { year: 2024 }] } })).toEqual(["d5", "d3", "d2", "d1"]);
    expect(await names({ metadata_filter: { $and: [{ type: { $ne: "report" } }, { year: { $eq: 2023 } }] } })).toEqual(["d4", "d1"]);
    const filtered = await list({ metadata_filter: { type: "invoice" }, limit: "1" });
    expect(filtered.total).toBe(3);
    expect(await names({ metadata_filter: { type: "invoice" }, folder_id: folders.acme, recursive: "true" })).toEqual(["d4", "d2"]);
  });

  it("metadata_filter refuses every other operator and malformed JSON with 422 and loc", async () => {
    const refused = [
      { $where: "this.amount > 1" },
      { amount: { $regex: "1" } },
      { $nor: [{ type: "invoice" }] },
      { $expr: { $gt: ["$amount", 1] } },
      { amount: { $exists: true } },
      { type: { $in: "invoice" } },
      { $or: [] },
      { amount: { $gt: { $lt: 3 } } },
    ];
    for (const filter of refused) await expect422({ metadata_filter: filter }, "metadata_filter");
    expect(await expect422({ metadata_filter: { amount: { $regex: "1" } } }, "metadata_filter")).toContain("$regex");
    expect(await expect422({ metadata_filter: "{type:" }, "metadata_filter")).toContain("Invalid JSON");
    await expect422({ metadata_filter: "[1,2]" }, "metadata_filter");
  });

  it("sort orders by up to 5 metadata fields (and createdAt), ties newest first", async () => {
    expect((await names({ sort: { amount: -1 } })).slice(0, 4)).toEqual(["d2", "d1", "d4", "d3"]);
    // Missing values sort first ascending (MongoDB order), then ties keep newest first.
    expect(await names({ sort: { year: 1, amount: -1 } })).toEqual(["d6", "d1", "d4", "d3", "d2", "d5"]);
    expect(await names({ sort: { createdAt: 1 } })).toEqual(["d1", "d2", "d3", "d4", "d5", "d6"]);
    expect(await names({ sort: { client: 1 } })).toEqual(["d6", "d5", "d3", "d1", "d2", "d4"]);
    expect(await names({ sort: { client: 1 }, limit: "2", offset: "4" })).toEqual(["d2", "d4"]);
    await expect422({ sort: { a: 1, b: 1, c: 1, d: 1, e: 1, f: 1 } }, "sort");
    await expect422({ sort: { amount: 2 } }, "sort");
    await expect422({ sort: "amount" }, "sort");
  });

  it("aggregates ($count $sum $avg $max $min, up to 10) cover the full match, ignoring limit and offset", async () => {
    const aggregates = { n: { $count: {} }, total: { $sum: "amount" }, avg: { $avg: "amount" }, max: { $max: "amount" }, min: { $min: "$amount" } };
    const body = await list({ metadata_filter: { type: "invoice" }, aggregates, limit: "1", offset: "1" });
    expect(body.documents).toHaveLength(1);
    expect(body.aggregates).toEqual({ n: 3, total: 425, avg: expect.closeTo(141.667, 2), max: 250, min: 75 });
    const none = await list({ metadata_filter: { type: "none" }, aggregates });
    expect(none.aggregates).toMatchObject({ n: 0, max: null });
    await expect422({ aggregates: { s: { $stdDevPop: "amount" } } }, "aggregates");
    await expect422({ aggregates: Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`a${i}`, { $count: {} }])) }, "aggregates");
    await expect422({ aggregates: { total: { $sum: 5 } } }, "aggregates");
    await expect422({ aggregates: "{bad" }, "aggregates");
    expect((await list({ aggregates: Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`a${i}`, { $count: {} }])) })).aggregates.a9).toBe(6);
  });
});

describe("GET /docs group mode", () => {
  const aggregates = { n: { $count: {} }, total: { $sum: "amount" } };

  it("groups by a field with aggregates, sorted by the first key ascending, default limit 1000", async () => {
    const body = await list({ group_by: ["type"], aggregates });
    expect(body).toEqual({
      groups: [
        { type: null, n: 1, total: 0 },
        { type: "invoice", n: 3, total: 425 },
        { type: "report", n: 2, total: 50 },
      ],
      total: 3,
      truncated: false,
      limit: 1000,
    });
  });

  it("limits groups (truncated), ignores offset, sorts by alias or key, groups by several fields", async () => {
    const limited = await list({ group_by: ["type"], aggregates, limit: "2", offset: "5" });
    expect(limited).toMatchObject({ total: 3, truncated: true, limit: 2 });
    expect(limited.groups.map((g: any) => g.type)).toEqual([null, "invoice"]);
    const byTotal = await list({ group_by: ["type"], aggregates, sort: { total: -1 } });
    expect(byTotal.groups.map((g: any) => g.type)).toEqual(["invoice", "report", null]);
    const byKeyDesc = await list({ group_by: ["type"], aggregates, sort: { type: -1 } });
    expect(byKeyDesc.groups.map((g: any) => g.type)).toEqual(["report", "invoice", null]);
    const two = await list({ group_by: ["type", "year"], aggregates: { n: { $count: {} } }, metadata_filter: { type: { $in: ["invoice", "report"] } } });
    expect(two.groups).toEqual([
      { type: "invoice", year: 2023, n: 2 },
      { type: "invoice", year: 2024, n: 1 },
      { type: "report", year: 2023, n: 1 },
      { type: "report", year: 2024, n: 1 },
    ]);
    const scoped = await list({ group_by: ["client"], aggregates, folder_id: folders.acme, recursive: "true" });
    expect(scoped.groups).toEqual([
      { client: "A", n: 1, total: 50 },
      { client: "B", n: 1, total: 250 },
      { client: "C", n: 1, total: 75 },
    ]);
  });

  it("refuses group_by without aggregates, more than 5 fields, bad JSON, and sorts on unknown keys", async () => {
    await expect422({ group_by: ["type"] }, "aggregates");
    await expect422({ group_by: ["a", "b", "c", "d", "e", "f"], aggregates }, "group_by");
    await expect422({ group_by: "type", aggregates }, "group_by");
    await expect422({ group_by: [], aggregates }, "group_by");
    await expect422({ group_by: ["type"], aggregates, sort: { amount: 1 } }, "sort");
    await expect422({ group_by: ["type"], aggregates: { type: { $count: {} } } }, "aggregates");
  });

  it("group mode and aggregates are unsupported for shared-with-me and following", async () => {
    for (const scope of ["shared-with-me", "following"]) {
      await expect422({ folder_id: scope, group_by: ["type"], aggregates }, "group_by");
      await expect422({ folder_id: scope, aggregates }, "aggregates");
    }
  });
});

describe("GET /docs isolation", () => {
  it("user B cannot list user A's documents", async () => {
    const bob = await list({}, bobKey);
    expect(bob).toMatchObject({ documents: [], total: 0 });
    expect((await list({ folder_id: "root", recursive: "true", metadata_filter: { type: "invoice" } }, bobKey)).documents).toEqual([]);
    expect((await list({ name: "unique-name.md" }, bobKey)).documents).toEqual([]);
    expect((await list({ group_by: ["type"], aggregates: { n: { $count: {} } } }, bobKey)).groups).toEqual([]);
    expect((await server.api(q({ folder_id: folders.acme }), { key: bobKey })).status).toBe(404);
    expect((await list({ folder_id: "shared-with-me", recursive: "true" }, bobKey)).documents).toEqual([]);
  });
});

describe("GET /docs in /openapi.json", () => {
  it("documents every query parameter and both response modes", async () => {
    const doc = await json(await server.api("/openapi.json"));
    const op = doc.paths["/docs"].get;
    const params = op.parameters.map((p: any) => p.name).sort();
    expect(params).toEqual(["aggregates", "folder_id", "group_by", "limit", "metadata_filter", "mode", "name", "offset", "recursive", "sort", "teamspace_id"]);
    for (const path of ["/folder/{folder_id}/metadata/schema", "/metadata/schema", "/shares", "/teamspaces", "/resources/delete"]) expect(doc.paths[path], path).toBeDefined();
  });
});
