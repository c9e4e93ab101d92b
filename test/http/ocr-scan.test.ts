// Acceptance of the OCR issue through the real HTTP server: scan-p9.pdf (R-intro page 9
// printed, scanned at 150 dpi, rotated 1.2 degrees, noisy JPEG; no text layer) is OCR'd
// in a worker thread and indexed like a text PDF; type=ocr gives its Markdown and images.
import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UrlSigner } from "../../src/core/files/signing.ts";
import { json, startTestServer, waitForStatus, walkNodes, type TestServer } from "../helpers/server.ts";

const SECRET = "test-secret-for-signed-file-urls";
let server: TestServer;
let docId: string;

const waitDone = (id: string) => waitForStatus(server, id, { query: "?include_text=false", timeoutMs: 180_000 });

beforeAll(async () => {
  server = await startTestServer({ TREEINDEX_URL_SECRET: SECRET });
  const data = new FormData();
  data.set("file", new Blob([await fs.readFile(path.resolve("test/fixtures/pdf/scan-p9.pdf"))]), "scan-p9.pdf");
  data.set("mode", "ocr");
  docId = (await json(await server.api("/doc", { method: "POST", body: data }))).doc_id;
  await waitDone(docId);
}, 180_000);
afterAll(() => server.close());

describe("scan-p9.pdf (image only) through the API", () => {
  it("completes with a tree whose node text holds the page's words", async () => {
    const body = await json(await server.api(`/doc/${docId}?type=tree`));
    expect(body).toMatchObject({ status: "completed", retrieval_ready: true, page_count: 1 });
    let text = "";
    const titles: string[] = [];
    walkNodes(body.result, (n) => {
      text += `${n.text}\n`;
      titles.push(n.title);
    });
    for (const words of ["into the base R environment", "R and the window system", "graphics workstation", "Using R interactively", "mkdir work"]) {
      expect(text).toContain(words);
    }
    // Layout headings work on recognised lines: the two section headings become nodes.
    expect(titles.some((t) => /R and the window system/.test(t))).toBe(true);
    expect(titles.some((t) => /Using R interactively/.test(t))).toBe(true);
  });

  it("defaults to type=ocr for a mode=ocr upload: page Markdown with headings, paragraphs, list and the scan image", async () => {
    const body = await json(await server.api(`/doc/${docId}`));
    expect(body.ocr_pages).toEqual([1]);
    expect(body.result).toHaveLength(1);
    const [page] = body.result;
    expect(page.page_index).toBe(1);
    expect(page.markdown).toMatch(/^#+ 1\.4 R and the window system$/m);
    expect(page.markdown).toMatch(/^#+ 1\.5 Using R interactively$/m);
    expect(page.markdown).toMatch(/^1\. Create a separate sub-directory/m);
    // The hyphenated "pack-" / "ages" of the scan is rejoined inside its paragraph.
    expect(page.markdown).toContain("There are about 25 packages supplied with R");
    expect(page.images).toHaveLength(1);
    const png = Buffer.from(page.images[0], "base64");
    expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
    expect(page.image_urls).toBeUndefined();
  });

  it("format=raw is one string; format=node follows the tree", async () => {
    const raw = await json(await server.api(`/doc/${docId}?type=ocr&format=raw`));
    expect(typeof raw.result).toBe("string");
    expect(raw.result.startsWith("<!-- page 1 -->\n\n")).toBe(true);
    expect(raw.result).toContain("Using R interactively");
    const nodes = await json(await server.api(`/doc/${docId}?type=ocr&format=node`));
    const tree = await json(await server.api(`/doc/${docId}?type=tree`));
    const ids: string[] = [];
    const treeIds: string[] = [];
    walkNodes(nodes.result, (n) => {
      ids.push(n.node_id);
      expect(n.markdown.startsWith("#")).toBe(true);
      expect(n.page_index).toBe(1);
    });
    walkNodes(tree.result, (n) => treeIds.push(n.node_id));
    expect(ids).toEqual(treeIds);
  });

  it("include_images gives signed URLs that work without api_key and refuse tampering and expiry", async () => {
    const body = await json(await server.api(`/doc/${docId}?type=ocr&include_images=true`));
    const [url] = body.result[0].image_urls;
    expect(url.startsWith(`${server.url}/files/${docId}/`)).toBe(true);
    const ok = await fetch(url);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await ok.arrayBuffer()).equals(Buffer.from(body.result[0].images[0], "base64"))).toBe(true);

    const u = new URL(url);
    const tampered = new URL(url);
    tampered.searchParams.set("expires", String(Number(u.searchParams.get("expires")) + 3600));
    const r1 = await fetch(tampered);
    expect(r1.status).toBe(403);
    expect((await json(r1)).detail).toMatch(/signature/i);
    const noSig = new URL(url);
    noSig.searchParams.delete("signature");
    expect((await fetch(noSig)).status).toBe(403);

    // Correctly signed with this server's secret, but already expired.
    const name = decodeURIComponent(u.pathname.split("/").pop()!);
    const past = new UrlSigner(SECRET, 1000, () => Date.now() - 60_000).sign(docId, name);
    const r2 = await fetch(server.url + past.path);
    expect(r2.status).toBe(403);
    expect((await json(r2)).detail).toMatch(/expired/i);

    const raw = await json(await server.api(`/doc/${docId}?type=ocr&format=raw&include_images=true`));
    expect(raw.result).toMatch(/!\[page 1 image 1\]\(http:\/\/127\.0\.0\.1:\d+\/files\//);
  });

  it("block-reference stores page-level OCR blocks and sets the blockReference flag", async () => {
    expect((await server.api(`/doc/${docId}/blocks`)).status).toBe(404);
    const start = await server.api(`/doc/${docId}/block-reference`, { method: "POST", body: JSON.stringify({ teamspace_id: null }), headers: { "content-type": "application/json" } });
    expect(start.status).toBe(202);
    expect(await json(start)).toEqual({ doc_id: docId, status: "processing" });
    expect((await server.api(`/doc/${docId}/block-reference`, { method: "POST" })).status).toBe(409);
    let blocks: any;
    for (let i = 0; i < 1200; i++) {
      blocks = await json(await server.api(`/doc/${docId}/blocks`));
      if (blocks.status !== "processing") break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(blocks).toMatchObject({ doc_id: docId, status: "completed", block_reference: true });
    expect(blocks.pages).toHaveLength(1);
    const heading = blocks.pages[0].blocks.find((b: any) => b.text.includes("R and the window system"));
    expect(heading).toBeDefined();
    const [x0, y0, x1, y1] = heading.bbox;
    // Where R-intro p.9 prints it: left margin, about 3.8 inches from the top of a letter page.
    expect(x0).toBeGreaterThan(70);
    expect(x1).toBeLessThan(612);
    expect(y0).toBeGreaterThan(450);
    expect(y1).toBeLessThan(540);
    const record = await server.services.store.read((tx) => tx.documents.get(docId));
    expect(record?.features).toEqual({ blockReference: true });
    expect((await server.api(`/doc/doc_unknown/block-reference`, { method: "POST" })).status).toBe(404);
  });

  it("rejects an unknown format with 422", async () => {
    const res = await server.api(`/doc/${docId}?type=ocr&format=pages`);
    expect(res.status).toBe(422);
  });
});
