import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { pagesNeedingOcr, paintsImages, textLayerQuality } from "../../src/indexing/ocr/detect.ts";
import { openPdf } from "../../src/indexing/pdf/document.ts";
import { extractPages } from "../../src/indexing/pdf/extract.ts";
import type { Line, PageText } from "../../src/indexing/pdf/types.ts";
import { pdfjs } from "../../src/indexing/pdf/load-pdfjs.mjs";

const { OPS } = pdfjs;

const line = (text: string): Line => ({ text, x: 72, y: 700, w: 300, size: 10, font: "f", oneFont: true, mono: false });
const page = (...texts: string[]): PageText => ({ lines: texts.map(line), width: 612, height: 792 });

describe("text layer quality", () => {
  it("an empty page or a stray page number is unusable; a sparse title page is usable", () => {
    expect(textLayerQuality(page()).usable).toBe(false);
    expect(textLayerQuality(page("3")).usable).toBe(false);
    expect(textLayerQuality(page("An Introduction to R", "Version 4.3")).usable).toBe(true);
  });

  it("mostly unmapped glyphs make a text layer unusable", () => {
    const garbage = "\uFFFD\uE001\uE002\uFFFD\uE003 \uFFFD\uE004".repeat(20) + "ab";
    expect(textLayerQuality(page(garbage)).usable).toBe(false);
    expect(textLayerQuality(page("ordinary words in a sentence that maps to unicode \uFFFD")).usable).toBe(true);
  });

  it("only image-painting operators count as images", () => {
    expect(paintsImages([OPS.save, OPS.paintImageXObject, OPS.restore])).toBe(true);
    expect(paintsImages([OPS.save, OPS.paintImageMaskXObject, OPS.showText])).toBe(false);
  });
});

describe("pages needing OCR", () => {
  it("mixed-scan.pdf: only page 2 (the scan) needs OCR", async () => {
    const bytes = new Uint8Array(await fs.readFile(path.resolve("test/fixtures/pdf/mixed-scan.pdf")));
    const { doc, close } = await openPdf(bytes);
    try {
      const pages = await extractPages(doc);
      expect(pages.map((p) => textLayerQuality(p).usable)).toEqual([true, false, true]);
      expect(await pagesNeedingOcr(doc, pages)).toEqual([2]);
    } finally {
      await close();
    }
  });

  it("a page with neither text nor images is not sent to OCR", async () => {
    const bytes = new Uint8Array(await fs.readFile(path.resolve("test/fixtures/pdf/no-text.pdf")));
    const { doc, close } = await openPdf(bytes);
    try {
      const pages = await extractPages(doc);
      expect(pages.every((p) => !textLayerQuality(p).usable)).toBe(true);
      const ops = await (await doc.getPage(1)).getOperatorList();
      expect(await pagesNeedingOcr(doc, pages)).toEqual(paintsImages(ops.fnArray) ? [1] : []);
    } finally {
      await close();
    }
  });
});
