/**
 * Candidates that are furniture, not headings: contents entries, titles repeated page after
 * page, running heads, a table's units; and two headings side by side split apart.
 */
import { CAPTION_LABEL_RE } from "../caption-labels.ts";
import { CONTENTS_TITLE_RE } from "../contents-title.ts";
import type { Line, PageText } from "../types.ts";
import { type Cand, keepWhere } from "./candidate.ts";
import { scheme } from "./heading-numbering.ts";

/** A table's units, "(in thousands, except per share data)": part of no title, and no title alone. */
const UNITS_NOTE = String.raw`\((?:in|dollars in|amounts in|\$ in)\s[^)]*\)`;

export const UNITS_NOTE_RE = new RegExp(`^${UNITS_NOTE}$`, "i");

const TRAILING_UNITS_NOTE_RE = new RegExp(String.raw`\s*${UNITS_NOTE}$`, "i");

/** A table caption's units are not part of its title. */
export function withoutUnitsNote(t: string): string {
  const cut = t.replace(TRAILING_UNITS_NOTE_RE, "").trim();
  return cut.length >= 3 ? cut : t;
}

/**
 * Two headings side by side on one baseline, in two columns the page does not otherwise
 * show ("Note 15 – Deposits      Note 16 – Leases", "Noninterest expense      Note 6 – ..."):
 * a line of two cells whose second cell opens with a Note or Item number is two lines.
 */
export function splitSideBySide(l: Line): Line[] {
  if ((l.cells ?? 1) < 2) return [l];
  const t = l.text.trim();
  const again = /\s(?=(?:note\s+\d{1,3}|item\s+\d{1,2}[a-z]?)\s*[.:\-–—]\s)/gi.exec(t.slice(1));
  if (!again) return [l];
  const cut = again.index + 1;
  const first = t.slice(0, cut).trim();
  const second = t.slice(cut).trim();
  return [{ ...l, text: first, cells: 1 }, { ...l, text: second, cells: 1 }];
}

/**
 * A running head that names the section: at a page's top, its number and title with the
 * page number set apart ("1.2 Scope      5"), which headers-footers.ts leaves since its words
 * change from page to page.
 */
export function isRunningHead(l: Line): boolean {
  const t = l.text.trim();
  return (l.cells ?? 1) >= 2 && /\s\d{1,4}$/.test(t) && scheme(t).kind !== null;
}

/** A contents list without page numbers looks like headings; its entries come back later
 * in the text, so an entry below a "Contents" title that reappears further on is dropped. */
export function dropContentsEntries(cands: Cand[], pages: PageText[]): void {
  const norm = (t: string) => t.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();
  const contentsAt = new Map<number, number>();
  for (const c of cands) {
    if (contentsAt.has(c.page)) continue;
    const i = pages[c.page].lines.findIndex((l) => CONTENTS_TITLE_RE.test(l.text.trim()));
    contentsAt.set(c.page, i);
  }
  const later = new Map<string, number>();
  cands.forEach((c, i) => later.set(norm(c.title), i));
  for (let i = cands.length - 1; i >= 0; i--) {
    const c = cands[i];
    const at = contentsAt.get(c.page) ?? -1;
    if (at < 0 || c.line < at) continue;
    // The contents title stays: the contents are a section of the document, as a printed
    // contents makes them (printed-toc.ts).
    if ((later.get(norm(c.title)) ?? i) > i && !CONTENTS_TITLE_RE.test(c.title)) cands.splice(i, 1);
  }
}

/** Titles repeated on many pages ("Continued", "(in millions)") are furniture. */
export function dropRepeats(cands: Cand[]): void {
  const count = new Map<string, number>();
  const key = (c: Cand) => c.title.toLowerCase().replace(/\d+/g, "#");
  for (const c of cands) count.set(key(c), (count.get(key(c)) ?? 0) + 1);
  // A sub-heading each section repeats ("Parameters", "Returns" under every function) has a
  // heading of its own between each two of its occurrences; furniture follows itself. A
  // numbered heading is a heading of its own even where, its numbers set aside, it repeats
  // ("1.1.3 OTP 24" between "Functions Deprecated in OTP 25" and "... in OTP 24"). (An index's
  // letters are no sections: its running head "Index" stays furniture.)
  const apart = new Map<string, boolean>();
  const lastAt = new Map<string, number>();
  cands.forEach((c, i) => {
    const k = key(c);
    if ((count.get(k) ?? 0) < 4) return;
    const prev = lastAt.get(k);
    const ownHeadingBetween = prev === undefined || cands.slice(prev + 1, i).some((o) => (count.get(key(o)) === 1 || o.depth > 0) && !o.indexLetter);
    apart.set(k, (apart.get(k) ?? true) && ownHeadingBetween);
    lastAt.set(k, i);
  });
  // Furniture comes once to a page; titles numbered apart on one page ("SHA256" and
  // "SHA384", "Step 1" and "Step 2", heading a reference's or a guide's sections) are a
  // series of headings. A figure's or a table's label is a caption's.
  const seen = new Map<string, string>();
  const series = new Set<string>();
  for (const c of cands) {
    if (!/\d/.test(c.title) || CAPTION_LABEL_RE.test(c.title)) continue;
    const k = `${c.page}|${key(c)}`;
    const numbers = c.title.match(/\d+/g)!.join(" ");
    if (seen.has(k) && seen.get(k) !== numbers) series.add(key(c));
    seen.set(k, numbers);
  }
  keepWhere(cands, (c) => !!c.pattern || c.depth > 0 || (count.get(key(c)) ?? 0) < 4 || apart.get(key(c)) === true || series.has(key(c)));
}
