/**
 * Character error rate: edit distance between recognised and true text over the true text's
 * length, both with whitespace collapsed (line breaks and column spacing are layout, not
 * characters read). Used by the OCR bench and the OCR tests.
 */

/** Levenshtein distance, two rows (inputs of a few thousand characters). */
export function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length];
}

export const collapseSpace = (text: string) => text.replace(/\s+/g, " ").trim();

export function characterErrorRate(recognised: string, truth: string): number {
  const t = collapseSpace(truth);
  return editDistance(collapseSpace(recognised), t) / Math.max(1, t.length);
}
