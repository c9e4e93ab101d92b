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

export function terms(s: string): string[] {
  const out: string[] = [];
  for (const w of s.toLowerCase().match(/\p{L}[\p{L}\p{N}'-]*/gu) ?? []) {
    if (w.length < 3 || STOP.has(w)) continue;
    out.push(w.length > 5 ? w.replace(/(ing|ed|es|s)$/, "") : w);
  }
  return out;
}

/** Centrality score per sentence, in input order. */
export function centrality(sentences: readonly string[]): number[] {
  const bags = sentences.map((s) => {
    const m = new Map<string, number>();
    for (const t of terms(s)) m.set(t, (m.get(t) ?? 0) + 1);
    return m;
  });
  const df = new Map<string, number>();
  for (const b of bags) for (const t of b.keys()) df.set(t, (df.get(t) ?? 0) + 1);
  const n = bags.length;
  const idf = (t: string) => Math.log(1 + n / (df.get(t) ?? 1));
  const centroid = new Map<string, number>();
  const vecs = bags.map((b) => {
    const v = new Map<string, number>();
    let norm = 0;
    for (const [t, tf] of b) {
      const w = (1 + Math.log(tf)) * idf(t);
      v.set(t, w);
      norm += w * w;
    }
    norm = Math.sqrt(norm) || 1;
    for (const [t, w] of v) {
      v.set(t, w / norm);
      centroid.set(t, (centroid.get(t) ?? 0) + w / norm);
    }
    return v;
  });
  let cn = 0;
  for (const w of centroid.values()) cn += w * w;
  cn = Math.sqrt(cn) || 1;
  return vecs.map((v) => {
    let dot = 0;
    for (const [t, w] of v) dot += w * (centroid.get(t) ?? 0);
    return dot / cn;
  });
}
