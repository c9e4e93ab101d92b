/**
 * pdfjs text items -> visual lines in reading order.
 *
 * Items are grouped into rows by baseline, rows are cut into fragments at wide horizontal
 * gaps, and a page whose fragments leave an empty vertical corridor near the middle is read
 * as two columns (left column, then right) between full-width blocks such as titles.
 * Everything here is O(n log n) in the number of items of one page.
 */
import { collapseWhitespace } from "../whitespace.ts";
import { composeAccents } from "./accents.ts";
import { argmax } from "./argmax.ts";
import type { Line } from "./types.ts";

/** The subset of pdfjs' TextItem we use (kept structural so tests can feed plain objects). */
export interface RawItem {
  str: string;
  transform: number[];
  width: number;
  fontName: string;
}

interface Item {
  str: string;
  x: number;
  y: number;
  right: number;
  size: number;
  font: string;
}

interface Fragment {
  items: Item[];
  x: number;
  right: number;
  y: number;
  size: number;
}

/** Carried from page to page: the last column gutter seen, so a two-column page crowded with
 * figures or tables (too few prose rows to prove its own gutter) is still read by column. */
export interface ColumnMemory {
  gutter: Gutter | null;
  /** Set for each page read: the gutter the page proved itself (its lines owe nothing to
   * the gutter carried in), or null. */
  proven?: Gutter | null;
  /** Asked for when the gutter carried in may not be the one reading in order gives
   * (page-split.ts): then set to the page's text rows (packRows), to ask later whether
   * another gutter would have held on it (`holdsOn`) without reading the page again. */
  keepRows?: boolean;
  rows?: Float64Array;
}

export function itemsToLines(
  raw: readonly RawItem[],
  pageWidth: number,
  monoFonts: ReadonlySet<string>,
  memory: ColumnMemory = { gutter: null },
): Line[] {
  const byAngle = new Map<number, Item[]>();
  for (const r of raw) {
    if (!r.str || !r.transform) continue;
    if (r.str.trim() === "") continue; // whitespace items carry no geometry we trust
    const [a, b, c, d, e, f] = r.transform;
    const size = Math.hypot(c, d) || Math.hypot(a, b);
    if (!(size > 0.5)) continue; // invisible or degenerate text (e.g. hidden OCR layers at size 0)
    // Text rotated in quarter turns (tables set sideways, spine labels) is read in its own
    // frame; other angles are rare enough to be treated as the nearest quarter turn.
    const angle = (Math.round(Math.atan2(b, a) / (Math.PI / 2)) + 4) % 4;
    const [x, y] = toFrame(angle, e, f);
    const item: Item = { str: r.str, x, y, right: x + Math.abs(r.width), size, font: r.fontName };
    let list = byAngle.get(angle);
    if (!list) byAngle.set(angle, (list = []));
    list.push(item);
  }
  const angles = [...byAngle.keys()].sort((p, q) => byAngle.get(q)!.length - byAngle.get(p)!.length);
  const out: Line[] = [];
  for (const angle of angles) {
    const width = angle % 2 === 0 ? pageWidth : Infinity;
    for (const line of orderLines(byAngle.get(angle)!, width, monoFonts, angle === 0 ? memory : { gutter: null })) out.push(line);
  }
  return out;
}

function toFrame(angle: number, x: number, y: number): [number, number] {
  switch (angle) {
    case 1: return [y, -x]; // text running upwards
    case 2: return [-x, -y];
    case 3: return [-y, x]; // text running downwards
    default: return [x, y];
  }
}

function orderLines(items: Item[], pageWidth: number, monoFonts: ReadonlySet<string>, memory: ColumnMemory): Line[] {
  const rows = groupRows(items);
  // Columns are a property of the text; tiny lettering in charts runs across them.
  const textRows = rows.filter((r) => r.some((it) => it.size >= 0.75 * dominantSize(items)));
  const found = findColumns(textRows, pageWidth);
  let gutters = found?.gutters ?? [];
  memory.proven = found?.main ?? null;
  if (memory.keepRows) memory.rows = packRows(textRows);
  if (found) memory.gutter = found.main;
  else if (memory.gutter && stillFree(textRows, memory.gutter)) gutters = [memory.gutter];
  if (gutters.length === 0) {
    const band = columnsBelow(textRows, pageWidth);
    if (band) {
      const above = rows.filter((r) => r[0].y > band.top);
      return [...readRows(above, [], monoFonts), ...readRows(rows.filter((r) => r[0].y <= band.top), band.gutters, monoFonts)];
    }
  }
  return readRows(rows, gutters, monoFonts);
}

/** Rows read into lines, column by column between the gutters. */
function readRows(rows: Item[][], gutters: readonly Gutter[], monoFonts: ReadonlySet<string>): Line[] {
  const frags: Fragment[] = [];
  for (const row of rows) for (const f of splitRow(row, gutters)) frags.push(f);
  const lines: Line[] = [];
  if (gutters.length === 0) {
    for (const row of groupFragmentsByRow(frags)) lines.push(makeLine(row, monoFonts));
    return lines;
  }
  // Columns: walk top to bottom; a fragment crossing a gutter closes the current band.
  let columns: Fragment[][] = gutters.map(() => []).concat([[]]);
  const flush = () => {
    for (const column of columns) for (const row of groupFragmentsByRow(column)) lines.push(makeLine(row, monoFonts));
    columns = columns.map(() => []);
  };
  for (const f of frags) {
    const k = columnOf(f, gutters);
    if (k >= 0) columns[k].push(f);
    else {
      flush();
      lines.push(makeLine([f], monoFonts));
    }
  }
  flush();
  return lines;
}

/**
 * Columns that start below the page's top, after a wide space (an index or a bibliography in
 * columns after the text above it in one): the baseline above which the page is one column,
 * and the gutters of the rows below, or null. Looked for only where the whole page shows none.
 */
function columnsBelow(rows: Item[][], pageWidth: number): { top: number; gutters: Gutter[] } | null {
  if (rows.length < 12) return null;
  const gaps: number[] = [];
  for (let i = 1; i < rows.length; i++) gaps.push(rows[i - 1][0].y - rows[i][0].y);
  const pitch = [...gaps].sort((a, b) => a - b)[gaps.length >> 1];
  if (!(pitch > 0)) return null;
  let best = -1;
  for (let i = 1; i < rows.length - 8; i++) if (gaps[i - 1] >= 2.2 * pitch && (best < 0 || gaps[i - 1] > gaps[best - 1])) best = i;
  if (best < 0) return null;
  const found = findColumns(rows.slice(best), pageWidth);
  return found ? { top: rows[best - 1][0].y - 0.1, gutters: found.gutters } : null;
}

/**
 * The column a fragment lies in (0 = leftmost), or -1 when it crosses a gutter. A fragment
 * belongs to a column when it stays clear of the next column's text: a long line may run into
 * the gutter (its edges are estimated from most rows) and is still its column's text as long
 * as it ends before the next column begins.
 */
function columnOf(f: Fragment, gutters: readonly Gutter[]): number {
  let k = 0;
  for (const g of gutters) {
    const left = leftOfGutter(f, g) || (f.x < g.from && f.right < g.to - 1);
    const right = rightOfGutter(f, g) || (f.right > g.to && f.x > g.from + 1);
    if (right && !left) k++;
    else if (!left) return -1;
  }
  return k;
}

/**
 * The gutters of a page in two or three columns, left to right, and the one found across the
 * whole page (kept for the next page). A back-of-book index in three columns shows one gutter
 * across the page; the side holding two columns shows the other.
 */
function findColumns(rows: Item[][], pageWidth: number): { main: Gutter; gutters: Gutter[] } | null {
  const gutter = findGutter(rows, pageWidth);
  if (!gutter) return null;
  const sideOf = (keep: (it: Item) => boolean) => {
    const sideRows = rows.map((r) => r.filter(keep)).filter((r) => r.length > 0);
    let x0 = Infinity;
    let x1 = -Infinity;
    for (const r of sideRows) for (const it of r) ((x0 = Math.min(x0, it.x)), (x1 = Math.max(x1, it.right)));
    return { rows: sideRows, x0, x1, width: Math.max(0, x1 - x0) };
  };
  const left = sideOf((it) => leftOfGutter(it, gutter));
  const right = sideOf((it) => rightOfGutter(it, gutter));
  // Only a side about twice as wide as the other may hold two columns, each about as wide as
  // the other side's one: columns of a page share their width.
  const split = (wide: typeof left, narrow: typeof left): Gutter | null => {
    if (wide.width < narrow.width * 1.6) return null;
    const g = findGutter(wide.rows, wide.width);
    if (!g) return null;
    const a = g.from - wide.x0;
    const b = wide.x1 - g.to;
    const like = (w: number) => Math.abs(w - narrow.width) <= narrow.width * 0.3;
    return like(a) && like(b) ? g : null;
  };
  const extra = split(left, right) ?? split(right, left);
  const gutters = extra ? [extra, gutter].sort((p, q) => p.from - q.from) : [gutter];
  return { main: gutter, gutters };
}

const dominantCache = new WeakMap<Item[], number>();
function dominantSize(items: Item[]): number {
  let v = dominantCache.get(items);
  if (v === undefined) {
    const by = new Map<number, number>();
    for (const it of items) by.set(Math.round(it.size), (by.get(Math.round(it.size)) ?? 0) + it.str.length);
    v = argmax(by) ?? 0;
    dominantCache.set(items, v);
  }
  return v;
}

/** Rows of items sharing a baseline, top to bottom; items inside a row left to right. */
function groupRows(items: Item[]): Item[][] {
  const sorted = items.slice().sort((p, q) => q.y - p.y || p.x - q.x);
  const rows: { y: number; size: number; items: Item[] }[] = [];
  for (const it of sorted) {
    // Only the last few rows can match because items arrive in baseline order; a small
    // look-back lets superscripts and subscripts join the line they belong to.
    let target: (typeof rows)[number] | undefined;
    for (let k = rows.length - 1; k >= 0 && k >= rows.length - 3; k--) {
      const r = rows[k];
      // Super- and subscripts are smaller and shifted by up to half the base size.
      const small = it.size < r.size * 0.85 || r.size < it.size * 0.85;
      const tol = small ? 0.5 * Math.max(r.size, it.size) : 0.45 * Math.min(r.size, it.size);
      if (Math.abs(r.y - it.y) <= tol) {
        target = r;
        break;
      }
    }
    if (target) {
      if (isOverprint(target.items, it)) continue;
      target.items.push(it);
      if (it.size > target.size) {
        target.size = it.size;
        target.y = it.y;
      }
    } else rows.push({ y: it.y, size: it.size, items: [it] });
  }
  for (const r of rows) r.items.sort((p, q) => p.x - q.x);
  return rows.map((r) => r.items);
}

/** Overprinted text (fake bold, shadows) repeats the same string at the same spot. */
function isOverprint(rowItems: Item[], it: Item): boolean {
  for (let k = rowItems.length - 1; k >= 0 && k >= rowItems.length - 4; k--) {
    const o = rowItems[k];
    if (o.str === it.str && Math.abs(o.x - it.x) < 1 && Math.abs(o.y - it.y) < 1) return true;
  }
  return false;
}

/** Cut a row at horizontal gaps much wider than a word space, and at the column gutter. */
function splitRow(row: Item[], gutters: readonly Gutter[]): Fragment[] {
  const out: Fragment[] = [];
  let cur: Item[] = [];
  let right = -Infinity;
  for (const it of row) {
    const wide = it.x - right > 1.5 * Math.max(it.size, cur.length ? cur[cur.length - 1].size : 0);
    const acrossGutter = gutters.some((g) => leftOfGutter({ right }, g) && rightOfGutter(it, g));
    if (cur.length > 0 && (wide || acrossGutter)) {
      out.push(fragment(cur));
      cur = [];
      right = -Infinity;
    }
    cur.push(it);
    right = Math.max(right, it.right);
  }
  if (cur.length) out.push(fragment(cur));
  return out;
}

function fragment(items: Item[]): Fragment {
  let x = Infinity;
  let right = -Infinity;
  let size = 0;
  let y = items[0].y;
  for (const it of items) {
    x = Math.min(x, it.x);
    right = Math.max(right, it.right);
    if (it.size > size) {
      size = it.size;
      y = it.y;
    }
  }
  return { items, x, right, y, size };
}

export interface Gutter {
  from: number;
  to: number;
}

/**
 * How far a column's text may reach into its gutter: a point for glyph edges, and up to a
 * third of the gutter for what margin kerning hangs out (hyphens and punctuation of justified
 * lines) and item widths that round up. A narrow gutter measured on one page (10 pt, LaTeX's
 * default) is otherwise "crossed" by every full line of the next.
 */
function gutterSlack(g: Gutter): number {
  return Math.min(3, Math.max(1, (g.to - g.from) * 0.3));
}

/** Wholly left of the gutter, but for the slack of glyph edges. */
function leftOfGutter(it: { right: number }, g: Gutter): boolean {
  return it.right <= g.from + gutterSlack(g);
}

/** Wholly right of the gutter. */
function rightOfGutter(it: { x: number }, g: Gutter): boolean {
  return it.x >= g.to - gutterSlack(g);
}

/**
 * A column gutter is an x-interval in the middle of the text area that many rows leave empty
 * while holding text on both sides of it. Rows that cross it (titles, captions, wide figures)
 * are fine: they become full-width blocks between two-column bands. Items, not merged
 * fragments, are measured, since gutters can be narrower than a wide word gap. Tables also
 * leave empty corridors, so the supporting rows must mostly hold wide text on both sides.
 */
function findGutter(rows: Item[][], pageWidth: number): Gutter | null {
  if (rows.length < 8 || !Number.isFinite(pageWidth)) return null;
  let minX = Infinity;
  let maxX = -Infinity;
  for (const row of rows) {
    for (const it of row) {
      minX = Math.min(minX, it.x);
      maxX = Math.max(maxX, it.right);
    }
  }
  const span = maxX - minX;
  if (span < pageWidth * 0.4) return null;
  const lo = minX + span * 0.3;
  const hi = minX + span * 0.7;
  const cells = Math.max(1, Math.ceil(hi - lo));
  const support = new Int32Array(cells);
  const covered = new Uint8Array(cells);
  for (const row of rows) {
    covered.fill(0);
    let r0 = Infinity;
    let r1 = -Infinity;
    for (const it of row) {
      r0 = Math.min(r0, it.x);
      r1 = Math.max(r1, it.right);
      if (it.right <= lo || it.x >= hi) continue;
      const a = Math.max(0, Math.floor(it.x - lo));
      const b = Math.min(cells - 1, Math.ceil(it.right - lo) - 1);
      for (let i = a; i <= b; i++) covered[i] = 1;
    }
    // A row supports a cell it leaves empty while having text on both sides of it.
    const a = Math.max(0, Math.ceil(r0 - lo));
    const b = Math.min(cells - 1, Math.floor(r1 - lo) - 1);
    for (let i = a; i <= b; i++) if (!covered[i]) support[i]++;
  }
  let gutter = bestCorridor(support, lo);
  // A two-column contents page: the corridor between the left column's leaders and its page
  // numbers is emptier than the gutter beyond those numbers. It is no gutter: the gutter runs
  // from the numbers' right edge to where the next column starts in their rows. (Not the next
  // best corridor: the numbers, flush right, start at different x, and the next column's own
  // corridor between its chapter numbers and titles is as empty.)
  const numbers = gutter ? pageNumbersRightOf(rows, gutter) : null;
  if (gutter && numbers) {
    // No text follows the numbers in their rows: they end the only column (a contents page in one).
    if (!Number.isFinite(numbers.next)) return null;
    if (numbers.next - numbers.end >= 2) gutter = { from: numbers.end, to: numbers.next };
    else {
      support.fill(0, Math.max(0, Math.floor(gutter.from - lo)), Math.min(cells, Math.ceil(gutter.to - lo)));
      gutter = bestCorridor(support, lo);
    }
  }
  if (!gutter) return null;
  // The supporting rows must read as prose on both sides, not as table cells.
  let rowsBoth = 0;
  let wideBoth = 0;
  let leftWide = 0;
  let rightWide = 0;
  for (const row of rows) {
    let l0 = Infinity;
    let l1 = -Infinity;
    let q0 = Infinity;
    let q1 = -Infinity;
    let crosses = false;
    let leftLetters = 0;
    let rightLetters = 0;
    for (const it of row) {
      if (leftOfGutter(it, gutter)) ((l0 = Math.min(l0, it.x)), (l1 = Math.max(l1, it.right)), (leftLetters += letterCount(it.str)));
      else if (rightOfGutter(it, gutter)) ((q0 = Math.min(q0, it.x)), (q1 = Math.max(q1, it.right)), (rightLetters += letterCount(it.str)));
      else crosses = true;
    }
    if (crosses || !(l1 > l0) || !(q1 > q0)) continue;
    rowsBoth++;
    // Dot leaders and a page number are no column of text: a contents page's leaders, set on
    // one grid in every row, leave corridors between their dots.
    const leftIsWide = l1 - l0 > span * 0.25 && leftLetters >= 1;
    const rightIsWide = q1 - q0 > span * 0.25 && rightLetters >= 1;
    if (leftIsWide && rightIsWide) wideBoth++;
    if (leftIsWide) leftWide++;
    if (rightIsWide) rightWide++;
  }
  if (rowsBoth < 6) return null;
  const prose = wideBoth >= Math.max(4, rowsBoth * 0.4);
  // Two columns of technical prose (bullets, code, headings, short last lines) seldom have
  // both sides wide in the same row, though each column is mostly wide on its own. A narrow
  // gutter at the centre of the text, with each side wide in many rows, is two columns, not
  // the corridor of a table (whose cells are short on at least one side).
  const centre = (gutter.from + gutter.to) / 2;
  // The page's centre, or the text's (two-sided books shift the text area; code or a URL
  // running into the margin shifts the text's extent).
  const nearCentre = (c: number) => Math.abs(centre - c) <= span * 0.03;
  const centred = (nearCentre(pageWidth / 2) || nearCentre((minX + maxX) / 2)) && gutter.to - gutter.from <= span * 0.06;
  const columns = centred && rowsBoth >= 12 && leftWide >= rowsBoth * 0.35 && rightWide >= rowsBoth * 0.35;
  // The rows' texts are read only when neither holds (most pages are settled by then).
  if (!prose && !columns && !indexColumns(rows, gutter, rowsBoth)) return null;
  return gutter;
}

/**
 * The columns of a back-of-book index: entries closed by their page references on both
 * sides of the corridor in most of the `rowsBoth` rows read across it ("\\setup . . . 261",
 * "tables, 12, 45–47", a wrapped "751, 756,"), the references listed after a comma or leaders
 * in half of them at least. A table's figures are amounts ("1,234", "(56)", "12.5%"), and not
 * listed so.
 */
function indexColumns(rows: Item[][], gutter: Gutter, rowsBoth: number): boolean {
  let entriesBoth = 0;
  let listedRows = 0;
  for (const row of rows) {
    let left = "";
    let right = "";
    let [l0, l1, q0, q1] = [Infinity, -Infinity, Infinity, -Infinity];
    let crosses = false;
    for (const it of row) {
      if (leftOfGutter(it, gutter)) ((l0 = Math.min(l0, it.x)), (l1 = Math.max(l1, it.right)), (left += ` ${it.str}`));
      else if (rightOfGutter(it, gutter)) ((q0 = Math.min(q0, it.x)), (q1 = Math.max(q1, it.right)), (right += ` ${it.str}`));
      else crosses = true;
    }
    // The rows findGutter counted: text on both sides, none across.
    if (crosses || !(l1 > l0) || !(q1 > q0)) continue;
    if (PAGE_REFERENCE_END_RE.test(left.trim()) && PAGE_REFERENCE_END_RE.test(right.trim())) entriesBoth++;
    if (REFERENCE_LIST_RE.test(left) || REFERENCE_LIST_RE.test(right)) listedRows++;
  }
  return entriesBoth >= rowsBoth * INDEX_ENTRY_SHARE && listedRows >= rowsBoth * 0.5;
}

/** Share of the rows read across a corridor whose two sides end in page references for it to
 * be an index's gutter. */
const INDEX_ENTRY_SHARE = 0.6;

/** Page references closing an index entry: a page number or range (maybe a comma after it)
 * after a comma, after leaders, or alone on a wrapped line; not a figure after a table's label
 * ("Staff 12"), a decimal ("12.5") or an amount ("1,234"). */
const PAGE_REFERENCE_END_RE = /(?:^|,\s+|\.\s+|\.\.)\d{1,4}(?:[–-]\d{1,4})?,?$/u;

/** Page references listed as an index lists them: after a comma and a space, or after leaders. */
const REFERENCE_LIST_RE = /,\s\d{1,4}(?:[–-]\d{1,4})?(?:,|\s|$)|(?:\.\s?){3,}\d{1,4}\b/u;

/** The widest run of cells supported nearly as well as the best one, or null. */
function bestCorridor(support: Int32Array, lo: number): Gutter | null {
  let peak = 0;
  for (let i = 0; i < support.length; i++) peak = Math.max(peak, support[i]);
  if (peak < 6) return null;
  let best: Gutter | null = null;
  let start = -1;
  for (let i = 0; i <= support.length; i++) {
    const ok = i < support.length && support[i] >= peak * 0.85;
    if (ok && start < 0) start = i;
    if (!ok && start >= 0) {
      if (!best || i - start > best.to - best.from) best = { from: start, to: i };
      start = -1;
    }
  }
  if (!best || best.to - best.from < 2) return null;
  return { from: lo + best.from, to: lo + best.to };
}

/**
 * In most rows with text on both sides of `g`, what starts right of it is a bare page number
 * with nothing or a gap of half an em after it: the numbers end a column, they start none.
 * ("3" of "3.1 Title", set as items "3" and "1" a thin space apart, runs on.) Rows with text
 * right of `g` only say nothing: the next column's entries keep their own pitch, so most of
 * its rows share no baseline with the column before. Returns where the numbers set against
 * `g` end and where the next column starts in their rows, or null.
 */
function pageNumbersRightOf(rows: Item[][], g: Gutter): { end: number; next: number } | null {
  let rightOf = 0;
  let numbers = 0;
  let end = g.to;
  let nextColumn = Infinity;
  for (const row of rows) {
    let first: Item | null = null;
    let left = false;
    for (const it of row) {
      if (!it.str.trim()) continue;
      if (leftOfGutter(it, g)) left = true;
      else if (rightOfGutter(it, g) && (!first || it.x < first.x)) first = it;
    }
    if (!first || !left) continue;
    rightOf++;
    if (!/^\d{1,4}$/.test(first.str.trim())) continue;
    let next = Infinity;
    for (const it of row) if (it.x > first.right - 0.5 && it !== first && it.str.trim()) next = Math.min(next, it.x);
    if (next - first.right < first.size * 0.5) continue;
    numbers++;
    // The column of numbers set against the corridor; not a full-width row's number far right.
    if (first.x - g.to <= first.size * 2) {
      end = Math.max(end, first.right);
      nextColumn = Math.min(nextColumn, next);
    }
  }
  return rightOf >= 6 && numbers >= rightOf * 0.5 ? { end, next: nextColumn } : null;
}

/**
 * Letters, and the symbols code names are made of: an index of macros opens with "\%" and
 * "\{". Not figures, punctuation, currency or percent signs: a table's cells are no prose.
 */
function letterCount(s: string): number {
  return s.match(/[\p{L}\\@#&*+=<>/_^~|{}[\]]/gu)?.length ?? 0;
}

/** Text rows as the item extents stillFree reads: per row its item count, then each item's x and right. */
function packRows(rows: readonly Item[][]): Float64Array {
  let n = 0;
  for (const row of rows) n += 1 + 2 * row.length;
  const out = new Float64Array(n);
  let k = 0;
  for (const row of rows) {
    out[k++] = row.length;
    for (const it of row) ((out[k++] = it.x), (out[k++] = it.right));
  }
  return out;
}

/** Whether gutter `g` would have held (stillFree) on the page whose text rows are `packed`. */
export function holdsOn(packed: Float64Array, g: Gutter): boolean {
  const rows: { x: number; right: number }[][] = [];
  for (let k = 0; k < packed.length; ) {
    const row: { x: number; right: number }[] = [];
    for (let n = packed[k++]; n > 0; n--, k += 2) row.push({ x: packed[k], right: packed[k + 1] });
    rows.push(row);
  }
  return stillFree(rows, g);
}

/** The previous pages' gutter holds here too: almost nothing crosses it and text lies on
 * both sides of it in several rows. */
function stillFree(rows: readonly (readonly { x: number; right: number }[])[], g: Gutter): boolean {
  let crossing = 0;
  let both = 0;
  for (const row of rows) {
    let l = false;
    let r = false;
    for (const it of row) {
      if (leftOfGutter(it, g)) l = true;
      else if (rightOfGutter(it, g)) r = true;
      else crossing++;
    }
    if (l && r) both++;
  }
  return crossing <= Math.max(1, rows.length * 0.08) && both >= 3;
}

/** Fragments of one column -> rows (joined left to right), top to bottom. */
function groupFragmentsByRow(frags: Fragment[]): Fragment[][] {
  const sorted = frags.slice().sort((p, q) => q.y - p.y || p.x - q.x);
  const rows: Fragment[][] = [];
  let cur: Fragment[] = [];
  let y = NaN;
  let size = 0;
  for (const f of sorted) {
    if (cur.length && Math.abs(f.y - y) <= 0.45 * Math.min(size, f.size)) {
      cur.push(f);
      continue;
    }
    if (cur.length) rows.push(cur);
    cur = [f];
    y = f.y;
    size = f.size;
  }
  if (cur.length) rows.push(cur);
  for (const r of rows) r.sort((p, q) => p.x - q.x);
  return rows;
}

function makeLine(frags: Fragment[], monoFonts: ReadonlySet<string>): Line {
  // Runs for every line of every page (octave.pdf: 58,000 lines), hence the plain loops and
  // the small tallies instead of Maps and string searches.
  let text = "";
  let endsInSpace = false;
  let prev: Item | null = null;
  const bySize = new Tally<number>();
  const byFont = new Tally<string>();
  const byLetterFont = new Tally<string>();
  let x = Infinity;
  let right = -Infinity;
  let y = frags[0].y;
  let ySize = 0;
  const pieces = countPieces(frags);
  const tracking = trackingOf(frags, pieces);
  const wordGap = WORD_GAP + (tracking ?? 0);
  const joinSpaced = tracking !== undefined || spacedWords(pieces);
  for (const f of frags) {
    x = Math.min(x, f.x);
    right = Math.max(right, f.right);
    if (f.size > ySize) {
      ySize = f.size;
      y = f.y;
    }
    for (const it of f.items) {
      const str = joinSpaced && isSpacedPiece(it.str) ? joinSpacedPiece(it.str) : it.str;
      if (!str) continue;
      if (prev && text && !endsInSpace && str.charCodeAt(0) !== 32) {
        const gap = it.x - prev.right;
        if (gap > wordGap * Math.min(it.size, prev.size) && !(gap < 0.3 * prev.size && smallCapsJoin(prev, it))) text += " ";
      }
      text += str;
      endsInSpace = str.charCodeAt(str.length - 1) === 32;
      prev = it;
      // Dot leaders and punctuation often come in another font or size than the words;
      // only letters and digits vote for the line's style.
      const n = countAlnum(str) || 0.001;
      bySize.add(Math.round(it.size * 10) / 10, n);
      byFont.add(it.font, n);
      // Which fonts carry words (a section number in the text's font beside a title in
      // small capitals does not make the title a sentence with emphasis).
      const letters = countLetters(str);
      if (letters) byLetterFont.add(it.font, letters);
    }
  }
  const prose = byFont.countAtLeast(1) > 1 ? proseStyle(frags, monoFonts) : undefined;
  const font = prose?.font ?? byFont.argmax() ?? "";
  const lead = leadRun(frags, monoFonts);
  const line: Line = {
    text: composeAccents(collapseWhitespace(text)),
    x,
    y,
    w: right - x,
    size: prose?.size ?? bySize.argmax() ?? ySize,
    font,
    oneFont: byFont.countAtLeast(1) <= 1,
    mono: monoFonts.has(font),
  };
  if (frags.length > 1) line.cells = frags.length;
  if (lead) line.lead = lead;
  if (!line.oneFont) line.otherFonts = byLetterFont.keysAtLeast(1).filter((f) => f !== font);
  const capitals = smallCapsSize(line.text, bySize);
  if (capitals) {
    line.size = capitals;
    line.smallCaps = true;
  } else {
    const perFont = smallCapsByFont(line.text, frags, monoFonts);
    if (perFont) {
      Object.assign(line, perFont, { mono: monoFonts.has(perFont.font), smallCaps: true });
      line.otherFonts = byLetterFont.keysAtLeast(1).filter((f) => f !== perFont.font);
    }
  }
  return line;
}

/** A gap wider than this share of the type size between two items is a word space. */
const WORD_GAP = 0.12;

/** One or two letters: a glyph of letter-spaced text, or a kerned pair of it ("AV"). */
const LETTER_PIECE_RE = /^\p{L}{1,2}$/u;
/** Letters and marks a space apart in one item ("F A Q ?"): pdfjs spells tracking out in an item. */
const SPACED_PIECE_RE = /^\S(?: \S)+$/u;
/** A spelled-out piece longer than this may hold several words; it is left spaced. */
const MAX_JOINED_PIECE = 8;

/** A line's pieces of letter-spaced text, counted once for trackingOf and spacedWords. */
interface Pieces {
  /** Letter pieces and spelled-out pieces (isLetterPiece), and their letters and figures. */
  letters: number;
  letterChars: number;
  /** Spelled-out pieces of two letters or more, and their letters and figures. */
  spelled: number;
  spelledChars: number;
  /** All letters and figures of the line; 0 when it has too few pieces for either reading. */
  chars: number;
}

/** Counts a line's pieces; its letters and figures only when it holds enough pieces to matter
 * (most lines hold none, and this runs for every line). */
function countPieces(frags: readonly Fragment[]): Pieces {
  const p: Pieces = { letters: 0, letterChars: 0, spelled: 0, spelledChars: 0, chars: 0 };
  for (const f of frags) {
    for (const it of f.items) {
      if (!isLetterPiece(it.str)) continue;
      const n = countAlnum(it.str);
      p.letters++;
      p.letterChars += n;
      if (isSpacedPiece(it.str) && countLetters(it.str) >= 2) ((p.spelled += 1), (p.spelledChars += n));
    }
  }
  if (p.letters >= 5 || p.spelled >= 2) for (const f of frags) for (const it of f.items) p.chars += countAlnum(it.str);
  return p;
}

/**
 * The tracking of a letter-spaced line, as a share of the type size, or undefined. A browser
 * or layout program that spaces a heading's letters ("I N S T A L L A T I O N" in CSS
 * letter-spacing, a title tracked by a tenth of an em) sets every glyph apart by the same
 * gap, less where a kerned pair ("AT", "AV") closes it, and a wider gap between words. Every
 * letter gap is then wider than a word space of untracked text, and the line reads as one
 * letter per word. A line is tracked when five or more of its pieces are such letters,
 * holding four fifths of its letters and figures, and the median gap between neighbouring
 * letters is wider than a word space yet no wider than 0.6 em (columns of a table lie further
 * apart); word spaces are then gaps wider than the tracking plus a word space.
 */
function trackingOf(frags: readonly Fragment[], pieces: Pieces): number | undefined {
  // A formula's single-letter variables among a sentence's words ("the variables x y z and
  // w v u") are no tracking: nearly all of a tracked line's letters are pieces.
  if (pieces.letters < 5 || pieces.letterChars < pieces.chars * 0.8) return undefined;
  const gaps: number[] = [];
  let prev: Item | null = null;
  for (const f of frags) {
    for (const it of f.items) {
      if (!it.str.trim()) continue;
      const letters = isLetterPiece(it.str);
      if (prev && letters) gaps.push((it.x - prev.right) / Math.min(it.size, prev.size));
      prev = letters ? it : null;
    }
  }
  if (gaps.length < 4) return undefined;
  gaps.sort((a, b) => a - b);
  const median = gaps[gaps.length >> 1];
  return median > WORD_GAP && median <= 0.6 ? median : undefined;
}

/**
 * Whether a line is tracked words that pdfjs spelled out one item per word ("W H Y", then
 * "T R A C K E D" a word space on): its letter gaps became spaces inside the items, its word
 * gaps the gaps between them. Two or more such items, each of two letters or more, holding
 * most of the line's letters and figures. One such item alone says nothing of where its
 * words end (joinLetterSpacing reads it by the document's words).
 */
function spacedWords(pieces: Pieces): boolean {
  return pieces.spelled >= 2 && pieces.spelledChars >= pieces.chars * 0.75;
}

/**
 * A spaced piece's letters joined when they look like one word: at most MAX_JOINED_PIECE
 * characters, no capital after a small letter. pdfjs also spells out several tracked words in
 * one item, their word gaps as single spaces too ("H I G H C O U R T", "t h e r e a l
 * n u m b e r s"); a longer piece is left spaced, for joinLetterSpacing to read by
 * the document's words, alone now that its neighbours are words.
 */
function joinSpacedPiece(s: string): string {
  const joined = s.replace(/ /g, "");
  return joined.length <= MAX_JOINED_PIECE && !/\p{Ll}\p{Lu}/u.test(joined) ? joined : s;
}

/** A letter piece (LETTER_PIECE_RE) or a spelled-out one (isSpacedPiece). */
function isLetterPiece(s: string): boolean {
  return s.length <= 2 ? LETTER_PIECE_RE.test(s) : isSpacedPiece(s);
}

/** SPACED_PIECE_RE, its second character looked at first: this runs for every item of every line. */
function isSpacedPiece(s: string): boolean {
  return s.length >= 3 && s.charCodeAt(1) === 32 && SPACED_PIECE_RE.test(s);
}

/**
 * The style of a line's words when it mixes code with words in another face and the code
 * is set smaller than the words: "No require.resolve", "Class: v8.Serializer", "6.2
 * CompileContext" from a word processor that sets code at 10 pt whatever the heading's size,
 * or a browser at 0.85 of it. Headings name code so often that the code can outweigh the
 * words, and the line would take the code's face and size, neither its heading style nor the
 * text's. The words decide when they hold two letters or more or are a section number ("6.2",
 * "3."); a listing's line numbers ("12") in a text face do not. Code at the words' size (a
 * typeset manual's `\texttt` in a heading scales with it) is the heading's own face: left.
 * Code set larger than the words (a Courier scaled up to match a Times' x-height: "4.2. The
 * \setupcontentsdisplay command", 11.5 pt code in 10.6 pt bold words) is not the heading's
 * face either: the words decide when they hold two letters (a bare number beside larger
 * code is no evidence) and the fixed-pitch face is no Chinese, Japanese or Korean one.
 */
function proseStyle(frags: Fragment[], monoFonts: ReadonlySet<string>): { font: string; size: number } | undefined {
  const bySize = new Tally<number>();
  const byFont = new Tally<string>();
  const codeSizes = new Tally<number>();
  let words = "";
  // Chinese and Japanese faces are fixed-pitch too; text in them is no code.
  let ideographs = false;
  for (const f of frags) {
    for (const it of f.items) {
      const n = countAlnum(it.str);
      if (!n) continue;
      const size = Math.round(it.size * 10) / 10;
      if (monoFonts.has(it.font)) {
        codeSizes.add(size, n);
        if (CJK_RE.test(it.str)) ideographs = true;
        continue;
      }
      words += it.str;
      bySize.add(size, n);
      byFont.add(it.font, n);
    }
  }
  const font = byFont.argmax();
  const size = bySize.argmax();
  const codeSize = codeSizes.argmax();
  if (font === undefined || size === undefined || codeSize === undefined || Math.abs(codeSize - size) < 0.8) return undefined;
  const letters = words.match(/\p{L}/gu)?.length ?? 0;
  if (codeSize > size) return letters >= 2 && !ideographs ? { font, size } : undefined;
  return letters >= 2 || isSectionLabel(words.trim()) ? { font, size } : undefined;
}

const CJK_RE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** "6.", "6.2" or "6.2.": a section number with at least one dot (not a listing's "12"). */
function isSectionLabel(t: string): boolean {
  return SECTION_NUMBER_RE.test(t) || /^\d+\.$/.test(t);
}

/** A word's first capital followed by the rest of it in smaller capitals ("I" + "NTRODUCTION"). */
function smallCapsJoin(prev: Item, it: Item): boolean {
  const ratio = it.size / prev.size;
  return ratio >= SMALL_CAPS_MIN && ratio <= SMALL_CAPS_MAX && /\p{Lu}$/u.test(prev.str) && /^\p{Lu}/u.test(it.str) && !/\p{Ll}/u.test(prev.str + it.str);
}

/** Small capitals are 0.7-0.85 of the capitals' size in the usual fonts and templates. */
const SMALL_CAPS_MIN = 0.6;
const SMALL_CAPS_MAX = 0.9;

/**
 * The capitals' size when the line is set in small capitals of two sizes: no lowercase
 * letter, letters and digits in exactly two sizes, the smaller 0.6-0.9 of the larger and
 * holding at least as many of them (the word initials are the few large ones).
 */
function smallCapsSize(text: string, bySize: Tally<number>): number | undefined {
  if (/\p{Ll}/u.test(text) || !/\p{Lu}.*\p{Lu}.*\p{Lu}/u.test(text)) return undefined;
  const sizes = bySize.entries().filter(([, n]) => n >= 1);
  if (sizes.length !== 2) return undefined;
  const [[a, na], [b, nb]] = sizes;
  const [large, small, nLarge, nSmall] = a > b ? [a, b, na, nb] : [b, a, nb, na];
  const ratio = small / large;
  return ratio >= SMALL_CAPS_MIN && ratio <= SMALL_CAPS_MAX && nSmall >= nLarge ? large : undefined;
}

/**
 * Small capitals of two sizes in each of several faces: a browser or word processor makes
 * small capitals by scaling capitals, and a heading that names code ("Event: 'close'") sets
 * its code in another face at its own size, small capitals and all (12 and 8.4 pt words, 10.2
 * and 7.1 pt code), so the line shows four sizes and `smallCapsSize` sees none. Each face is
 * judged alone: one size, or two as `smallCapsSize` wants them (at least one face so). The
 * line takes the capitals' size and face of its words, or of its code when it has no words
 * outside code (as `proseStyle` lets words decide). Undefined when it is no such line.
 */
function smallCapsByFont(text: string, frags: Fragment[], monoFonts: ReadonlySet<string>): { size: number; font: string } | undefined {
  if (/\p{Ll}/u.test(text) || !/\p{Lu}.*\p{Lu}.*\p{Lu}/u.test(text)) return undefined;
  const sizesOf = new Map<string, Tally<number>>();
  for (const f of frags) {
    for (const it of f.items) {
      const n = countAlnum(it.str);
      if (!n) continue;
      let t = sizesOf.get(it.font);
      if (!t) sizesOf.set(it.font, (t = new Tally<number>()));
      t.add(Math.round(it.size * 10) / 10, n);
    }
  }
  if (sizesOf.size < 2) return undefined;
  let scaled = false;
  let words: { font: string; size: number; n: number } | undefined;
  let code: { font: string; size: number; n: number } | undefined;
  for (const [font, t] of sizesOf) {
    const entries = t.entries();
    const n = entries.reduce((sum, [, k]) => sum + k, 0);
    let size: number;
    if (entries.length === 1) size = entries[0][0];
    else {
      const large = smallCapsSize(text, t);
      if (large === undefined) return undefined;
      size = large;
      scaled = true;
    }
    const mono = monoFonts.has(font);
    const best = mono ? code : words;
    if (!best || n > best.n) {
      if (mono) code = { font, size, n };
      else words = { font, size, n };
    }
  }
  const chosen = words ?? code;
  return scaled && chosen ? { size: chosen.size, font: chosen.font } : undefined;
}

/** Sums per key in first-seen order; a line has one to a few keys, so a linear scan is cheapest. */
class Tally<K> {
  private readonly keys: K[] = [];
  private readonly sums: number[] = [];

  add(key: K, n: number): void {
    const i = this.keys.indexOf(key);
    if (i >= 0) this.sums[i] += n;
    else {
      this.keys.push(key);
      this.sums.push(n);
    }
  }

  /** The key with the largest sum; the first seen among equals (as `argmax` over a Map). */
  argmax(): K | undefined {
    let best: K | undefined;
    let n = -1;
    for (let i = 0; i < this.keys.length; i++) if (this.sums[i] > n) ((best = this.keys[i]), (n = this.sums[i]));
    return best;
  }

  entries(): [K, number][] {
    return this.keys.map((k, i) => [k, this.sums[i]]);
  }

  keysAtLeast(min: number): K[] {
    return this.keys.filter((_, i) => this.sums[i] >= min);
  }

  countAtLeast(min: number): number {
    let c = 0;
    for (const v of this.sums) if (v >= min) c++;
    return c;
  }
}

/** "9.14." or "3.1": a section number alone. */
const SECTION_NUMBER_RE = /^\d+(?:\.\d+)+\.?$/;

/** The opening items of a line in one font, when the rest of the line is in another. */
function leadRun(frags: Fragment[], monoFonts: ReadonlySet<string>): Line["lead"] {
  // Most lines are set in one font and have no lead: find that out without building lists.
  let firstFont: string | undefined;
  let mixed = false;
  scan: for (const f of frags) {
    for (const it of f.items) {
      if (it.str.trim() === "") continue;
      if (firstFont === undefined) firstFont = it.font;
      else if (it.font !== firstFont) {
        mixed = true;
        break scan;
      }
    }
  }
  if (!mixed) return undefined;
  const items = frags.flatMap((f) => f.items).filter((it) => it.str.trim() !== "");
  if (items.length < 2) return undefined;
  let first = items[0];
  let k = 1;
  while (k < items.length && items[k].font === first.font) k++;
  if (k === items.length) return undefined;
  // A section number in the text's own font before a title in another ("9.14." then bold
  // "Continued fractions." then the text, as the AMS classes set run-in subsections): the
  // lead is number and title, in the title's font.
  let from = 0;
  if (SECTION_NUMBER_RE.test(collapseWhitespace(items.slice(0, k).map((it) => it.str).join("")))) {
    let k2 = k;
    while (k2 < items.length && items[k2].font === items[k].font) k2++;
    if (k2 < items.length && items.slice(k2).some((it) => it.font === first.font)) {
      from = k;
      first = items[k];
      k = k2;
    }
  }
  // The rest must be mostly one other font (body text), not a mix of styles.
  const restChars = new Map<string, number>();
  for (const it of items.slice(k)) restChars.set(it.font, (restChars.get(it.font) ?? 0) + countAlnum(it.str));
  const restFont = argmax(restChars);
  if (restFont === first.font || (from > 0 && restFont !== items[0].font)) return undefined;
  // A title naming code in a code face runs on through it and back into its own face
  // ("Event: 'close'." in bold, bold code, bold): the lead ends where its face last stops.
  if (!monoFonts.has(first.font) && monoFonts.has(items[k].font) && items[k].font !== restFont) {
    let j = k;
    while (j < items.length && (monoFonts.has(items[j].font) || items[j].font === first.font) && items[j].font !== restFont) j++;
    if (j < items.length && items[j - 1].font === first.font) k = j;
  }
  let text = "";
  let prev: Item | null = null;
  for (const it of items.slice(0, k)) {
    if (prev && !text.endsWith(" ") && !it.str.startsWith(" ") && it.x - prev.right > 0.12 * Math.min(it.size, prev.size)) text += " ";
    text += it.str;
    prev = it;
  }
  // Composed as the line's text is, so the lead stays the line's opening words.
  text = composeAccents(collapseWhitespace(text));
  if (!text) return undefined;
  // The space between the lead and what follows: a word space, or the em that LaTeX's
  // \paragraph (and run-in heads like it) sets after a title it closes with nothing else.
  const gap = items[k].x - items[k - 1].right;
  return gap > 0 ? { text, font: first.font, size: first.size, gap: Math.round(gap * 100) / 100 } : { text, font: first.font, size: first.size };
}

/** ASCII letters and anything beyond ASCII (accented and non-Latin letters). */
function countLetters(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c > 127) n++;
  }
  return n;
}

function countAlnum(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c > 127) n++;
  }
  return n;
}

