// mixed-scan.pdf through the real HTTP server: R-intro p.8 (text layer), a scan of p.9
// (image only), R-intro p.10 (text layer). Only page 2 is OCR'd; all three pages are in the
// results. Also: if_ocr=false, and a page whose image cannot be decoded.
import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { json, startTestServer, uploadFile, waitForStatus, walkNodes, type TestServer } from "../helpers/server.ts";
import { textThenBrokenScanPdf } from "../ocr/pdf-builders.ts";

let server: TestServer;
const ids: Record<string, string> = {};

async function upload(name: string, bytes: Uint8Array, fields: Record<string, string> = {}): Promise<string> {
  const res = await uploadFile(server, name, bytes, fields);
  expect(res.status).toBe(200);
  return (await json(res)).doc_id;
}
const waitDone = (id: string) => waitForStatus(server, id, { query: "?include_text=false", timeoutMs: 180_000 });

beforeAll(async () => {
  server = await startTestServer();
  const mixed = new Uint8Array(await fs.readFile(path.resolve("test/fixtures/pdf/mixed-scan.pdf")));
  const scan = new Uint8Array(await fs.readFile(path.resolve("test/fixtures/pdf/scan-p9.pdf")));
  ids.mixed = await upload("mixed-scan.pdf", mixed);
  ids.noOcr = await upload("scan-p9.pdf", scan, { if_ocr: "false" });
  ids.broken = await upload("broken.pdf", await textThenBrokenScanPdf());
  await Promise.all(Object.values(ids).map(waitDone));
}, 180_000);
afterAll(() => server.close());

describe("mixed-scan.pdf", () => {
  it("OCRs only page 2, records it, and keeps the tree of all three pages", async () => {
    const record = await server.services.store.read((tx) => tx.documents.get(ids.mixed));
    expect(record?.ocrPages).toEqual([2]);
    const tree = await json(await server.api(`/doc/${ids.mixed}`));
    expect(tree.status).toBe("completed");
    const nodes: any[] = [];
    walkNodes(tree.result, (n) => nodes.push(n));
    const byTitle = new Map(nodes.map((n) => [n.title, n]));
    // Headings of the text pages and of the scanned page sit side by side at one level.
    expect(byTitle.get("1.3 R and statistics")?.page_index).toBe(1);
    expect(byTitle.get("1.4 R and the window system")?.page_index).toBe(2);
    expect(byTitle.get("1.5 Using R interactively")?.page_index).toBe(2);
    expect(byTitle.get("1.6 An introductory session")?.page_index).toBe(3);
    const depth = new Map<string, number>();
    const visit = (list: any[], d: number) => list.forEach((n) => (depth.set(n.title, d), visit(n.nodes, d + 1)));
    visit(tree.result, 0);
    expect(depth.get("1.4 R and the window system")).toBe(depth.get("1.3 R and statistics"));
    expect(depth.get("1.5 Using R interactively")).toBe(depth.get("1.3 R and statistics"));
    expect(byTitle.get("1.4 R and the window system")!.text).toContain("graphics workstation running a windowing system");
  });

  it("type=ocr: three pages, Markdown from the text layer for 1 and 3 and from OCR for 2; the scan's image only on page 2", async () => {
    const body = await json(await server.api(`/doc/${ids.mixed}?type=ocr&format=page`));
    expect(body.ocr_pages).toEqual([2]);
    expect(body.result.map((p: any) => p.page_index)).toEqual([1, 2, 3]);
    expect(body.result.map((p: any) => p.images.length)).toEqual([0, 1, 0]);
    const [p1, p2, p3] = body.result.map((p: any) => p.markdown);
    expect(p1).toMatch(/^# 1\.1 The R environment$/m);
    expect(p1).toMatch(/^- an effective data handling and storage facility,$/m);
    expect(p2).toMatch(/^# 1\.4 R and the window system$/m);
    expect(p2).toContain("Most classical statistics and much of the latest methodology");
    expect(p3).toMatch(/^# 1\.6 An introductory session$/m);

    const raw = await json(await server.api(`/doc/${ids.mixed}?type=ocr&format=raw`));
    expect(raw.result.match(/<!-- page \d -->/g)).toEqual(["<!-- page 1 -->", "<!-- page 2 -->", "<!-- page 3 -->"]);
    const node = await json(await server.api(`/tree/${ids.mixed}?type=ocr&format=node`));
    const md: string[] = [];
    walkNodes(node.result, (n) => md.push(n.markdown));
    expect(md.find((m) => m.startsWith("# 1.5 Using R interactively"))).toContain("1. Create a separate sub-directory");
  });
});

describe("if_ocr=false", () => {
  it("skips OCR: the scanned page has no text and no OCR'd pages are recorded", async () => {
    const body = await json(await server.api(`/doc/${ids.noOcr}?type=ocr`));
    expect(body.status).toBe("completed");
    expect(body.ocr_pages).toEqual([]);
    expect(body.result).toEqual([{ page_index: 1, markdown: "", images: [] }]);
    expect(body.warnings?.join(" ")).toMatch(/no text layer/);
  });
});

describe("a page whose image cannot be decoded", () => {
  it("is skipped with a warning on the document; the rest is indexed", async () => {
    const body = await json(await server.api(`/doc/${ids.broken}?type=ocr`));
    expect(body.status).toBe("completed");
    expect(body.result).toHaveLength(2);
    expect(body.result[0].markdown).toContain("Revenue grew in every region");
    expect(body.result[1].markdown).toBe("");
    expect(body.ocr_pages).toEqual([]);
    const record = await server.services.store.read((tx) => tx.documents.get(ids.broken));
    expect(record?.warnings).toContain("Page 2: its image could not be decoded; the page was skipped");
    const tree = await json(await server.api(`/doc/${ids.broken}`));
    expect(JSON.stringify(tree.result)).toContain("Revenue grew in every region");
  });
});
