/**
 * The gold outline of a generated PDF: levels and titles from the source headings, pages from
 * the PDF's bookmarks, checked against the text of the pages (pdftotext).
 *
 * Bookmarks are paired with headings in order, by title: a typesetter adds bookmarks of its
 * own (the HTML title, a "Contents" chapter) and writes titles its own way (numbers in front,
 * markup dropped), so a bookmark pairs with the next heading whose core title (numbering,
 * case and punctuation ignored) is nearly the same. A heading no bookmark pairs with is looked
 * for on the pages between its neighbours' pages. A paired page whose text lacks the title
 * while the next page shows it (an anchor left at the foot of the page before a heading that
 * moved to the next one) is moved to the next page. A heading whose title is on no page it
 * could be on fails the document: its gold would be a guess.
 */
import { coreTitle, normText, ratio } from "../../../src/indexing/pdf/fuzzy.ts";
import type { GoldEntry } from "../../bench/tree-quality.ts";
import type { SourceHeading } from "./markdown.ts";

/** How many bookmarks may be skipped looking for a heading's pair. */
const LOOKAHEAD = 4;
const SAME_TITLE = 0.85;
/** Characters of a title looked for on a page (a long title may wrap or be cut by a run-in stop). */
const FIND_CHARS = 40;

/**
 * Letters and digits only, ASCII only: text laid out on a page loses spaces inside small caps
 * and at line ends, and pdftotext writes accented letters its own way ("naïve" may come out as
 * a dotless i and a combining mark), so accented letters are dropped on both sides.
 */
const ascii = (s: string) => s.normalize("NFKC").replace(/[^\x00-\x7f]/g, "");
const squash = (s: string) => normText(ascii(s)).replace(/ /g, "");

export function sameTitle(a: string, b: string): boolean {
  const x = coreTitle(a);
  const y = coreTitle(b);
  return x === y || ratio(x, y) >= SAME_TITLE || (x.length >= 12 && (y.startsWith(x) || x.startsWith(y)));
}

/**
 * Whether a page's text shows a title (`pageText` already squashed): the title's letters in a
 * row, or else each of its words somewhere on the page (pdftotext may give the runs of a
 * heading that mixes small capitals and digits out of order).
 */
export function pageShows(pageText: string, title: string): boolean {
  const core = coreTitle(ascii(title));
  const c = core.replace(/ /g, "").slice(0, FIND_CHARS);
  const full = squash(title).slice(0, FIND_CHARS);
  if ((c.length > 0 && pageText.includes(c)) || (full.length > 0 && pageText.includes(full))) return true;
  const words = core.split(" ").filter((w) => w.length >= 2);
  return words.length > 0 && words.every((w) => pageText.includes(w));
}

export interface PairResult {
  entries: GoldEntry[];
  /** Headings paired with a bookmark. */
  fromBookmarks: number;
  /** Headings found by their text on a page (no bookmark paired). */
  located: number;
  /** Paired pages moved to the next page, where the title is. */
  moved: number;
  /** Headings placed nowhere: when non-zero, the document has no trustworthy gold. */
  missing: string[];
}

/**
 * Gold entries for `headings` from `bookmarks` (document order, qpdf pages) and the text of
 * each page (`pages[i]` = page i + 1, raw pdftotext output).
 */
export function pairHeadings(headings: SourceHeading[], bookmarks: GoldEntry[], pages: string[]): PairResult {
  const text = pages.map(squash);
  const shows = (p: number, title: string) => p >= 1 && p <= text.length && pageShows(text[p - 1], title);
  const paired: (number | null)[] = [];
  let next = 0;
  let fromBookmarks = 0;
  for (const h of headings) {
    let found = -1;
    for (let k = next; k < Math.min(bookmarks.length, next + LOOKAHEAD + 1); k++) {
      if (sameTitle(h.title, bookmarks[k].title)) {
        found = k;
        break;
      }
    }
    if (found >= 0) {
      paired.push(bookmarks[found].page);
      next = found + 1;
      fromBookmarks++;
    } else paired.push(null);
  }

  let moved = 0;
  let located = 0;
  const missing: string[] = [];
  const pagesOut: number[] = [];
  for (let i = 0; i < headings.length; i++) {
    const title = headings[i].title;
    let page = paired[i];
    if (page !== null) {
      if (!shows(page, title) && shows(page + 1, title)) {
        page++;
        moved++;
      }
    } else {
      // Between the previous heading's page and the next paired heading's page.
      const from = pagesOut[i - 1] ?? 1;
      const nextPaired = paired.slice(i + 1).find((p) => p !== null);
      const to = nextPaired ?? text.length;
      for (let p = from; p <= to && page === null; p++) if (shows(p, title)) page = p;
      if (page !== null) located++;
    }
    if (page === null || !shows(page, title)) missing.push(title);
    pagesOut.push(page ?? pagesOut[i - 1] ?? 1);
  }
  const entries = headings.map((h, i) => ({ level: h.level, title: h.title, page: pagesOut[i] }));
  return { entries, fromBookmarks, located, moved, missing };
}
