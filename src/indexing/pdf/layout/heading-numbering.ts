/**
 * Numbering that marks a heading: section numbers ("2.3"), outline letters and roman numerals
 * ("A.", "IV."), labels in parentheses ("1)"), and the strong patterns of filings and books
 * (Part, Item, Note, Chapter).
 */


const PART_RE = /^part\s+([ivx]{1,5}|\d{1,2}|one|two|three|four|five)\b(?![–-]\d)/i;

const ITEM_RE = /^item\s+(\d{1,2}[a-z]?)\s*[.:\-–—]?(?:\s|$)/i;

const NOTE_RE = /^note\s+(\d{1,3})\s*[.:\-–—]/i;

export const CHAPTER_RE = /^(chapter|appendix|annex|section|article)\s+([0-9]+|[a-z]|[ivxl]+)\b/i;

/** "1", "2.3", "2.3.1" followed by a word; "A." / "IV." outline letters followed by a word. */
export const DOTTED_RE = /^(\d{1,3}(?:\.\d{1,3}){0,4})\.?\s+(?=\p{L})/u;

export const LEADERS_RE = /(?:\.\s?){4,}|[·…_]{3,}/;

export const LETTER_RE = /^(?:[A-H]|[IVX]{1,5})\.\s+(?=\p{L})/u;

/** A lettered sub-section ("A. Features", "B. Shebang"): letters I and on read as roman too. */
export const LETTER_LABEL_RE = /^([A-H])\.\s+(?=\p{L})/u;

/** A label numbered in parentheses ("1) ", "b) "): a journal's run-in heading, or a list item's. */
export const PAREN_LABEL_RE = /^(?:\d{1,2}|[a-z])\)\s/;

export function strongPattern(t: string): "part" | "item" | "note" | "chapter" | null {
  if (PART_RE.test(t)) return "part";
  if (ITEM_RE.test(t)) return "item";
  if (NOTE_RE.test(t)) return "note";
  if (CHAPTER_RE.test(t)) return "chapter";
  return null;
}

export function numberingDepth(t: string): number {
  const m = DOTTED_RE.exec(t);
  return m ? m[1].split(".").length : 0;
}

/**
 * A line that opens with a numbering label of its own ("B. Options", "2.1 Scope", "1) help:",
 * "(a) Notice"): the next heading or list item, never the wrapped rest of a title above it.
 */
export function opensWithLabel(t: string): boolean {
  return scheme(t).kind !== null || PAREN_LABEL_RE.test(t) || /^\((?:\d{1,3}|[a-z]|[ivx]{1,4})\)\s/.test(t);
}

/** Numbering scheme of one heading: "I." roman, "A." letter, "1." / "2.3" arabic. */
export function scheme(t: string): { kind: "roman" | "letter" | "arabic" | "lower" | null; depth: number } {
  if (/^[IVX]{1,5}\.\s/.test(t)) return { kind: "roman", depth: 1 };
  if (/^[A-H]\.\s/.test(t) || /^[A-H]\s+\p{Lu}/u.test(t)) return { kind: "letter", depth: 1 };
  if (/^[a-h][.)]\s/.test(t)) return { kind: "lower", depth: 1 };
  const m = DOTTED_RE.exec(t);
  if (m) return { kind: "arabic", depth: m[1].split(".").length };
  return { kind: null, depth: 0 };
}
