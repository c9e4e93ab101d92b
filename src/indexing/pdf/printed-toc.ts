/**
 * Tree source 2: a printed table of contents. Contents pages are found among the first pages
 * (lines ending in page numbers, dot leaders, a "Contents" title, numbers that only grow),
 * their entries parsed with levels from indentation and type size, and printed page numbers
 * mapped to physical pages: page labels when the PDF has them, else the page numbers printed
 * in running heads, else the offset that makes most titles appear on their pages. Every
 * entry is then verified on its page and repaired by searching nearby pages.
 */
import { normText } from "./fuzzy.ts";
import { isAllCaps } from "./layout/heading-shape.ts";
import { isLetterHead } from "./index-letters.ts";
import { findOnPage, locateHeadings, MATCH_THRESHOLD, type PageIndex } from "./locate.ts";
import { assignLevels } from "./toc-levels.ts";
import type { Heading, Line, PageText } from "./types.ts";
import { CONTENTS_TITLE_RE, isContentsTitle, isListTitle, LIST_TITLE_RE } from "./contents-title.ts";

/** Contents pages must start within this many pages (they may continue past it). */
const SCAN_PAGES = 20;

const ROMAN_RE = /^(?=[mdclxvi])m{0,3}(c[md]|d?c{0,3})(x[cl]|l?x{0,3})(i[xv]|v?i{0,3})$/i;
/** "Title ..... 12", "Title 12", "Title . . . xiv". The title must hold letters. */
/** Title, then leaders or a gap, then a page number, or a range of pages after leaders ("4-5"). */
const ENTRY_RE = /^(.*?\p{L}.*?)(?:\s*(?:\.\s?){2,}|\s*[·•…_]{2,}|\s+)(\d{1,4}|[ivxlcdm]{1,7})(\s?[-–]\s?\d{1,4})?$/iu;
const LEADERS_RE = /(?:\.\s?){4,}|[·…_]{3,}/;
/** "List of figures" and the like, opening a line: a list's title, or its entry on the contents. */
const LIST_OF_RE = new RegExp(LIST_TITLE_RE.source.replace(/\$$/, "(?!\\p{L})"), "iu");
/** Back matter that lists page numbers too: an index, a change history. Never the contents. */
const BACK_MATTER_TITLE_RE = /^(?:index|general index|subject index|index of [\p{L} ]{2,30}|change history|changes|revision history|glossary)$/iu;
const GROUP_RE = /^(part|chapter|section|book|volume|appendix|appendices|appendixes|annex(es)?|item)\b/i;
const NOT_APPLICABLE_RE = /\s(n\/a|not applicable)$/i;
/** A column head at the end of a group line ("Part I – Financial information   Page"). */
const PAGE_HEAD_RE = /\s+pages?$/i;
/** What stands over the titles in a row of column heads ending in "Page" ("Item No.", "Description"). */
const COLUMN_LABEL_RE = /^(?:items?|sections?|parts?|notes?|chapters?|description|title|subject)(?:\s+(?:no|number|#)\.?)?$/i;

export interface TocEntry {
  title: string;
  /** Printed page as written ("12", "iv"), or null for group headers without a number. */
  printed: string | null;
  x: number;
  size: number;
  tocPage: number;
  level: number;
}

interface ParsedLine {
  line: Line;
  entry: { title: string; printed: string } | null;
  leaders: boolean;
}

function parseLine(line: Line): ParsedLine {
  const t = line.text.trim();
  const m = ENTRY_RE.exec(t);
  let entry: ParsedLine["entry"] = null;
  if (m) {
    const printed = m[2];
    const title = m[1].replace(/[\s.·…_]+$/u, "").trim();
    const roman = !/^\d+$/.test(printed);
    // A roman "number" must be a real numeral and set off by leaders or be short ("iv").
    const ok =
      title.length >= 2 &&
      // "PART II", "Chapter 4": the number belongs to the title, not to a page.
      !(/^(part|chapter|book|volume|appendix|section|article|schedule|exhibit|item|note)$/i.test(title) && !LEADERS_RE.test(t)) &&
      (!roman || (ROMAN_RE.test(printed) && (LEADERS_RE.test(t) || printed.length <= 4))) &&
      // A range ("22-23") is a page span only after leaders: "2019-2021" ends titles too.
      (!m[3] || (!roman && LEADERS_RE.test(t)));
    // "... in 2023" or "Section 404" would look like entries; leaders or a gap make them real.
    if (ok) entry = { title, printed: printed.toLowerCase() };
  }
  return { line, entry, leaders: LEADERS_RE.test(t) };
}

interface PageVerdict {
  isToc: boolean;
  strong: boolean;
  parsed: ParsedLine[];
  listOf: boolean;
}

/** An untitled, leader-less contents page lists at least this share of distinct page numbers. */
const MIN_DISTINCT_PAGES = 0.25;

function judgePage(page: PageText, continuing: boolean): PageVerdict {
  const parsed = page.lines.map(parseLine);
  // Nothing set above the contents' title is an entry: a title page's date ("3 juillet 2022")
  // reads like one, and would hide the title below it. (Above on the page: two columns of
  // entries may be read before a title that spans them.)
  const title = parsed.find((p) => isContentsTitle(p.line.text))?.line;
  if (title) for (const [i, p] of parsed.entries()) if (p.entry && p.line.y > title.y + title.size) parsed[i] = { ...p, entry: null, leaders: false };
  const entries = parsed.filter((p) => p.entry);
  const leaders = parsed.filter((p) => p.leaders && p.entry).length;
  const head = page.lines.slice(0, 6).map((l) => l.text.trim());
  // Titled at its head, or below a title page's title, authors and abstract, over its entries.
  const firstEntry = parsed.findIndex((p) => p.entry);
  const titled = head.some(isContentsTitle) || (firstEntry > 0 && parsed.slice(0, firstEntry).some((p) => isContentsTitle(p.line.text)));
  const nums = entries.map((e) => e.entry!.printed).filter((p) => /^\d+$/.test(p)).map(Number);
  let up = 0;
  for (let i = 1; i < nums.length; i++) if (nums[i] >= nums[i - 1]) up++;
  const monotone = nums.length > 1 ? up / (nums.length - 1) : 0;
  // A list of figures ends a run of contents pages; an index or change history is none. But
  // filings title their contents "INDEX": pages that climb entry by entry are a contents
  // list's, where an index's jump about with the alphabet.
  const backMatter = !titled && head.some((t) => BACK_MATTER_TITLE_RE.test(t.replace(/[:.]$/, "")));
  // "LIST OF TABLES . . . ix" listed on a contents page is an entry, not the list's title.
  const listTitled = parsed.slice(0, 6).some((p) => !p.entry && LIST_OF_RE.test(p.line.text.trim()));
  const listOf = listTitled || (backMatter && !(nums.length >= 6 && monotone >= 0.9));
  const share = entries.length / Math.max(1, page.lines.length);
  // A table's rows end in figures that stay put or repeat ("Width 8 4", "Depth 8 4"), where
  // a contents list's pages move on from entry to entry (several to a page at most).
  const pagesMoveOn = new Set(nums).size >= nums.length * MIN_DISTINCT_PAGES;
  const strong =
    entries.length >= 3 &&
    ((titled && (leaders >= 2 || monotone >= 0.7)) ||
      // An index has leaders too, but its entries follow the alphabet.
      (leaders >= 4 && leaders >= entries.length * 0.4 && !looksLikeIndex(entries) && !hasIndexLetters(page)) ||
      (entries.length >= 6 && share >= 0.4 && monotone >= 0.85 && pagesMoveOn));
  const weak = continuing && entries.length >= 3 && (leaders >= 3 || (share >= 0.3 && monotone >= 0.7));
  return { isToc: strong || weak, strong, parsed, listOf };
}

/** A contents entry read as a heading: numbered and ending in its page number ("3 The code 5"), or with leaders. */
export function readsAsNumberedEntry(title: string): boolean {
  const t = title.trim();
  return LEADERS_RE.test(t) || /^\d[\d.]*\s.*\s\d{1,4}$/u.test(t);
}

/**
 * A contents page that other text shares: its title stands below the page's first lines
 * (under a title page's title, authors and abstract), and sections may follow its entries.
 */
export function sharesPage(page: PageText): boolean {
  return page.lines.findIndex((l) => isContentsTitle(l.text)) >= 6;
}

/** An index's letter heads ("B", "C"), lines of one capital each, two or more of them. */
function hasIndexLetters(page: PageText): boolean {
  return page.lines.filter((l) => isLetterHead(l.text)).length >= 2;
}

/**
 * A back-of-book index, whose entries have leaders and page numbers as contents entries do:
 * several pages to one entry ("\\keys_set:nn . . . 77, 129"), or titles in alphabetical order
 * (numbering and command marks set aside: a contents list's numbered titles are in order by
 * number only; an index's sub-entries start the alphabet again now and then).
 */
function looksLikeIndex(entries: ParsedLine[]): boolean {
  if (entries.filter((e) => /\d,\s*\d+\s*$/.test(e.line.text)).length >= 3) return true;
  const firsts = entries.map((e) => /\p{L}/u.exec(e.entry!.title.replace(/^[\s\d.]+/, ""))?.[0].toLowerCase()).filter((c) => c !== undefined);
  if (firsts.length < 6) return false;
  let inOrder = 0;
  for (let i = 1; i < firsts.length; i++) if (firsts[i].localeCompare(firsts[i - 1]) >= 0) inOrder++;
  return inOrder >= (firsts.length - 1) * 0.85;
}

/** The first run of contents pages, or [] when the document has none. */
export function findContentsPages(pages: PageText[]): { pages: number[]; parsed: Map<number, ParsedLine[]> } {
  const parsed = new Map<number, ParsedLine[]>();
  const run: number[] = [];
  for (let p = 0; p < pages.length; p++) {
    if (!run.length && p >= SCAN_PAGES) break;
    const v = judgePage(pages[p], run.length > 0);
    if (run.length && (!v.isToc || v.listOf)) break;
    if (!run.length && (!v.strong || v.listOf)) continue;
    run.push(p);
    parsed.set(p, v.parsed);
  }
  return { pages: run, parsed };
}

/** A title line that stops on "of", "and", a comma: its title goes on below. */
const BREAKS_OFF_RE = /(?:\s(?:of|and|or|the|for|to|in|on|by|with|from)|,)$/i;

/** Entries of the contents pages, in order, with levels. */
export function parseEntries(pages: PageText[], tocPages: number[], parsed: Map<number, ParsedLine[]>): TocEntry[] {
  // Facing pages may have different margins: each page is shifted by the amount that best
  // lines its entries up with the indents seen so far (0 when that works as well as any).
  const refXs: number[] = [];
  const out: TocEntry[] = [];
  contents: for (let k = 0; k < tocPages.length; k++) {
    const p = tocPages[k];
    const lines = parsed.get(p)!;
    // A year ending a wrapped title ("... ended March 31, 2021") is not a page number: with
    // no leaders, a number past the last page belongs to the title, which continues below.
    for (const l of lines) {
      if (l.entry && !l.leaders && /^\d{4}$/.test(l.entry.printed) && Number(l.entry.printed) > pages.length) l.entry = null;
    }
    const columnOf = secondColumn(lines);
    const xs = lines.filter((l) => l.entry).map((l) => columnOf(l.line.x));
    const shift = bestShift(xs, refXs);
    for (const x of xs) if (!refXs.some((r) => Math.abs(r - (x + shift)) <= 3)) refXs.push(x + shift);
    const entryWidths = lines.filter((l) => l.entry).map((l) => l.line.w).sort((a, b) => a - b);
    const typicalWidth = entryWidths[Math.floor(entryWidths.length / 2)] ?? 0;
    const firstEntry = lines.findIndex((l) => l.entry);
    const sizes = lines.filter((l) => l.entry).map((l) => l.line.size).sort((a, b) => a - b);
    const medianSize = sizes[Math.floor(sizes.length / 2)] ?? 0;
    // Where a list's title was passed over for a second column of the contents: entries back
    // left of it, after that column, are the list's own.
    let besideFrom = Infinity;
    for (let i = Math.max(0, firstEntry - 3); i < lines.length; i++) {
      const { line, entry } = lines[i];
      const x = columnOf(line.x) + shift;
      if (entry && line.x < besideFrom - typicalWidth * 0.8 && besideFrom !== Infinity) break contents;
      if (entry) {
        // "Contents 3", a running head over a contents page, reads as an entry; a contents
        // list naming itself points back at its own pages, which are a section already.
        if (isContentsTitle(entry.title)) continue;
        out.push({ title: entry.title, printed: entry.printed, x, size: line.size, tocPage: p, level: 0 });
        continue;
      }
      const t = line.text.trim().replace(PAGE_HEAD_RE, "");
      // "List of Tables" set below the last contents entry on the same page: the rest are
      // captions, not sections (as a page that opens with it ends the contents pages). Below
      // a contents in two columns it may be read before the second column: an entry further
      // right still to come that goes on from the last one's page is that column, and the
      // contents go on (a list's own first entry in a column beside it starts pages over).
      if (LIST_OF_RE.test(t) && out.length) {
        const beside = lines.slice(i + 1).find((l) => l.entry && l.line.x >= line.x + typicalWidth * 0.8);
        if (beside?.entry && Number(beside.entry.printed) >= Number(out[out.length - 1].printed)) {
          besideFrom = beside.line.x;
          continue;
        }
        break contents;
      }
      if (!/\p{L}/u.test(t) || CONTENTS_TITLE_RE.test(t) || t.length > 120) continue;
      // The row of column heads ("Item No.   Page"): a label without a number of its own.
      if (t !== line.text.trim() && COLUMN_LABEL_RE.test(t)) continue;
      // "ITEM 1B. UNRESOLVED STAFF COMMENTS   N/A": listed as not applicable, so not in the body.
      if (NOT_APPLICABLE_RE.test(t)) continue;
      if (i < firstEntry && !GROUP_RE.test(t)) continue; // page titles above the first entry
      // The number on the first line, the title's end on the next ("Item 5 Market for ...
      // Issuer Purchases of  16" / "Equity Securities"): the entry plainly breaks off.
      const before = lines[i - 1];
      const last = out[out.length - 1];
      if (before?.entry && last?.tocPage === p && last.title === before.entry.title && BREAKS_OFF_RE.test(last.title) && line.x >= before.line.x - 2 && line.x <= before.line.x + 100) {
        last.title = `${last.title} ${t}`;
        continue;
      }
      const next = lines[i + 1];
      // A title wrapped over two lines: the first half runs wide, the rest carries the number.
      // Not when both halves open like headings of their own ("PART I" over "ITEM 1. Business").
      const twoHeadings = GROUP_RE.test(t) && GROUP_RE.test(next?.entry?.title ?? "");
      // A hanging indent ("Item 5.  Market for ... Purchases of" / "Equity Securities  35",
      // the rest under the title, not under "Item") may reach further when the first half
      // plainly breaks off (on "of", "and", a comma).
      const reach = BREAKS_OFF_RE.test(t) ? 100 : 40;
      if (next?.entry && !twoHeadings && line.w >= typicalWidth * 0.6 && next.line.x >= line.x - 2 && next.line.x <= line.x + reach && !/[:;]$/.test(t)) {
        next.entry = { ...next.entry, title: t + " " + next.entry.title };
        next.line = { ...next.line, x: line.x, size: line.size };
        continue;
      }
      // Group headers ("PART II", "Appendixes") carry no page number; prose does not belong.
      // Column heads ("Page") are neither.
      const looksGroup = GROUP_RE.test(t) || (t === t.toUpperCase() && /\p{Lu}{3}/u.test(t) && t.length <= 60) || line.size > medianSize + 0.5;
      // "Item 2. Management's Discussion ... Operations." ends in a period and is still a group.
      const ending = GROUP_RE.test(t) ? /[:;,]$/ : /[.:;,]$/;
      // A group line stands over entries, maybe under another group line ("Part I" over "Item 1.").
      const overEntries = next?.entry || (GROUP_RE.test(t) && lines.slice(i + 1, i + 4).some((l) => l.entry));
      if (looksGroup && !ending.test(t) && overEntries) {
        out.push({ title: t.replace(/\.$/, ""), printed: null, x, size: line.size, tocPage: p, level: 0 });
      }
    }
  }
  assignLevels(out);
  nestItemsUnderParts(out);
  return out;
}

/**
 * Filing contents set "Part I" and "Item 1." at one indent; the Items (and what is listed
 * under them) belong under their Part.
 */
function nestItemsUnderParts(entries: TocEntry[]): void {
  const isPart = (e: TocEntry) => /^part\s+([ivx]{1,5}|\d{1,2})\b/i.test(e.title);
  const part = entries.find(isPart);
  if (!part || !entries.some((e) => /^item\s+\d/i.test(e.title) && e.level === part.level)) return;
  let inside = false;
  for (const e of entries) {
    if (isPart(e) && e.level === part.level) inside = true;
    else if (inside) e.level += 1;
  }
}

/**
 * Document order: entries are listed in the order of their printed pages almost always, but
 * a 10-Q may list its financial statements (printed at the back) before the discussion
 * (printed first), under group lines without page numbers ("Item 1. Financial Statements").
 * Such page-less groups move to where their first listed page puts them; numbered entries
 * keep their listed order (one that goes backwards is more likely a misread, dropped later).
 */
function orderByPage(entries: TocEntry[], mapped: (number | null)[]): number[] {
  interface Node { i: number; key: number; children: Node[] }
  const root: Node = { i: -1, key: Infinity, children: [] };
  const stack: { level: number; node: Node }[] = [{ level: 0, node: root }];
  entries.forEach((e, i) => {
    while (stack.length > 1 && stack[stack.length - 1].level >= e.level) stack.pop();
    const node: Node = { i, key: mapped[i] ?? Infinity, children: [] };
    stack[stack.length - 1].node.children.push(node);
    stack.push({ level: e.level, node });
  });
  const settle = (n: Node): number => {
    for (const c of n.children) settle(c);
    // A page-less node's place is its first listed descendant's page.
    if (n.key === Infinity) n.key = n.children.find((c) => c.key !== Infinity)?.key ?? Infinity;
    let highest = -Infinity;
    let groupBehind = false;
    for (const c of n.children) {
      if (mapped[c.i] === null && c.key < highest) groupBehind = true;
      if (c.key !== Infinity) highest = Math.max(highest, c.key);
    }
    if (groupBehind) {
      // Page-less siblings without any page sort with the sibling after them.
      let after = Infinity;
      const keyOf = new Map<Node, number>();
      for (let k = n.children.length - 1; k >= 0; k--) {
        const c = n.children[k];
        keyOf.set(c, c.key === Infinity ? after : c.key);
        if (c.key !== Infinity) after = c.key;
      }
      n.children.sort((a, b) => keyOf.get(a)! - keyOf.get(b)! || a.i - b.i);
    }
    return n.key;
  };
  settle(root);
  const order: number[] = [];
  const walk = (n: Node) => {
    if (n.i >= 0) order.push(n.i);
    n.children.forEach(walk);
  };
  walk(root);
  return order;
}

/** Columns of a contents page further apart than this are two columns, not two indents. */
const COLUMN_GAP = 120;

/**
 * A contents page set in two columns (an appliance manual's) indents both columns alike: the
 * right column's entries are moved onto the left column's indents (the shift that lines up
 * most of them, else the one that lines up the columns' left edges), so indentation gives
 * the same levels on both sides. Returns the x to use for a line's x.
 */
function secondColumn(lines: ParsedLine[]): (x: number) => number {
  const xs = lines.filter((l) => l.entry).map((l) => l.line.x).sort((a, b) => a - b);
  let split = -1;
  for (let i = 1; i < xs.length; i++) if (xs[i] - xs[i - 1] >= COLUMN_GAP && (split < 0 || xs[i] - xs[i - 1] > xs[split] - xs[split - 1])) split = i;
  if (split < 3 || xs.length - split < 3) return (x) => x;
  const left = xs.slice(0, split);
  const right = xs.slice(split);
  const boundary = (xs[split - 1] + xs[split]) / 2;
  const shift = bestShift(right, left) || left[0] - right[0];
  return (x) => (x > boundary ? x + shift : x);
}

function bestShift(xs: number[], refXs: number[]): number {
  if (!refXs.length || !xs.length) return 0;
  const score = (s: number) => xs.filter((x) => refXs.some((r) => Math.abs(r - (x + s)) <= 3)).length;
  // A page that merely adds a deeper indent also lines up better when shifted by one indent
  // step; only shift when the page does not line up at all as it is and does when shifted.
  const n = xs.length;
  if (score(0) > n * 0.5) return 0;
  let best = 0;
  let bestScore = 0;
  for (const r of refXs) {
    for (const x of new Set(xs)) {
      const s = r - x;
      const sc = score(s);
      if (sc > bestScore || (sc === bestScore && Math.abs(s) < Math.abs(best))) ((best = s), (bestScore = sc));
    }
  }
  return bestScore >= n * 0.9 ? best : 0;
}


function romanValue(s: string): number {
  const v: Record<string, number> = { i: 1, v: 5, x: 10, l: 50, c: 100, d: 500, m: 1000 };
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const a = v[s[i]];
    const b = v[s[i + 1]] ?? 0;
    n += a < b ? -a : a;
  }
  return n;
}

export interface PrintedTocContext {
  pages: PageText[];
  index: PageIndex;
  labels: string[] | null;
  folios: (string | null)[];
}

export interface PrintedTocResult {
  headings: Heading[];
  /** How many of the `listed` entries were found on their pages. */
  verified: number;
  /** Entries read from the contents; `headings` adds the front sections they do not list. */
  listed: number;
  tocPages: number[];
}

export function printedTocHeadings(ctx: PrintedTocContext): PrintedTocResult | null {
  const { pages, index } = ctx;
  const found = findContentsPages(pages);
  if (!found.pages.length) return null;
  const listed = parseEntries(pages, found.pages, found.parsed);
  if (listed.filter((e) => e.printed).length < 3) return null;
  const afterToc = found.pages[found.pages.length - 1] + 1;

  const mapPrinted = makeMapper(ctx, listed, afterToc);
  const listedPages = listed.map((e) => (e.printed ? mapPrinted(e.printed) : null));
  const order = orderByPage(listed, listedPages);
  const entries = order.map((i) => listed[i]);
  const headings: Heading[] = [];
  // Number-less group headers take the page of the next numbered entry, then are searched
  // for backwards from there (divider pages come just before).
  let nextPage = pages.length - 1;
  const mapped: (number | null)[] = order.map((i) => listedPages[i]);
  for (let i = entries.length - 1; i >= 0; i--) {
    if (mapped[i] === null) mapped[i] = nextPage;
    else nextPage = mapped[i]!;
  }
  for (let i = 0; i < entries.length; i++) {
    const p = mapped[i]!;
    if (p < 0 || p >= pages.length) continue;
    headings.push({ title: entries[i].title, level: entries[i].level, page: p });
  }
  // Front matter the contents list by page labels (an abstract on page iii) comes before the
  // contents pages; the rest comes after them. Neither lands on the contents, which list every title.
  // Only a title found there stays in front: labels can number a title page "1" too.
  const firstToc = found.pages[0];
  const body: Heading[] = [];
  let verified = 0;
  for (const h of headings) {
    const trial = { ...h };
    if (h.page < firstToc && !body.length && locateHeadings(index, [trial], { after: 1, before: 1, maxPage: firstToc - 1 }).verified) {
      Object.assign(h, trial);
      verified++;
    } else body.push(h);
  }
  // The first section may begin on the contents' last page, below its last entry (LaTeX's
  // \tableofcontents without a page break after it).
  const lastToc = found.pages[found.pages.length - 1];
  const lastEntry = (found.parsed.get(lastToc) ?? []).findLastIndex((l) => l.entry !== null);
  const below = lastEntry + 1 < pages[lastToc].lines.length ? { page: lastToc, line: lastEntry + 1 } : undefined;
  verified += locateHeadings(index, body, { after: 3, before: 3, adaptive: true, minPage: below ? lastToc : afterToc, start: below }).verified;
  // Entries that went backwards after repair are more likely misreads than structure.
  const ordered: Heading[] = [];
  for (const h of headings) {
    const prev = ordered[ordered.length - 1];
    if (prev && (h.page < prev.page || (h.page === prev.page && (h.line ?? 0) < (prev.line ?? 0)))) continue;
    ordered.push(h);
  }
  const firstListed = ordered.find((h) => h.page > found.pages[found.pages.length - 1])?.page ?? pages.length;
  return { headings: withFrontSections(ordered, frontSections(pages, found.pages, firstListed), true), verified, listed: ordered.length, tocPages: found.pages };
}

/** Pages after the contents searched for lists of figures and tables. */
const LIST_PAGES = 8;

/**
 * The contents' own title, the front matter before it set in its face, and the lists of
 * figures and tables after it: sections of the document that the contents do not list
 * (hyperref bookmarks them). The contents' title is found anywhere on its first page; a list's
 * anywhere below the contents on their last page when titled in the contents' face, else in
 * the first lines of its page, on the pages after the contents before `until` (the page of
 * the first section the contents list).
 */
export function frontSections(pages: PageText[], tocPages: readonly number[], until: number): Heading[] {
  const out: Heading[] = [];
  const first = tocPages[0];
  // Contents that share their page with the title, authors and abstract (a short manual's
  // first page) are titled below them.
  const contents = pages[first].lines.findIndex((l) => isContentsTitle(l.text));
  const last = tocPages[tocPages.length - 1];
  if (contents >= 0) {
    const title = pages[first].lines[contents];
    out.push(...titledInFaceOf(pages, first, contents, 1));
    out.push({ title: title.text.trim(), level: 1, page: first, line: contents });
    // Lists set on straight after the contents, on its last page ("List of Tables" below the
    // last entry, as an article sets them): titled in the contents' own face.
    const lines = pages[last].lines;
    for (let i = last === first ? contents + 1 : 0; i < lines.length; i++) {
      if (isListTitle(lines[i].text) && inFaceOf(lines[i], title)) out.push({ title: lines[i].text.trim(), level: 1, page: last, line: i });
    }
  }
  const after = last + 1;
  for (let p = after; p < Math.min(until, after + LIST_PAGES, pages.length); p++) {
    const lines = pages[p].lines;
    const at = lines.slice(0, 6).findIndex((l) => isListTitle(l.text));
    if (at < 0) continue;
    out.push({ title: lines[at].text.trim(), level: 1, page: p, line: at });
    // Short lists share a page ("LIST OF TABLES", "LISTINGS", "ACRONYMS" under the list of
    // figures): each title set as the first is, standing as far above its entries.
    for (let i = at + 1; i < lines.length; i++) {
      if (setLike(lines, i, lines, at)) out.push({ title: lines[i].text.trim(), level: 1, page: p, line: i });
    }
  }
  return out;
}

/** Wholly in the face and size of `title`. */
function inFaceOf(l: Line, title: Line): boolean {
  return l.font === title.font && Math.abs(l.size - title.size) < 0.5 && l.oneFont;
}

/**
 * Line `i` of `lines` is set as the title `t` of `tLines` is: in its face, in capitals if it
 * is, a few words long, and as far above the line after it (a title's space below it tells
 * it from text in the same face, where a class sets its titles in the text's own type).
 */
function setLike(lines: Line[], i: number, tLines: Line[], t: number): boolean {
  const [l, title] = [lines[i], tLines[t]];
  if (!inFaceOf(l, title)) return false;
  const text = l.text.trim();
  if (isAllCaps(text) !== isAllCaps(title.text.trim()) || text.split(/\s+/).length > 6 || !/\p{L}/u.test(text)) return false;
  const below = (ls: Line[], k: number) => (k + 1 < ls.length ? ls[k].y - ls[k + 1].y : NaN);
  return below(lines, i) >= 0.8 * below(tLines, t);
}

/** Lines at the head of a page a front-matter title is looked for in. */
const FRONT_TITLE_LINES = 3;

/**
 * Front matter before the contents (an abstract, acknowledgements, a list of symbols) that
 * the contents do not list: a book class sets each of them at the head of its page in the
 * face it sets the contents' own title in, so a line there in that font and size heads a
 * section. Pages from `from` (past the title page) to `until` (the first contents page, its
 * title line `t`); a page in that face more than once (a cover's title and subtitle) is not
 * front matter, unless its lines in that face are also set as the title is (`setLike`).
 */
function titledInFaceOf(pages: PageText[], until: number, t: number, from: number): Heading[] {
  const titleLines = pages[until].lines;
  const sameFace = (l: Line) => inFaceOf(l, titleLines[t]);
  const out: Heading[] = [];
  for (let p = from; p < until; p++) {
    const lines = pages[p].lines;
    if (lines.filter(sameFace).length === 1) {
      const at = lines.slice(0, FRONT_TITLE_LINES).findIndex(sameFace);
      if (at >= 0 && lines.length > at + 1) out.push({ title: lines[at].text.trim(), level: 1, page: p, line: at });
      continue;
    }
    // A class that sets these titles in the text's own type (spaced capitals): the lines set
    // as the contents' title is, the first at the head of the page, each over text of its own
    // (an abstract and its translation share a page; a cover's title over its subtitle does not).
    const heads = lines.flatMap((_, i) => (setLike(lines, i, titleLines, t) ? [i] : []));
    if (heads.length === 0 || heads[0] >= FRONT_TITLE_LINES) continue;
    if (heads.some((i) => i + 1 >= lines.length || heads.includes(i + 1))) continue;
    for (const i of heads) out.push({ title: lines[i].text.trim(), level: 1, page: p, line: i });
  }
  return out;
}

/**
 * `headings` with the `front` sections each put in page order, unless already there. With
 * `levelOfNext` (the contents' own entries), each takes the level of the entry after it, so
 * that it never holds the sections that follow (chapters listed at level 2 below a part's
 * title that was not found); otherwise level 1.
 */
export function withFrontSections(headings: Heading[], front: Heading[], levelOfNext = false): Heading[] {
  const out = [...headings];
  for (const f of front) {
    if (out.some((h) => h.page === f.page && normText(h.title) === normText(f.title))) continue;
    const found = out.findIndex((h) => h.page > f.page || (h.page === f.page && (h.line ?? 0) >= f.line!));
    const at = found < 0 ? out.length : found;
    // Front sections go in page order, so the heading after this one is a listed one.
    const next = levelOfNext ? out[at] : undefined;
    out.splice(at, 0, { ...f, level: next?.level ?? f.level });
  }
  return out;
}

/**
 * printed page string -> 0-based physical page. Labels and folios give exact answers for the
 * pages they cover; otherwise the offset that puts most sampled titles on their pages wins.
 */
function makeMapper(ctx: PrintedTocContext, entries: TocEntry[], afterToc: number): (printed: string) => number {
  const { pages, labels, folios, index } = ctx;
  const labelMap = new Map<string, number>();
  // Labels that merely repeat physical numbers add nothing, but do no harm either.
  // A label given twice (front pages numbered 1, 2, ... and the body again from 1) means the
  // last page after the contents that bears it: the contents list the body.
  if (labels) labels.forEach((l, p) => {
    const k = l.trim().toLowerCase();
    if (k && (!labelMap.has(k) || p >= afterToc - 1)) labelMap.set(k, p);
  });
  const folioMap = new Map<string, number>();
  folios.forEach((f, p) => {
    if (f && p >= afterToc - 1 && !folioMap.has(f)) folioMap.set(f, p);
  });
  const arabicOffset = estimateOffset(index, pages, entries, (e) => /^\d+$/.test(e.printed ?? ""), Number, afterToc);
  const romanOffset = estimateOffset(index, pages, entries, (e) => !!e.printed && !/^\d+$/.test(e.printed), romanValue, afterToc);
  return (printed: string) => {
    const byLabel = labelMap.get(printed);
    if (byLabel !== undefined) return byLabel;
    const byFolio = folioMap.get(printed);
    if (byFolio !== undefined) return byFolio;
    if (/^\d+$/.test(printed)) return Number(printed) - 1 + arabicOffset;
    return romanValue(printed) - 1 + romanOffset;
  };
}

function estimateOffset(
  index: PageIndex,
  pages: PageText[],
  entries: TocEntry[],
  pick: (e: TocEntry) => boolean,
  value: (s: string) => number,
  firstBodyPage: number,
): number {
  const chosen = entries.filter(pick);
  if (!chosen.length) return 0;
  const sample: TocEntry[] = [];
  const step = Math.max(1, Math.floor(chosen.length / 25));
  for (let i = 0; i < chosen.length; i += step) sample.push(chosen[i]);
  const votes = new Map<number, number>();
  const maxOffset = Math.min(pages.length, 120);
  for (const e of sample) {
    const v = value(e.printed!);
    const t = normText(e.title);
    for (let o = -3; o <= maxOffset; o++) {
      const p = v - 1 + o;
      if (p < firstBodyPage || p >= pages.length) continue; // the contents pages list every title
      const m = findOnPage(index, p, t);
      if (m && m.score >= MATCH_THRESHOLD) votes.set(o, (votes.get(o) ?? 0) + 1);
    }
  }
  let best = 0;
  let bestVotes = 0;
  for (const [o, n] of votes) if (n > bestVotes || (n === bestVotes && Math.abs(o) < Math.abs(best))) ((best = o), (bestVotes = n));
  if (bestVotes >= Math.min(2, sample.length)) return best;
  // Nothing matched: assume the first entry starts right after the contents.
  return firstBodyPage - (value(chosen[0].printed!) - 1);
}
