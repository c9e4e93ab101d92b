// SearchService over a real store with documents indexed by the real job pipeline: ranking
// across documents, scopes, readiness errors, and the per-document index cache.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NotFoundError, NotReadyError } from "../../src/core/errors.ts";
import { nowIso } from "../../src/core/ids.ts";
import type { UserRecord } from "../../src/store/index.ts";
import { makePdf } from "../helpers/pdf.ts";
import { json, startTestServer, waitForStatus, type TestServer } from "../helpers/server.ts";
import { annualReportPdf } from "./fixtures.ts";

let server: TestServer;
let user: UserRecord;
let reportId: string;
let pumpId: string;
let folderId: string;

async function upload(bytes: Uint8Array, name: string, folder?: string): Promise<string> {
  const data = new FormData();
  data.set("file", new Blob([bytes]), name);
  if (folder) data.set("folder_id", folder);
  const id = (await json(await server.api("/doc", { method: "POST", body: data }))).doc_id;
  // Throws if still processing after its deadline: a loaded full run once went on before the
  // second document was indexed, and the ranking test then saw one document.
  expect((await waitForStatus(server, id, { query: "?include_text=false" })).status).toBe("completed");
  return id;
}

beforeAll(async () => {
  server = await startTestServer();
  user = (await server.services.users.authenticate(server.key))!;
  folderId = (await server.services.folders.create(user, { name: "Plant", parent_folder_id: null })).id;
  const sub = (await server.services.folders.create(user, { name: "Pumps", parent_folder_id: folderId })).id;
  reportId = await upload(await annualReportPdf(), "report.pdf");
  pumpId = await upload(await makePdf([{ lines: ["# Pump manual", "The pump delivers 40 litres per minute.", "Operating lease of the pump hall is not covered here."] }]), "pump.pdf", sub);
  // The library index follows commits asynchronously: search once both are in it.
  await server.services.librarySync.idle();
}, 150_000);
afterAll(() => server.close());

describe("SearchService", () => {
  it("ranks documents by their best section and merges their nodes by score", async () => {
    const result = await server.services.search.search(user, {}, "operating lease liabilities note 12");
    expect(result.documents.map((d) => d.doc_name)).toEqual(["report.pdf", "pump.pdf"]);
    expect(result.nodes[0]).toMatchObject({ doc_id: reportId, doc_name: "report.pdf", title: "4 Notes to the Financial Statements" });
    const scores = result.nodes.map((n) => n.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(result.passages[0]).toMatchObject({ doc_name: "report.pdf", page: 8 });
  });

  it("scopes to named documents or to a folder with its subfolders", async () => {
    const named = await server.services.search.search(user, { docIds: [pumpId] }, "operating lease");
    expect(named.documents.map((d) => d.doc_id)).toEqual([pumpId]);
    const folder = await server.services.search.search(user, { folderId }, "operating lease");
    expect(folder.documents.map((d) => d.doc_id)).toEqual([pumpId]);
    await expect(server.services.search.search(user, { folderId: "fld_nope" }, "x")).rejects.toThrow(NotFoundError);
    await expect(server.services.search.search(user, { docIds: ["doc_nope"] }, "x")).rejects.toThrow(NotFoundError);
  });

  it("refuses documents that are not ready, and other users' documents", async () => {
    await server.services.store.write((tx) =>
      tx.documents.insert({ id: "doc_ss_busy", owner: user.id, name: "b.pdf", description: "", status: "processing", createdAt: nowIso(), pageNum: 0, metadata: {}, folderId: null, format: "pdf", options: {} }),
    );
    await expect(server.services.search.searchDocument(user, "doc_ss_busy", "x")).rejects.toThrow(NotReadyError);
    const bob = (await server.services.users.createKey("bob-ss")).user;
    await expect(server.services.search.searchDocument(bob, reportId, "sales")).rejects.toThrow(NotFoundError);
    // Unscoped searches only see completed documents of the caller.
    expect((await server.services.search.search(bob, {}, "sales")).documents).toEqual([]);
  });

  it("builds each document's index once and rebuilds it after the document changes", async () => {
    const doc = await server.services.documents.get(user, reportId);
    const first = await server.services.search.cache.get(doc);
    expect(await server.services.search.cache.get(doc)).toBe(first);
    const changed = await server.services.store.write((tx) => tx.documents.update(reportId, { updatedAt: new Date(Date.now() + 1000).toISOString() }))!;
    const rebuilt = await server.services.search.cache.get(changed!);
    expect(rebuilt).not.toBe(first);
    expect(rebuilt.search("net sales").nodes[0].title).toBe("1 Business");
  });

  it("evicts the least recently used indexes beyond its page budget", async () => {
    const { IndexCache } = await import("../../src/core/retrieval/index-cache.ts");
    const cache = new IndexCache(server.services.store, { documents: 10, pages: 8 });
    const report = await server.services.documents.get(user, reportId); // 8 pages
    const pump = await server.services.documents.get(user, pumpId); // 1 page
    const pumpIndex = await cache.get(pump);
    expect(await cache.get(pump)).toBe(pumpIndex);
    await cache.get(report); // 9 pages > 8: the pump's index goes
    expect(cache.size).toBe(1);
    const again = await cache.get(pump);
    expect(again).not.toBe(pumpIndex);
    expect(again.search("litres per minute").nodes[0].title).toBe("Pump manual");
    const byCount = new IndexCache(server.services.store, { documents: 1, pages: 1000 });
    await byCount.get(pump);
    await byCount.get(report);
    expect(byCount.size).toBe(1);
  });
});
