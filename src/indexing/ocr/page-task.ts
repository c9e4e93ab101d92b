/**
 * Worker-thread task: OCR some pages of a stored PDF. Each page's scan is recognised from its
 * own pixels (or the page is rendered at the OCR resolution when it is not one upright
 * scan; see ocr-image.ts), its embedded images are kept as PNGs, and recognition runs on
 * this thread's tesseract worker (created on first use, then reused). A page whose image cannot
 * be decoded is reported, not thrown, so the rest of the document is still indexed.
 */
import fs from "node:fs/promises";
import { openPdf } from "../pdf/document.ts";
import type { Line } from "../pdf/types.ts";
import { recognise } from "./engine.ts";
import { pageImages } from "./images.ts";
import { ocrImage } from "./ocr-image.ts";
import { layoutFromTesseract, type OcrBlock } from "./ocr-lines.ts";
import { deskewedPixels, strokeWidth } from "./stroke-width.ts";

export interface OcrTaskPayload {
  filePath: string;
  /** 1-based page numbers. */
  pages: number[];
  langs: string[];
  dpi?: number;
  /** Tests only: read traineddata from here instead of the installed packages. */
  langPath?: string;
  /** Layout blocks only (block reference): no page images are encoded. */
  blocksOnly?: boolean;
}

export interface OcrPageResult {
  /** 1-based. */
  page: number;
  lines: Line[];
  blocks: OcrBlock[];
  /** PNG bytes of the images the page paints. */
  images: Uint8Array[];
  confidence: number;
  /** Set when the page was skipped (e.g. its image could not be decoded). */
  warning?: string;
  /** Time to prepare the image (decode or render, PNG encode) and to recognise it. */
  renderMs: number;
  ocrMs: number;
  /** What was recognised: the page's own scan or a rendering, at what resolution. */
  source?: "scan" | "render";
  dpi?: number;
  /** True when the pixel cap lowered the resolution (a huge page). */
  capped: boolean;
}

export default async function ocrTask(payload: OcrTaskPayload): Promise<OcrPageResult[]> {
  const bytes = new Uint8Array(await fs.readFile(payload.filePath));
  const { doc, close } = await openPdf(bytes);
  const results: OcrPageResult[] = [];
  try {
    for (const n of payload.pages) results.push(await ocrPage(doc, n, payload));
  } finally {
    await close().catch(() => {});
  }
  return results;
}

async function ocrPage(doc: Awaited<ReturnType<typeof openPdf>>["doc"], n: number, payload: OcrTaskPayload): Promise<OcrPageResult> {
  const page = await doc.getPage(n);
  try {
    const empty = { page: n, lines: [], blocks: [], images: [], confidence: 0, renderMs: 0, ocrMs: 0, capped: false };
    const ops = await page.getOperatorList();
    const images = await pageImages(page, { encode: !payload.blocksOnly, ops });
    if (images.painted > 0 && images.undecodable === images.painted) {
      return { ...empty, warning: `Page ${n}: its image could not be decoded; the page was skipped` };
    }
    const t0 = performance.now();
    const image = await ocrImage(page, ops, payload.dpi);
    const t1 = performance.now();
    const result = await recognise(image.png, { langs: payload.langs, langPath: payload.langPath, dpi: image.dpi });
    const t2 = performance.now();
    const pixels = deskewedPixels(image.canvas, (result as { rotateRadians?: number }).rotateRadians ?? 0);
    const layout = layoutFromTesseract(result, image.placement, page.getViewport({ scale: 1 }).height, (box) => strokeWidth(pixels, box));
    const out: OcrPageResult = {
      ...empty,
      lines: layout.lines,
      blocks: layout.blocks,
      images: images.png,
      confidence: layout.confidence,
      renderMs: Math.round(t1 - t0),
      ocrMs: Math.round(t2 - t1),
      capped: image.capped,
      source: image.source,
      dpi: Math.round(image.dpi),
    };
    if (images.undecodable > 0) out.warning = `Page ${n}: ${images.undecodable} of its images could not be decoded`;
    return out;
  } finally {
    page.cleanup();
  }
}
