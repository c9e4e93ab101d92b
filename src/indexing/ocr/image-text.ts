/**
 * The text of one picture inside a document (a slide's or a Word page's scan, an e-book's
 * page image), read by this thread's OCR engine (engine.ts: tesseract.js with the bundled
 * language data). The picture is decoded by @napi-rs/canvas (PNG, JPEG, GIF, WebP, BMP),
 * refused above the pixel cap renders have, and flattened onto white: a transparent PNG's
 * clear pixels would otherwise read as black ink. Its recognised paragraphs are returned,
 * without those tesseract is unsure of (a photo or a diagram reads as noise, not words).
 */
import { createCanvas, loadImage } from "@napi-rs/canvas";
import { recognise } from "./engine.ts";
import { MAX_RENDER_PIXELS } from "./render.ts";

export interface ImageTextOptions {
  langs: string[];
  /** Tests only: read traineddata from here instead of the installed packages. */
  langPath?: string;
}

export type ImageText = { paragraphs: string[] } | { skipped: string };

/** Paragraphs tesseract is less sure of than this (0-100) are noise, not text. */
const MIN_PARAGRAPH_CONFIDENCE = 40;
/** The resolution tesseract is told: a picture's own is unknown, and its filters are tuned around this. */
const ASSUMED_DPI = 300;

export async function imageText(bytes: Buffer, options: ImageTextOptions): Promise<ImageText> {
  let image: Awaited<ReturnType<typeof loadImage>>;
  try {
    image = await loadImage(bytes);
  } catch {
    return { skipped: "not an image format that can be decoded (PNG, JPEG, GIF, WebP, BMP)" };
  }
  const { width, height } = image;
  if (!width || !height) return { skipped: "an empty image" };
  if (width * height > MAX_RENDER_PIXELS) return { skipped: `${width} x ${height} pixels, above the ${MAX_RENDER_PIXELS / 1e6} megapixel limit` };
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, width, height);
  ctx.drawImage(image, 0, 0);
  const page = await recognise(await canvas.encode("png"), { langs: options.langs, langPath: options.langPath, dpi: ASSUMED_DPI });
  const paragraphs: string[] = [];
  for (const block of page.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      if (paragraph.confidence < MIN_PARAGRAPH_CONFIDENCE) continue;
      const text = paragraph.lines
        .map((line) => line.text.trim())
        .join(" ")
        .replace(/\s+/g, " ")
        .trim();
      if (/[\p{L}\p{N}]{2}/u.test(text)) paragraphs.push(text);
    }
  }
  return { paragraphs };
}
