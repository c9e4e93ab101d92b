/**
 * Where a line stands among its neighbours: opening a block, wrapped under the line above, or
 * going on as a sentence into the next.
 */
import type { Line } from "../types.ts";
import { DOTTED_RE, scheme, strongPattern } from "./heading-numbering.ts";
import { FUNCTION_WORD_END_RE, headingShaped, lettersOf } from "./heading-shape.ts";
import type { LayoutStats } from "./layout-stats.ts";
import { styleKey } from "./style-key.ts";

/**
 * A bold lead-in that runs on into its paragraph ("Principal transactions revenue
 * increased, in part due to" / "the absence of ...") is emphasis in a sentence, not a
 * heading: body-sized, no closing punctuation, and the next line continues in lower case
 * at paragraph spacing.
 */
export function continuesAsSentence(l: Line, next: Line | undefined, stats: LayoutStats): boolean {
  if (!next || l.size >= stats.bodySize + 0.8) return false;
  const t = l.text.trim();
  // A short title does not run on into a code listing ("Quick start" over "var convert = ...");
  // a sentence that stops on "with" or "to" may ("Install it with" over "npm install ...").
  if (next.mono && !l.mono && t.split(/\s+/).length <= 4 && !FUNCTION_WORD_END_RE.test(t)) return false;
  if (/[.:!?)]$/.test(t)) return false;
  const gap = l.y - next.y;
  if (gap <= 0 || gap > 1.3 * Math.max(stats.bodyPitch, l.size)) return false;
  if (Math.abs(next.x - l.x) > 2 * l.size) return false; // a new column, or an indented list
  return /^\p{Ll}/u.test(next.text.trim()) || FUNCTION_WORD_END_RE.test(t);
}

/**
 * Line `i` and the next are set alone in a face other than the text's, and the line after
 * them is not: a title wrapped onto a second line ("Prevent spurious spaces when reading
 * table of contents" / "data"), not a sentence that goes on in a paragraph. A dozen words
 * at most: a note set in italics runs longer. The second line goes on below the first as
 * `goesOnBelow` says of a comma-wrapped title (same style, under it, at a wrapped line's leading).
 */
export function twoLinesInOwnFace(lines: Line[], i: number, stats: LayoutStats): boolean {
  const [a, b, c] = [lines[i], lines[i + 1], lines[i + 2]];
  if (!b || !a.oneFont || !b.oneFont || a.font === stats.bodyFont || !goesOnBelow(lines, i, stats.bodyPitch) || b.w >= a.w) return false;
  const words = `${a.text} ${b.text}`.trim().split(/\s+/).length;
  return words <= 12 && (!c || styleKey(c) !== styleKey(a));
}

/** First line of its page or column, or set off from the line above by extra space. */
export function startsBlock(lines: Line[], i: number, bodyPitch: number, bodySize: number): boolean {
  if (i === 0) return true;
  const cur = lines[i];
  // Beside a figure or a column the page does not otherwise show, the line read just before
  // may lie wholly to one side (a caption, a label). A line set larger than body text is
  // then set off when the nearest earlier line over the same horizontal stretch is a clear
  // gap above it, two and a half times the body's line pitch. (Body-sized emphasis is left
  // out: bold row labels of tables sit the same way under the table's column heads; and so are
  // a figure's short labels.)
  const prev = lines[i - 1];
  if (cur.size >= bodySize + 0.8 && !overlapsHorizontally(prev, cur) && lettersOf(cur.text).length >= 4) {
    const above = nearestAbove(lines, i);
    if (above && above.y - cur.y >= 2.5 * Math.max(bodyPitch, cur.size)) return true;
  }
  if (prev.y < cur.y) return true; // moved up: a new column or a new block
  const gap = prev.y - cur.y;
  if (gap >= 1.45 * Math.max(prev.size, Math.min(cur.size, prev.size * 1.3)) && gap >= bodyPitch * 1.12) return true;
  // Double-spaced documents leave no extra space above headings; a change of type after a
  // finished paragraph (or after another heading) marks the block instead.
  const styleChange = prev.font !== cur.font || Math.abs(prev.size - cur.size) >= 0.8;
  // A finished sentence, possibly followed by a footnote mark ("...dealers.17").
  const prevEnds = /[.:;!?)\]”"’][\d*†‡,]{0,4}$/.test(prev.text) || prev.text.length < 50;
  if (gap < 1.05 * Math.min(prev.size, cur.size)) return false;
  // A heading right under another heading ("II. ..." then "A. ...") shares its style.
  const numbered = scheme(cur.text.trim()).kind !== null || strongPattern(cur.text.trim()) !== null;
  const underHeading = !styleChange && prev.oneFont && headingShaped(prev) && numbered;
  return (styleChange && prevEnds) || underHeading;
}

/** The next line is in the same style right under line `i`, as a wrapped title's second line is. */
export function goesOnBelow(lines: Line[], i: number, bodyPitch: number): boolean {
  const [a, b] = [lines[i], lines[i + 1]];
  return !!b && styleKey(a) === styleKey(b) && overlapsHorizontally(a, b) && nextInBlock(a, b, bodyPitch);
}

/** `below` is the next line of the block `above` ends: lower on the page by no more than a
 * wrapped line's leading (1.7 times its size, or the text's line pitch where that is wider). */
export function nextInBlock(above: Line, below: Line, bodyPitch: number): boolean {
  const gap = above.y - below.y;
  return gap > 0 && gap <= Math.max(1.7 * above.size, 1.15 * bodyPitch);
}

/** A title numbered "1" or "2.3" whose number stands apart from it (hung in the margin or tabbed away). */
export function hungNumber(lines: Line[], i: number): boolean {
  const l = lines[i];
  const t = l.text.trim();
  // Not a contents entry without leaders, its page number set apart ("1 Research question   3"),
  // nor a running head opening with the page number ("4    CHAPTER 1. RESEARCH QUESTION"),
  // nor a numbered entry of a list or table that runs on as a sentence ("10.26  Protocol of
  // Cereal Partners Worldwide, dated November 21, 1989, and", an exhibit index's row).
  if (l.cells !== 2 || !l.oneFont || i === 0 || !DOTTED_RE.test(t) || /\s\d{1,4}$/.test(t)) return false;
  return t.split(/\s+/).length <= 13 && !/[,;:]$/.test(t) && !FUNCTION_WORD_END_RE.test(t);
}

export function overlapsHorizontally(a: Line, b: Line): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w;
}

/** How far back to look for the line above in the same stretch (a figure's labels in between). */
const ABOVE_WINDOW = 40;

function nearestAbove(lines: Line[], i: number): Line | undefined {
  const cur = lines[i];
  let best: Line | undefined;
  for (let k = i - 1; k >= Math.max(0, i - ABOVE_WINDOW); k--) {
    const l = lines[k];
    if (l.y > cur.y && overlapsHorizontally(l, cur) && (!best || l.y < best.y)) best = l;
  }
  return best;
}
