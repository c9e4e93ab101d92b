/**
 * The letter headings of a back-of-book index ("A", "B", ... each alone on its line, in a face
 * of its own, heading the entries that begin with it). They are headings of the index in its
 * outline, but a single letter is too short to be judged by how heading lines look, so they are
 * recognised by what only an index has: many lone capitals in one face whose letters run in
 * alphabetical order through consecutive pages. A figure's panel labels (A, B, C on one page)
 * are too few and stay on one page.
 *
 * An index is set in two or three columns; where the columns were read together (a line of
 * one column beside a line of another on one baseline), only the letters standing alone are
 * found, and the order is read column by column (left to right, top to bottom within each).
 */
import type { Line, PageText, Pos } from "./types.ts";

export interface IndexLetter {
  page: number;
  line: number;
  title: string;
  /** The letters' style (size and font), shared by the whole run. */
  style: string;
  size: number;
}

/** "Symbols" or "Numbers" heads the entries before "A" in many indexes. */
const BEFORE_A_RE = /^(?:symbols|numbers|numerals)$/i;
const LETTER_RE = /^[A-Z]$/;

/** A line that is one capital letter: an index's letter head ("B", "C"). */
export function isLetterHead(text: string): boolean {
  return LETTER_RE.test(text.trim());
}
/** Fewest letters in a run; and fewest when the run stays on one page (panel labels do). */
const MIN_LETTERS = 5;
const MIN_LETTERS_ONE_PAGE = 9;
/** Share of neighbouring letters (in column order) that must rise alphabetically. */
const MIN_RISING = 0.8;

interface Lone {
  page: number;
  line: number;
  title: string;
  style: string;
  size: number;
  /** The column's left edge, to read a page column by column. */
  x: number;
  y: number;
}

const styleOf = (l: Line) => `${Math.round(l.size * 2) / 2}|${l.font}`;

/**
 * The index letters between `from` and `to` (exclusive positions), in page order and, within a
 * page, in the page's line order. `bodyFont`/`bodySize`: a letter in the body face at body size
 * is a word of the text ("I"), never a letter heading.
 */
export function indexLetters(pages: PageText[], range: { from: Pos; to: Pos; skipPages?: ReadonlySet<number> }, body: { font: string; size: number }): IndexLetter[] {
  const lone: Lone[] = [];
  for (let p = range.from.page; p < Math.min(pages.length, range.to.page + 1); p++) {
    if (range.skipPages?.has(p)) continue;
    pages[p].lines.forEach((l, i) => {
      // Most lines are text: longer than any line of letters, and not opened by a run of their own.
      if (l.mono || (!l.lead && l.text.length > 16)) return;
      if (p === range.from.page && i <= range.from.line) return;
      if (p === range.to.page && i >= range.to.line) return;
      const inBody = (font: string, size: number) => font === body.font && Math.abs(size - body.size) < 0.8;
      const add = (title: string, style: string, size: number, x: number) => lone.push({ page: p, line: i, title, style, size, x, y: l.y });
      const t = l.text.trim();
      if (l.oneFont && !inBody(l.font, l.size)) {
        // The letter alone, or the letters of two or three columns on one baseline ("A  E"),
        // the first at the line's left edge and the last at its right.
        if (LETTER_RE.test(t) || BEFORE_A_RE.test(t)) add(t, styleOf(l), l.size, l.x);
        else if ((l.cells ?? 1) >= 2 && /^[A-Z](?:\s+[A-Z]){1,2}$/.test(t)) {
          const letters = t.split(/\s+/);
          letters.forEach((letter, k) => add(letter, styleOf(l), l.size, l.x + (l.w * k) / (letters.length - 1)));
        }
        return;
      }
      // A letter read together with an entry of the next column ("F  \jobname . . . 29"): the
      // line opens with the letter in its own face.
      const lead = l.lead?.text.trim();
      if (lead && LETTER_RE.test(lead) && !inBody(l.lead!.font, l.lead!.size)) add(lead, `${Math.round(l.lead!.size * 2) / 2}|${l.lead!.font}`, l.lead!.size, l.x);
    });
  }
  const out: IndexLetter[] = [];
  for (const style of new Set(lone.map((c) => c.style))) {
    for (const run of runsOf(lone.filter((c) => c.style === style))) out.push(...run.map(({ page, line, title, size }) => ({ page, line, title, style, size })));
  }
  return out.sort((a, b) => a.page - b.page || a.line - b.line);
}

/** Splits one style's lone letters into runs over consecutive pages and keeps the runs that read as an index. */
function runsOf(letters: Lone[]): Lone[][] {
  const runs: Lone[][] = [];
  let run: Lone[] = [];
  for (const c of letters) {
    if (run.length && c.page - run[run.length - 1].page > 1) {
      runs.push(run);
      run = [];
    }
    run.push(c);
  }
  if (run.length) runs.push(run);
  // "Symbols" heads an index only before its first letter.
  return runs.map(inColumnOrder).map((r) => r.filter((c, i) => i === 0 || LETTER_RE.test(c.title))).filter(readsAsIndex);
}

/** A page's letters column by column: by left edge (to a few points), then from the top down. */
function inColumnOrder(run: Lone[]): Lone[] {
  const column = (c: Lone) => Math.round(c.x / 24);
  return [...run].sort((a, b) => a.page - b.page || column(a) - column(b) || b.y - a.y);
}

function readsAsIndex(run: Lone[]): boolean {
  const letters = run.filter((c) => LETTER_RE.test(c.title));
  const pages = new Set(run.map((c) => c.page)).size;
  if (letters.length < (pages > 1 ? MIN_LETTERS : MIN_LETTERS_ONE_PAGE)) return false;
  // Each letter once: a list labelled A, B, A, B is not an index.
  if (new Set(letters.map((c) => c.title)).size !== letters.length) return false;
  let rising = 0;
  for (let i = 1; i < letters.length; i++) if (letters[i].title > letters[i - 1].title) rising++;
  return rising >= (letters.length - 1) * MIN_RISING;
}
