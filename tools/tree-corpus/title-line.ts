/**
 * Where a title shows on its page, as the corpus tools look for it: the first line whose
 * letters and digits the title holds, or that holds the title's first twelve. Rough on
 * purpose (a gold title against page text that may wrap, number or abbreviate it); shared by
 * explain.ts (the line of a missed title) and line-model.ts (the line a heading starts on).
 */
import type { Line } from "../../src/indexing/pdf/types.ts";

const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, "");

/** Index of the first line of `lines` showing `title`, or -1 (also for a title with no letter or digit in a-z0-9). */
export function titleLineIndex(lines: readonly Line[], title: string): number {
  const want = norm(title);
  if (want.length < 2) return -1;
  return lines.findIndex((l) => {
    const t = norm(l.text);
    return t.length > 2 && (want.includes(t) || t.includes(want.slice(0, 12)));
  });
}
