/**
 * OCR for documents that hold only pictures of their text, by the rule scanned PDF pages
 * follow: a unit whose text is empty but which holds a picture has its pictures read by OCR,
 * and the recognised paragraphs become its text. The units are a slide (PPTX), a page Word
 * recorded (DOCX; the whole document when it recorded none) and a chapter (EPUB); each reader
 * decides which of its units qualify and asks here for their pictures' text.
 *
 * Bounded like the PDF path: at most MAX_OCR_IMAGES pictures per document, none above
 * MAX_OCR_IMAGE_BYTES inflated or the render pixel cap, all of them together within the job's
 * part budget (the container's `maxPartBytes`); pictures are read through the same archive
 * reader and limits as the text parts. A picture passed over is a warning, never a failure.
 */
import type { ContainerOptions } from "../zip/container.ts";
import { readContainer } from "../zip/container.ts";
import { DEFAULT_ZIP_LIMITS } from "../zip/limits.ts";

export interface StructuredOcrOptions {
  /** tesseract language codes (the index job's OCR languages). */
  langs: string[];
  /** Tests only: read traineddata from here instead of the installed packages. */
  langPath?: string;
}

export const MAX_OCR_IMAGES = 100;
export const MAX_OCR_IMAGE_BYTES = 30 * 1024 * 1024;

export interface PictureText {
  /** Archive path -> recognised paragraphs (empty when nothing legible was found). */
  text: Map<string, string[]>;
  warnings: string[];
}

/** Recognises the pictures at `paths` (archive paths, in reading order; repeats read once). */
export async function recognisePictures(bytes: Uint8Array, paths: readonly string[], ocr: StructuredOcrOptions, container: ContainerOptions = {}): Promise<PictureText> {
  const out: PictureText = { text: new Map(), warnings: [] };
  const unique = [...new Set(paths)];
  if (!unique.length) return out;
  const chosen = new Set(unique.slice(0, MAX_OCR_IMAGES));
  if (unique.length > chosen.size) out.warnings.push(`${unique.length - chosen.size} pictures of text were not read by OCR (at most ${MAX_OCR_IMAGES} per document)`);
  const budget = container.maxPartBytes ?? (container.limits ?? DEFAULT_ZIP_LIMITS).maxTotalBytes;
  let taken = 0;
  const { parts } = await readContainer(
    bytes,
    (path, size) => {
      if (!chosen.has(path)) return false;
      if (size > MAX_OCR_IMAGE_BYTES || taken + size > budget) {
        out.warnings.push(`${path}: not read by OCR (${size} bytes, above the ${size > MAX_OCR_IMAGE_BYTES ? "per-picture" : "per-job"} limit)`);
        return false;
      }
      taken += size;
      return true;
    },
    container,
  );
  // Loaded here: a document with no picture to read never starts tesseract.
  const { imageText } = await import("../ocr/image-text.ts");
  for (const path of unique) {
    const data = parts.get(path);
    if (!data) continue;
    const read = await imageText(data, ocr);
    if ("skipped" in read) out.warnings.push(`${path}: not read by OCR (${read.skipped})`);
    else out.text.set(path, read.paragraphs);
  }
  return out;
}
