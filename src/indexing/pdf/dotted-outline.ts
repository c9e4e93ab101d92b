/**
 * A document whose section numbers are all that marks its headings: "1 Introduction",
 * "1.1 Scope", "2.2.1 Building" set in the text's own font, size and weight, as plain
 * documents typed without heading styles set them. The numbers are read as an
 * outline when they count on one after another (1, 1.1, 1.2, 2, 2.1 ...) through the
 * document, each opening a block with a short title; the number's parts give the level.
 */
import { labelTitle, opensBlock } from "./body-sublevels.ts";
import { isNextNumber, leadingSectionNumber } from "./section-numbers.ts";
import type { Heading, Line, PageText } from "./types.ts";

/** An outline needs this many headings... */
const MIN_HEADINGS = 4;
/** ...at two levels at least: numbers of one part alone are a numbered list's. */
const MIN_LEVELS = 2;

interface Numbered {
  number: number[];
  title: string;
  page: number;
  line: number;
}

/**
 * The outline, or [] when the document does not read as one. `isBodyStyle` says whether a
 * line is set like the text (the headings this finds are those no style marks).
 */
export function dottedOutline(pages: readonly PageText[], bodyPitch: number, skipPages: ReadonlySet<number>, isBodyStyle: (l: Line) => boolean): Heading[] {
  const found: Numbered[] = [];
  let last: number[] | null = null;
  pages.forEach((page, p) => {
    if (skipPages.has(p)) return;
    page.lines.forEach((l, i) => {
      const t = l.text.trim();
      const number = leadingSectionNumber(t);
      if (!number || !isBodyStyle(l) || !opensBlock(page.lines, i, bodyPitch)) return;
      // The outline opens at its first number (1, or 1.1) and each heading is the very next one.
      if (last ? !isNextNumber(last, number) : number.some((n) => n !== 1)) return;
      const rest = t.replace(/^[\d.]+\s+/, "");
      const title = labelTitle(rest);
      // A numbered line of a list runs on as a sentence or has the next item right under it.
      if (!title || title !== rest.replace(/\.$/, "")) return;
      const next = page.lines[i + 1];
      if (next && next.y < l.y && l.y - next.y <= 1.35 * bodyPitch && leadingSectionNumber(next.text.trim())?.length === number.length) return;
      found.push({ number, title: `${number.join(".")} ${title}`, page: p, line: i });
      last = number;
    });
  });
  const depths = new Set(found.map((f) => f.number.length));
  if (found.length < MIN_HEADINGS || depths.size < MIN_LEVELS) return [];
  const top = Math.min(...depths);
  return found.map((f) => ({ title: f.title, level: f.number.length - top + 1, page: f.page, line: f.line }));
}
