/**
 * Tree source 4, the last resort: consecutive pages grouped into sections, each titled by its
 * first line of text. It guarantees a navigable tree for documents without any structure
 * (scans after OCR, slide decks, forms).
 */
import type { Heading, PageText } from "./types.ts";

/** Groups aim at a size a reader (or a model) can take in at once. */
export function pageGroupSize(pageCount: number): number {
  if (pageCount <= 8) return 1;
  return Math.min(10, Math.max(2, Math.ceil(pageCount / 20)));
}

export function pageGroupHeadings(pages: PageText[], from = 0, to = pages.length - 1, level = 1): Heading[] {
  const n = to - from + 1;
  if (n <= 0) return [];
  const size = pageGroupSize(n);
  const out: Heading[] = [];
  for (let start = from; start <= to; start += size) {
    const end = Math.min(to, start + size - 1);
    out.push({ title: groupTitle(pages, start, end), level, page: start, line: 0 });
  }
  return out;
}

function groupTitle(pages: PageText[], start: number, end: number): string {
  for (let p = start; p <= end; p++) {
    for (const l of pages[p].lines) {
      const t = l.text.trim();
      // Skip lines that say nothing (page numbers, lone symbols).
      if (t.replace(/[^\p{L}]/gu, "").length >= 3) return shorten(t);
    }
  }
  return start === end ? `Page ${start + 1}` : `Pages ${start + 1}-${end + 1}`;
}

export function shorten(t: string, max = 80): string {
  if (t.length <= max) return t;
  const cut = t.slice(0, max);
  const sp = cut.lastIndexOf(" ");
  return (sp > max * 0.6 ? cut.slice(0, sp) : cut) + "…";
}
