/**
 * OCR line sizes are row heights, a little below the font size a text layer reports for the
 * same type (10 pt body text measures ~10.1 in a scan, 10.9 in R-intro's text layer). In a
 * mixed document both kinds of page meet in one heading analysis, so recognised sizes are
 * scaled to make their body size equal the text layer's. Measuring pixels also jitters by a
 * few percent from line to line, so sizes are first snapped to clusters (sorted sizes split
 * where neighbours differ by more than 7%), each taking the size most of its characters have.
 */
import type { Line, PageText } from "../pdf/types.ts";

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
  const out: Record<number, Line[]> = {};
  for (const [page, lines] of Object.entries(ocr)) {
    out[Number(page)] = lines.map((l) => ({ ...l, size: Math.round(snapped.get(l.size)! * factor * 100) / 100 }));
  }
  return out;
}

/** Each measured size -> the dominant size of its cluster. */
export function snapSizes(lines: readonly Line[]): Map<number, number> {
  const chars = new Map<number, number>();
  for (const l of lines) chars.set(l.size, (chars.get(l.size) ?? 0) + l.text.length);
  const sizes = [...chars.keys()].sort((a, b) => a - b);
  const out = new Map<number, number>();
  let cluster: number[] = [];
  const close = () => {
    let best = cluster[0];
    for (const s of cluster) if (chars.get(s)! > chars.get(best)!) best = s;
    for (const s of cluster) out.set(s, best);
    cluster = [];
  };
  for (const s of sizes) {
    if (cluster.length && s > cluster[cluster.length - 1] * 1.07) close();
    cluster.push(s);
  }
  if (cluster.length) close();
  return out;
}
