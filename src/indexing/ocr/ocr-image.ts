/**
 * The image tesseract reads for one page. A page that paints one large upright scan is read
 * from that scan's own pixels at its own resolution (upscaled when it is coarse); any other
 * page is rendered at the OCR resolution. Measured on noisy 150 dpi JPEG scans of a manual
 * (`npm run bench -- ocr`): re-rendering at 300 dpi resampled the scan and read worse and
 * slower than the scan itself; 100 dpi scans read much better upscaled to 200 dpi, and
 * 300 dpi added nothing there but time.
 */
import { createCanvas, type Canvas } from "@napi-rs/canvas";
import type { PDFPageProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import { decodedImage, imageCanvas } from "./images.ts";
import type { ImagePlacement } from "./ocr-lines.ts";
import { MAX_RENDER_PIXELS, renderPage } from "./render.ts";
import { findScanPlacement } from "./scan-image.ts";

/** Scans coarser than this are upscaled before recognition... */
export const UPSCALE_BELOW_DPI = 150;
/** ...to this resolution. */
export const UPSCALE_TO_DPI = 200;

type OperatorList = Awaited<ReturnType<PDFPageProxy["getOperatorList"]>>;

export interface OcrImage {
  png: Buffer;
  /** The same pixels, for measuring the recognised lines (stroke-width.ts). */
  canvas: Canvas;
  placement: ImagePlacement;
  /** Resolution of the image handed to tesseract, in pixels per inch of the page. */
  dpi: number;
  /** "scan": the page's own image; "render": the page rasterised. */
  source: "scan" | "render";
  /** True when the pixel cap lowered the resolution (a huge page). */
  capped: boolean;
}

export async function ocrImage(page: PDFPageProxy, ops: OperatorList, renderDpi?: number): Promise<OcrImage> {
  return (await fromScan(page, ops)) ?? (await fromRender(page, renderDpi));
}

async function fromScan(page: PDFPageProxy, ops: OperatorList): Promise<OcrImage | null> {
  const placement = findScanPlacement(ops.fnArray, ops.argsArray, page.getViewport({ scale: 1 }));
  if (!placement) return null;
  const image = decodedImage(page, ops.argsArray[placement.opIndex]?.[0]);
  if (!image || image.width * image.height > MAX_RENDER_PIXELS) return null;
  let canvas = imageCanvas(image);
  if (!canvas) return null;
  const nativeDpi = (image.width / placement.width) * 72;
  if (nativeDpi < UPSCALE_BELOW_DPI) canvas = upscale(canvas, Math.min(UPSCALE_TO_DPI / nativeDpi, Math.sqrt(MAX_RENDER_PIXELS / (image.width * image.height))));
  return {
    png: await canvas.encode("png"),
    canvas,
    placement: { left: placement.left, top: placement.top, scaleX: canvas.width / placement.width, scaleY: canvas.height / placement.height },
    dpi: (canvas.width / placement.width) * 72,
    source: "scan",
    capped: false,
  };
}

function upscale(source: Canvas, factor: number): Canvas {
  if (factor <= 1) return source;
  const canvas = createCanvas(Math.round(source.width * factor), Math.round(source.height * factor));
  const ctx = canvas.getContext("2d");
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = "high";
  ctx.drawImage(source, 0, 0, canvas.width, canvas.height);
  return canvas;
}

async function fromRender(page: PDFPageProxy, dpi?: number): Promise<OcrImage> {
  const rendered = await renderPage(page, { dpi });
  return {
    png: await rendered.canvas.encode("png"),
    canvas: rendered.canvas,
    placement: { left: 0, top: 0, scaleX: rendered.scale, scaleY: rendered.scale },
    dpi: rendered.scale * 72,
    source: "render",
    capped: rendered.capped,
  };
}
