/**
 * How text becomes search terms. Words are lowercased, folded to ASCII where possible and
 * lightly stemmed; stop words are dropped. Numbers and codes survive whole ("10-k",
 * "2.3.1", "1,234.5", "item 7a" -> "7a") and as their parts, because questions about
 * reports name exact figures and item numbers.
 */

const STOP_WORDS = new Set(
  ("a an and are as at be been but by can could did do does for from had has have how i if in into is it its " +
    "me my of on or our so than that the their them then there these they this those to was we were what when where " +
    "which while who whom why will with would you your about also any all more most other some such no not only own same " +
    "should very just over under again further once here both each few nor too s t don doesn didn").split(" "),
);

const ASCII = /^[\x00-\x7f]*$/;
const DIGIT = /\d/;

/** Words with digits or inner punctuation kept together, e.g. "10-K", "$3.5", "2.3.1", "R-help". */
const TOKEN = /[\p{L}\p{N}]+(?:[.,\-/'’][\p{L}\p{N}]+)*/gu;

export function tokenize(text: string): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(TOKEN)) {
    const token = match[0];
    out.push(token);
    // Compounds with letters are also searchable by their parts ("10-K" -> "10", "k");
    // plain numbers ("4,213.5", "2.3.1") stay one term.
    if (/[.,\-/'’]/.test(token) && /\p{L}/u.test(token)) {
      for (const part of token.split(/[.,\-/'’]+/)) if (part) out.push(part);
    }
  }
  return out;
}

/** Normalises one token; null drops it (stop words, one-letter words that are not digits). */
export function normaliseTerm(token: string): string | null {
  // Hot path of indexing: only non-ASCII tokens pay for Unicode folding.
  let term = ASCII.test(token) ? token.toLowerCase() : token.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/’/g, "'");
  if (DIGIT.test(term)) return term.includes(",") ? term.replace(/,/g, "") : term; // 1,234 == 1234
  term = term.replace(/'s$/, "");
  if (STOP_WORDS.has(term)) return null;
  if (term.length < 2) return null;
  return stem(term);
}

/** A light English stemmer: plural and common inflections only, so terms stay readable. */
export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  if (word.endsWith("ies") && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith("sses")) return word.slice(0, -2);
  if (word.endsWith("ness") && word.length > 6) return word.slice(0, -4);
  if (word.endsWith("ing") && word.length > 5) return undouble(word.slice(0, -3));
  if (word.endsWith("ed") && word.length > 4 && !word.endsWith("eed")) return undouble(word.slice(0, -2));
  if (word.endsWith("es") && /(ch|sh|x|z|ss)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith("s") && !word.endsWith("ss") && !word.endsWith("us") && !word.endsWith("is")) return word.slice(0, -1);
  return word;
}

function undouble(word: string): string {
  return /([^aeiouls])\1$/.test(word) ? word.slice(0, -1) : word;
}

export function analyse(text: string): string[] {
  const out: string[] = [];
  for (const token of tokenize(text)) {
    const term = normaliseTerm(token);
    if (term) out.push(term);
  }
  return out;
}

/** True for terms that name a figure or a code: they weigh more in a query. */
export function isNumberLike(term: string): boolean {
  return /\d/.test(term);
}

/**
 * Phrases whose exact wording matters: quoted parts of the query, else runs of consecutive
 * query terms (bigrams). Returned as normalised term sequences.
 */
export function queryPhrases(query: string): string[][] {
  const quoted = [...query.matchAll(/["“”]([^"“”]{3,})["“”]/g)].map((m) => analyse(m[1])).filter((p) => p.length > 1);
  const terms = analyse(query.replace(/["“”]/g, " "));
  const bigrams: string[][] = [];
  for (let i = 0; i + 1 < terms.length; i++) bigrams.push([terms[i], terms[i + 1]]);
  return [...quoted, ...bigrams];
}
