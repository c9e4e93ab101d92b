/**
 * Bad PDFs through the real HTTP server: each upload is accepted or refused clearly, and an
 * accepted one ends `completed` or `failed` with a readable error, never stuck `processing`.
 * (The indexing layer's own cases are in test/indexing/pdf/bad-input.test.ts.)
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decompressionBombPdf } from "../../tools/fixtures/decompression-bomb.ts";
import { twoChapterPdf } from "../helpers/pdf.ts";
import { json, startTestServer, uploadFile, waitForStatus, type TestServer } from "../helpers/server.ts";

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../fixtures/pdf/${name}`, import.meta.url)));

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ TREEINDEX_MAX_PAGES: "30" });
});
afterAll(() => server.close());

async function uploadAndWait(bytes: Uint8Array, name: string) {
  const res = await uploadFile(server, name, bytes, { if_ocr: "false" });
  expect(res.status).toBe(200);
  return waitForStatus(server, (await json(res)).doc_id);
}

/** R-data keeps its cross-reference table in an xref stream; overwrite that stream's data. */
function garbleXrefStream(bytes: Uint8Array): Uint8Array {
  const b = Buffer.from(bytes);
  const text = b.toString("latin1");
  const at = text.lastIndexOf("/Type /XRef");
  const start = text.indexOf("stream", at) + "stream\n".length;
  b.fill(0x41, start, text.indexOf("endstream", start));
  return new Uint8Array(b);
}

describe("bad PDFs over HTTP", () => {
  it("an encrypted PDF ends failed: password protected", async () => {
    const body = await uploadAndWait(fixture("encrypted.pdf"), "secret.pdf");
    expect(body).toMatchObject({ status: "failed", retrieval_ready: false, error: "PDF is password protected" });
  });

  it("a truncated PDF ends failed with a readable error", async () => {
    const rData = fixture("R-data.pdf");
    const body = await uploadAndWait(rData.slice(0, Math.floor(rData.length / 2)), "half.pdf");
    expect(body.status).toBe("failed");
    expect(body.error).toMatch(/^PDF is corrupt or unreadable/);
    expect(body.error).not.toMatch(/\n\s+at /);
  });

  it("a PDF with a broken cross-reference stream ends failed", async () => {
    const body = await uploadAndWait(garbleXrefStream(fixture("R-data.pdf")), "xref.pdf");
    expect(body.status).toBe("failed");
    expect(body.error).toMatch(/corrupt/);
  });

  it("a one-page PDF without text completes as a tree of one node", async () => {
    const body = await uploadAndWait(fixture("no-text.pdf"), "blank.pdf");
    expect(body.status).toBe("completed");
    expect(body.result).toHaveLength(1);
    expect(body.result[0]).toMatchObject({ node_id: "0000", page_index: 1, nodes: [] });
  });

  it("a PDF over TREEINDEX_MAX_PAGES ends failed naming the limit", async () => {
    const body = await uploadAndWait(fixture("R-data.pdf"), "long.pdf");
    expect(body.status).toBe("failed");
    expect(body.error).toMatch(/41 pages.*30/);
  });

  it("a zero-byte file and a PNG named .pdf are refused at upload (422), nothing stored", async () => {
    for (const [bytes, name] of [
      [new Uint8Array(0), "empty.pdf"],
      [new Uint8Array(Buffer.from("89504e470d0a1a0a0000000d49484452", "hex")), "photo.pdf"],
    ] as const) {
      const res = await uploadFile(server, name, bytes);
      expect(res.status).toBe(422);
    }
    const docs = await server.services.store.read((tx) => tx.documents.find());
    expect(docs.filter((d) => d.name === "empty.pdf" || d.name === "photo.pdf")).toEqual([]);
  });
});

describe("the per-job memory ceiling", () => {
  it("a PDF whose content stream inflates past the ceiling ends failed, and the next upload still completes", async () => {
    // 256 MB per job allows 64 MB per inflated stream; this bomb inflates to 96 MB from ~200 KB.
    const small = await startTestServer({ TREEINDEX_JOB_MEMORY_MB: "256" });
    try {
      const bomb = await decompressionBombPdf(96 * 1024 * 1024);
      expect(bomb.length).toBeLessThan(400_000);
      const res = await uploadFile(small, "bomb.pdf", bomb, { if_ocr: "false" });
      const failed = await waitForStatus(small, (await json(res)).doc_id);
      expect(failed).toMatchObject({ status: "failed", retrieval_ready: false });
      expect(failed.error).toMatch(/inflates to more than 64 MB.*TREEINDEX_JOB_MEMORY_MB/);
      const ok = await uploadFile(small, "fine.pdf", await twoChapterPdf());
      expect(await waitForStatus(small, (await json(ok)).doc_id)).toMatchObject({ status: "completed" });
    } finally {
      await small.close();
    }
  });

  it("a bomb under the ceiling is indexed as usual", async () => {
    const small = await startTestServer({ TREEINDEX_JOB_MEMORY_MB: "256" });
    try {
      const res = await uploadFile(small, "big-but-fine.pdf", await decompressionBombPdf(8 * 1024 * 1024), { if_ocr: "false" });
      expect(await waitForStatus(small, (await json(res)).doc_id)).toMatchObject({ status: "completed" });
    } finally {
      await small.close();
    }
  });
});
