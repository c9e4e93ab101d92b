/**
 * Fuzzy title matching. Titles from outlines or printed contents differ from the text on the
 * page in numbering, punctuation, ligatures, hyphenation and line breaks, so comparisons run
 * on a normalised form and score with token overlap first (cheap) and edit distance second.
 */

/** Lowercase ASCII-ish letters and digits separated by single spaces. */
export function normText(s: string): string {
  return s
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[’‘`´]/g, "'")
    .replace(/'/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/** Numbering prefixes such as "1", "2.3.1", "A.2", "IV.", "Chapter 3:", "Appendix B", "Part II",
 * "Item 7A.", "Note 12 -", and the same words in the languages documents here are written in
 * ("Apêndice A –", "Anhang B", "Capítulo 2", "Teil II"), written for text already passed
 * through normText (accents gone, dots became spaces, so "2.3.1" reads "2 3 1"). */
export const NUMBERING =
  /^(?:(?:chapter|chapitre|capitulo|kapitel|appendix|appendice|apendice|anhang|annexe?|anexo|allegato|part|partie|parte|teil|item|section|seccion|secao|note|article|schedule|exhibit)\s+)?(?:\d+[a-z]?(?: \d+[a-z]?)*|[a-z](?: \d+)*|(?=[ivxlc])(?:xc|xl|l?x{0,3})(?:ix|iv|v?i{0,3}))(?= |$) ?/;

/** The title without its numbering, normalised: "2.3 Vector arithmetic" -> "vector arithmetic". */
export function coreTitle(s: string): string {
  const n = normText(s);
  const stripped = n.replace(NUMBERING, "");
  // A title that is only a number ("Item 7") keeps it, or it would match everything.
  return stripped.length >= 2 ? stripped : n;
}

/** Edit-distance similarity in [0, 1] (1 = equal). Inputs are capped so the cost stays small. */
export function ratio(a: string, b: string): number {
  if (a === b) return 1;
  a = a.slice(0, 120);
  b = b.slice(0, 120);
  const n = a.length;
  const m = b.length;
  if (!n || !m) return 0;
  let prev = new Uint16Array(m + 1);
  let cur = new Uint16Array(m + 1);
  for (let j = 0; j <= m; j++) prev[j] = j;
  for (let i = 1; i <= n; i++) {
    cur[0] = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= m; j++) {
      const cost = ca === b.charCodeAt(j - 1) ? 0 : 1;
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
    }
    [prev, cur] = [cur, prev];
  }
  return 1 - prev[m] / Math.max(n, m);
}

/** Dice coefficient over word sets. */
export function tokenDice(a: string, b: string): number {
  const ta = new Set(a.split(" ").filter(Boolean));
  const tb = new Set(b.split(" ").filter(Boolean));
  if (!ta.size || !tb.size) return 0;
  let common = 0;
  for (const t of ta) if (tb.has(t)) common++;
  return (2 * common) / (ta.size + tb.size);
}

/**
 * How well a line (or two joined lines) of page text matches a title, in [0, 1].
 * Both arguments must already be normalised with normText. A line that starts with the
 * title (a run-in heading followed by body text) counts as a match.
 */
export function titleMatch(titleNorm: string, lineNorm: string): number {
  if (!titleNorm || !lineNorm) return 0;
  if (lineNorm === titleNorm) return 1;
  const tCore = titleNorm.replace(NUMBERING, "") || titleNorm;
  const lCore = lineNorm.replace(NUMBERING, "") || lineNorm;
  if (tCore === lCore) return 0.98;
  if (tCore.length >= 8 && (lCore.startsWith(tCore + " ") || lineNorm.startsWith(titleNorm + " "))) return 0.9;
  // Cheap rejections before the quadratic comparison.
  const lenRatio = lCore.length / tCore.length;
  if (lenRatio < 0.5 || lenRatio > 2) return 0;
  if (tokenDice(tCore, lCore) < 0.4) return 0;
  const r = ratio(tCore, lCore);
  // Spaces lost or added by extraction ("Ma chine", "datasets") are common: compare without.
  const r2 = ratio(tCore.replace(/ /g, ""), lCore.replace(/ /g, ""));
  return Math.max(r, r2) * 0.97;
}
