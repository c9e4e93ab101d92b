/**
 * Tree source 3: headings recognised from typography. Body text is the size with the most
 * characters (and, at that size, the font with the most characters). A heading style is a
 * (size, font) pair that is larger than body text, or body-sized in another font (pdfjs does
 * not expose font names, so a distinct font at body size stands in for bold), whose lines are
 * mostly short, wordy and start a block. Numbering ("2.3", "Item 7.", "PART II", "Note 4")
 * adds depth. Pages full of candidates (tables, figures, contents) and titles that repeat all
 * over the document are dropped, and the total is capped, so tables never turn into hundreds
 * of headings.
 */
import type { Heading, Line, PageText, Pos } from "./types.ts";

export interface LayoutStats {
  bodySize: number;
  bodyFont: string;
  /** Accepted heading styles: key -> true. */
  styles: Set<string>;
  /** Style key -> size, for ranking. */
  styleSize: Map<string, number>;
}

const PART_RE = /^part\s+([ivx]+|\d+|one|two|three|four|five)\b\.?\s*(?:[-–—:]\s*)?/i;
const ITEM_RE = /^item\s+(\d{1,2}[a-z]?)\s*[.:\-–—]?(?:\s|$)/i;
const NOTE_RE = /^note\s+(\d{1,3})\s*[.:\-–—]/i;
const CHAPTER_RE = /^(chapter|appendix|annex|section|article)\s+([0-9]+|[a-z]|[ivxl]+)\b/i;
/** "1", "2.3", "2.3.1" followed by a word; "A." / "IV." outline letters followed by a word. */
const DOTTED_RE = /^(\d{1,2}(?:\.\d{1,3}){0,4})\.?\s+(?=\p{L})/u;
const LETTER_RE = /^(?:[A-H]|[IVX]{1,5})\.\s+(?=\p{L})/u;

function bucket(size: number): number {
  return Math.round(size * 2) / 2;
}

function styleKey(l: Line): string {
  return `${bucket(l.size)}|${l.font}`;
}

export function computeLayoutStats(pages: PageText[]): LayoutStats {
  const bySize = new Map<number, number>();
  for (const p of pages) for (const l of p.lines) bySize.set(bucket(l.size), (bySize.get(bucket(l.size)) ?? 0) + l.text.length);
  const bodySize = argmax(bySize) ?? 10;
  const byFont = new Map<string, number>();
  for (const p of pages) for (const l of p.lines) if (bucket(l.size) === bodySize) byFont.set(l.font, (byFont.get(l.font) ?? 0) + l.text.length);
  const bodyFont = argmax(byFont) ?? "";

  // Judge each candidate style by how its lines look across the whole document.
  const seen = new Map<string, { n: number; shaped: number; pages: Set<number>; size: number }>();
  pages.forEach((p, pi) => {
    p.lines.forEach((l, i) => {
      if (!isHeadingStyle(l, bodySize, bodyFont)) return;
      const k = styleKey(l);
      let s = seen.get(k);
      if (!s) seen.set(k, (s = { n: 0, shaped: 0, pages: new Set(), size: l.size }));
      s.n++;
      if (headingShaped(l) && startsBlock(p.lines, i)) s.shaped++;
      s.pages.add(pi);
    });
  });
  const styles = new Set<string>();
  const styleSize = new Map<string, number>();
  for (const [k, s] of seen) {
    const larger = s.size >= bodySize + 0.8;
    if (s.shaped / s.n >= (larger ? 0.5 : 0.6)) {
      styles.add(k);
      styleSize.set(k, s.size);
    }
  }
  return { bodySize, bodyFont, styles, styleSize };
}

function isHeadingStyle(l: Line, bodySize: number, bodyFont: string): boolean {
  if (l.mono) return false;
  const larger = l.size >= bodySize * 1.1 && l.size >= bodySize + 0.8;
  const distinct = Math.abs(l.size - bodySize) < 0.8 && l.font !== bodyFont && l.oneFont;
  return larger || distinct;
}

/** Short, made of words, not a sentence fragment or a formula. */
export function headingShaped(l: Line): boolean {
  const t = l.text.trim();
  if (t.length < 2 || t.length > 140 || l.mono) return false;
  if (/[=<>{}\[\]\\|^~]|[,;]$|[a-z]-$/.test(t)) return false;
  const body = t.replace(DOTTED_RE, "").replace(LETTER_RE, "");
  const letters = (body.match(/\p{L}/gu) ?? []).length;
  const nonSpace = body.replace(/\s/g, "").length;
  if (letters < 2 || letters / Math.max(1, nonSpace) < 0.6) return false;
  const words = body.split(/\s+/).filter((w) => /\p{L}{2}/u.test(w));
  if (words.length === 0 || words.length > 18) return false;
  // A run of single letters is a formula or a spaced-out logo, not a title.
  if (body.split(/\s+/).filter((w) => w.length === 1).length > 3) return false;
  // Sentences end with a period after a long run of words; "Item 1. Business." is short.
  if (/\.$/.test(t) && words.length > 8) return false;
  return true;
}

/** First line of its page or column, or set off from the line above by extra space. */
function startsBlock(lines: Line[], i: number): boolean {
  if (i === 0) return true;
  const prev = lines[i - 1];
  const cur = lines[i];
  if (prev.y < cur.y) return true; // moved up: a new column or a new block
  return prev.y - cur.y >= 1.45 * Math.max(prev.size, Math.min(cur.size, prev.size * 1.3));
}

function strongPattern(t: string): "part" | "item" | "note" | "chapter" | null {
  if (PART_RE.test(t)) return "part";
  if (ITEM_RE.test(t)) return "item";
  if (NOTE_RE.test(t)) return "note";
  if (CHAPTER_RE.test(t)) return "chapter";
  return null;
}

function numberingDepth(t: string): number {
  const m = DOTTED_RE.exec(t);
  return m ? m[1].split(".").length : 0;
}

interface Cand {
  page: number;
  line: number;
  title: string;
  style: string;
  size: number;
  depth: number;
  pattern: ReturnType<typeof strongPattern>;
}

export interface LayoutOptions {
  /** Only headings strictly after this position... */
  after?: Pos;
  /** ...and strictly before this one. */
  before?: Pos;
  /** Pages never to take headings from (the contents pages). */
  skipPages?: ReadonlySet<number>;
}

export function layoutHeadings(pages: PageText[], stats: LayoutStats, opts: LayoutOptions = {}): Heading[] {
  const from = opts.after ?? { page: 0, line: -1 };
  const to = opts.before ?? { page: pages.length, line: 0 };
  const cands: Cand[] = [];
  for (let p = from.page; p < Math.min(pages.length, to.page + 1); p++) {
    if (opts.skipPages?.has(p)) continue;
    const lines = pages[p].lines;
    const onPage: Cand[] = [];
    for (let i = 0; i < lines.length; i++) {
      if (p === from.page && i <= from.line) continue;
      if (p === to.page && i >= to.line) break;
      const l = lines[i];
      const t = l.text.trim();
      const pattern = strongPattern(t);
      const styled = stats.styles.has(styleKey(l));
      // Strong 10-K style patterns are accepted at body style when they stand alone.
      const patternAlone = pattern !== null && pattern !== "chapter" && l.oneFont && t.length <= 100 && !/[,;]$/.test(t);
      if (!styled && !patternAlone) continue;
      if (!headingShaped(l) || !startsBlock(lines, i)) continue;
      onPage.push({ page: p, line: i, title: t, style: styleKey(l), size: l.size, depth: numberingDepth(t), pattern });
    }
    mergeWrapped(onPage, lines);
    // A page full of "headings" is a table, a figure or a list of contents.
    const limit = 12;
    const kept = onPage.length > limit ? onPage.filter((c) => c.size >= stats.bodySize + 0.8 || c.pattern) : onPage;
    if (kept.length <= limit) cands.push(...kept);
  }
  dropRepeats(cands);
  capCount(cands, pages.length, stats);
  return assignLevels(cands, stats).map((c) => ({ title: c.title, level: c.level, page: c.page, line: c.line }));
}

/** Join a heading wrapped onto a second line, and a bare number line with the title after it. */
function mergeWrapped(cands: Cand[], lines: Line[]): void {
  for (let k = cands.length - 2; k >= 0; k--) {
    const a = cands[k];
    const b = cands[k + 1];
    if (b.line !== a.line + 1) continue;
    const la = lines[a.line];
    const lb = lines[b.line];
    const bareNumber = /^(\d+(\.\d+)*|[ivxlc]+|[a-z]|(chapter|appendix|annex)\s+\S+)\.?$/i.test(a.title);
    const sameStyle = a.style === b.style && !a.pattern && !b.pattern && la.y - lb.y <= 1.7 * la.size && !/[.:]$/.test(a.title);
    if ((bareNumber && a.pattern !== "part") || (sameStyle && a.title.length + b.title.length <= 150 && a.depth === 0 === (b.depth === 0) && b.depth === 0)) {
      a.title = `${a.title} ${b.title}`;
      if (bareNumber) {
        a.size = Math.max(a.size, b.size);
        a.style = b.size > la.size ? b.style : a.style;
      }
      cands.splice(k + 1, 1);
    }
  }
}

/** Titles repeated on many pages ("Continued", "(in millions)") are furniture. */
function dropRepeats(cands: Cand[]): void {
  const count = new Map<string, number>();
  const key = (c: Cand) => c.title.toLowerCase().replace(/\d+/g, "#");
  for (const c of cands) count.set(key(c), (count.get(key(c)) ?? 0) + 1);
  for (let i = cands.length - 1; i >= 0; i--) {
    const c = cands[i];
    if (c.pattern || c.depth) continue;
    if ((count.get(key(c)) ?? 0) >= 4) cands.splice(i, 1);
  }
}

/** Keep the biggest styles while the total stays readable. */
function capCount(cands: Cand[], pageCount: number, stats: LayoutStats): void {
  const max = Math.max(30, pageCount * 3);
  if (cands.length <= max) return;
  const bySize = [...new Set(cands.map((c) => bucket(c.size)))].sort((a, b) => b - a);
  let keep = new Set<number>();
  let total = 0;
  for (const s of bySize) {
    const n = cands.filter((c) => bucket(c.size) === s && !c.pattern).length;
    if (total + n > max && keep.size > 0) break;
    keep.add(s);
    total += n;
  }
  for (let i = cands.length - 1; i >= 0; i--) if (!keep.has(bucket(cands[i].size)) && !cands[i].pattern) cands.splice(i, 1);
  void stats;
}

/**
 * Levels: PART above everything; then type size (larger = higher); within a size, dotted
 * numbering depth; in a 10-K, Items sit under Parts and unnumbered headings of the Items'
 * style (and Notes) sit under Items.
 */
function assignLevels(cands: Cand[], stats: LayoutStats): (Cand & { level: number })[] {
  const sizes = [...new Set(cands.filter((c) => c.pattern !== "part").map((c) => bucket(c.size)))].sort((a, b) => b - a);
  const itemSizes = new Set(cands.filter((c) => c.pattern === "item").map((c) => bucket(c.size)));
  const minDepth = new Map<number, number>();
  for (const c of cands) {
    if (!c.depth) continue;
    const b = bucket(c.size);
    minDepth.set(b, Math.min(minDepth.get(b) ?? 99, c.depth));
  }
  // Each size gets a band wide enough for its numbering depths and the Item sub-level.
  const band = new Map<number, number>();
  let next = 1;
  for (const s of sizes) {
    band.set(s, next);
    let width = 1;
    const depths = cands.filter((c) => bucket(c.size) === s && c.depth).map((c) => c.depth);
    if (depths.length) width = Math.max(...depths) - (minDepth.get(s) ?? 1) + 1;
    if (itemSizes.has(s)) width = Math.max(width, 2);
    next += width;
  }
  const hasPart = cands.some((c) => c.pattern === "part");
  const out = cands.map((c) => {
    const b = bucket(c.size);
    let level: number;
    if (c.pattern === "part") level = 0;
    else {
      level = band.get(b)!;
      if (c.depth) level += c.depth - (minDepth.get(b) ?? c.depth);
      if (itemSizes.has(b) && c.pattern !== "item" && c.pattern !== "chapter" && !c.depth) level += 1;
      if (c.pattern === "note") level = Math.max(level, band.get(b)! + 1);
    }
    return { ...c, level: level + (hasPart ? 1 : 1) };
  });
  // Dense levels starting at 1.
  const used = [...new Set(out.map((c) => c.level))].sort((a, b) => a - b);
  const dense = new Map(used.map((l, i) => [l, i + 1]));
  for (const c of out) c.level = dense.get(c.level)!;
  void stats;
  return out;
}

function argmax<K>(m: Map<K, number>): K | undefined {
  let best: K | undefined;
  let n = -1;
  for (const [k, v] of m) if (v > n) ((best = k), (n = v));
  return best;
}
