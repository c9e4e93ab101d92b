/**
 * Running headers and footers: lines at the top or bottom of many pages with the same text
 * once page numbers are normalised away. They are removed from the pages (so they never
 * reach node text or heading detection), and the printed page number they carried ("folio")
 * is kept per page, which helps map a printed table of contents to physical pages.
 */
import type { Line, PageText } from "./types.ts";

/** How many lines at each edge of a page may be running heads. */
const EDGE_LINES = 3;

/** A division label alone on its line: "PART II", "Item 7.", "Chapter 3". */
const DIVISION_RE = /^(part|item|chapter|section|article|appendix|book)\s+([ivxlc]{1,6}|\d{1,3}[a-z]?)\.?$/i;

const ROMAN = /^(?=[mdclxvi])m{0,3}(c[md]|d?c{0,3})(x[cl]|l?x{0,3})(i[xv]|v?i{0,3})$/i;

export function normaliseRunningText(text: string): string {
  const tokens = text.toLowerCase().replace(/\d+/g, "#").split(/\s+/).filter(Boolean);
  if (tokens.length && ROMAN.test(tokens[0])) tokens[0] = "#";
  const last = tokens.length - 1;
  if (last > 0 && ROMAN.test(tokens[last])) tokens[last] = "#";
  return tokens.join(" ").replace(/#(?:\s*#)+/g, "#").trim();
}

/** A page number printed at the start or end of a running head, or the whole line. */
export function folioOf(text: string): string | null {
  const t = text.trim();
  const m =
    /^(?:page\s+)?(\d{1,5}|[ivxlcdm]{1,8})(?:\s+of\s+\d+)?$/i.exec(t) ??
    /(?:^|\s)(?:page\s+)?(\d{1,5})$/i.exec(t) ??
    /^(\d{1,5})\s/.exec(t) ??
    /\s([ivxlcdm]{1,8})$/i.exec(t);
  if (!m) return null;
  if (/^[ivxlcdm]+$/i.test(m[1]) && !ROMAN.test(m[1])) return null;
  return m[1].toLowerCase();
}

interface Candidate {
  page: number;
  line: Line;
  zone: "top" | "bottom";
  key: string;
  /** Edge rank: 0 = the outermost line of the page. */
  rank: number;
  /** Distance to the next line inward (Infinity when alone on its page). */
  gap: number;
}

export interface StripResult {
  /** Printed page number per physical page, when a running head or foot carried one. */
  folios: (string | null)[];
  strippedLines: number;
}

export function stripHeadersFooters(pages: PageText[]): StripResult {
  const candidates: Candidate[] = [];
  for (let p = 0; p < pages.length; p++) {
    const lines = pages[p].lines;
    if (lines.length === 0) continue;
    const byY = lines.slice().sort((a, b) => b.y - a.y);
    const n = Math.min(EDGE_LINES, byY.length);
    const inward = (i: number, step: number) => (byY[i + step] ? Math.abs(byY[i].y - byY[i + step].y) : Infinity);
    for (let r = 0; r < n; r++) candidates.push(cand(p, byY[r], "top", r, inward(r, 1)));
    for (let r = 0; r < n && byY.length - 1 - r >= n; r++) candidates.push(cand(p, byY[byY.length - 1 - r], "bottom", r, inward(byY.length - 1 - r, -1)));
  }
  // Count distinct pages per (zone, key).
  const pagesByKey = new Map<string, Set<number>>();
  for (const c of candidates) {
    const k = c.zone + "|" + c.key;
    let s = pagesByKey.get(k);
    if (!s) pagesByKey.set(k, (s = new Set()));
    s.add(c.page);
  }
  const minPages = Math.max(3, Math.min(8, Math.ceil(pages.length * 0.1)));
  // Short books repeat a chapter head only on a few pages, so an absolute count is used;
  // a bare page number, though, is only trusted as the outermost line.
  // A "header" that is most of the text is the text (one line per page, slides, labels).
  let totalLines = 0;
  for (const p of pages) totalLines += p.lines.length;
  const tooCommon = (key: string) => (pagesByKey.get(key)?.size ?? 0) > totalLines * 0.3;
  // Running heads sit on runs of neighbouring pages; a chapter opening ("Chapter 3") repeats
  // its shape only every few pages and must stay.
  const clustered = new Map<string, boolean>();
  for (const [key, set] of pagesByKey) {
    let near = 0;
    for (const p of set) if (set.has(p - 1) || set.has(p + 1) || set.has(p - 2) || set.has(p + 2)) near++;
    clustered.set(key, near >= set.size * 0.5);
  }
  const remove = new Set<Line>();
  const folios: (string | null)[] = new Array(pages.length).fill(null);
  const slots = { top: new Set<number>(), bottom: new Set<number>() };
  const confirmedY = { top: new Map<number, number>(), bottom: new Map<number, number>() };
  const firstWords = { top: new Set<string>(), bottom: new Set<string>() };
  for (const c of candidates) {
    const count = pagesByKey.get(c.zone + "|" + c.key)!.size;
    const bareNumber = c.key.endsWith("|#");
    if (count < (bareNumber ? 3 : minPages) || !clustered.get(c.zone + "|" + c.key)) continue;
    if (bareNumber && c.rank > 0) continue;
    if (!bareNumber && c.key.replace(/^\d+\|/, "").replace(/[#\s]/g, "").length === 0) continue;
    if (!bareNumber && (pages[c.page].lines.length <= 1 || tooCommon(c.zone + "|" + c.key))) continue;
    remove.add(c.line);
    const y = Math.round(c.line.y);
    firstWords[c.zone].add(firstWord(c.key));
    slots[c.zone].add(y);
    confirmedY[c.zone].set(y, (confirmedY[c.zone].get(y) ?? 0) + 1);
    folios[c.page] ??= folioOf(c.line.text);
  }
  // Running heads seen only once or twice (short chapters) sit exactly where confirmed ones
  // sit and carry a page number: strip those too. Only where running heads keep one fixed
  // position; documents printed from HTML put page numbers wherever the content ends.
  for (const zone of ["top", "bottom"] as const) {
    const ys = [...confirmedY[zone].values()];
    const total = ys.reduce((a, b) => a + b, 0);
    const top2 = ys.sort((a, b) => b - a).slice(0, 2).reduce((a, b) => a + b, 0);
    if (total < 3 || top2 < total * 0.8) slots[zone].clear();
  }
  for (const c of candidates) {
    if (c.rank > 0 || remove.has(c.line)) continue;
    const y = Math.round(c.line.y);
    const slot = slots[c.zone];
    if (!(slot.has(y) || slot.has(y - 1) || slot.has(y + 1))) continue;
    const folio = folioOf(c.line.text);
    if (!folio) continue;
    // Same shape as the confirmed running heads ("Chapter 2: ..." beside "Chapter 1: ..."),
    // or a bare page number; a contents line that happens to sit there is neither.
    if (c.key.replace(/^\d+\|/, "") !== "#" && !firstWords[c.zone].has(firstWord(c.key))) continue;
    remove.add(c.line);
    folios[c.page] ??= folio;
  }
  for (const line of shortChapterHeads(candidates, pages.length, modalSize(pages))) remove.add(line);
  let strippedLines = 0;
  if (remove.size) {
    for (const page of pages) {
      const before = page.lines.length;
      page.lines = page.lines.filter((l) => !remove.has(l));
      strippedLines += before - page.lines.length;
    }
  }
  return { folios, strippedLines };
}

/**
 * Running heads that name short chapters ("3. Tasks" over four pages, "4. Marks" over two,
 * the page number in the foot): no one text repeats on enough pages to be trusted, but the
 * place does. The outermost lines of many pages sit at one height in one face, at most the
 * text's size, and their words repeat from page to page (a slide deck's titles and a page's
 * first line of text change on every page): that place holds running heads, all of them.
 */
function shortChapterHeads(candidates: Candidate[], pageCount: number, textSize: number): Line[] {
  const slots = new Map<string, Candidate[]>();
  for (const c of candidates) {
    if (c.rank > 0 || c.line.size > textSize + 0.5) continue;
    const slot = `${c.zone}|${Math.round(c.line.y)}|${c.line.font}|${Math.round(c.line.size * 2)}`;
    let list = slots.get(slot);
    if (!list) slots.set(slot, (list = []));
    list.push(c);
  }
  const heads: Line[] = [];
  for (const list of slots.values()) {
    const pagesThere = new Set(list.map((c) => c.page)).size;
    const texts = new Set(list.map((c) => c.key)).size;
    if (pagesThere < Math.max(6, pageCount * 0.3) || texts > pagesThere / 1.5) continue;
    // Set off from the text block, as running heads are; a heading that opens every page (a
    // reference's "NAME" above its entry) sits a line or so above its text.
    const apart = list.filter((c) => c.gap >= 2.2 * c.line.size).length;
    if (apart < list.length * 0.8) continue;
    for (const c of list) heads.push(c.line);
  }
  return heads;
}

/** The size most of the text is set in (counted by lines). */
function modalSize(pages: PageText[]): number {
  const count = new Map<number, number>();
  for (const p of pages) for (const l of p.lines) count.set(Math.round(l.size * 2), (count.get(Math.round(l.size * 2)) ?? 0) + 1);
  let best = 0;
  let bestCount = -1;
  for (const [size, n] of count) if (n > bestCount) ((best = size), (bestCount = n));
  return best / 2;
}

function firstWord(key: string): string {
  return key.replace(/^\d+\|/, "").split(" ")[0] ?? "";
}

function cand(page: number, line: Line, zone: "top" | "bottom", rank: number, gap: number): Candidate {
  // Running heads keep their type size; a title that repeats the header's words in large
  // type on the first page is not one of them.
  // "PART I" at the top of one page and "PART II" at the top of another are two headings, not
  // one running head with a number: a bare division label keeps its number in the key.
  const text = line.text.trim();
  const key = DIVISION_RE.test(text) ? text.toLowerCase().replace(/\s+/g, " ") : normaliseRunningText(text);
  return { page, line, zone, key: `${Math.round(line.size)}|${key}`, rank, gap };
}
