/**
 * A long PDF read on two threads (src/indexing/pdf/page-split.ts): the pages and the tree
 * must be what one thread gives, whoever reads which chunk, and whatever the helper does
 * (never comes, dies holding a chunk, fails a page).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { MessagePort } from "node:worker_threads";
import { INDEX_TASK_MODULE, indexPayload } from "../../../src/core/documents/index-job.ts";
import { indexOnPool } from "../../../src/core/documents/ocr-indexing.ts";
import { openPdf, type PDFDocumentProxy } from "../../../src/indexing/pdf/document.ts";
import { PageReader, extractPages, isStableFontId } from "../../../src/indexing/pdf/extract.ts";
import { indexPdf } from "../../../src/indexing/pdf/index.ts";
import { CHUNK_PAGES, MIN_SPLIT_PAGES, SplitExtraction, helpExtract, type HelperLink } from "../../../src/indexing/pdf/page-split.ts";
import type { PageText } from "../../../src/indexing/pdf/types.ts";
import { WorkerPool } from "../../../src/jobs/index.ts";
import { createLogger } from "../../../src/logger.ts";
import { buildPdf, type Run } from "./heading-class-builder.ts";
import { withInlineFonts } from "./inline-fonts.ts";

const PAGES = 140;
const BODY = "Ordinary sentences of body text fill this page so that the reader has a body font to compare.";

/** Numbered chapters (16 pt bold) and sections set in body size, told apart by their bold
 * face only; from page 100 on, notes in bold italic, a font no earlier page uses. */
function longPdf(): Promise<Uint8Array> {
  const pages: Run[][] = [];
  let chapter = 0;
  for (let p = 1; p <= PAGES; p++) {
    const runs: Run[] = [];
    let y = 740;
    if (p % 14 === 1) {
      runs.push({ text: `${++chapter} Chapter about topic ${chapter}`, x: 72, y, size: 16, bold: true });
      y -= 30;
    }
    if (p % 7 === 4) {
      runs.push({ text: `${chapter}.${Math.ceil((p % 14) / 7)} Section on page ${p}`, x: 72, y, size: 11, bold: true });
      y -= 18;
    }
    if (p >= 100 && p % 5 === 0) {
      runs.push({ text: `Note for page ${p}`, x: 72, y, size: 11, boldItalic: true });
      y -= 16;
    }
    for (let k = 0; k < 12; k++, y -= 14) runs.push({ text: `${BODY} (${p}.${k})`, x: 72, y, size: 11 });
    // A sentence with bold words in it: a line in two fonts, its other font a bold one.
    runs.push({ text: "A sentence of body text with", x: 72, y, size: 11 }, { text: "bold words", after: true, x: 0, y, size: 11, bold: true }, { text: "set inside it, and plain text after them.", after: true, x: 0, y, size: 11 });
    y -= 14;
    runs.push({ text: String(p), x: 300, y: 40, size: 9 });
    pages.push(runs);
  }
  return buildPdf(pages);
}

/** Lines equal up to a one-to-one renaming of font ids (pdfjs names fonts per document load). */
function expectSamePages(actual: PageText[], expected: PageText[]): void {
  expect(actual.length).toBe(expected.length);
  const forward = new Map<string, string>();
  const backward = new Map<string, string>();
  const same = (a: string, b: string) => {
    if (!forward.has(a) && !backward.has(b)) {
      forward.set(a, b);
      backward.set(b, a);
    }
    return forward.get(a) === b && backward.get(b) === a;
  };
  const strip = (p: PageText) => ({ ...p, lines: p.lines.map((l) => ({ ...l, font: "", lead: l.lead && { ...l.lead, font: "" }, otherFonts: l.otherFonts?.map(() => "") })) });
  actual.forEach((page, i) => {
    expect(strip(page), `page ${i + 1}`).toEqual(strip(expected[i]));
    page.lines.forEach((line, k) => {
      const one = expected[i].lines[k];
      expect(same(line.font, one.font), `font of page ${i + 1} line ${k + 1}`).toBe(true);
      if (line.lead) expect(same(line.lead.font, one.lead!.font)).toBe(true);
      line.otherFonts?.forEach((f, j) => expect(same(f, one.otherFonts![j]), `other font of page ${i + 1} line ${k + 1}`).toBe(true));
    });
  });
}

let bytes: Uint8Array;
let expected: PageText[];
let dir: string;
let pool: WorkerPool;

beforeAll(async () => {
  bytes = await longPdf();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "treeindex-split-"));
  await fs.writeFile(path.join(dir, "long.pdf"), bytes);
  const { doc, close } = await openPdf(bytes);
  expected = await extractPages(doc);
  await close();
  pool = new WorkerPool(2, { preload: [INDEX_TASK_MODULE] });
});
afterAll(async () => {
  await pool?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

async function withDoc<T>(fn: (doc: PDFDocumentProxy) => Promise<T>): Promise<T> {
  const { doc, close } = await openPdf(bytes);
  try {
    return await fn(doc);
  } finally {
    await close();
  }
}

const claimed = (link: HelperLink) => Atomics.load(new Int32Array(link.board), 0);

describe("reading a long PDF on two threads", () => {
  it("is long enough to split, and the fixture has the fonts the test relies on", () => {
    expect(PAGES).toBeGreaterThanOrEqual(MIN_SPLIT_PAGES);
    const fonts = new Set(expected.flatMap((p) => p.lines.map((l) => l.font)));
    expect(fonts.size).toBe(3); // regular (body and folios), bold, bold italic
    // Every page has a line in two fonts, the bold one beside the body font.
    expect(expected.every((p) => p.lines.some((l) => l.otherFonts?.length === 1))).toBe(true);
    const lateFont = expected[99].lines.find((l) => l.text.startsWith("Note for page"))!.font;
    expect(expected.slice(0, 99).some((p) => p.lines.some((l) => l.font === lateFont))).toBe(false);
  });

  it("a helper thread from the pool reads chunks, and the pages equal one thread's (fonts named alike)", async () => {
    let helped: Promise<unknown> | undefined;
    let link: HelperLink | undefined;
    const pages = await withDoc(async (doc) => {
      const split = new SplitExtraction(doc, (l, transfer) => {
        link = l;
        helped = pool.run({ module: INDEX_TASK_MODULE, payload: { format: "pdf", filePath: path.join(dir, "long.pdf"), helper: l } }, undefined, transfer);
      });
      // Let the helper claim its first chunk before this thread starts, so both really read.
      while (claimed(link!) === 0) await new Promise((r) => setTimeout(r, 5));
      const out = await split.extract();
      expect(split.helperPages).toBeGreaterThan(0);
      expect(split.helperPages).toBeLessThan(PAGES);
      // One column: no gutter to carry, so no page is read twice.
      expect(split.pagesReadAgain).toBe(0);
      return out;
    });
    await helped;
    expectSamePages(pages, expected);
  });

  it("a helper that never starts (the pool is busy): this thread reads everything and does not wait", async () => {
    let kept: MessagePort | undefined;
    const pages = await withDoc((doc) => new SplitExtraction(doc, (l) => (kept = l.port)).extract());
    expectSamePages(pages, expected);
    kept?.close();
  });

  it("a helper whose thread dies holding a chunk: that chunk is read here", async () => {
    const pages = await withDoc((doc) =>
      new SplitExtraction(doc, (l) => {
        Atomics.add(new Int32Array(l.board), 0, 2); // it took chunks 0 and 1 ...
        l.port.close(); // ... and vanished without a word
      }).extract(),
    );
    expectSamePages(pages, expected);
  });

  it("a helper whose thread dies after sending chunks: those chunks are kept, fonts named alike, the rest read here", async () => {
    let helped: Promise<void> | undefined;
    // Fonts are named after the file's objects (font-names.test.ts): the helper's first uses of
    // them, the late bold italic among them, need no page read again here.
    const readAgainForFonts = vi.spyOn(PageReader.prototype, "items");
    const split = await withDoc(async (doc) => {
      const split = new SplitExtraction(doc, (l) => {
        // The helper's thread "dies" after its second chunk: its port closes without an end.
        let sent = 0;
        const port = {
          postMessage: (m: { pages?: unknown }) => {
            if (sent >= 2) return;
            l.port.postMessage(m);
            if (m.pages && ++sent === 2) l.port.close();
          },
          close: () => l.port.close(),
        } as unknown as MessagePort;
        // Its first chunks are 5 and 6 (pages 81-112, with the late bold italic font); it
        // goes on claiming the rest, so this thread reads every other chunk after it.
        new Int32Array(l.board)[0] = 5;
        helped = helpExtract(() => openPdf(bytes), { ...l, port });
      });
      await helped;
      const pages = await split.extract();
      expectSamePages(pages, expected);
      return split;
    });
    const pagesReadForFonts = readAgainForFonts.mock.calls.length;
    readAgainForFonts.mockRestore();
    expect(split.helperPages).toBe(2 * CHUNK_PAGES);
    expect(pagesReadForFonts).toBe(0);
  });

  it("fonts pdfjs numbers per load (written into the pages, not referenced): the helper's are matched by reading their first uses", async () => {
    // The late bold italic written into each page that uses it; the other fonts referenced.
    const inline = await withInlineFonts(bytes, (name) => name === "Times-BoldItalic");
    const { doc, close } = await openPdf(inline);
    const alone = await extractPages(doc);
    await close();
    const lateFonts = alone.flatMap((p) => p.lines.filter((l) => l.text.startsWith("Note for page")).map((l) => l.font));
    expect(lateFonts.length).toBeGreaterThan(0);
    expect(lateFonts.some(isStableFontId)).toBe(false);
    expect(alone[0].lines.every((l) => isStableFontId(l.font))).toBe(true);
    const readAgainForFonts = vi.spyOn(PageReader.prototype, "items");
    let helped: Promise<void> | undefined;
    const opened = await openPdf(inline);
    try {
      const split = new SplitExtraction(opened.doc, (l) => {
        new Int32Array(l.board)[0] = 5; // the helper begins at chunk 5, with the late bold italic
        helped = helpExtract(() => openPdf(inline), l);
      });
      await helped;
      const pages = await split.extract();
      expect(split.helperPages).toBe(PAGES - 5 * CHUNK_PAGES);
      expectSamePages(pages, alone);
      expect(readAgainForFonts.mock.calls.length).toBeGreaterThan(0);
    } finally {
      readAgainForFonts.mockRestore();
      await opened.close();
    }
  });

  it("a helper that fails a page: it stops, and its chunk and the rest are read here", async () => {
    let helped: Promise<void> | undefined;
    const failing = async () => {
      const opened = await openPdf(bytes);
      const getPage = opened.doc.getPage.bind(opened.doc);
      opened.doc.getPage = (n: number) => (n === 2 * CHUNK_PAGES + 3 ? Promise.reject(new Error("damaged page")) : getPage(n));
      return opened;
    };
    const pages = await withDoc(async (doc) => {
      const split = new SplitExtraction(doc, (l) => {
        new Int32Array(l.board)[0] = 2; // the helper's first claim is chunk 2, with the failing page
        helped = helpExtract(failing, l);
      });
      await helped;
      return split.extract();
    });
    expectSamePages(pages, expected);
  });

  it("takes the helper's chunks in between its own, not once its own pages are read (the helper would sit idle meanwhile)", async () => {
    // pdfjs answers in promises only: a reader that never lets the event loop turn gets the
    // helper's messages after its last page. This helper sends chunk 0 while the reader reads
    // its second chunk; it must be counted once that chunk is read.
    const events: ("read" | number)[] = [];
    let reads = 0;
    let send = () => {};
    const read = PageReader.prototype.read;
    const spy = vi.spyOn(PageReader.prototype, "read").mockImplementation(function (this: PageReader, n: number) {
      events.push("read");
      if (++reads === CHUNK_PAGES + 2) send();
      return read.call(this, n);
    });
    try {
      await withDoc(async (doc) => {
        const split = new SplitExtraction(doc, (l) => {
          Atomics.add(new Int32Array(l.board), 0, 1);
          send = () => {
            const columns = Array.from({ length: CHUNK_PAGES }, () => ({ before: null, proven: null }));
            l.port.postMessage({ chunk: 0, pages: expected.slice(0, CHUNK_PAGES), fonts: [], columns });
            l.port.postMessage({ end: true });
            l.port.close();
          };
        });
        await split.extract({ onPage: (done) => events.push(done) });
        expect(split.helperPages).toBe(CHUNK_PAGES);
      });
    } finally {
      spy.mockRestore();
    }
    // Progress beyond the pages this thread has read counts the helper's.
    let readSoFar = 0;
    let readWhenHelperCounted: number | undefined;
    for (const e of events) {
      if (e === "read") readSoFar++;
      else if (e > readSoFar && readWhenHelperCounted === undefined) readWhenHelperCounted = readSoFar;
    }
    expect(readSoFar).toBe(PAGES - CHUNK_PAGES);
    expect(readWhenHelperCounted).toBe(2 * CHUNK_PAGES);
  });

  it("indexes as the service does (worker pool of 2) into the same tree as one thread", async () => {
    const payload = { ...indexPayload("pdf", "long.pdf", { maxPages: 1000, maxStreamBytes: 64 * 1024 * 1024 }), filePath: path.join(dir, "long.pdf") };
    const onPool = await indexOnPool(payload, INDEX_TASK_MODULE, { langs: ["eng"], dpi: 300 }, { detect: true, saveImage: async () => {} }, { pool, signal: new AbortController().signal, logger: createLogger("silent") });
    const alone = await indexPdf(bytes, { addSummaries: true, addDescription: true, addPageMarkdown: true, detectScans: true });
    expect(onPool.tree).toEqual(alone.tree);
    expect(onPool.pageMarkdown).toEqual(alone.pageMarkdown);
    // The chapters and the bold body-size sections are found on both halves of the book.
    const titles = JSON.stringify(onPool.tree);
    expect(titles).toContain("10 Chapter about topic 10");
    expect(titles).toContain("10.1 Section on page 130");
  });
});

describe("a long two-column PDF read on two threads", () => {
  // Two columns of prose on every page, except that each chunk opens on a page crowded with
  // short entries in both columns: no row is wide, so that page cannot prove the gutter of its
  // own and is read by column only with the gutter the page before it proved (lines.ts). One
  // thread carries it on; a thread that begins a chunk there has none.
  const prose = (side: string, p: number, r: number) => `${side} column prose ${p}.${r} runs on across it`;
  const entries = (p: number) => Array.from({ length: 14 }, (_, r) => [`${r + 1}) left${p}.${r}:`, `--right${p}.${r}`]);
  async function twoColumnPdf(): Promise<Uint8Array> {
    const pages: Run[][] = [];
    for (let p = 1; p <= 7 * CHUNK_PAGES; p++) {
      if (p % CHUNK_PAGES === 1 && p > 1) {
        pages.push(entries(p).flatMap(([l, r], k) => [{ text: l, x: 60, y: 720 - k * 14, size: 10 }, { text: r, x: 320, y: 720 - k * 14, size: 10, mono: true }]));
      } else {
        pages.push(Array.from({ length: 20 }, (_, r) => [{ text: prose("left", p, r), x: 60, y: 720 - r * 12, size: 10 }, { text: prose("right", p, r), x: 320, y: 720 - r * 12, size: 10 }]).flat());
      }
    }
    return buildPdf(pages);
  }

  it("reads each chunk's opening page by column, as one thread does, though another thread read the page before", async () => {
    const twoColumns = await twoColumnPdf();
    const { doc, close } = await openPdf(twoColumns);
    const alone = await extractPages(doc);
    await close();
    // One thread reads the crowded pages by column: every left entry before every right one.
    const crowded = 3 * CHUNK_PAGES + 1;
    expect(alone[crowded - 1].lines.map((l) => l.text)).toEqual([...entries(crowded).map(([l]) => l), ...entries(crowded).map(([, r]) => r)]);
    let helped: Promise<void> | undefined;
    const opened = await openPdf(twoColumns);
    try {
      const split = new SplitExtraction(opened.doc, (l) => {
        // The helper begins at chunk 3 and reads it and the rest; this thread reads chunks 0-2.
        new Int32Array(l.board)[0] = 3;
        helped = helpExtract(() => openPdf(twoColumns), l);
      });
      await helped;
      const pages = await split.extract();
      expect(split.helperPages).toBe(4 * CHUNK_PAGES);
      expectSamePages(pages, alone);
      // Only the helper's first page proved no gutter and needed the one carried to it: the
      // pages after it prove their own, and the crowded pages of its later chunks got it from
      // the page the helper read before them.
      expect(split.pagesReadAgain).toBe(1);
    } finally {
      await opened.close();
    }
  });
});

