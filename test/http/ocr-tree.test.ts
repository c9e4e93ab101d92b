// Scanned documents through the real HTTP server: a three-page scan (150 dpi, tilted,
// noisy JPEG; no text layer) gets a tree of its headings at their pages and levels, as a
// text PDF would, not a node per page; and the scanned page of an otherwise digital PDF is
// read within the character error bound the OCR bench holds the service to (tesseract's own
// command line + 0.5 points; checked against the command itself when it is installed).
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scanPdf } from "../../tools/fixtures/pdf/scans.ts";
import { buildPdf, type Run } from "../indexing/pdf/heading-class-builder.ts";
import { json, startTestServer, uploadFile, waitForStatus, walkNodes, type TestServer } from "../helpers/server.ts";
import { characterErrorRate } from "../../tools/bench/cer.ts";

/** The bound: pooled CER of the OCR bench's tesseract CLI column (0.5%) + 0.5 points. */
const CER_BOUND = 0.01;

let server: TestServer;
const ids: Record<string, string> = {};
const words = ["sample", "river", "station", "measure", "season", "record", "field", "winter", "summer", "result"];
/** Ordinary sentences, each line different so the page is not one repeated string. */
const paragraph = (seed: number, n: number) =>
  Array.from({ length: n }, (_, i) => `The ${words[(seed + i) % 10]} team logged ${12 + seed * 7 + i} readings near the ${words[(seed + 3 * i + 1) % 10]} gauge before noon.`);

/** A page of runs: heading lines (bold, given size) and body lines at 11 pt, top-down. */
function page(parts: ({ heading: string; size: number } | string[])[]): Run[] {
  const runs: Run[] = [];
  let y = 730;
  for (const part of parts) {
    if (Array.isArray(part)) {
      for (const text of part) {
        runs.push({ text, x: 72, y, size: 11 });
        y -= 14;
      }
    } else {
      y -= 10;
      runs.push({ text: part.heading, x: 72, y, size: part.size, bold: true });
      y -= part.size + 10;
    }
  }
  return runs;
}

const treePages = [
  page([{ heading: "1 Introduction", size: 15 }, paragraph(1, 12), { heading: "1.1 Purpose of the survey", size: 12 }, paragraph(2, 10)]),
  page([paragraph(3, 8), { heading: "2 Methods", size: 15 }, paragraph(4, 10), { heading: "2.1 Sampling stations", size: 12 }, paragraph(5, 8)]),
  page([{ heading: "3 Results", size: 15 }, paragraph(6, 14), { heading: "Water temperature", size: 11 }, paragraph(7, 8)]),
];
const mixedPages = [
  page([{ heading: "1 Overview", size: 15 }, paragraph(1, 20)]),
  page([{ heading: "2 Field notes", size: 15 }, paragraph(8, 24)]),
  page([{ heading: "3 Summary", size: 15 }, paragraph(9, 20)]),
];
const SCANNED = 2;
let tmp: string;
let mixedScanJpeg: string | undefined;

beforeAll(async () => {
  server = await startTestServer();
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), "treeindex-ocr-tree-"));
  const scanned = await scanPdf(await buildPdf(treePages));
  const mixed = await scanPdf(await buildPdf(mixedPages), { scanned: [SCANNED], seed: 11 });
  for (const [name, bytes] of [["scanned-report.pdf", scanned], ["mixed.pdf", mixed]] as const) {
    const res = await uploadFile(server, name, bytes);
    expect(res.status).toBe(200);
    ids[name] = (await json(res)).doc_id;
  }
  mixedScanJpeg = await jpegOfPage(mixed, SCANNED);
  await Promise.all(Object.values(ids).map((id) => waitForStatus(server, id, { query: "?include_text=false", timeoutMs: 180_000 })));
}, 240_000);
afterAll(async () => {
  await server.close();
  await fs.rm(tmp, { recursive: true, force: true });
});

/** The scanned page's JPEG, for the tesseract command (when installed). */
async function jpegOfPage(pdf: Uint8Array, n: number): Promise<string | undefined> {
  const { PDFDocument, PDFName, PDFRawStream } = await import("pdf-lib");
  const doc = await PDFDocument.load(pdf);
  const xobjects = doc.getPage(n - 1).node.Resources()?.lookup(PDFName.of("XObject")) as any;
  for (const key of xobjects?.keys() ?? []) {
    const stream = doc.context.lookup(xobjects.get(key));
    if (stream instanceof PDFRawStream) {
      const file = path.join(tmp, `page-${n}.jpg`);
      await fs.writeFile(file, stream.getContents());
      return file;
    }
  }
  return undefined;
}

/** Asynchronous: the server under test shares this event loop. */
function tesseractCli(image: string): Promise<string | undefined> {
  // Not installed (or failing): the fixed bound applies alone.
  return new Promise((resolve) => execFile("tesseract", [image, "-", "--psm", "3"], (error, stdout) => resolve(error ? undefined : stdout)));
}

describe("a three-page scanned report", () => {
  it("gets a tree of its headings at their pages and levels, not a node per page", async () => {
    const body = await json(await server.api(`/doc/${ids["scanned-report.pdf"]}?type=tree&include_text=false`));
    expect(body.status).toBe("completed");
    const found: { title: string; page: number; depth: number }[] = [];
    const visit = (nodes: any[], depth: number) => nodes.forEach((n) => (found.push({ title: n.title, page: n.page_index, depth }), visit(n.nodes ?? [], depth + 1)));
    visit(body.result, 0);
    const at = (title: string) => found.find((n) => n.title === title);
    expect(at("1 Introduction")).toMatchObject({ page: 1, depth: 0 });
    expect(at("1.1 Purpose of the survey")).toMatchObject({ page: 1, depth: 1 });
    expect(at("2 Methods")).toMatchObject({ page: 2, depth: 0 });
    expect(at("2.1 Sampling stations")).toMatchObject({ page: 2, depth: 1 });
    expect(at("3 Results")).toMatchObject({ page: 3, depth: 0 });
    // Bold at body size, unnumbered: found by its stroke width alone.
    expect(at("Water temperature")).toMatchObject({ page: 3 });
    expect(at("Water temperature")!.depth).toBeGreaterThan(0);
    expect(found.some((n) => /^Page \d/.test(n.title))).toBe(false);
  });
});

describe("a digital PDF with one scanned page", () => {
  it("reads the scanned page within the bench's error bound, and only that page is OCR'd", async () => {
    const body = await json(await server.api(`/doc/${ids["mixed.pdf"]}?type=ocr&format=page`));
    expect(body.ocr_pages).toEqual([SCANNED]);
    const markdown = body.result.find((p: any) => p.page_index === SCANNED).markdown as string;
    const recognised = markdown.replace(/^#+\s+/gm, "");
    const truth = mixedPages[SCANNED - 1].map((r) => r.text).join(" ");
    const cer = characterErrorRate(recognised, truth);
    expect(cer).toBeLessThanOrEqual(CER_BOUND);
    const cli = mixedScanJpeg ? await tesseractCli(mixedScanJpeg) : undefined;
    if (cli !== undefined) expect(cer).toBeLessThanOrEqual(characterErrorRate(cli, truth) + 0.005);
    // The text pages keep their text layer word for word.
    const first = body.result.find((p: any) => p.page_index === 1).markdown as string;
    expect(first).toContain(mixedPages[0][1].text);
  });

  it("puts the scanned page's heading in the tree beside the text pages' headings", async () => {
    const body = await json(await server.api(`/doc/${ids["mixed.pdf"]}?type=tree&include_text=false`));
    const nodes: any[] = [];
    walkNodes(body.result, (n) => nodes.push(n));
    expect(nodes.map((n) => [n.title, n.page_index])).toEqual([
      ["1 Overview", 1],
      ["2 Field notes", 2],
      ["3 Summary", 3],
    ]);
  });
});
