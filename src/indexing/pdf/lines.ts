/**
 * pdfjs text items -> visual lines in reading order.
 *
 * Items are grouped into rows by baseline, rows are cut into fragments at wide horizontal
 * gaps, and a page whose fragments leave an empty vertical corridor near the middle is read
 * as two columns (left column, then right) between full-width blocks such as titles.
 * Everything here is O(n log n) in the number of items of one page.
 */
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

export function itemsToLines(raw: readonly RawItem[], pageWidth: number, monoFonts: ReadonlySet<string>): Line[] {
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
    for (const line of orderLines(byAngle.get(angle)!, width, monoFonts)) out.push(line);
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

function orderLines(items: Item[], pageWidth: number, monoFonts: ReadonlySet<string>): Line[] {
  const rows = groupRows(items);
  const frags: Fragment[] = [];
  for (const row of rows) for (const f of splitRow(row)) frags.push(f);
  const gutter = findGutter(frags, pageWidth);
  const lines: Line[] = [];
  if (gutter === null) {
    for (const row of groupFragmentsByRow(frags)) lines.push(makeLine(row, monoFonts));
    return lines;
  }
  // Two columns: walk top to bottom; a fragment crossing the gutter closes the current band.
  let left: Fragment[] = [];
  let right: Fragment[] = [];
  const flush = () => {
    for (const row of groupFragmentsByRow(left)) lines.push(makeLine(row, monoFonts));
    for (const row of groupFragmentsByRow(right)) lines.push(makeLine(row, monoFonts));
    left = [];
    right = [];
  };
  for (const f of frags) {
    if (f.right <= gutter.from) left.push(f);
    else if (f.x >= gutter.to) right.push(f);
    else {
      flush();
      lines.push(makeLine([f], monoFonts));
    }
  }
  flush();
  return lines;
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
      const tol = 0.45 * Math.min(r.size, it.size);
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

/** Cut a row at horizontal gaps much wider than a word space. */
function splitRow(row: Item[]): Fragment[] {
  const out: Fragment[] = [];
  let cur: Item[] = [];
  let right = -Infinity;
  for (const it of row) {
    if (cur.length > 0 && it.x - right > 1.5 * Math.max(it.size, cur[cur.length - 1].size)) {
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

/**
 * A column gutter is an x-interval in the middle of the text area that no fragment crosses
 * except a few full-width ones, with enough prose-like fragments on both sides. Tables also
 * leave empty corridors, so both sides must hold wide fragments, not narrow cells.
 */
function findGutter(frags: Fragment[], pageWidth: number): { from: number; to: number } | null {
  if (frags.length < 12 || !Number.isFinite(pageWidth)) return null;
  let minX = Infinity;
  let maxX = -Infinity;
  for (const f of frags) {
    minX = Math.min(minX, f.x);
    maxX = Math.max(maxX, f.right);
  }
  const span = maxX - minX;
  if (span < pageWidth * 0.4) return null;
  const lo = minX + span * 0.3;
  const hi = minX + span * 0.7;
  const cells = Math.max(1, Math.ceil(hi - lo));
  const cover = new Int32Array(cells);
  for (const f of frags) {
    const a = Math.max(0, Math.floor(f.x - lo));
    const b = Math.min(cells - 1, Math.ceil(f.right - lo));
    for (let i = a; i <= b; i++) cover[i]++;
  }
  const allowed = Math.max(1, Math.floor(frags.length * 0.06));
  // Widest run of cells crossed by at most `allowed` fragments.
  let best: { from: number; to: number } | null = null;
  let start = -1;
  for (let i = 0; i <= cells; i++) {
    const free = i < cells && cover[i] <= allowed;
    if (free && start < 0) start = i;
    if (!free && start >= 0) {
      if (!best || i - start > best.to - best.from) best = { from: start, to: i };
      start = -1;
    }
  }
  if (!best || best.to - best.from < 4) return null;
  const from = lo + best.from;
  const to = lo + best.to;
  let leftWide = 0;
  let rightWide = 0;
  let left = 0;
  let right = 0;
  for (const f of frags) {
    const wide = f.right - f.x > span * 0.25;
    if (f.right <= from) {
      left++;
      if (wide) leftWide++;
    } else if (f.x >= to) {
      right++;
      if (wide) rightWide++;
    }
  }
  if (left < 5 || right < 5) return null;
  if (leftWide < left * 0.5 || rightWide < right * 0.5) return null;
  return { from, to };
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
  let text = "";
  let prev: Item | null = null;
  const charsBySize = new Map<number, number>();
  const charsByFont = new Map<string, number>();
  let x = Infinity;
  let right = -Infinity;
  let y = frags[0].y;
  let ySize = 0;
  for (const f of frags) {
    x = Math.min(x, f.x);
    right = Math.max(right, f.right);
    if (f.size > ySize) {
      ySize = f.size;
      y = f.y;
    }
    for (const it of f.items) {
      if (!it.str) continue;
      if (prev && text && !text.endsWith(" ") && !it.str.startsWith(" ")) {
        const gap = it.x - prev.right;
        if (gap > 0.12 * Math.min(it.size, prev.size)) text += " ";
      }
      text += it.str;
      prev = it;
      // Dot leaders and punctuation often come in another font or size than the words;
      // only letters and digits vote for the line's style.
      const n = countAlnum(it.str) || 0.001;
      const sz = Math.round(it.size * 10) / 10;
      charsBySize.set(sz, (charsBySize.get(sz) ?? 0) + n);
      charsByFont.set(it.font, (charsByFont.get(it.font) ?? 0) + n);
    }
  }
  const font = argmax(charsByFont) ?? "";
  return {
    text: text.replace(/\s+/g, " ").trim(),
    x,
    y,
    w: right - x,
    size: argmax(charsBySize) ?? ySize,
    font,
    oneFont: [...charsByFont.values()].filter((v) => v >= 1).length <= 1,
    mono: monoFonts.has(font),
  };
}

function countAlnum(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c > 127) n++;
  }
  return n;
}

function argmax<K>(m: Map<K, number>): K | undefined {
  let best: K | undefined;
  let n = -1;
  for (const [k, v] of m) if (v > n) ((best = k), (n = v));
  return best;
}
