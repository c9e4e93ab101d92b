/**
 * Rendering one PDF page to pixels for OCR: pdfjs (legacy build) draws on an
 * @napi-rs/canvas canvas. The resolution is chosen for recognition (default 300 dpi) and
 * capped in pixels, so a page declared metres wide cannot exhaust memory.
 */
import { createCanvas, type Canvas } from "@napi-rs/canvas";
import type { PDFPageProxy } from "pdfjs-dist/legacy/build/pdf.mjs";

/** Tesseract reads 10-12 pt body text best at about 300 dpi. */
export const OCR_DPI = 300;
/** ~ an A3 page at 300 dpi; above this the scale shrinks instead of the memory growing. */
export const MAX_RENDER_PIXELS = 20_000_000;
/** Canvas backends refuse very long sides even when the area is small. */
export const MAX_RENDER_SIDE = 12_000;

export interface RenderedPage {
  canvas: Canvas;
  width: number;
  height: number;
  /** Pixels per PDF point actually used (dpi / 72, possibly reduced by the caps). */
  scale: number;
  /** True when the caps lowered the resolution below the requested dpi. */
  capped: boolean;
}

export interface RenderOptions {
  dpi?: number;
  maxPixels?: number;
}

/** The scale (pixels per point) for a page of `w` x `h` points, within the caps. */
export function renderScale(w: number, h: number, options: RenderOptions = {}): { scale: number; capped: boolean } {
  const wanted = (options.dpi ?? OCR_DPI) / 72;
  const maxPixels = options.maxPixels ?? MAX_RENDER_PIXELS;
  let scale = wanted;
  if (w * h * scale * scale > maxPixels) scale = Math.sqrt(maxPixels / (w * h));
  if (Math.max(w, h) * scale > MAX_RENDER_SIDE) scale = MAX_RENDER_SIDE / Math.max(w, h);
  return { scale, capped: scale < wanted };
}

export async function renderPage(page: PDFPageProxy, options: RenderOptions = {}): Promise<RenderedPage> {
  const base = page.getViewport({ scale: 1 });
  const { scale, capped } = renderScale(base.width, base.height, options);
  const viewport = page.getViewport({ scale });
  const width = Math.max(1, Math.floor(viewport.width));
  const height = Math.max(1, Math.floor(viewport.height));
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext("2d");
  // Scans are read as dark ink on paper: a transparent background would binarise as black.
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, width, height);
  // @napi-rs/canvas implements the subset of the DOM canvas API pdfjs draws with.
  await page.render({ canvas: canvas as never, canvasContext: ctx as never, viewport }).promise;
  return { canvas, width, height, scale, capped };
}
