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
  const out: string[] = [];
  for (const w of s.toLowerCase().match(WORD_RE) ?? []) {
    if (w.length < 3 || STOP.has(w)) continue;
    out.push(w.length > 5 ? stem(w) : w);
  }
  return out;
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
  // Per sentence: its terms' ids in order of first appearance, and how often each occurs.
  const bags = sentences.map((s) => {
    const order: number[] = [];
    const counts: number[] = [];
    const at = new Map<number, number>();
    for (const t of terms(s)) {
      let id = ids.get(t);
      if (id === undefined) ids.set(t, (id = ids.size));
      const k = at.get(id);
      if (k === undefined) {
        at.set(id, order.length);
        order.push(id);
        counts.push(1);
      } else counts[k]++;
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
