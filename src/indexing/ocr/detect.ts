/**
 * Which pages need OCR: a page whose text layer is empty or unusable (almost no characters
 * for its area, or mostly glyphs without a Unicode mapping) and that paints at least one
 * image. Decided per page, so a mixed document OCRs only its scanned pages.
 */
import { pdfjs } from "../pdf/load-pdfjs.mjs";
import type { PDFDocumentProxy } from "../pdf/document.ts";
import type { PageText } from "../pdf/types.ts";

/** Operators that draw a raster image (image masks are stencils for glyph-like shapes, not scans). */
const { OPS } = pdfjs;

export const IMAGE_OPS: ReadonlySet<number> = new Set([OPS.paintImageXObject, OPS.paintInlineImageXObject, OPS.paintImageXObjectRepeat]);

/** Usable text has at least this many letters and digits per square inch of page (a
 * sparse title page has ~10 per 93.5 in²; a scan with a stray OCR-less caption has ~0). */
const MIN_CHARS_PER_SQ_INCH = 0.15;
/** More than this share of unmapped glyphs (U+FFFD, private use, control characters) means
 * the text layer is garbage (fonts without ToUnicode). */
const MAX_UNMAPPED_SHARE = 0.5;

export interface TextLayerQuality {
  chars: number;
  unmapped: number;
  usable: boolean;
}

const LETTER_OR_DIGIT_RE = /[\p{L}\p{N}]/u;
/** U+FFFD, private use, control characters: glyphs without a Unicode mapping. */
const UNMAPPED_RE = /[\uFFFD\uE000-\uF8FF\p{Cc}]/u;

export function textLayerQuality(page: PageText): TextLayerQuality {
  let chars = 0;
  let unmapped = 0;
  for (const line of page.lines) {
    const t = line.text;
    for (let i = 0; i < t.length; i++) {
      const c = t.charCodeAt(i);
      // ASCII without a regex: every page of every PDF passes through here.
      if (c < 128) {
        if ((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122)) chars++;
        else if (c < 32 || c === 127) unmapped++;
        continue;
      }
      const next = t.charCodeAt(i + 1);
      const pair = c >= 0xd800 && c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff;
      const ch = pair ? t.slice(i, i + 2) : t[i];
      if (pair) i++;
      if (LETTER_OR_DIGIT_RE.test(ch)) chars++;
      else if (UNMAPPED_RE.test(ch)) unmapped++;
    }
  }
  const squareInches = Math.max(1, (page.width * page.height) / (72 * 72));
  const enough = chars >= MIN_CHARS_PER_SQ_INCH * squareInches;
  const mapped = unmapped <= MAX_UNMAPPED_SHARE * (chars + unmapped);
  return { chars, unmapped, usable: enough && mapped };
}

export function paintsImages(fnArray: readonly number[]): boolean {
  return fnArray.some((fn) => IMAGE_OPS.has(fn));
}

/**
 * 1-based numbers of the pages that need OCR. Only pages with an unusable text layer have
 * their operator list read, so text documents pay nothing for the check.
 */
export async function pagesNeedingOcr(doc: PDFDocumentProxy, pages: readonly PageText[], signal?: AbortSignal): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < pages.length; i++) {
    if (textLayerQuality(pages[i]).usable) continue;
    signal?.throwIfAborted();
    const page = await doc.getPage(i + 1);
    try {
      const ops = await page.getOperatorList();
      if (paintsImages(ops.fnArray)) out.push(i + 1);
    } finally {
      page.cleanup();
    }
  }
  return out;
}
