/**
 * A compact BM25 index over terms already analysed, scoring exactly as MiniSearch 7 does
 * for exact-term OR queries (its BM25+ with k 1.2, b 0.7, d 0.5; field and term boosts; a
 * document's score times the number of distinct query terms it matched; ties in insertion
 * order). `bm25-index.test.ts` checks every score against MiniSearch's on generated text.
 *
 * Why not MiniSearch itself: a library search builds a document's lexical index on the
 * document's first use, on the request path. MiniSearch keeps a radix tree of maps of maps
 * (about 30 KB of heap per page of text, per index); building that, and the garbage
 * collector copying it, was most of a cold library query's time at 10,000 documents.
 * Postings here are typed arrays (8 bytes a posting), counted with one map lookup per
 * term occurrence. Prefix and fuzzy search, which MiniSearch adds, are not used here.
 */

/** A field's text as lists of analysed terms, read as if joined by spaces. */
export type FieldParts = readonly (readonly string[])[];

export interface Bm25Options {
  /** Field names, in the order values are given to `add`. */
  fields: readonly string[];
  /** Weight of each field (default 1). */
  boost?: Readonly<Record<string, number>>;
  /** How a query becomes terms: tokens, each normalised (null drops it). */
  tokenize: (text: string) => string[];
  processTerm: (token: string) => string | null;
  /** Weight of the i-th query term (default 1). */
  boostTerm?: (term: string, i: number, terms: string[]) => number;
}

export interface Bm25Hit<Id> {
  id: Id;
  score: number;
}

const K = 1.2;
const B = 0.7;
const D = 0.5;

export class Bm25IndexBuilder<Id> {
  private readonly vocabulary = new Map<string, number>();
  private readonly ids: Id[] = [];
  private readonly lengths: number[] = [];
  private readonly averageLength: number[];
  /**
   * Postings as they come: (field, term, document, frequency), documents in order. A typed
   * array outside the JavaScript heap: the young-generation collector does not copy it
   * while a large document is being added.
   */
  private postings = new Int32Array(4096);
  private used = 0;
  /** Per term id, occurrences in the document being added (reset through `touched`). */
  private counts = new Int32Array(1024);
  private readonly touched: number[] = [];

  constructor(private readonly fields: readonly string[]) {
    this.averageLength = fields.map(() => 0);
  }

  /** Adds a document; `values` follow the order of `fields`. */
  add(id: Id, values: readonly FieldParts[]): void {
    const doc = this.ids.length;
    this.ids.push(id);
    for (let field = 0; field < this.fields.length; field++) {
      const parts = values[field] ?? [];
      // MiniSearch's field length is the number of distinct tokens, and "" is a token when
      // the joined text is empty or has an empty part (two spaces in a row): counted in the
      // length, though no term is indexed for it.
      let emptyToken = parts.length === 0;
      for (const part of parts) {
        if (part.length === 0) emptyToken = true;
        for (const term of part) {
          let t = this.vocabulary.get(term);
          if (t === undefined) {
            t = this.vocabulary.size;
            this.vocabulary.set(term, t);
            if (t >= this.counts.length) {
              const grown = new Int32Array(this.counts.length * 2);
              grown.set(this.counts);
              this.counts = grown;
            }
          }
          if (this.counts[t]++ === 0) this.touched.push(t);
        }
      }
      const length = this.touched.length + (emptyToken ? 1 : 0);
      if (this.used + 4 * this.touched.length > this.postings.length) {
        const grown = new Int32Array(Math.max(this.postings.length * 2, this.used + 4 * this.touched.length));
        grown.set(this.postings.subarray(0, this.used));
        this.postings = grown;
      }
      for (const t of this.touched) {
        this.postings[this.used++] = field;
        this.postings[this.used++] = t;
        this.postings[this.used++] = doc;
        this.postings[this.used++] = this.counts[t];
        this.counts[t] = 0;
      }
      this.touched.length = 0;
      this.lengths.push(length);
      // The running mean MiniSearch keeps, computed the same way so scores agree to the bit.
      this.averageLength[field] = (this.averageLength[field] * doc + length) / (doc + 1);
    }
  }

  build(options: Bm25Options): Bm25Index<Id> {
    if (options.fields.length !== this.fields.length || options.fields.some((f, i) => f !== this.fields[i])) {
      throw new Error("Bm25IndexBuilder: options.fields differ from the builder's fields");
    }
    // Postings grouped by (field, term), documents ascending within each group (counting sort).
    const fieldCount = this.fields.length;
    const slots = this.vocabulary.size * fieldCount;
    const offsets = new Int32Array(slots + 1);
    const postings = this.postings;
    for (let i = 0; i < this.used; i += 4) offsets[postings[i + 1] * fieldCount + postings[i] + 1]++;
    for (let s = 0; s < slots; s++) offsets[s + 1] += offsets[s];
    const next = offsets.slice(0, slots);
    const docs = new Int32Array(this.used / 4);
    const frequencies = new Int32Array(this.used / 4);
    for (let i = 0; i < this.used; i += 4) {
      const at = next[postings[i + 1] * fieldCount + postings[i]]++;
      docs[at] = postings[i + 2];
      frequencies[at] = postings[i + 3];
    }
    return new Bm25Index(options, {
      vocabulary: this.vocabulary,
      ids: this.ids,
      lengths: Int32Array.from(this.lengths),
      averageLength: Float64Array.from(this.averageLength),
      offsets,
      docs,
      frequencies,
    });
  }
}

interface Bm25Data<Id> {
  vocabulary: Map<string, number>;
  ids: Id[];
  /** Field lengths, document-major. */
  lengths: Int32Array;
  averageLength: Float64Array;
  /** Postings of (term, field) at offsets[t * fields + f] up to the next offset. */
  offsets: Int32Array;
  docs: Int32Array;
  frequencies: Int32Array;
}

export class Bm25Index<Id> {
  private readonly fieldBoosts: number[];

  constructor(
    private readonly options: Bm25Options,
    private readonly data: Bm25Data<Id>,
  ) {
    this.fieldBoosts = options.fields.map((f) => options.boost?.[f] || 1);
  }

  /** In how many documents a term occurs in a field. */
  documentFrequency(term: string, field = 0): number {
    const t = this.data.vocabulary.get(term);
    if (t === undefined) return 0;
    const at = t * this.options.fields.length + field;
    return this.data.offsets[at + 1] - this.data.offsets[at];
  }

  /** Documents matching any query term, best first. `processTerm` overrides the index's (e.g. to leave terms out). */
  search(query: string, overrides: { processTerm?: (token: string) => string | null } = {}): Bm25Hit<Id>[] {
    const processTerm = overrides.processTerm ?? this.options.processTerm;
    const terms = this.options.tokenize(query).map((token) => processTerm(token)).filter((term): term is string => !!term);
    const { vocabulary, ids, lengths, averageLength, offsets, docs, frequencies } = this.data;
    const fieldCount = this.options.fields.length;
    const total = ids.length;
    // Per document: its score and the distinct query terms it matched, in first-match order.
    const results = new Map<number, { score: number; terms: string[] }>();
    terms.forEach((term, i) => {
      const t = vocabulary.get(term);
      if (t === undefined) return;
      const termBoost = this.options.boostTerm ? this.options.boostTerm(term, i, terms) : 1;
      // This term's score per document, summed over fields in order, then added to the total.
      const partial = new Map<number, number>();
      for (let f = 0; f < fieldCount; f++) {
        const from = offsets[t * fieldCount + f];
        const to = offsets[t * fieldCount + f + 1];
        if (from === to) continue;
        const matching = to - from;
        const invDocFreq = Math.log(1 + (total - matching + 0.5) / (matching + 0.5));
        const weight = termBoost * this.fieldBoosts[f];
        for (let p = from; p < to; p++) {
          const doc = docs[p];
          const tf = frequencies[p];
          const raw = invDocFreq * (D + (tf * (K + 1)) / (tf + K * (1 - B + (B * lengths[doc * fieldCount + f]) / averageLength[f])));
          const score = weight * raw;
          const known = partial.get(doc);
          partial.set(doc, known === undefined ? score : known + score);
        }
      }
      for (const [doc, score] of partial) {
        const result = results.get(doc);
        if (!result) results.set(doc, { score, terms: [term] });
        else {
          result.score = result.score + score;
          if (!result.terms.includes(term)) result.terms.push(term);
        }
      }
    });
    const hits: Bm25Hit<Id>[] = [];
    for (const [doc, { score, terms: matched }] of results) hits.push({ id: ids[doc], score: score * (matched.length || 1) });
    return hits.sort((a, b) => b.score - a.score);
  }
}
