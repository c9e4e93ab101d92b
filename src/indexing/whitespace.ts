/**
 * Whitespace runs collapsed to one space, ends trimmed: `s.replace(/\s+/g, " ").trim()`.
 * Only runs of two or more and single characters other than a space are replaced; a lone
 * space is already what the replacement would give, and in ordinary text nearly every run is
 * one. The plain form replaces every word space of every line of every page, which made it
 * the largest cost of turning text items into lines.
 */
export function collapseWhitespace(s: string): string {
  return s.replace(/\s{2,}|[^\S ]/g, " ").trim();
}
