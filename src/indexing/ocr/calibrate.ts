/**
 * OCR line sizes are row heights, a little below the font size a text layer reports for the
 * same type (10 pt body text measures ~10.1 in a scan, 10.9 in R-intro's text layer). In a
 * mixed document both kinds of page meet in one heading analysis, so recognised sizes are
 * scaled to make their body size equal the text layer's. Measuring pixels also jitters from
 * line to line (a pixel is 5% of an 11 pt line at 150 dpi), so sizes are first snapped to
 * the sizes most characters have (see snapSizes).
 *
 * Bold: OCR reports no fonts, so lines whose type is clearly heavier than the document's
 * body text (stroke-width.ts) get the font OCR_BOLD_FONT: to the heading rules they are then
 * what a bold font is on a text layer, "body-sized in another font".
 */
import type { Line, PageText } from "../pdf/types.ts";
import { OCR_FONT } from "./ocr-lines.ts";

export const OCR_BOLD_FONT = `${OCR_FONT}-bold`;
/** Stems this much wider than the body's (relative to line height) are bold. Measured on
 * noisy 150 dpi scans: regular lines 0.095-0.109 of their height, bold 0.157. */
const BOLD_RATIO = 1.3;
/** Jitter around the body size: a line within 10% of it is body-sized... */
const BODY_TOLERANCE = 0.1;
/** ...and other sizes within 7% of a more common size are that size. */
const SIZE_TOLERANCE = 0.07;

/** The size most characters are set in. */
export function bodySize(lines: Iterable<Line>): number | undefined {
  const bySize = new Map<number, number>();
  for (const l of lines) bySize.set(l.size, (bySize.get(l.size) ?? 0) + l.text.length);
  let best: number | undefined;
  let count = 0;
  for (const [size, n] of bySize) if (n > count) [best, count] = [size, n];
  return best;
}

/** Recognised lines with sizes on the text layer's scale (when the document has one). */
export function calibrateOcrSizes(ocr: Record<number, Line[]>, pages: readonly PageText[]): Record<number, Line[]> {
  const ocrPages = new Set(Object.keys(ocr).map(Number));
  const snapped = snapSizes(Object.values(ocr).flat());
  const textBody = bodySize(pages.flatMap((p, i) => (ocrPages.has(i + 1) ? [] : p.lines)));
  const ocrBody = bodySize(Object.values(ocr).flat().map((l) => ({ ...l, size: snapped.get(l.size)! })));
  const factor = textBody && ocrBody ? textBody / ocrBody : 1;
  const boldFrom = boldThreshold(Object.values(ocr).flat());
  const out: Record<number, Line[]> = {};
  for (const [page, lines] of Object.entries(ocr)) {
    out[Number(page)] = lines.map((l) => ({
      ...l,
      size: Math.round(snapped.get(l.size)! * factor * 100) / 100,
      ...(boldFrom !== undefined && l.stroke !== undefined && l.stroke >= boldFrom ? { font: OCR_BOLD_FONT } : {}),
    }));
  }
  return out;
}

/** The stroke ratio from which a line is bold: BOLD_RATIO times the body's (the median by characters). */
export function boldThreshold(lines: readonly Line[]): number | undefined {
  const measured = lines.filter((l) => l.stroke !== undefined).sort((a, b) => a.stroke! - b.stroke!);
  const total = measured.reduce((n, l) => n + l.text.length, 0);
  let seen = 0;
  for (const l of measured) {
    seen += l.text.length;
    if (seen >= total / 2) return l.stroke! * BOLD_RATIO;
  }
  return undefined;
}

/**
 * Each measured size -> the size it stands for. Sizes are taken from the most characters to
 * the fewest; each joins the nearest size already taken within tolerance, else stands for
 * itself. Anchoring on common sizes (instead of chaining neighbours) keeps a heading 15%
 * above the body apart from it even when body lines jitter by a pixel either way.
 */
export function snapSizes(lines: readonly Line[]): Map<number, number> {
  const chars = new Map<number, number>();
  for (const l of lines) chars.set(l.size, (chars.get(l.size) ?? 0) + l.text.length);
  const bySupport = [...chars.keys()].sort((a, b) => chars.get(b)! - chars.get(a)! || a - b);
  const body = bySupport[0];
  const anchors: number[] = [];
  const out = new Map<number, number>();
  for (const s of bySupport) {
    let best: number | undefined;
    for (const a of anchors) {
      const tolerance = a === body ? BODY_TOLERANCE : SIZE_TOLERANCE;
      if (Math.abs(s / a - 1) <= tolerance && (best === undefined || Math.abs(s - a) < Math.abs(s - best))) best = a;
    }
    if (best === undefined) anchors.push((best = s));
    out.set(s, best);
  }
  return out;
}
