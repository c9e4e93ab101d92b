/**
 * Centred lines: a line set in the middle of the text block, inset from both of its edges.
 * Many styles centre their headings in the text's own size and face (titlesec's centred
 * sections, a web page's centred small caps, a thesis's chapter names): centring is then the
 * one thing that sets them apart from the text, and layout/layout-stats.ts counts a centred
 * body-sized line as a style of its own, judged by its lines like any other.
 *
 * The text block is found per side of the sheet (two-sided books shift it between odd and
 * even pages) from the document's long lines: their left edges and right edges, read at a
 * low and a high percentile so indented first lines and a stray overlong line do not move it.
 */
import { CAPTION_RE } from "./caption-labels.ts";
import type { Line, PageText } from "./types.ts";

/** Lines this long (characters) span the block; shorter ones say nothing about its edges. */
const LONG_LINE = 30;
/** A side of the sheet needs this many long lines to have a block of its own. */
const MIN_LONG_LINES = 20;
/** A centred line leaves at least this share of the block's width free on each side. */
const MIN_INSET = 0.08;
/** The text block's top (or bottom) is known when this many pages begin (end) their text there. */
const RUNNING_PAGES = 2;

interface Block {
  left: number;
  right: number;
}

/**
 * Marks (`Line.centred`) the lines within `sizeTolerance` of the text's size whose middle is
 * the text block's middle and that leave room on both sides, telling lines in the text's
 * font or in code from lines in another face. `pitch`: the text's line pitch. Returns how
 * many were marked.
 */
export function markCentredLines(pages: PageText[], text: { size: number; font: string; pitch: number }, sizeTolerance = 0.8): number {
  const blocks = textBlocks(pages);
  const running = runningPlaces(pages, text.pitch);
  let marked = 0;
  pages.forEach((page, p) => {
    const block = blocks[p % 2] ?? blocks[2];
    if (!block) return;
    const width = block.right - block.left;
    if (width <= 0) return;
    const middle = (block.left + block.right) / 2;
    const tolerance = Math.max(3, width * 0.015);
    page.lines.forEach((line, i) => {
      if (Math.abs(line.size - text.size) >= sizeTolerance || CAPTION_RE.test(line.text.trim())) return; // captions are centred too
      const edge = i === 0 ? "top" : i === page.lines.length - 1 ? "bottom" : null;
      if (edge && running(page, edge)) return;
      const inset = line.x - block.left;
      const centred = Math.abs(line.x + line.w / 2 - middle) <= tolerance && inset >= width * MIN_INSET && line.x + line.w <= block.right + tolerance;
      if (centred) {
        line.centred = line.font === text.font || line.mono ? "plain" : "face";
        marked++;
      }
    });
  });
  return marked;
}

/**
 * Running heads and feet that name the section (so the header pass, which drops repeated
 * text, keeps them) are centred at body size too. They stand outside the text block: above
 * the highest place where pages begin their text (their first long line) or below the lowest
 * where they end it, and further than a line's pitch from the next line (a centred heading
 * opening a page is a line's distance off). Tells whether a page's first (top) or last
 * (bottom) line is one.
 */
function runningPlaces(pages: PageText[], pitch: number): (page: PageText, edge: "top" | "bottom") => boolean {
  const tops = new Map<number, number>();
  const bottoms = new Map<number, number>();
  const count = (m: Map<number, number>, line: Line | undefined) => line && m.set(Math.round(line.y), (m.get(Math.round(line.y)) ?? 0) + 1);
  for (const page of pages) {
    const long = page.lines.filter((l) => l.text.trim().length >= LONG_LINE);
    count(tops, long[0]);
    count(bottoms, long[long.length - 1]);
  }
  // The highest (lowest) place where several pages begin (end) their text: pages that open
  // with a heading begin their long lines lower down.
  const top = extreme(tops, Math.max);
  const bottom = extreme(bottoms, Math.min);
  const apart = 1.5 * pitch;
  return (page, edge) => {
    const { lines } = page;
    if (lines.length < 2) return false;
    if (edge === "top") return top !== undefined && lines[0].y > top + 2 && lines[0].y - lines[1].y >= apart;
    const last = lines[lines.length - 1];
    return bottom !== undefined && last.y < bottom - 2 && lines[lines.length - 2].y - last.y >= apart;
  };
}

/** The highest (max) or lowest (min) place shared by a few pages at least. */
function extreme(counts: Map<number, number>, pick: (...values: number[]) => number): number | undefined {
  const shared = [...counts].filter(([, n]) => n >= RUNNING_PAGES).map(([y]) => y);
  return shared.length ? pick(...shared) : undefined;
}

/** The text block of odd pages (index 0: pages 1, 3, ...), of even ones, and of all. */
function textBlocks(pages: PageText[]): [Block | undefined, Block | undefined, Block | undefined] {
  const sides: Line[][] = [[], []];
  pages.forEach((page, p) => {
    for (const line of page.lines) if (line.text.trim().length >= LONG_LINE) sides[p % 2].push(line);
  });
  const all = [...sides[0], ...sides[1]];
  const blockOf = (lines: Line[]) => (lines.length >= MIN_LONG_LINES ? { left: percentile(lines.map((l) => l.x), 0.05), right: percentile(lines.map((l) => l.x + l.w), 0.95) } : undefined);
  return [blockOf(sides[0]), blockOf(sides[1]), blockOf(all)];
}

function percentile(values: number[], q: number): number {
  values.sort((a, b) => a - b);
  return values[Math.min(values.length - 1, Math.floor(q * values.length))];
}
