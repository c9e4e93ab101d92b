/**
 * Levels of the layout pass's headings: Parts above all, then type size, then numbering and
 * faces within a size.
 */
import type { Cand } from "./candidate.ts";
import { API_STYLE } from "./code-titles.ts";
import { scheme } from "./heading-numbering.ts";
import { STANDARD_SECTION_RE } from "./heading-shape.ts";
import type { LayoutStats } from "./layout-stats.ts";
import { bucket } from "./style-key.ts";

/** Below this share of numbered headings at a size, its faces rank its unnumbered ones. */
const NUMBERED_SHARE = 0.3;

/**
 * Levels: PART above everything; then type size (larger = higher); within a size, the
 * numbering: legal outlines (I. > A. > 1. > a.) when roman-numbered headings are present,
 * else dotted depth (1 > 1.1 > 1.1.1, appendix letters level with chapters). In a 10-K,
 * Items sit under Parts and unnumbered headings of the Items' style (and Notes) under Items.
 * Unnumbered headings of one size rank capitals above mixed case when both occur, and in two
 * fonts that nest (see fontRanks) by the order the fonts first appear in.
 * Styles seen only on the first page (title, authors) are level 1 and rank nothing else.
 */
export function assignLevels(cands: Cand[], stats: Pick<LayoutStats, "firstSeen" | "codeHeadingStyles">): (Cand & { level: number })[] {
  const firstPage = cands.length ? Math.min(...cands.map((c) => c.page)) : 0;
  const styleOnlyFront = new Map<string, boolean>();
  for (const c of cands) styleOnlyFront.set(c.style, (styleOnlyFront.get(c.style) ?? true) && c.page === firstPage);
  // Front matter comes before the first heading of a style the body uses too: a style of
  // the first page seen only after one (a short paper's "A. Scope" under "I. Options") heads
  // sub-sections there.
  const firstBody = cands.findIndex((c) => !styleOnlyFront.get(c.style));
  const front = new Set(cands.filter((c, k) => k < firstBody && styleOnlyFront.get(c.style)).map((c) => c.style));
  const isFront = (c: Cand) => front.has(c.style) && c.pattern !== "part" && c.pattern !== "item";

  const ranked = cands.filter((c) => !isFront(c) && c.pattern !== "part" && !c.runIn && !c.indexLetter);
  backMatterWithSections(ranked, cands);
  rankCodeHeadings(ranked, stats.codeHeadingStyles);
  const sizes = [...new Set(ranked.map((c) => bucket(c.size)))].sort((a, b) => b - a);
  const itemSizes = new Set(ranked.filter((c) => c.pattern === "item").map((c) => bucket(c.size)));
  // Rank inside a size bucket from the numbering.
  const legal = new Set<number>();
  for (const s of sizes) {
    const romans = ranked.filter((c) => bucket(c.size) === s && scheme(c.title).kind === "roman");
    if (romans.length >= 2) legal.add(s);
  }
  const minArabic = new Map<number, number>();
  const maxArabic = new Map<number, number>();
  for (const c of ranked) {
    const sc = scheme(c.title);
    if (sc.kind !== "arabic") continue;
    minArabic.set(bucket(c.size), Math.min(minArabic.get(bucket(c.size)) ?? 99, sc.depth));
    maxArabic.set(bucket(c.size), Math.max(maxArabic.get(bucket(c.size)) ?? 0, sc.depth));
  }
  // Unnumbered headings of one size that come both in capitals and in mixed case (a press
  // release's "DISCUSSION OF SEGMENT RESULTS" over "Entertainment"): capitals rank above.
  const isCaps = (title: string) => /[A-Z]{2}/.test(title) && !/[a-z]/.test(title);
  const casedSizes = new Set<number>();
  for (const s of sizes) {
    if (legal.has(s) || itemSizes.has(s) || minArabic.has(s)) continue;
    // Names of code in capitals are constants ("CONTINUE" beside "visit()"), not a rank.
    const plain = ranked.filter((c) => bucket(c.size) === s && c.pattern === null && scheme(c.title).kind === null && !stats.codeHeadingStyles.has(c.style));
    const caps = plain.filter((c) => isCaps(c.title)).length;
    if (caps >= 2 && plain.length - caps >= 2) casedSizes.add(s);
  }
  // Numbering ranks a size's headings where it is common there; a numbered list item or two
  // among unnumbered headings in several faces leaves the ranking to the faces.
  const arabicCount = new Map<number, number>();
  const sizeCount = new Map<number, number>();
  for (const c of ranked) {
    sizeCount.set(bucket(c.size), (sizeCount.get(bucket(c.size)) ?? 0) + 1);
    if (scheme(c.title).kind === "arabic") arabicCount.set(bucket(c.size), (arabicCount.get(bucket(c.size)) ?? 0) + 1);
  }
  const numberedMostly = (s: number) => (arabicCount.get(s) ?? 0) >= Math.max(2, NUMBERED_SHARE * sizeCount.get(s)!);
  const fontRank = fontRanks(ranked, sizes, stats.firstSeen, (s) => legal.has(s) || (minArabic.has(s) && numberedMostly(s)) || casedSizes.has(s));
  const insideNotes = betweenNotes(ranked);
  const inner = (c: Cand): number => {
    const b = bucket(c.size);
    if (casedSizes.has(b) && c.pattern === null && scheme(c.title).kind === null) return isCaps(c.title) ? 0 : 1;
    const sc = scheme(c.title);
    if (legal.has(b)) {
      if (sc.kind === "roman") return 0;
      if (sc.kind === "letter") return 1;
      if (sc.kind === "arabic") return 1 + sc.depth;
      if (sc.kind === "lower") return 2 + (minArabic.has(b) ? 2 : 1);
      return 0;
    }
    let r = sc.kind === "arabic" ? sc.depth - (minArabic.get(b) ?? sc.depth) : 0;
    // Unnumbered headings in the style of numbered subsections ("2.1 ...") are paragraph
    // headings under them.
    if (sc.kind === null && c.pattern === null && (minArabic.get(b) ?? 0) >= 2) r = (maxArabic.get(b) ?? 0) - minArabic.get(b)! + 1;
    if (itemSizes.has(b) && c.pattern !== "item" && c.pattern !== "chapter" && sc.kind === null) r += 1;
    if (c.pattern === "note") r = Math.max(r, 1);
    if (sc.kind === null && c.pattern === null) r += fontRank.get(c.style) ?? 0;
    if (insideNotes.has(c)) r = Math.max(r, 2);
    return r;
  };
  // Each size gets a band as wide as its deepest inner rank.
  const band = new Map<number, number>();
  let next = 1;
  for (const s of sizes) {
    band.set(s, next);
    const width = Math.max(1, ...ranked.filter((c) => bucket(c.size) === s).map((c) => inner(c) + 1));
    next += width;
  }
  const out = cands.map((c) => {
    let level: number;
    if (c.pattern === "part") level = 0;
    else if (c.runIn || c.indexLetter) level = next; // run-in headings and index letters sit below every displayed heading
    else if (isFront(c)) level = 1;
    else level = band.get(bucket(c.size))! + inner(c);
    return { ...c, level };
  });
  // Dense levels starting at 1.
  const used = [...new Set(out.map((c) => c.level))].sort((a, b) => a - b);
  const dense = new Map(used.map((l, i) => [l, i + 1]));
  for (const c of out) c.level = dense.get(c.level)!;
  return out;
}

/**
 * Back matter set larger than every numbered section ("Index" at 20 pt over "3 Implementation"
 * at 14 pt, as ltxdoc sets it) is their sibling, not their parent: its size counts as theirs.
 * Not where its size also sets other, unnumbered headings (a book's unnumbered chapters).
 */
function backMatterWithSections(ranked: Cand[], all: readonly Cand[]): void {
  // Sections numbered on the first page count too (a first section in a face of its own).
  const numbered = all.filter((c) => scheme(c.title).kind !== null || c.pattern === "chapter");
  if (!numbered.length) return;
  const top = Math.max(...numbered.map((c) => c.size));
  // Only top-level sections ("3 Implementation", not "3.4.1 Typesetting") are siblings of the
  // back matter: a part of the document read apart (past its printed contents) may hold
  // sub-sections alone.
  if (!numbered.some((c) => bucket(c.size) === bucket(top) && (c.pattern === "chapter" || scheme(c.title).depth === 1))) return;
  const standard = (c: Cand) => STANDARD_SECTION_RE.test(c.title);
  for (const c of ranked) {
    if (!standard(c) || c.size < top + 0.8) continue;
    if (ranked.some((o) => !standard(o) && bucket(o.size) === bucket(c.size))) continue;
    c.size = top;
  }
}

/**
 * A code heading style smaller than the text ranks by where its first heading comes, not by
 * its size: half a point below the heading just before that one (the section whose functions
 * or types it names: "API" over "visit(tree[, test])"). Styles are taken in the order they
 * first come, so one ranked so already can be another's parent.
 */
function rankCodeHeadings(ranked: Cand[], codeStyles: ReadonlySet<string>): void {
  const order = [...new Set(ranked.map((c) => c.style))].filter((k) => codeStyles.has(k) || k.endsWith(API_STYLE));
  for (const style of order) {
    const first = ranked.findIndex((c) => c.style === style);
    if (first < 1) continue;
    const size = bucket(ranked[first - 1].size) - 0.5;
    for (const c of ranked) if (c.style === style) c.size = size;
  }
}

/**
 * Financial statement notes: an unnumbered heading of the Notes' size that comes between
 * "Note 11 – Loans" and "Note 12 – ..." belongs to Note 11 ("Credit card loan portfolio" in
 * the Notes' own face, "Description of Business" in another), so it ranks under the Notes.
 * Headings after the last Note are left alone: the notes may end there ("Report of
 * Independent Registered Public Accounting Firm").
 */
function betweenNotes(ranked: readonly Cand[]): Set<Cand> {
  const out = new Set<Cand>();
  const bySize = new Map<number, Cand[]>();
  for (const c of ranked) {
    const list = bySize.get(bucket(c.size));
    if (list) list.push(c);
    else bySize.set(bucket(c.size), [c]);
  }
  for (const list of bySize.values()) {
    const notes = list.map((c, i) => (c.pattern === "note" ? i : -1)).filter((i) => i >= 0);
    if (notes.length < 2) continue;
    for (let i = notes[0] + 1; i < notes[notes.length - 1]; i++) {
      const c = list[i];
      if (c.pattern === null && scheme(c.title).kind === null) out.add(c);
    }
  }
  return out;
}

/**
 * Unnumbered headings of one size in two or more fonts (a 10-K's "General" in one bold face
 * over "Verizon Consumer Group" in another): when a later font's headings come between two
 * headings of an earlier one, the later font nests under it. Fonts rank by the position of
 * their first heading in the whole document; a font whose headings never come between
 * another's does not nest. Returns the extra depth per style (0 for the first font).
 */
function fontRanks(ranked: readonly Cand[], sizes: readonly number[], firstSeen: ReadonlyMap<string, number>, numberedSize: (s: number) => boolean): Map<string, number> {
  const out = new Map<string, number>();
  for (const s of sizes) {
    if (numberedSize(s)) continue;
    const plain = ranked.filter((c) => bucket(c.size) === s && c.pattern === null && scheme(c.title).kind === null);
    const count = new Map<string, number>();
    for (const c of plain) count.set(c.style, (count.get(c.style) ?? 0) + 1);
    const fonts = [...count.keys()].filter((k) => count.get(k)! >= 2 && firstSeen.has(k)).sort((a, b) => firstSeen.get(a)! - firstSeen.get(b)!);
    const at = plain.map((c) => c.style);
    let depth = 0;
    for (let i = 1; i < fonts.length; i++) {
      // Nested: some heading of fonts[i] lies between two headings of the font above it.
      const above = fonts[i - 1];
      const firstAbove = at.indexOf(above);
      const lastAbove = at.lastIndexOf(above);
      // Or its first heading comes right under one of that font, no heading between (a
      // sub-section opening its section), though the font above never comes back after it.
      const first = ranked.findIndex((c) => c.style === fonts[i]);
      const inside = at.some((k, j) => k === fonts[i] && j > firstAbove && j < lastAbove) || ranked[first - 1]?.style === above;
      if (inside) depth++;
      out.set(fonts[i], depth);
    }
  }
  return out;
}
