/**
 * Sentence ranking runs on every node of every document, so centrality numbers its terms and
 * keeps vectors in arrays, the stemmer compares suffixes by hand, and the "is this text its
 * own summary" check joins only the opening of a long text. Each must give exactly what the
 * plain definition kept here gives: the same scores to the last bit (summaries must not
 * change when only their speed does), the same stems, the same joined text or none.
 */
import { describe, expect, it } from "vitest";
import { centrality, terms } from "../../../src/indexing/summary/centrality.ts";
import { joinedIfShort } from "../../../src/indexing/summary/extractive.ts";
import { joinLines } from "../../../src/indexing/summary/sentences.ts";

const STOPWORDS = new Set("the of and to in for is on that by with as are this from".split(" "));

/** The first version: term maps per sentence, a document-frequency map, a centroid map. */
function centralityOracle(sentences: readonly string[], termsOf: (s: string) => string[]): number[] {
  const bags = sentences.map((s) => {
    const m = new Map<string, number>();
    for (const t of termsOf(s)) m.set(t, (m.get(t) ?? 0) + 1);
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

const WORDS = ["revenue", "revenues", "increased", "increasing", "margin", "margins", "cost", "costs", "the", "of", "Operating", "income", "décidés", "ÉTATS", "años", "11", "x2", "don't", "well-known", "goodwill", "impairment", "processes", "passed", "sings", "ings", "eds", "ses", "net", "cash", "flows"];

function* sentenceSets(count: number): Generator<string[]> {
  let seed = 987654;
  const next = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff), seed);
  for (let k = 0; k < count; k++) {
    const set: string[] = [];
    const sentences = next() % 40;
    for (let i = 0; i < sentences; i++) {
      const words = next() % 25;
      const w: string[] = [];
      for (let j = 0; j < words; j++) w.push(WORDS[next() % WORDS.length]);
      set.push(`${w.join(" ")}.`);
    }
    yield set;
  }
}

describe("sentence ranking agrees exactly with its plain definitions", () => {
  it("stems as /(ing|ed|es|s)$/ does, for words past five letters", () => {
    const oracle = (s: string) =>
      (s.toLowerCase().match(/\p{L}[\p{L}\p{N}'-]*/gu) ?? []).filter((w) => w.length >= 3 && !["the", "of"].includes(w)).map((w) => (w.length > 5 ? w.replace(/(ing|ed|es|s)$/, "") : w));
    for (const w of [...WORDS, "ceilings", "speedes", "processing", "embedded", "classes", "business", "thing", "stress", "eds", "abcdeing"]) {
      expect([w, terms(w)]).toEqual([w, oracle(w)]);
    }
  });

  it("reads the words of an ASCII sentence by char codes as the Unicode pattern reads them", () => {
    // A letter beyond ASCII sends a sentence down the pattern's path; alone, "é" is too short
    // to be a term, so both paths must give the same terms.
    const pieces = ["Word", "word", "x", "ing", "don't", "'quoted'", "well-known", "-", "--", "'", "3d", "e2e", "9lives", "A1-b2", ".", ",", "(", ")", " ", "  ", "\t", "\n", "_", "/", "Processes", "the", "Revenues"];
    let seed = 777;
    const next = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff), seed);
    let words = 0;
    for (let k = 0; k < 20_000; k++) {
      let s = "";
      for (let n = next() % 12; n > 0; n--) s += pieces[next() % pieces.length];
      const ascii = terms(s);
      words += ascii.length;
      expect([s, ascii]).toEqual([s, terms(`${s} é`)]);
    }
    expect(words).toBeGreaterThan(10_000); // the sentences do hold terms
  });

  it("scores every sentence of 2,000 generated sets to the last bit", () => {
    for (const set of sentenceSets(2_000)) expect(centrality(set)).toEqual(centralityOracle(set, terms));
    // And the oracle is not trivially equal: a different term list changes the scores.
    const set = ["Revenue increased on higher margins.", "Revenue fell.", "Costs of the margins rose."];
    expect(centralityOracle(set, (s) => terms(s).filter((t) => !STOPWORDS.has(t) && t !== "revenue"))).not.toEqual(centrality(set));
  });

  it("joins a text only when it is short, judging long ones by their opening", () => {
    const pieces = ["word", " ", "\n", "  \n  ", "-\n", "ab", "c", "\t", "é"];
    let seed = 4242;
    const next = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff), seed);
    for (let k = 0; k < 20_000; k++) {
      let s = "";
      const len = next() % 60;
      for (let i = 0; i < len; i++) s += pieces[next() % pieces.length];
      const limit = 1 + (next() % 12);
      const flat = joinLines(s);
      expect([s, limit, joinedIfShort(s, limit)]).toEqual([s, limit, flat.length <= limit ? flat : undefined]);
    }
  });
});
