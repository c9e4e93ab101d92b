/**
 * Numbered sequences with a hole: a contents page that lists "Item 5" and "Item 7" but not
 * "Item 6" (10-K filings omit reserved items), or a layout pass that missed one. The missing
 * member is looked up between its neighbours, at line starts only, and inserted at their level.
 */
import type { Heading, PageText } from "./types.ts";

const SEQ_RE = /^(item|note|chapter|article|section)\s+(\d{1,3})([a-z]?)\b/i;

export function fillSequenceGaps(headings: Heading[], pages: PageText[]): void {
  for (let i = headings.length - 1; i > 0; i--) {
    const b = headings[i];
    const mb = SEQ_RE.exec(b.title.trim());
    if (!mb) continue;
    // The previous member of the same sequence at the same level.
    let j = i - 1;
    while (j >= 0 && headings[j].level > b.level) j--;
    if (j < 0 || headings[j].level !== b.level) continue;
    const a = headings[j];
    const ma = SEQ_RE.exec(a.title.trim());
    if (!ma || ma[1].toLowerCase() !== mb[1].toLowerCase()) continue;
    const na = Number(ma[2]);
    const nb = Number(mb[2]);
    if (nb - na < 2 || nb - na > 5) continue;
    const found: Heading[] = [];
    for (let k = na + 1; k < nb; k++) {
      const h = findMember(pages, a, b, ma[1], k);
      if (h) found.push({ ...h, level: a.level });
    }
    if (!found.length) continue;
    // Insert in document order just before b's sibling position.
    let at = i;
    for (const h of found.reverse()) {
      let pos = at;
      while (pos > j + 1 && before(h, headings[pos - 1])) pos--;
      headings.splice(pos, 0, h);
      at = pos;
    }
  }
}

function before(x: Heading, y: Heading): boolean {
  return x.page < y.page || (x.page === y.page && (x.line ?? 0) < (y.line ?? 0));
}

function findMember(pages: PageText[], a: Heading, b: Heading, word: string, n: number): Heading | null {
  const re = new RegExp(`^${word}\\s+${n}[.:\\s\\-–—]`, "i");
  for (let p = a.page; p <= b.page && p < pages.length; p++) {
    const lines = pages[p].lines;
    const start = p === a.page ? (a.line ?? 0) + 1 : 0;
    const end = p === b.page ? (b.line ?? 0) : lines.length;
    for (let i = start; i < end; i++) {
      const t = lines[i].text.trim();
      if (t.length <= 120 && re.test(t + " ")) return { title: t, level: a.level, page: p, line: i };
    }
  }
  return null;
}
