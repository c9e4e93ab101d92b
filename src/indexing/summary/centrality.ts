/**
 * TF-IDF centrality: a sentence is representative when its term vector points the same way as
 * the centroid of all sentences. Linear in the number of terms, unlike pairwise TextRank, so it
 * stays cheap on thousand-page documents.
 */

const STOP = new Set(
  ("a about above after again against all also am an and any are as at be because been before being below between both but by can " +
    "could did do does doing down during each few for from further had has have having he her here hers him his how i if in into is " +
    "it its itself just me more most my no nor not now of off on once only or other our ours out over own same she should so some " +
    "such than that the their theirs them then there these they this those through to too under until up very was we were what when " +
    "where which while who whom why will with would you your yours may might must shall us one two use used using see also however")
    .split(" "),
);

const WORD_RE = /\p{L}[\p{L}\p{N}'-]*/gu;

export function terms(s: string): string[] {
  const lower = s.toLowerCase();
  const out: string[] = [];
  const add = (w: string) => {
    if (w.length < 3 || STOP.has(w)) return;
    out.push(w.length > 5 ? stem(w) : w);
  };
  if (!asciiWords(lower, add)) for (const w of lower.match(WORD_RE) ?? []) add(w);
  return out;
}

/**
 * WORD_RE's words of an ASCII text, by char codes (this runs on every sentence of every
 * summary, and the Unicode regex was most of its cost): a letter, then letters, digits,
 * apostrophes and hyphens. False, having given nothing, when the text is not all ASCII.
 */
function asciiWords(lower: string, add: (w: string) => void): boolean {
  for (let i = 0; i < lower.length; i++) if (lower.charCodeAt(i) > 127) return false;
  let start = -1;
  for (let i = 0; i <= lower.length; i++) {
    const c = i < lower.length ? lower.charCodeAt(i) : 32;
    const letter = c >= 97 && c <= 122;
    if (start < 0) {
      if (letter) start = i;
    } else if (!(letter || (c >= 48 && c <= 57) || c === 39 || c === 45)) {
      add(lower.slice(start, i));
      start = letter ? i : -1;
    }
  }
  return true;
}

/** `w.replace(/(ing|ed|es|s)$/, "")`: the suffix that starts leftmost and ends the word goes. */
function stem(w: string): string {
  if (w.endsWith("ing")) return w.slice(0, -3);
  if (w.endsWith("ed") || w.endsWith("es")) return w.slice(0, -2);
  if (w.endsWith("s")) return w.slice(0, -1);
  return w;
}

/**
 * Centrality score per sentence, in input order. Terms are numbered in order of first
 * appearance and the vectors are arrays (this runs on every node of every document); every
 * sum is taken in the order the term maps of the first version took it, so the scores are the
 * same to the last bit.
 */
export function centrality(sentences: readonly string[]): number[] {
  const ids = new Map<string, number>();
  // Where each term id sits in the current sentence's `order`, valid when `stamp` holds that
  // sentence's number: one pair of arrays for all sentences instead of a map per sentence.
  let at: Int32Array = new Int32Array(256);
  let stamp: Int32Array = new Int32Array(256);
  // Per sentence: its terms' ids in order of first appearance, and how often each occurs.
  const bags = sentences.map((s, i) => {
    const order: number[] = [];
    const counts: number[] = [];
    const sentence = i + 1;
    for (const t of terms(s)) {
      let id = ids.get(t);
      if (id === undefined) {
        ids.set(t, (id = ids.size));
        if (id >= at.length) ((at = grown(at)), (stamp = grown(stamp)));
      }
      if (stamp[id] !== sentence) {
        stamp[id] = sentence;
        at[id] = order.length;
        order.push(id);
        counts.push(1);
      } else counts[at[id]]++;
    }
    return { order, counts };
  });
  const df = new Float64Array(ids.size);
  for (const b of bags) for (const id of b.order) df[id]++;
  const n = bags.length;
  const centroid = new Float64Array(ids.size);
  const vecs = bags.map(({ order, counts }) => {
    const weights = new Float64Array(order.length);
    let norm = 0;
    for (let k = 0; k < order.length; k++) {
      const w = (1 + Math.log(counts[k])) * Math.log(1 + n / df[order[k]]);
      weights[k] = w;
      norm += w * w;
    }
    norm = Math.sqrt(norm) || 1;
    for (let k = 0; k < order.length; k++) {
      weights[k] = weights[k] / norm;
      centroid[order[k]] += weights[k];
    }
    return weights;
  });
  let cn = 0;
  for (const w of centroid) cn += w * w;
  cn = Math.sqrt(cn) || 1;
  return vecs.map((weights, i) => {
    const order = bags[i].order;
    let dot = 0;
    for (let k = 0; k < order.length; k++) dot += weights[k] * centroid[order[k]];
    return dot / cn;
  });
}

function grown(a: Int32Array): Int32Array {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}
