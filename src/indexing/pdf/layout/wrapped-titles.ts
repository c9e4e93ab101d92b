/**
 * Titles wrapped onto further lines, or across a page break, joined into one.
 */
import type { Line, PageText } from "../types.ts";
import type { Cand } from "./candidate.ts";
import { opensWithLabel, strongPattern } from "./heading-numbering.ts";
import { FUNCTION_WORD_END_RE, headingShaped, isAllCaps } from "./heading-shape.ts";
import { nextInBlock, overlapsHorizontally } from "./line-blocks.ts";
import { styleKey } from "./style-key.ts";

/** A label and its number alone ("Exhibit 31.1", "EXHIBIT 95", "Schedule II"). */
const NUMBERED_LABEL_RE = /^\p{L}+\s+(?:\d+(?:\.\d+)*[a-z]?|[ivxlc]+|[a-z]|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\.?$/iu;

/**
 * A heading wrapped across a page break ("If we are not able to ... consumer demand ...,
 * we" / [page break] "may experience a decline ..."): when the previous page ends inside a
 * heading, the lines of its style that open this page in lower case finish its title.
 * Returns how many lines of page `p` (before line `end`, where the range ends) were taken.
 */
export function finishFromPreviousPage(prev: Cand | undefined, pages: PageText[], p: number, end: number): number {
  if (!prev || p === 0 || prev.page !== p - 1 || /[.:!?]$/.test(prev.title)) return 0;
  if ((prev.lastLine ?? prev.line) !== pages[p - 1].lines.length - 1) return 0;
  const lines = pages[p].lines;
  let taken = 0;
  while (taken < Math.min(3, end, lines.length)) {
    const l = lines[taken];
    const t = l.text.trim();
    if (styleKey(l) !== prev.style || (l.cells ?? 1) > 1 || (taken === 0 && !/^\p{Ll}/u.test(t))) break;
    if (taken > 0 && lines[taken - 1].y - l.y > 1.7 * l.size) break;
    prev.title = `${prev.title} ${t}`;
    taken++;
    if (/[.!?]$/.test(t)) break;
  }
  return taken;
}

/** Join a heading wrapped onto following lines of the same style, and a bare number line
 * ("3", "Chapter 3", not "Chapter Text") with the title under it. */
export function mergeWrapped(cands: Cand[], lines: Line[], bodyPitch: number): void {
  const at = new Map(cands.map((c, k) => [c.line, k]));
  const drop = new Set<number>();
  const paragraphs = new Set<number>();
  for (const a of cands) {
    if (drop.has(a.line) || a.closed) continue;
    let last = lines[a.line];
    for (let j = a.line + 1; j < lines.length && j <= a.line + 3; j++) {
      const lb = lines[j];
      const bt = lb.text.trim();
      const gap = last.y - lb.y;
      const close = nextInBlock(last, lb, bodyPitch);
      // A number or "Part I" set apart above its title may stand further off.
      const nearLabel = j === a.line + 1 && gap > 0 && gap <= 2.6 * Math.max(last.size, lb.size);
      if (!close && !nearLabel) break;
      // "Part I" over its title ("Gnuplot") is one heading; over "Item 1." it is not.
      const bareNumber =
        j === a.line + 1 &&
        (/^(\d+(\.\d+)*|[ivxlc]+|[a-z]|(chapter|appendix|annex)\s+(\d+|[ivxlc]+|[a-z]))\.?$/i.test(a.title) ||
          (a.pattern === "part" && /^part\s+\S+$/i.test(a.title) && lb.size > last.size + 0.5)) &&
        !strongPattern(bt) &&
        !opensWithLabel(bt);
      // A Note's or Item's title wraps too ("Note 5 – Noninterest revenue and noninterest" /
      // "expense"): when the next line goes on in lower case or the title stops on "and".
      const wrapsOn = !a.pattern || ((a.pattern === "note" || a.pattern === "item") && (/^\p{Ll}/u.test(bt) || FUNCTION_WORD_END_RE.test(a.title)));
      // A title that stops on "to" or "of" goes on, even into words that look like a number
      // of their own ("...Pursuant to" / "Section 906 of the Sarbanes-Oxley Act of 2002").
      const unfinished = FUNCTION_WORD_END_RE.test(a.title);
      const nextPattern = strongPattern(bt);
      const sameStyle = close && styleKey(lb) === a.style && wrapsOn && !/[.:]$/.test(a.title) && (!nextPattern || (unfinished && nextPattern === "chapter"));
      // A wrapped title's continuation carries no numbering of its own. It lies under the
      // line it continues: a cell of the same style off to one side is a table's column head
      // ("... Not Adopted as of July 2, 2023" beside "Effect on the"). A numbered label may
      // stand apart over its title ("Exhibit 31.1" in the margin).
      const label = j === a.line + 1 && (a.pattern !== null || NUMBERED_LABEL_RE.test(a.title));
      const under = overlapsHorizontally(last, lb) || label;
      // A title in capitals wraps in capitals: mixed case under it is a sub-heading
      // ("NEW ACCOUNTING STANDARDS" over "Recently Adopted Accounting Standards").
      const caseKept = unfinished || label || !(isAllCaps(a.title) && /\p{Ll}/u.test(bt));
      // A line that goes on with the title's sentence in lower case may be long (a caption).
      const sentenceGoesOn = (lb.cells ?? 1) === 1 && /^\p{Ll}/u.test(bt) && !/[.:!?]$/.test(a.title) && bt.split(/\s+/).length <= 30;
      const continuation =
        sameStyle &&
        under &&
        caseKept &&
        (headingShaped(lb) || sentenceGoesOn) &&
        (!opensWithLabel(bt) || (unfinished && nextPattern === "chapter")) &&
        (unfinished || !standsApart(last, lb, lines));
      // Emphasis too long for a title that holds more than one sentence is a paragraph set
      // in bold ("This course is the 3rd year of the ... w/" / "... Management. Overview
      // for this course ..."): its first line is not a section title. A long caption of one
      // sentence (a risk factor) or a long title in capitals stays a heading.
      if (continuation && !a.pattern && a.title.length + bt.length > 150 && boldParagraph(a.title, lines, j, a.style, bodyPitch)) {
        paragraphs.add(a.line);
        break;
      }
      // Past 150 characters only a title that plainly goes on: it stops on "of" or "to", or
      // the next line continues its sentence in lower case (a long risk-factor caption).
      const goesOn = unfinished || /^\p{Ll}/u.test(bt);
      if (!(bareNumber && headingShaped(lb)) && !(continuation && (a.title.length + bt.length <= 150 || goesOn))) break;
      a.title = /\p{Ll}-$/u.test(a.title) && /^\p{Ll}/u.test(bt) ? a.title.slice(0, -1) + bt : `${a.title} ${bt}`;
      if (bareNumber && a.pattern !== "part") {
        a.size = Math.max(a.size, lb.size);
        a.style = styleKey(lb);
      }
      if (at.has(j)) drop.add(j);
      a.lastLine = j;
      last = lb;
    }
  }
  for (let k = cands.length - 1; k >= 0; k--) if (drop.has(cands[k].line) || paragraphs.has(cands[k].line)) cands.splice(k, 1);
}

/**
 * `below` is a title of its own under `above`, not its continuation (an empty section's
 * heading right over its first sub-section's: "Performance Results" / "Performance
 * Improvements"): set further apart than a title's own lines (about 1.2 times their size)
 * and its first word would have fit at the end of `above`. Room alone does not tell: TeX
 * breaks a paragraph where the whole reads best, not where a line fills.
 */
function standsApart(above: Line, below: Line, lines: Line[]): boolean {
  return above.y - below.y > 1.4 * Math.max(above.size, below.size) && fitsOnLineAbove(above, below, lines);
}

/** The first word of `below` would have fit at the end of `above` in their column, whose
 * right edge is where most lines across it end. */
function fitsOnLineAbove(above: Line, below: Line, lines: Line[]): boolean {
  const text = below.text.trim();
  const word = text.split(/\s+/)[0];
  if (!word || /-$/.test(above.text.trim())) return false;
  const rights: number[] = [];
  for (const l of lines) if (l !== above && l !== below && overlapsHorizontally(l, above)) rights.push(l.x + l.w);
  // Too few lines to tell the column's width by.
  if (rights.length < 5) return false;
  rights.sort((p, q) => p - q);
  const columnRight = rights[Math.floor(rights.length * 0.9)];
  const wordWidth = (below.w * word.length) / Math.max(1, text.length);
  const space = 0.25 * above.size;
  return above.x + above.w + space + wordWidth <= columnRight;
}

/** The block of same-style lines from `j` on, joined after `title`, holds a sentence that
 * ends and another that begins (and is not set in capitals). */
function boldParagraph(title: string, lines: Line[], j: number, style: string, bodyPitch: number): boolean {
  let text = title;
  for (let k = j, last = lines[j - 1]; k < lines.length && k < j + 6; k++) {
    if (styleKey(lines[k]) !== style || !nextInBlock(last, lines[k], bodyPitch)) break;
    text += ` ${lines[k].text.trim()}`;
    last = lines[k];
  }
  const letters = text.replace(/[^\p{L}]/gu, "");
  if (letters.replace(/[^\p{Lu}]/gu, "").length > letters.length * 0.6) return false;
  return /\p{Ll}{2}[.!?]["”’)]?\s+["“‘(]?\p{Lu}/u.test(text);
}
