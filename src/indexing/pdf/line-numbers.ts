/**
 * Line numbers in the margin, as a manuscript set for review prints them (LaTeX's lineno,
 * Word's line numbering): a small number beside every line of text. Read as text they are lines
 * of their own ("12") between the lines of a paragraph, and where one shares its baseline with a
 * heading they open the heading's line ("19 1. Introduction"), so the heading is not seen as
 * one. They are removed from the pages before anything reads them.
 *
 * A page has them when at least MIN_NUMBERS numbers there (lines of their own, or the opening
 * run of a line in a smaller face) share one small face and one left edge and count up from the
 * top of the page; those lines go, and the lines that open with such a number lose it.
 */
import type { Line, PageText } from "./types.ts";

const NUMBER_RE = /^\d{1,5}$/;
const MIN_NUMBERS = 8;
/** How far (points) the numbers' left edges may stray from their column. */
const EDGE_TOLERANCE = 4;
/** Share of neighbouring numbers (top to bottom) that must count up. */
const MIN_RISING = 0.85;

/** Removes margin line numbers from every page that has them (in place); returns how many pages had them. */
export function stripLineNumbers(pages: PageText[]): number {
  let stripped = 0;
  for (const page of pages) if (stripPage(page)) stripped++;
  return stripped;
}

/** A number in the margin: a line of its own, or the opening run of a line it shares a baseline with. */
interface Mark {
  value: number;
  font: string;
  size: number;
  x: number;
  y: number;
}

function marksOf(lines: Line[]): Mark[] {
  const marks: Mark[] = [];
  for (const l of lines) {
    const t = l.text.trim();
    if (NUMBER_RE.test(t)) marks.push({ value: Number(t), font: l.font, size: l.size, x: l.x, y: l.y });
    else if (l.lead && NUMBER_RE.test(l.lead.text.trim()) && l.lead.size < l.size - 0.5) marks.push({ value: Number(l.lead.text.trim()), font: l.lead.font, size: l.lead.size, x: l.x, y: l.y });
  }
  return marks;
}

function stripPage(page: PageText): boolean {
  const marks = marksOf(page.lines);
  if (marks.length < MIN_NUMBERS) return false;
  const column = numberColumn(marks, page.lines);
  if (!column) return false;
  const inColumn = (l: Line) => l.font === column.font && Math.abs(l.size - column.size) < 0.3 && Math.abs(l.x - column.x) <= EDGE_TOLERANCE;
  page.lines = page.lines.filter((l) => !(NUMBER_RE.test(l.text.trim()) && inColumn(l))).map((l) => withoutLeadingNumber(l, column));
  return true;
}

interface Column {
  font: string;
  size: number;
  x: number;
}

/** The face and left edge most margin numbers share, when they count up the page and sit in a smaller face than the text beside them. */
function numberColumn(marks: Mark[], lines: Line[]): Column | undefined {
  const groups = new Map<string, Mark[]>();
  for (const m of marks) {
    const key = `${m.font}|${m.size.toFixed(1)}|${Math.round(m.x / EDGE_TOLERANCE)}`;
    groups.set(key, [...(groups.get(key) ?? []), m]);
  }
  const [best] = [...groups.values()].sort((a, b) => b.length - a.length);
  if (!best || best.length < MIN_NUMBERS) return undefined;
  const top = [...best].sort((a, b) => b.y - a.y).map((m) => m.value);
  let rising = 0;
  for (let i = 1; i < top.length; i++) if (top[i] > top[i - 1]) rising++;
  if (rising < (top.length - 1) * MIN_RISING) return undefined;
  const { font, size, x } = best[0];
  // Set smaller than most of the page's text (a numbered list is set in the text's size).
  const others = lines.filter((l) => !NUMBER_RE.test(l.text.trim())).map((l) => l.size).sort((a, b) => a - b);
  const median = others[Math.floor(others.length / 2)] ?? size;
  if (size >= median - 0.5) return undefined;
  return { font, size, x };
}

/** A line opened by a line number in the column's face ("19 1. Introduction") without it. */
function withoutLeadingNumber(l: Line, column: Column): Line {
  const lead = l.lead;
  if (!lead || !NUMBER_RE.test(lead.text.trim()) || lead.font !== column.font || Math.abs(lead.size - column.size) >= 0.3) return l;
  const text = l.text.trimStart();
  if (!text.startsWith(lead.text.trim())) return l;
  const otherFonts = (l.otherFonts ?? []).filter((f) => f !== column.font);
  const out: Line = { ...l, text: text.slice(lead.text.trim().length).trimStart(), oneFont: otherFonts.length === 0, otherFonts };
  delete out.lead;
  if (!otherFonts.length) delete out.otherFonts;
  // The number stood apart from the text: one cell fewer.
  if ((l.cells ?? 1) > 2) out.cells = l.cells! - 1;
  else delete out.cells;
  return out;
}
