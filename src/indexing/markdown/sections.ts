/**
 * Headings -> a section tree over the raw source, and thinning. Sections are contiguous
 * slices of the source, so a section's text (and an absorbed subtree's) is one `slice`.
 */
import { countTokens } from "../tokens.ts";
import type { MdHeading } from "./parse.ts";

export interface Section {
  title: string;
  /** 1-based line of the heading (1 for the preamble). */
  line: number;
  /** Heading level; 0 for the preamble / whole-file node. */
  level: number;
  /** [start, end) offsets of the section's own text in the source. */
  start: number;
  end: number;
  children: Section[];
  /** Tokens of the own text (countTokens), filled by `countSectionTokens`. */
  tokens: number;
}

/** Offsets where each line starts: index i holds the start of line i + 1. CR, LF and CRLF end lines, as in CommonMark. */
export function lineStarts(source: string): number[] {
  const starts = [0];
  const re = /\r\n|\r|\n/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(source))) starts.push(m.index + m[0].length);
  return starts;
}

/** Words a title takes from a section's text at most. */
const UNTITLED_WORDS = 8;

/**
 * A title for a heading with no visible text and no HTML words (an empty `##`, an image
 * without alt text): the first words of its own text, markup left out, else "Section at
 * line N".
 */
export function untitled(ownText: string, line: number): string {
  const plain = ownText
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/^\s*(?:[-*+>]|\d+[.)]|#{1,6})\s+/gm, "")
    .replace(/[`*_~|]/g, " ");
  const words = plain.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).slice(0, UNTITLED_WORDS);
  return words.length ? words.join(" ") : `Section at line ${line}`;
}

/**
 * Sections by heading level: each heading's section runs from the start of its line to the
 * start of the next heading's line; a heading nests under the nearest preceding heading of a
 * lower level (so a skipped level nests under the nearest shallower heading). Content before
 * the first heading becomes a leading top-level node titled `preambleTitle`, unless it is only
 * whitespace (then it is dropped). Without headings the whole file is one node.
 */
export function buildSections(source: string, headings: readonly MdHeading[], preambleTitle: string): Section[] {
  if (!headings.length) return [{ title: preambleTitle, line: 1, level: 0, start: 0, end: source.length, children: [], tokens: 0 }];
  const starts = lineStarts(source);
  const offsetOf = (line: number) => starts[line - 1] ?? source.length;
  const roots: Section[] = [];
  const first = offsetOf(headings[0].line);
  if (first > 0 && source.slice(0, first).trim()) {
    roots.push({ title: preambleTitle, line: 1, level: 0, start: 0, end: first, children: [], tokens: 0 });
  }
  const stack: Section[] = [];
  headings.forEach((h, i) => {
    const s: Section = {
      title: h.title || untitled(source.slice(offsetOf(h.endLine + 1), i + 1 < headings.length ? offsetOf(headings[i + 1].line) : source.length), h.line),
      line: h.line,
      level: h.level,
      start: offsetOf(h.line),
      end: i + 1 < headings.length ? offsetOf(headings[i + 1].line) : source.length,
      children: [],
      tokens: 0,
    };
    while (stack.length && stack[stack.length - 1].level >= h.level) stack.pop();
    (stack.length ? stack[stack.length - 1].children : roots).push(s);
    stack.push(s);
  });
  return roots;
}

/** Count each section's own tokens once. */
export function countSectionTokens(source: string, sections: Section[]): void {
  for (const s of sections) {
    s.tokens = countTokens(source.slice(s.start, s.end));
    countSectionTokens(source, s.children);
  }
}

/** Own tokens plus every descendant's (sum of the per-section counts). */
export function subtreeTokens(s: Section): number {
  let n = s.tokens;
  for (const c of s.children) n += subtreeTokens(c);
  return n;
}

/** End offset of the last section in the subtree (sections are contiguous in pre-order). */
function subtreeEnd(s: Section): number {
  return s.children.length ? subtreeEnd(s.children[s.children.length - 1]) : s.end;
}

/**
 * Thinning (`if_thinning`), applied to every top-level node:
 *
 * - A node's **subtree tokens** are its own text's tokens plus those of all its descendants,
 *   where each node's own text is counted once with `countTokens` (o200k_base) and the counts
 *   are summed.
 * - If a node's subtree tokens are **below** the threshold (`< threshold`), the node absorbs
 *   all its descendants: its text becomes its own text followed by every descendant's text in
 *   document (pre-)order — exactly the source from its heading up to the next heading that is
 *   not inside it — and it loses its children.
 * - Otherwise (`>= threshold`) the node keeps its own text and its children, and the rule is
 *   applied to each child in turn.
 * - Leaves are unchanged. Node ids are assigned after thinning (pre-order from "0000").
 *
 * Returns the same array, modified in place. Linear: each node's tokens are counted once.
 */
export function thinSections(sections: Section[], threshold: number): Section[] {
  const totals = new Map<Section, number>();
  const total = (s: Section): number => {
    let n = s.tokens;
    for (const c of s.children) n += total(c);
    totals.set(s, n);
    return n;
  };
  for (const s of sections) total(s);
  const visit = (s: Section) => {
    if (!s.children.length) return;
    const t = totals.get(s)!;
    if (t < threshold) {
      s.end = subtreeEnd(s);
      s.tokens = t;
      s.children = [];
    } else {
      s.children.forEach(visit);
    }
  };
  sections.forEach(visit);
  return sections;
}

/** Sections in pre-order. */
export function preorder(sections: readonly Section[]): Section[] {
  const out: Section[] = [];
  const walk = (s: Section) => {
    out.push(s);
    s.children.forEach(walk);
  };
  sections.forEach(walk);
  return out;
}
