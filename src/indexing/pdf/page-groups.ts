/**
 * Tree source 4, the last resort: consecutive pages grouped into sections. It guarantees a
 * navigable tree for documents without any structure (scans after OCR, slide decks, forms)
 * and splits long sections. A group is titled by the first line on its pages that is shaped
 * like a heading (short, set apart by font or size, or in title case; not a sentence), never
 * by the first words of a body sentence, which tell an agent reading titles nothing; without
 * one, by its pages ("Pages 12-15"), under the section it continues when there is one.
 */
import type { Heading, Line, PageText } from "./types.ts";

/** A heading is short; a line with more words is body text. */
const HEADING_MAX_WORDS = 12;

/** Groups aim at a size a reader (or a model) can take in at once. */
export function pageGroupSize(pageCount: number): number {
  if (pageCount <= 8) return 1;
  return Math.min(10, Math.max(2, Math.ceil(pageCount / 20)));
}

/** `parentTitle`: the section these groups split, named in titles that have no heading of their own. */
export function pageGroupHeadings(pages: PageText[], from = 0, to = pages.length - 1, level = 1, parentTitle?: string): Heading[] {
  const n = to - from + 1;
  if (n <= 0) return [];
  const size = pageGroupSize(n);
  const out: Heading[] = [];
  for (let start = from; start <= to; start += size) {
    const end = Math.min(to, start + size - 1);
    out.push({ title: groupTitle(pages, start, end, parentTitle), level, page: start, line: 0 });
  }
  return out;
}

function groupTitle(pages: PageText[], start: number, end: number, parentTitle?: string): string {
  const body = bodyStyle(pages, start, end);
  for (let p = start; p <= end; p++) {
    for (const l of pages[p].lines) if (headingShaped(l, body)) return shorten(l.text.trim());
  }
  const span = start === end ? `page ${start + 1}` : `pages ${start + 1}-${end + 1}`;
  return parentTitle ? shorten(`${parentTitle} (${span})`) : span.charAt(0).toUpperCase() + span.slice(1);
}

/** The font and size most characters of these pages are set in. */
function bodyStyle(pages: PageText[], start: number, end: number): { font: string; size: number } {
  const chars = new Map<string, number>();
  for (let p = start; p <= end; p++) {
    for (const l of pages[p].lines) {
      const key = `${l.font}|${Math.round(l.size * 2) / 2}`;
      chars.set(key, (chars.get(key) ?? 0) + l.text.length);
    }
  }
  const [key] = [...chars].sort((a, b) => b[1] - a[1])[0] ?? ["|0"];
  const [font, size] = key.split("|");
  return { font, size: Number(size) };
}

/** Short, says something, not a sentence, and set apart (another font, larger) or in title case. */
export function headingShaped(line: Line, body: { font: string; size: number }): boolean {
  const text = line.text.trim();
  const words = text.split(/\s+/);
  if (words.length > HEADING_MAX_WORDS || text.replace(/[^\p{L}]/gu, "").length < 3) return false;
  if (words.length > 4 && /[.,;:]$/.test(text)) return false; // ends like a sentence
  if (!/^[\p{Lu}\p{N}(]/u.test(text)) return false; // a sentence's continuation
  const setApart = line.oneFont && (line.font !== body.font || line.size > body.size * 1.05);
  const capitalised = words.filter((w) => /^[\p{Lu}\p{N}]/u.test(w)).length / words.length >= 0.6;
  return setApart || (capitalised && words.length <= 8);
}

export function shorten(t: string, max = 80): string {
  if (t.length <= max) return t;
  const cut = t.slice(0, max);
  const sp = cut.lastIndexOf(" ");
  return (sp > max * 0.6 ? cut.slice(0, sp) : cut) + "…";
}
