/**
 * Pages a question names outright: "on page 14", "pages 51-53", "slide 4", "the cover
 * page", "the second page". A reader asking that wants those pages first, whatever their
 * words. Numbers are physical pages; the page after each is also worth a look (a printed
 * page number is often one behind the physical one, a cover not counted).
 */

const ORDINALS: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, eighth: 8, ninth: 9, tenth: 10, last: -1 };
/** At most this many pages from one range ("pages 1-300" is not a reference to read). */
const MAX_RANGE = 10;

/** Figures and tables a question names: "Figure 3", "Fig. 2", "Table 1", "the first figure". */
export function referencedCaptions(question: string): string[] {
  const out: string[] = [];
  for (const m of question.matchAll(/\b(figure|fig\.?|table)\s+(\d{1,3})\b/gi)) out.push(`${m[1].toLowerCase().startsWith("fig") ? "figure" : "table"} ${m[2]}`);
  for (const m of question.matchAll(/\b(first|second|third|fourth|fifth)\s+(figure|table)\b/gi)) out.push(`${m[2].toLowerCase()} ${ORDINALS[m[1].toLowerCase()]}`);
  return [...new Set(out)];
}

/** Captions on a page: "figure N" / "table N" for lines that start with one ("Figure 3: ...", "Fig. 3.", "TABLE 2"). */
export function captionsOnPage(pageText: string): string[] {
  const out: string[] = [];
  for (const m of pageText.matchAll(/^\s*(figure|fig\.|table)\s+(\d{1,3})\s*[:.|—–-]/gim)) out.push(`${m[1].toLowerCase().startsWith("fig") ? "figure" : "table"} ${m[2]}`);
  return out;
}

/** Named pages, in the order the question names them, within 1..pageCount. */
export function referencedPages(question: string, pageCount: number): number[] {
  const out: number[] = [];
  const add = (p: number) => {
    if (Number.isInteger(p) && p >= 1 && p <= pageCount && !out.includes(p)) out.push(p);
  };
  for (const m of question.matchAll(/\b(?:pages?|slides?|p\.|pp\.)\s*(\d{1,5})(?:\s*(?:-|–|to|and|through)\s*(\d{1,5}))?/gi)) {
    const from = Number(m[1]);
    const to = m[2] ? Number(m[2]) : from;
    for (let p = from; p <= Math.min(to, from + MAX_RANGE - 1); p++) add(p);
  }
  for (const m of question.matchAll(/\b(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last)\s+(?:cover\s+)?(?:page|slide)\b/gi)) {
    const k = ORDINALS[m[1].toLowerCase()];
    add(k === -1 ? pageCount : k);
  }
  if (/\b(?:cover|title|front)\s+(?:page|slide)\b/i.test(question)) add(1);
  return out;
}
