// What tesseract is given: a page that paints one upright scan is read from the scan's own
// pixels at its own resolution (upscaled when coarse), anything else is rendered; recognised
// lines carry their stem width, which tells bold from regular; sizes snap to common sizes.
import { createCanvas } from "@napi-rs/canvas";
import { PDFDocument, degrees } from "pdf-lib";
import { afterAll, describe, expect, it } from "vitest";
import { bodySize, boldThreshold, calibrateOcrSizes, OCR_BOLD_FONT, snapSizes } from "../../src/indexing/ocr/calibrate.ts";
import { closeEngine } from "../../src/indexing/ocr/engine.ts";
import { dropStrayOpeningMark, OCR_FONT } from "../../src/indexing/ocr/ocr-lines.ts";
import ocrTask from "../../src/indexing/ocr/page-task.ts";
import { findScanPlacement } from "../../src/indexing/ocr/scan-image.ts";
import { strokeWidth } from "../../src/indexing/ocr/stroke-width.ts";
import { pdfjs } from "../../src/indexing/pdf/load-pdfjs.mjs";
import type { Line } from "../../src/indexing/pdf/types.ts";
import { characterErrorRate } from "../../tools/bench/cer.ts";
import { scanPdf } from "../../tools/fixtures/pdf/scans.ts";
import { buildPdf, type Run } from "../indexing/pdf/heading-class-builder.ts";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";

const { OPS } = pdfjs;
afterAll(() => closeEngine());

/** A US Letter page without crop offset: PDF y up -> viewport y down. */
const viewport = { width: 612, height: 792, convertToViewportPoint: (x: number, y: number) => [x, 792 - y] };
const paint = (id: string): [number, unknown[]] => [OPS.paintImageXObject, [id, 100, 100]];
function ops(...list: [number, unknown[]][]): [number[], unknown[][]] {
  return [list.map((o) => o[0]), list.map((o) => o[1])];
}

describe("findScanPlacement", () => {
  it("finds a full-page upright image and where its top-left pixel lies", () => {
    const [fn, args] = ops([OPS.save, []], [OPS.transform, [612, 0, 0, 792, 0, 0]], paint("img_p0_1"), [OPS.restore, []]);
    expect(findScanPlacement(fn, args, viewport)).toEqual({ opIndex: 2, left: 0, top: 0, width: 612, height: 792 });
  });

  it("follows save/restore, nested transforms and form matrices to an image placed with margins", () => {
    const [fn, args] = ops(
      [OPS.save, []],
      [OPS.transform, [1, 0, 0, 1, 36, 36]],
      [OPS.paintFormXObjectBegin, [[1, 0, 0, 1, 0, 0], [0, 0, 612, 792]]],
      [OPS.transform, [540, 0, 0, 720, 0, 0]],
      paint("img_p0_1"),
      [OPS.paintFormXObjectEnd, []],
      [OPS.restore, []],
      // A small logo elsewhere does not count.
      [OPS.save, []],
      [OPS.transform, [40, 0, 0, 20, 500, 740]],
      paint("img_p0_2"),
      [OPS.restore, []],
    );
    expect(findScanPlacement(fn, args, viewport)).toEqual({ opIndex: 4, left: 36, top: 36, width: 540, height: 720 });
  });

  it("gives up on rotated or mirrored images and on pages of several large images", () => {
    const rotated = ops([OPS.transform, [0, 792, -612, 0, 612, 0]], paint("a"));
    expect(findScanPlacement(...rotated, viewport)).toBeNull();
    const mirrored = ops([OPS.transform, [612, 0, 0, -792, 0, 792]], paint("a"));
    expect(findScanPlacement(...mirrored, viewport)).toBeNull();
    const two = ops([OPS.save, []], [OPS.transform, [612, 0, 0, 396, 0, 0]], paint("a"), [OPS.restore, []], [OPS.transform, [612, 0, 0, 396, 0, 396]], paint("b"));
    expect(findScanPlacement(...two, viewport)).toBeNull();
  });
});

const para = (n: number) =>
  Array.from({ length: n }, (_, i) => `Line ${i + 1} of the inspection notes lists the valves, pumps and gauges checked on site.`);
function textPage(heading: string, lines: string[], bold = true): Run[] {
  return [{ text: heading, x: 72, y: 720, size: 15, bold }, ...lines.map((text, i) => ({ text, x: 72, y: 690 - i * 14, size: 11 }))];
}

describe("OCR input of generated scans", () => {
  const lines = para(24);
  const truth = ["Inspection report", ...lines].join(" ");
  const recognised = (r: { lines: { text: string }[] }) => r.lines.map((l) => l.text).join(" ");

  it("reads a 150 dpi scan from its own pixels, and a 100 dpi scan upscaled to 200 dpi, both well", async () => {
    const source = await buildPdf([textPage("Inspection report", lines)]);
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "treeindex-scan-input-"));
    try {
      for (const [dpi, expected] of [[150, 150], [100, 200]] as const) {
        const file = path.join(dir, `scan-${dpi}.pdf`);
        await fs.writeFile(file, await scanPdf(source, { dpi }));
        const [result] = await ocrTask({ filePath: file, pages: [1], langs: ["eng"] });
        expect(result).toMatchObject({ source: "scan", dpi: expected });
        expect(characterErrorRate(recognised(result), truth)).toBeLessThan(0.01);
        // Positions are page points: the heading's left edge and baseline where they were drawn.
        expect(result.lines[0].x).toBeGreaterThan(66);
        expect(result.lines[0].x).toBeLessThan(78);
        expect(result.lines[0].y).toBeGreaterThan(714);
        expect(result.lines[0].y).toBeLessThan(726);
      }
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it("renders a page whose scan is painted turned a quarter", async () => {
    const scan = await PDFDocument.load(await scanPdf(await buildPdf([textPage("Inspection report", lines)])));
    scan.getPage(0).setRotation(degrees(90));
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "treeindex-scan-input-"));
    try {
      const file = path.join(dir, "turned.pdf");
      await fs.writeFile(file, await scan.save());
      const [result] = await ocrTask({ filePath: file, pages: [1], langs: ["eng"] });
      expect(result).toMatchObject({ source: "render", dpi: 300 });
      expect(recognised(result)).toContain("inspection notes");
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it("reads a sparse noisy page (a title and two lines) that a global threshold reads as nothing", async () => {
    const source = await buildPdf([[{ text: "Annual Inspection", x: 72, y: 700, size: 18, bold: true }, { text: "Prepared for the harbour board", x: 72, y: 660, size: 11 }, { text: "March of the second year", x: 72, y: 640, size: 11 }]]);
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "treeindex-scan-input-"));
    try {
      const file = path.join(dir, "sparse.pdf");
      await fs.writeFile(file, await scanPdf(source, { noise: 24 }));
      const [result] = await ocrTask({ filePath: file, pages: [1], langs: ["eng"] });
      expect(characterErrorRate(recognised(result), "Annual Inspection Prepared for the harbour board March of the second year")).toBeLessThan(0.05);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe("stroke width", () => {
  function lineImage(font: string) {
    const canvas = createCanvas(900, 60);
    const ctx = canvas.getContext("2d");
    ctx.fillStyle = "#fff";
    ctx.fillRect(0, 0, 900, 60);
    ctx.fillStyle = "#000";
    ctx.font = font;
    ctx.fillText("Sampling stations and methods", 10, 42);
    return ctx.getImageData(0, 0, 900, 60);
  }
  it("is clearly wider for bold type of the same size", () => {
    const box = { x0: 0, y0: 0, x1: 900, y1: 60 };
    const regular = strokeWidth(lineImage("32px sans-serif"), box)!;
    const bold = strokeWidth(lineImage("bold 32px sans-serif"), box)!;
    expect(bold / regular).toBeGreaterThan(1.3);
  });
  it("is undefined for a box without ink", () => {
    const blank = createCanvas(50, 50).getContext("2d");
    blank.fillStyle = "#fff";
    blank.fillRect(0, 0, 50, 50);
    expect(strokeWidth(blank.getImageData(0, 0, 50, 50), { x0: 0, y0: 0, x1: 50, y1: 50 })).toBeUndefined();
  });
});

const ocrLine = (text: string, size: number, stroke?: number): Line => ({ text, x: 72, y: 700, w: 300, size, font: OCR_FONT, oneFont: true, mono: false, ...(stroke ? { stroke } : {}) });

describe("sizes and weight of recognised lines", () => {
  it("snaps body jitter of a pixel either way to the body size but keeps a heading 15% larger apart", () => {
    const body = "a body line of ordinary length that fills the measure ".repeat(2);
    const lines = [ocrLine(body, 10.08), ocrLine(body, 10.08), ocrLine(body, 10.08), ocrLine(body, 10.56), ocrLine(body, 9.6), ocrLine(body, 11.04), ocrLine("Methods and materials", 11.66), ocrLine("Results", 11.7)];
    const snapped = snapSizes(lines);
    expect([10.56, 9.6, 11.04].map((s) => snapped.get(s))).toEqual([10.08, 10.08, 10.08]);
    expect(snapped.get(11.66)).not.toBe(10.08);
    expect(snapped.get(11.7)).toBe(snapped.get(11.66));
  });

  it("gives lines with stems 1.3 times the body's the bold font, and nothing else", () => {
    const body = "regular text of the page in its usual weight ".repeat(2);
    const lines = [ocrLine(body, 10, 0.1), ocrLine(body, 10, 0.105), ocrLine(body, 10, 0.097), ocrLine("Water temperature", 10, 0.157), ocrLine("Slightly dark line of text", 10, 0.12)];
    expect(boldThreshold(lines)).toBeCloseTo(0.13, 2);
    const out = calibrateOcrSizes({ 1: lines }, [{ lines: [], width: 612, height: 792 }])[1];
    expect(out.map((l) => l.font)).toEqual([OCR_FONT, OCR_FONT, OCR_FONT, OCR_BOLD_FONT, OCR_FONT]);
    expect(bodySize(out)).toBe(10);
  });

  it("drops a stray opening mark before a capital, keeps real quotations", () => {
    expect(dropStrayOpeningMark("‘Water temperature")).toBe("Water temperature");
    expect(dropStrayOpeningMark("‘Standard’ packages")).toBe("‘Standard’ packages");
    // The price, accepted: an elided word's apostrophe at a line start goes too.
    expect(dropStrayOpeningMark("'Tis the season")).toBe("Tis the season");
    expect(dropStrayOpeningMark("‘lower case stays")).toBe("‘lower case stays");
  });
});
