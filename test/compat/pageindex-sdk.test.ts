/**
 * The official PageIndex JavaScript SDK (`@pageindex/sdk`, pinned) against a real treeindex
 * server on a loopback port, with only `apiUrl` changed: every REST method of `client.api`
 * (chat both plain and streamed), `connect`, and every tool method of `client.tools`,
 * asserting the fields the SDK's published types declare, and its error mapping.
 */
import fs from "node:fs/promises";
import { PageIndexClient, PageIndexError } from "@pageindex/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.ts";

let server: TestServer;
let client: PageIndexClient;

/** Polls the SDK's own getDocument until indexing has ended. */
async function completed(docId: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const doc = await client.api.getDocument(docId);
    if (doc.status === "completed") return;
    if (doc.status === "failed" || Date.now() > deadline) throw new Error(`${docId}: ${doc.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const nextStepsShape = { summary: expect.any(String), options: expect.any(Array) };

describe("@pageindex/sdk against treeindex", () => {
  let docId: string;
  let scanId: string;
  let folderId: string;

  beforeAll(async () => {
    server = await startTestServer();
    client = new PageIndexClient({ apiKey: server.key, apiUrl: server.url, idleTimeout: 0 });
  });

  afterAll(async () => {
    await client?.close();
    await server?.close();
  });

  it("REST: submitDocument, getDocument, getTree, listDocuments", async () => {
    const submitted = await client.api.submitDocument(await fs.readFile("test/fixtures/pdf/R-data.pdf"), "R-data.pdf");
    expect(submitted.doc_id).toMatch(/^doc_/);
    docId = submitted.doc_id;
    const scan = await client.api.submitDocument(await fs.readFile("test/fixtures/pdf/mixed-scan.pdf"), "mixed-scan.pdf");
    scanId = scan.doc_id;
    await completed(docId);
    await completed(scanId);

    const meta = await client.api.getDocument(docId);
    expect(meta).toMatchObject({ id: docId, name: "R-data.pdf", status: "completed", pageNum: 41, folderId: null });
    expect(typeof meta.createdAt).toBe("string");
    expect(typeof meta.description).toBe("string");

    const tree = await client.api.getTree(docId, { nodeSummary: true });
    expect(tree).toMatchObject({ doc_id: docId, status: "completed", retrieval_ready: true });
    const first = tree.result![0];
    expect(first).toMatchObject({ title: expect.any(String), node_id: expect.any(String), page_index: expect.any(Number), text: expect.any(String) });
    expect(tree.result!.some((n) => typeof n.summary === "string")).toBe(true);

    const listed = await client.api.listDocuments({ limit: 1, offset: 0 });
    expect(listed).toMatchObject({ total: 2, limit: 1, offset: 0 });
    expect(listed.documents).toHaveLength(1);
    expect(listed.documents[0]).toMatchObject({ id: expect.any(String), name: expect.any(String), status: "completed", createdAt: expect.any(String) });
  }, 120_000);

  it("REST: createFolder answers {folder}, listFolders answers {folders, total}, and a document filed there is listed there", async () => {
    const created = await client.api.createFolder({ name: "Contracts", description: "signed" });
    expect(created.folder).toMatchObject({ name: "Contracts", description: "signed", parent_folder_id: null, file_count: 0, children_count: 0 });
    expect(typeof created.folder.created_at).toBe("string");
    expect(created.folder.updated_at).toBe(created.folder.created_at);
    folderId = created.folder.id;
    const child = await client.api.createFolder({ name: "2024", parentFolderId: folderId });
    expect(child.folder.parent_folder_id).toBe(folderId);

    const filed = await client.api.submitDocument(new Blob([await fs.readFile("test/fixtures/pdf/R-data.pdf")]), "R-data.pdf", { folderId });
    await completed(filed.doc_id);
    // Another folder: the name is free there.
    expect((await client.api.getDocument(filed.doc_id)).name).toBe("R-data.pdf");
    expect((await client.api.listDocuments({ folderId })).documents.map((d) => d.id)).toEqual([filed.doc_id]);

    const all = await client.api.listFolders();
    expect(all.total).toBe(2);
    const parent = all.folders.find((f) => f.id === folderId)!;
    expect(parent).toMatchObject({ file_count: 1, children_count: 1 });
    const roots = await client.api.listFolders({ parentFolderId: "root" });
    expect(roots.folders.map((f) => f.id)).toEqual([folderId]);
    expect(roots.total).toBe(1);
  }, 60_000);

  it("REST: chatCompletions, plain and streamed", async () => {
    const answer = await client.api.chatCompletions({ messages: [{ role: "user", content: "How do I read a CSV file into R?" }], doc_id: docId });
    expect(answer.id).toEqual(expect.any(String));
    expect(answer.choices[0]).toMatchObject({ index: 0, message: { role: "assistant", content: expect.any(String) }, finish_reason: "stop" });
    expect(answer.choices[0].message.content.length).toBeGreaterThan(0);

    const stream = await client.api.chatCompletions({ messages: [{ role: "user", content: "How do I read a CSV file into R?" }], doc_id: [docId], stream: true });
    let text = "";
    let chunks = 0;
    for await (const chunk of stream) {
      chunks++;
      text += chunk.choices[0]?.delta?.content ?? "";
    }
    expect(chunks).toBeGreaterThan(1);
    expect(text.length).toBeGreaterThan(0);
  }, 60_000);

  it("MCP: connect, then every tool method returns the fields the SDK declares", async () => {
    await client.connect();
    expect(client.isConnected()).toBe(true);

    const recent = await client.tools.recentDocuments({ limit: 2 });
    expect(recent).toMatchObject({ total_shown: 2, has_more: true, ready_count: 3, processing_count: 0, failed_count: 0, next_steps: nextStepsShape });
    expect(recent.docs[0]).toMatchObject({ id: expect.any(String), name: expect.any(String), description: expect.any(String), status: "completed", createdAt: expect.any(String), pageNum: expect.any(Number) });
    const older = await client.tools.recentDocuments({ limit: 2, cursor: recent.next_cursor });
    expect(older).toMatchObject({ total_shown: 1, has_more: false });
    expect(older.docs[0].id).not.toBe(recent.docs[0].id);

    const found = await client.tools.findRelevantDocuments({ query: "read.csv data import", limit: 5 });
    expect(found).toMatchObject({ search_mode: "keyword", has_more: false, next_steps: nextStepsShape });
    expect(found.total_returned).toBe(found.docs.length);
    expect(found.docs[0]).toMatchObject({ name: "R-data.pdf", status: "completed", pageNum: 41, folderId: expect.toBeOneOf([null, folderId]) });

    const folders = await client.tools.listFolders({ parentFolderId: "root" });
    expect(folders).toMatchObject({ total: 1, filter: { parent_folder_id: "root", scope: "root" }, next_steps: nextStepsShape });
    expect(folders.folders[0]).toMatchObject({ id: folderId, file_count: 1, children_count: 1, created_at: expect.any(String), updated_at: expect.any(String) });

    const doc = await client.tools.getDocument({ docName: "mixed-scan.pdf", waitForCompletion: true });
    expect(doc).toMatchObject({ id: scanId, name: "mixed-scan.pdf", status: "completed", createdAt: expect.any(String), pageNum: 3, next_steps: nextStepsShape });
    expect(doc.wait_info).toMatchObject({ waited: true, final_status: "completed" });

    // Two R-data.pdf exist (root and the folder): folderId picks one.
    const structure = await client.tools.getDocumentStructure({ docName: "R-data.pdf", folderId: null });
    expect(structure).toMatchObject({ doc_name: "R-data.pdf", total_parts: 1, next_steps: nextStepsShape });
    expect(Array.isArray(structure.structure)).toBe(true);

    const pages = await client.tools.getPageContent({ docName: "mixed-scan.pdf", pages: "1-2" });
    expect(pages).toMatchObject({ doc_name: "mixed-scan.pdf", total_pages: 3, requested_pages: "1-2", returned_pages: "1-2", next_steps: nextStepsShape });
    expect(pages.content.map((c) => c.page)).toEqual([1, 2]);
    const scanned = pages.content[1] as (typeof pages.content)[number] & { image_paths?: string[] };
    expect(scanned.image_count).toBe(1);
    expect(scanned.image_paths![0]).toMatch(/^mixed-scan\.pdf\//);

    const image = await client.tools.getDocumentImage({ imagePath: scanned.image_paths![0] });
    expect(image.mimeType).toBe("image/png");
    expect(Buffer.from(image.data, "base64").subarray(1, 4).toString()).toBe("PNG");

    const removed = await client.tools.removeDocument({ docNames: ["mixed-scan.pdf", "no-such-file.pdf"] });
    expect(removed.results).toMatchObject({ successful: 1, failed: 1 });
    expect(removed.results.details).toEqual([
      { doc_name: "mixed-scan.pdf", doc_id: scanId, success: true },
      { doc_name: "no-such-file.pdf", success: false, error: expect.stringMatching(/No document named/) },
    ]);
    expect(removed.next_steps).toMatchObject(nextStepsShape);
  }, 120_000);

  it("REST: deleteDocument answers its message; errors map to the SDK's codes", async () => {
    const deleted = await client.api.deleteDocument(docId);
    expect(deleted.message).toBe("Document deleted successfully.");

    const missing = await client.api.getDocument(docId).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(PageIndexError);
    expect(missing).toMatchObject({ code: "NOT_FOUND", statusCode: 404 });

    const stranger = new PageIndexClient({ apiKey: "not-a-key-0123456789", apiUrl: server.url, idleTimeout: 0 });
    const refused = await stranger.api.listDocuments().catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: "UNAUTHORIZED", statusCode: 401 });
    const toolError = await client.tools.getDocument({ docName: "R-data.pdf", folderId: "fld_nope" }).catch((e: unknown) => e);
    expect(toolError).toBeInstanceOf(PageIndexError);
    expect(toolError).toMatchObject({ code: "NOT_FOUND" });
    await stranger.close();
  }, 60_000);
});
