import MiniSearch from "minisearch";
import { describe, expect, it } from "vitest";
import { Bm25IndexBuilder, type Bm25Options, type FieldParts } from "../../src/core/retrieval/bm25-index.ts";
import { normaliseTerm, tokenize } from "../../src/core/retrieval/terms.ts";

// Bm25Index must score exactly as MiniSearch does for the same analysed text: these are the
// scores the per-document ranker was tuned with (BENCHMARKS.md), and MiniSearch is the oracle.

function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

// A small vocabulary, so terms repeat across documents and fields; numbers get a term boost.
const WORDS = ["revenue", "cost", "sale", "risk", "factor", "cash", "flow", "2023", "10-k", "net", "income", "share", "asset", "debt", "lease", "tax", "q3", "margin"];

function generate(seed: number, documents: number, fields: number): FieldParts[][] {
  const rnd = random(seed);
  const pick = () => WORDS[Math.floor(rnd() * (WORDS.length - (rnd() < 0.5 ? 6 : 0)))];
  return Array.from({ length: documents }, () =>
    Array.from({ length: fields }, () => {
      // 0-3 parts, some empty (an empty part is two spaces in the joined text).
      const parts = Math.floor(rnd() * 4);
      return Array.from({ length: parts }, () => Array.from({ length: Math.floor(rnd() * 12) }, pick));
    }),
  );
}

const QUERY = { tokenize, processTerm: normaliseTerm, boostTerm: (term: string) => (/\d/.test(term) ? 2 : 1) };

function both(docs: FieldParts[][], options: Bm25Options) {
  const builder = new Bm25IndexBuilder<number>(options.fields);
  docs.forEach((values, i) => builder.add(i + 1, values));
  const ours = builder.build(options);
  // The oracle: MiniSearch over the same terms joined by spaces, as the index used to be built.
  const oracle = new MiniSearch<Record<string, string | number>>({
    idField: "id",
    fields: [...options.fields],
    tokenize: (text) => text.split(" "),
    processTerm: (term) => term || null,
    searchOptions: { tokenize: QUERY.tokenize, processTerm: QUERY.processTerm, boostTerm: QUERY.boostTerm, boost: options.boost ?? {}, combineWith: "OR", prefix: false, fuzzy: false },
  });
  oracle.addAll(docs.map((values, i) => Object.fromEntries([["id", i + 1], ...options.fields.map((f, j) => [f, values[j].map((part) => part.join(" ")).join(" ")])])));
  return { ours, oracle };
}

const QUERIES = [
  "revenue",
  "net income 2023",
  "cash flow cash flow", // a repeated term counts twice, matches once
  "10-K risk factors",
  "q3 margin of the lease",
  "unknownword",
  "",
  "the and of", // stop words only
  "debt tax share asset revenue cost sale risk",
];

describe("Bm25Index", () => {
  for (const [name, options] of [
    ["one field", { ...QUERY, fields: ["text"] }],
    ["three boosted fields", { ...QUERY, fields: ["title", "summary", "text"], boost: { title: 3, summary: 1.2, text: 1 } }],
  ] as const) {
    it(`scores as MiniSearch does, to the bit: ${name}`, () => {
      for (const seed of [1, 2, 3]) {
        const docs = generate(seed, 150, options.fields.length);
        const { ours, oracle } = both(docs, options);
        for (const query of QUERIES) {
          const expected = oracle.search(query).map((h) => ({ id: h.id, score: h.score }));
          expect(ours.search(query), `${name}, seed ${seed}, "${query}"`).toEqual(expected);
        }
        // A search's own term filter (the ranker drops near-ubiquitous terms this way).
        const filter = { processTerm: (token: string) => (normaliseTerm(token) === "revenue" ? null : normaliseTerm(token)) };
        expect(ours.search("revenue cost 2023", filter)).toEqual(oracle.search("revenue cost 2023", filter).map((h) => ({ id: h.id, score: h.score })));
      }
    });
  }

  it("counts in how many documents a term occurs, per field", () => {
    const docs: FieldParts[][] = [
      [[["revenue", "revenue"]], [["cost"]]],
      [[["revenue"]], []],
      [[[]], [["revenue", "cost"], []]],
    ];
    const builder = new Bm25IndexBuilder<string>(["a", "b"]);
    docs.forEach((values, i) => builder.add(`d${i}`, values));
    const index = builder.build({ ...QUERY, fields: ["a", "b"] });
    expect([index.documentFrequency("revenue", 0), index.documentFrequency("revenue", 1), index.documentFrequency("cost", 1), index.documentFrequency("none")]).toEqual([2, 1, 2, 0]);
    expect(index.search("revenue").map((h) => h.id).sort()).toEqual(["d0", "d1", "d2"]);
  });

  it("refuses options whose fields differ from the builder's", () => {
    const builder = new Bm25IndexBuilder<number>(["text"]);
    expect(() => builder.build({ ...QUERY, fields: ["title"] })).toThrow(/fields differ/);
  });
});
