import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePdf, twoChapterPdf } from "../helpers/pdf.ts";
import { json, startTestServer, uploadFile, waitForStatus, walkNodes, type TestServer } from "../helpers/server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

function upload(file: Uint8Array | string, name = "doc.pdf", fields: Record<string, string> = {}, pathName = "/doc", key?: string) {
  return uploadFile(server, name, file, fields, pathName, key);
}

async function uploadOk(file: Uint8Array, fields: Record<string, string> = {}, pathName = "/doc"): Promise<string> {
  const res = await upload(file, "doc.pdf", fields, pathName);
  expect(res.status).toBe(200);
  const body = await json(res);
  expect(Object.keys(body)).toEqual(["doc_id", "name"]);
  return body.doc_id;
}

const waitDone = (id: string, pathName = "/doc", query = "") => waitForStatus(server, id, { path: pathName, query, timeoutMs: 30_000 });

describe("document upload and status", () => {
  it("indexes a PDF: /doc gives page_index and text by default, retrieval_ready when completed", async () => {
    const id = await uploadOk(await twoChapterPdf());
    const first = await json(await server.api(`/doc/${id}`));
    expect(["processing", "completed"]).toContain(first.status);
    if (first.status === "processing") {
      expect(first.retrieval_ready).toBe(false);
      expect(first).not.toHaveProperty("result");
    }
    const done = await waitDone(id);
    expect(done.status).toBe("completed");
    expect(done.retrieval_ready).toBe(true);
    const titles: string[] = [];
    walkNodes(done.result, (n) => {
      titles.push(n.title);
      expect(n.node_id).toMatch(/^\d{4}$/);
      expect(typeof n.page_index).toBe("number");
      expect(typeof n.text).toBe("string");
      expect(n).not.toHaveProperty("start_index");
    });
    expect(titles.join("|")).toMatch(/Introduction.*Methods/);
    // include_text=false drops every text
    const noText = await json(await server.api(`/doc/${id}?include_text=false`));
    walkNodes(noText.result, (n) => expect(n).not.toHaveProperty("text"));
    // the trailing-slash form is the same route
    expect((await server.api(`/doc/${id}/`)).status).toBe(200);
  });

  it("the older /tree path gives start_index/end_index, text only on request, no summaries by default", async () => {
    const id = await uploadOk(await twoChapterPdf(), {}, "/tree");
    const done = await waitDone(id, "/tree");
    expect(done).not.toHaveProperty("retrieval_ready");
    walkNodes(done.result, (n) => {
      expect(n.end_index).toBeGreaterThanOrEqual(n.start_index);
      for (const child of n.nodes) {
        expect(child.start_index).toBeGreaterThanOrEqual(n.start_index);
        expect(child.end_index).toBeLessThanOrEqual(n.end_index);
      }
      expect(n).not.toHaveProperty("text");
      expect(n).not.toHaveProperty("summary");
    });
    const withText = await json(await server.api(`/tree/${id}?include_text=true&summary=true`));
    walkNodes(withText.result, (n) => {
      expect(typeof n.text).toBe("string");
      expect(typeof n.summary).toBe("string");
    });
  });

  it("honours upload flags: node ids off, summaries on /doc by default", async () => {
    const id = await uploadOk(await twoChapterPdf(), { if_add_node_id: "no" });
    const done = await waitDone(id);
    walkNodes(done.result, (n) => {
      expect(n).not.toHaveProperty("node_id");
      expect(typeof n.summary).toBe("string");
    });
    const noSummary = await json(await server.api(`/doc/${id}?summary=false`));
    walkNodes(noSummary.result, (n) => expect(n).not.toHaveProperty("summary"));
  });

  it("accepts a PDF by its %PDF magic, whatever its name", async () => {
    const res = await upload(await twoChapterPdf(), "scan.bin");
    expect(res.status).toBe(200);
  });

  it.each([
    ["a PNG renamed .pdf", Buffer.from("89504e470d0a1a0a0000000d49484452", "hex"), "photo.pdf", /PNG image.*Accepted formats: PDF/],
    ["a zero-byte file", new Uint8Array(0), "empty.pdf", /empty file/],
    ["a text file of no accepted kind", "a,b\n1,2", "table.csv", /text file/],
    ["a ZIP archive (import arrives with folders)", Buffer.from("504b0506000000000000000000000000000000000000", "hex"), "a.zip", /ZIP import/],
  ])("rejects %s with 422 naming the accepted formats", async (_label, bytes, name, message) => {
    const res = await upload(bytes as Uint8Array, name as string);
    expect(res.status).toBe(422);
    const body = await json(res);
    expect(body.detail[0].loc).toEqual(["body", "file"]);
    expect(body.detail[0].msg).toMatch(message as RegExp);
  });

  it("validates form fields with the contract's 422 body", async () => {
    const pdf = await twoChapterPdf();
    const bad = await json(await upload(pdf, "a.pdf", { if_add_node_summary: "maybe", if_ocr: "sometimes", metadata: "[1,2]" }));
    const locs = bad.detail.map((d: any) => d.loc.join("."));
    expect(locs).toEqual(expect.arrayContaining(["body.if_add_node_summary", "body.if_ocr", "body.metadata"]));
    for (const d of bad.detail) {
      expect(typeof d.msg).toBe("string");
      expect(typeof d.type).toBe("string");
    }
    const notJson = await json(await upload(pdf, "a.pdf", { metadata: "{oops" }));
    expect(notJson.detail[0]).toMatchObject({ loc: ["body", "metadata"], input: "{oops" });
    // missing file
    const data = new FormData();
    data.set("if_add_node_id", "yes");
    const missing = await server.api("/doc", { method: "POST", body: data });
    expect(missing.status).toBe(422);
    expect((await json(missing)).detail[0]).toMatchObject({ loc: ["body", "file"] });
    // not multipart at all
    const wrongType = await server.api("/doc", { method: "POST", body: "{}", headers: { "content-type": "application/json" } });
    expect(wrongType.status).toBe(422);
  });

  it("accepts yes/no and boolean spellings and stores metadata", async () => {
    const id = await uploadOk(await twoChapterPdf(), { if_add_node_text: "yes", if_retrieval: "true", if_ocr: "0", ultra_mode: "false", metadata: '{"year": 2024, "tags": ["a"]}' });
    const info = await json(await server.api(`/doc/${id}/metadata`));
    expect(info.metadata).toEqual({ year: 2024, tags: ["a"] });
    // Earlier tests of this file uploaded doc.pdf to the same user's root: this copy is suffixed.
    expect(info.name).toMatch(/^doc(_\d+)?\.pdf$/);
  });

  it("answers 404 for an unknown folder_id and for unknown documents", async () => {
    const res = await upload(await twoChapterPdf(), "a.pdf", { folder_id: "fld_nope" });
    expect(res.status).toBe(404);
    for (const p of ["/doc/doc_nope", "/tree/doc_nope", "/doc/doc_nope/metadata"]) {
      const r = await server.api(p);
      expect(r.status).toBe(404);
      expect(typeof (await json(r)).detail).toBe("string");
    }
    expect((await server.api("/doc/doc_nope", { method: "DELETE" })).status).toBe(404);
  });

  it("a PDF that cannot be parsed ends failed with a readable error, never processing", async () => {
    const id = await uploadOk(new TextEncoder().encode("%PDF-1.7\nthis is not really a pdf\n%%EOF"));
    const done = await waitDone(id);
    expect(done).toEqual({ doc_id: id, status: "failed", retrieval_ready: false, error: expect.stringMatching(/corrupt|invalid|unreadable/i) });
    const tree = await json(await server.api(`/tree/${id}`));
    expect(tree).toEqual({ doc_id: id, status: "failed", error: done.error });
  });
});

describe("document metadata", () => {
  it("GET returns the record; PUT overwrites it fully; {} clears; non-objects are 422", async () => {
    const id = await uploadOk(await twoChapterPdf(), { metadata: '{"a": 1, "b": 2}' });
    const info = await json(await server.api(`/doc/${id}/metadata`));
    expect(Object.keys(info)).toEqual(expect.arrayContaining(["id", "name", "description", "status", "createdAt", "pageNum"]));
    expect(info.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const put = await server.api(`/doc/${id}/metadata`, { method: "PUT", body: JSON.stringify({ c: 3 }), headers: { "content-type": "application/json" } });
    expect(put.status).toBe(200);
    expect((await json(put)).metadata).toEqual({ c: 3 });
    await server.api(`/doc/${id}/metadata/`, { method: "PUT", body: "{}", headers: { "content-type": "application/json" } });
    expect((await json(await server.api(`/doc/${id}/metadata`))).metadata).toEqual({});
    for (const body of ["[1]", '"x"', "{broken", ""]) {
      const res = await server.api(`/doc/${id}/metadata`, { method: "PUT", body, headers: { "content-type": "application/json" } });
      expect(res.status).toBe(422);
      expect((await json(res)).detail[0].loc[0]).toBe("body");
    }
  });
});

describe("delete", () => {
  it("removes the record and the document folder", async () => {
    const id = await uploadOk(await twoChapterPdf());
    await waitDone(id);
    expect(await server.services.store.blobs.exists(id)).toBe(true);
    const res = await server.api(`/tree/${id}`, { method: "DELETE" });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ doc_id: id, deleted: true, message: "Document deleted successfully." });
    expect((await server.api(`/doc/${id}`)).status).toBe(404);
    expect(await server.services.store.blobs.exists(id)).toBe(false);
  });

  it("cancels a job in flight and leaves nothing behind", async () => {
    const para = "Body text line with several words to index and to summarise later on.";
    const big = await makePdf(Array.from({ length: 400 }, (_, i) => ({ lines: [`# Chapter ${i + 1}`, para, para, para, para] })));
    const id = await uploadOk(big);
    const res = await server.api(`/doc/${id}`, { method: "DELETE" });
    expect(res.status).toBe(200);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await server.services.store.blobs.exists(id)).toBe(false);
    const jobs = await server.services.store.read((tx) => tx.jobs.find({ docId: id }));
    expect(jobs.every((j) => j.status === "cancelled")).toBe(true);
    expect(await server.services.store.read((tx) => tx.documents.get(id))).toBeUndefined();
    // The 400 pages were being read on both threads; cancelling stopped both, and the pool
    // serves the next long document in full.
    const next = await uploadOk(big);
    let done = await waitDone(next);
    while (done.status === "queued") {
      await new Promise((r) => setTimeout(r, 50));
      done = await waitDone(next);
    }
    expect(done.status).toBe("completed");
    expect(done.page_count).toBe(400);
  });
});

describe("users are isolated", () => {
  it("user B cannot read, change or delete user A's document (404, as if it did not exist)", async () => {
    const id = await uploadOk(await twoChapterPdf());
    const { key: bobKey } = await server.services.users.createKey("bob");
    for (const p of [`/doc/${id}`, `/tree/${id}`, `/doc/${id}/metadata`]) {
      expect((await server.api(p, { key: bobKey })).status).toBe(404);
    }
    const put = await server.api(`/doc/${id}/metadata`, { key: bobKey, method: "PUT", body: '{"x":1}', headers: { "content-type": "application/json" } });
    expect(put.status).toBe(404);
    expect((await server.api(`/doc/${id}`, { key: bobKey, method: "DELETE" })).status).toBe(404);
    // still there for its owner, unchanged
    const info = await json(await server.api(`/doc/${id}/metadata`));
    expect(info.metadata).toEqual({});
  });
});
