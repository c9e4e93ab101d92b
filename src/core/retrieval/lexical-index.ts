/**
 * Lexical tree search over one document, no model needed. BM25 (bm25-index.ts) indexes nodes
 * (title boosted, summary, own text) and passages (page-sized windows of a node's text).
 * A node's score is its own BM25 plus its best passages, and half of its best child's score
 * flows up, so a section whose subsections match ranks well. Exact phrases and query
 * coverage raise passages; numbers and codes weigh double. Passages are short (about 320
 * characters, never across a page), so "where in the section" comes with a page.
 */
import type { TreeNode } from "../../indexing/tree-types.ts";
import { Bm25IndexBuilder, type Bm25Index, type Bm25Options } from "./bm25-index.ts";
import { financialIntent, statementOfPage, type StatementKind } from "./financial-statements.ts";
import { captionsOnPage, referencedCaptions, referencedPages } from "./page-references.ts";
import { fusePages, type RankedPage } from "./page-ranking.ts";
import { flattenTree, makePassages, nodeLines, type FlatNode, type Passage } from "./passages.ts";
import { analyse, isNumberLike, normaliseTerm, queryPhrases, tokenize } from "./terms.ts";

export interface ScoredPassage {
  text: string;
  page: number | null;
  line?: number;
  node_id: string;
  score: number;
}

export interface ScoredNode {
  node_id: string;
  title: string;
  start_index?: number;
  end_index?: number;
  line_num?: number;
  /** Titles of the ancestors, outermost first. */
  path: string[];
  score: number;
  /** Matching passages of the node (or, for a section that only contains matches, of its subtree). */
  passages: ScoredPassage[];
}

export interface LexicalResult {
  nodes: ScoredNode[];
  /** Pages to open first (PDF only), best first: `rankedPages` without scores. */
  pages: number[];
  /** The same pages with their fused score and a snippet (see page-ranking.ts). */
  rankedPages: RankedPage[];
  /** Best passages overall, best first. */
  passages: ScoredPassage[];
}

export interface LexicalOptions {
  /** Nodes to return. Default 5. */
  limit?: number;
  /** Passages per node. Default 3. */
  passagesPerNode?: number;
}

/** Passages examined for phrases and coverage (BM25 order first). */
const RERANK_DEPTH = 120;
/** Query terms in more than this share of the passages are not scored by BM25. */
const COMMON_TERM_SHARE = 0.2;
/** Passages analysed between two checks of an asynchronous build's time slice, and the slice. */
const BUILD_CHUNK = 200;
const SLICE_MS = 10;
/** Weight of a node's second and third best passages. */
const TEXT_SECOND_SHARE = 0.4;
/** Share of the best child's score a parent inherits. */
const CHILD_SHARE = 0.5;

// Queries are analysed like the text was (tokens, then normalised terms); numbers and codes weigh double.
const QUERY = { tokenize, processTerm: normaliseTerm, boostTerm: (term: string) => (isNumberLike(term) ? 2 : 1) };
/** A search's own term filter (selectiveSearch leaves near-ubiquitous terms out). */
type TermFilter = { processTerm: (token: string) => string | null };
const NODE_OPTIONS: Bm25Options = { ...QUERY, fields: ["title", "summary", "text"], boost: { title: 3, summary: 1.2, text: 1 } };
const PASSAGE_OPTIONS: Bm25Options = { ...QUERY, fields: ["text"] };
const PAGE_OPTIONS: Bm25Options = { ...QUERY, fields: ["text"] };

export class LexicalIndex {
  readonly nodes: FlatNode[];
  readonly passages: Passage[];
  /** Set once the passages are analysed (at the end of the constructor, or of `build`). */
  private nodeSearch!: Bm25Index<number>;
  private passageSearch!: Bm25Index<number>;
  /** Each passage's analysed terms in order (phrase checks and coverage). */
  private readonly passageTerms: string[][];
  /** PDFs: BM25 over whole pages (built from the passages' analysed terms), and pages holding financial statements. */
  private pageSearch?: Bm25Index<number>;
  private readonly pageCount: number;
  readonly statementPages = new Map<StatementKind, number[]>();
  /** First page of each caption ("figure 3", "table 2"). */
  private readonly captionPages = new Map<string, number>();

  /** Builds at once (CLI, tests, benches). The service uses `build`, which yields. */
  constructor(tree: TreeNode[], pageTexts?: string[], options: { deferred?: boolean; parts?: { nodes: FlatNode[]; passages: Passage[] } } = {}) {
    this.nodes = options.parts?.nodes ?? flattenTree(tree);
    this.passages = options.parts?.passages ?? makePassages(this.nodes, nodeLines(this.nodes, pageTexts));
    this.passageTerms = [];
    this.pageCount = pageTexts?.length ?? 0;
    if (pageTexts) {
      pageTexts.forEach((text, i) => {
        const kind = statementOfPage(text);
        if (kind) this.statementPages.set(kind, [...(this.statementPages.get(kind) ?? []), i + 1]);
        for (const caption of captionsOnPage(text)) if (!this.captionPages.has(caption)) this.captionPages.set(caption, i + 1);
      });
    }
    if (options.deferred) return;
    this.analysePassages(0, this.passages.length);
    this.indexNodes();
    this.indexPassages();
    if (pageTexts) this.indexPages();
  }

  /**
   * Builds in slices of time that give way to the event loop: a 1000-page manual takes a
   * few hundred milliseconds to index, and the main thread must keep answering requests
   * meanwhile. `sliceMs` 0 gives way at every step (tests).
   */
  static async build(tree: TreeNode[], pageTexts?: string[], options: { sliceMs?: number } = {}): Promise<LexicalIndex> {
    const slice = new TimeSlice(options.sliceMs ?? SLICE_MS);
    const nodes = flattenTree(tree);
    await slice.next();
    const lines = nodeLines(nodes, pageTexts);
    await slice.next();
    const passages = makePassages(nodes, lines);
    await slice.next();
    const index = new LexicalIndex(tree, pageTexts, { deferred: true, parts: { nodes, passages } });
    for (let start = 0; start < index.passages.length; start += BUILD_CHUNK) {
      index.analysePassages(start, Math.min(index.passages.length, start + BUILD_CHUNK));
      await slice.next();
    }
    index.indexNodes();
    await slice.next();
    index.indexPassages();
    await slice.next();
    if (pageTexts) index.indexPages();
    return index;
  }

  private analysePassages(from: number, to: number): void {
    for (let i = from; i < to; i++) {
      this.passageTerms[i] = analyse(this.passages[i].text);
    }
  }

  // Every field is indexed as terms analysed once (passages are analysed for phrases anyway,
  // and a section's text is its passages, a page's text the passages on it).

  /** Sections: title (boosted), summary and own text; passages add finer evidence. */
  private indexNodes(): void {
    const text: string[][][] = this.nodes.map(() => []);
    for (const p of this.passages) text[p.node].push(this.passageTerms[p.index]);
    const builder = new Bm25IndexBuilder<number>(NODE_OPTIONS.fields);
    for (const n of this.nodes) builder.add(n.index, [[analyse(n.title)], [analyse(n.summary)], text[n.index]]);
    this.nodeSearch = builder.build(NODE_OPTIONS);
  }

  private indexPassages(): void {
    const builder = new Bm25IndexBuilder<number>(PASSAGE_OPTIONS.fields);
    for (const p of this.passages) builder.add(p.index, [[this.passageTerms[p.index]]]);
    this.passageSearch = builder.build(PASSAGE_OPTIONS);
  }

  /** PDFs: whole pages, each the terms of the passages on it. */
  private indexPages(): void {
    const parts: string[][][] = Array.from({ length: this.pageCount }, () => []);
    for (const p of this.passages) if (p.page !== null && p.page >= 1 && p.page <= this.pageCount) parts[p.page - 1].push(this.passageTerms[p.index]);
    const builder = new Bm25IndexBuilder<number>(PAGE_OPTIONS.fields);
    // A page's text is its terms in one list: only a page without any has an empty token.
    parts.forEach((lists, i) => builder.add(i + 1, [lists.filter((terms) => terms.length > 0)]));
    this.pageSearch = builder.build(PAGE_OPTIONS);
  }

  search(query: string, options: LexicalOptions = {}): LexicalResult {
    const limit = options.limit ?? 5;
    const perNode = options.passagesPerNode ?? 3;
    const terms = [...new Set(analyse(query))];
    if (terms.length === 0) {
      const rankedPages = this.rankPagesFused(query, [], new Map());
      return { nodes: [], pages: rankedPages.map((p) => p.page), rankedPages, passages: [] };
    }
    const selective = this.selectiveSearch(terms);
    const passageScore = this.scorePassages(query, terms, selective);

    // Nodes: own BM25 + best own passage; then children's scores flow up.
    const own = new Float64Array(this.nodes.length);
    for (const hit of this.nodeSearch.search(query, selective)) own[hit.id as number] = hit.score;
    // A node's text evidence: its best passage in full, the next two at a discount (several
    // matching passages mean the section is about the query, not just mentioning it).
    const top3 = new Map<number, number[]>();
    for (const [index, score] of passageScore) {
      const n = this.passages[index].node;
      const list = top3.get(n) ?? [];
      list.push(score);
      if (list.length > 3) list.sort((a, b) => b - a).pop();
      top3.set(n, list);
    }
    const bestPassage = new Float64Array(this.nodes.length);
    for (const [n, list] of top3) {
      list.sort((a, b) => b - a);
      bestPassage[n] = list[0] + TEXT_SECOND_SHARE * ((list[1] ?? 0) + (list[2] ?? 0));
    }
    const combined = new Float64Array(this.nodes.length);
    // Pre-order: children come after their parent, so walking backwards sees them first.
    for (let i = this.nodes.length - 1; i >= 0; i--) {
      let bestChild = 0;
      for (const c of this.nodes[i].children) bestChild = Math.max(bestChild, combined[c]);
      combined[i] = own[i] + bestPassage[i] + CHILD_SHARE * bestChild;
    }

    const ranked = [...combined.keys()].filter((i) => combined[i] > 0).sort((a, b) => combined[b] - combined[a]);
    const scoredPassages = [...passageScore.entries()]
      .map(([index, score]) => ({ index, score: score + 0.15 * combined[this.passages[index].node] }))
      .sort((a, b) => b.score - a.score);
    const byNode = new Map<number, { index: number; score: number }[]>();
    for (const p of scoredPassages) {
      const n = this.passages[p.index].node;
      const list = byNode.get(n) ?? [];
      list.push(p);
      byNode.set(n, list);
    }

    // A section that only repeats the passages of a subsection already listed adds nothing.
    const nodes: ScoredNode[] = [];
    const shown = new Set<number>();
    for (const i of ranked) {
      if (nodes.length >= limit) break;
      let list = byNode.get(i) ?? [];
      if (list.length === 0) list = this.subtree(i).flatMap((d) => byNode.get(d) ?? []).sort((a, b) => b.score - a.score);
      list = list.slice(0, perNode);
      if (list.length && list.every((p) => shown.has(p.index))) continue;
      list.forEach((p) => shown.add(p.index));
      nodes.push(this.scoredNode(i, combined[i], list.map((p) => this.scoredPassage(p.index, p.score))));
    }
    const top = scoredPassages.slice(0, 50).map((p) => this.scoredPassage(p.index, p.score));
    const treePages = this.rankPages(top, nodes);
    const bestOnPage = new Map<number, { index: number; score: number }>();
    for (const p of scoredPassages) {
      const page = this.passages[p.index].page;
      if (page !== null && !bestOnPage.has(page)) bestOnPage.set(page, p);
    }
    const rankedPages = this.pageSearch ? this.rankPagesFused(query, treePages, bestOnPage) : treePages.map((page) => ({ page, score: 0, snippet: "" }));
    return { nodes, pages: rankedPages.map((p) => p.page), rankedPages, passages: top };
  }

  /**
   * The answer as sections in the order of the ranked pages: each of the first pages
   * contributes its best passage (or its opening passage) under the node it belongs to.
   * Consecutive pages of one node share an entry; a node whose pages are not adjacent in
   * the ranking appears again further down, so a client reading `nodes` in order, and each
   * node's passages in order, meets the pages exactly in rank order.
   */
  answer(query: string, options: LexicalOptions = {}): { nodes: ScoredNode[]; rankedPages: RankedPage[] } {
    const result = this.search(query, options);
    if (!this.pageSearch) return { nodes: result.nodes, rankedPages: result.rankedPages };
    const limit = options.limit ?? 5;
    const perNode = options.passagesPerNode ?? 3;
    const entries: { node: number; passages: ScoredPassage[] }[] = [];
    for (const ranked of result.rankedPages) {
      const passage = result.passages.find((p) => p.page === ranked.page) ?? this.openingPassage(ranked.page);
      if (!passage) continue;
      const node = this.nodes.findIndex((n) => n.node_id === passage.node_id);
      const last = entries[entries.length - 1];
      if (last?.node === node && last.passages.length < perNode) last.passages.push(passage);
      else if (entries.length < limit) entries.push({ node, passages: [passage] });
      else break;
    }
    const nodes = entries.map((e) => this.scoredNode(e.node, e.passages[0].score, e.passages));
    return { nodes, rankedPages: result.rankedPages };
  }

  private openingPassage(page: number): ScoredPassage | undefined {
    const p = this.firstPassageOf(page);
    return p ? this.scoredPassage(p.index, 0) : undefined;
  }

  /** The first passage on each page, found once. */
  private firstPassages?: Map<number, Passage>;
  private firstPassageOf(page: number): Passage | undefined {
    if (!this.firstPassages) {
      this.firstPassages = new Map();
      for (const p of this.passages) if (p.page !== null && !this.firstPassages.has(p.page)) this.firstPassages.set(p.page, p);
    }
    return this.firstPassages.get(page);
  }

  private rankPagesFused(query: string, treePages: number[], bestOnPage: Map<number, { index: number; score: number }>): RankedPage[] {
    if (!this.pageSearch) return [];
    const intent = financialIntent(query);
    const widened = [query, ...intent.expansions].join(" ");
    const bm25Pages = this.pageSearch.search(widened).map((h) => h.id as number);
    const captioned = referencedCaptions(query).flatMap((c) => this.captionPages.get(c) ?? []);
    const fused = fusePages({ pageCount: this.pageCount, treePages, bm25Pages, referenced: referencedPages(query, this.pageCount), captioned, intent, statementPages: this.statementPages });
    return fused.map(({ page, score }) => {
      const best = bestOnPage.get(page);
      const text = best ? this.passages[best.index].text : (this.openingPassage(page)?.text ?? "");
      return { page, score: round(score * 1000), snippet: text.length > 200 ? `${text.slice(0, 197)}...` : text };
    });
  }

  /** Passages: BM25, then raised by query coverage and exact phrases. */
  private scorePassages(query: string, terms: string[], options: TermFilter): Map<number, number> {
    const phrases = queryPhrases(query);
    const scores = new Map<number, number>();
    for (const hit of this.passageSearch.search(query, options).slice(0, RERANK_DEPTH)) {
      const id = hit.id as number;
      // Sets of the few passages scored here only: kept for every passage they cost more than the index.
      const set = new Set(this.passageTerms[id]);
      let present = 0;
      for (const t of terms) if (set.has(t)) present++;
      const covered = present / terms.length;
      let phraseHits = 0;
      for (const p of phrases) if (p.every((t) => set.has(t)) && containsRun(this.passageTerms[id], p)) phraseHits++;
      const phraseFactor = phrases.length ? 1 + (0.6 * phraseHits) / phrases.length : 1;
      scores.set(hit.id as number, hit.score * (0.4 + covered) * phraseFactor);
    }
    return scores;
  }

  /**
   * The passages of a chosen node (and its subtree) that best match the query; the node's
   * opening passages when none matches. Used after reasoning search picked the node.
   */
  passagesOf(nodeId: string, query: string, k = 3): ScoredPassage[] {
    const i = this.nodes.findIndex((n) => n.node_id === nodeId);
    if (i < 0) return [];
    const members = new Set([i, ...this.subtree(i)]);
    const terms = [...new Set(analyse(query))];
    const inNode = { ...this.selectiveSearch(terms), filter: (r: { id: unknown }) => members.has(this.passages[r.id as number].node) };
    const scores = this.scorePassages(query, terms, inNode);
    const matching = [...scores.entries()].sort((a, b) => b[1] - a[1]);
    if (matching.length) return matching.slice(0, k).map(([p, score]) => this.scoredPassage(p, score));
    return this.passages.filter((p) => p.node === i).slice(0, k).map((p) => this.scoredPassage(p.index, 0));
  }

  /**
   * Query terms that occur in more than a fifth of the passages add almost nothing to BM25
   * (their idf is small) but cost the most to score: they are left out of the BM25 query
   * (they still count for coverage and phrases). The rarest term always stays.
   */
  private selectiveSearch(terms: string[]): TermFilter {
    const cap = Math.max(50, this.passages.length * COMMON_TERM_SHARE);
    // In how many passages a term occurs: near-ubiquitous query terms are left out.
    const df = (t: string) => this.passageSearch.documentFrequency(t);
    const keep = new Set(terms.filter((t) => df(t) <= cap));
    if (keep.size === 0) keep.add(terms.reduce((a, b) => (df(b) < df(a) ? b : a)));
    return { processTerm: (token: string) => {
      const term = normaliseTerm(token);
      return term !== null && keep.has(term) ? term : null;
    } };
  }

  /** The section a page belongs to: the node whose own text holds the page's first passage. */
  nodeOfPage(page: number): string | undefined {
    const p = this.firstPassageOf(page);
    return p ? this.nodes[p.node].node_id : undefined;
  }

  findNode(nodeId: string): FlatNode | undefined {
    return this.nodes.find((n) => n.node_id === nodeId);
  }

  /**
   * Pages to read first: the best passage's page of each ranked node in node order (the
   * node ranking knows titles and the hierarchy), then their other passages, then the best
   * passages elsewhere, then the start pages of the nodes.
   */
  private rankPages(passages: ScoredPassage[], nodes: ScoredNode[]): number[] {
    const pages: number[] = [];
    const add = (p: number | null | undefined) => {
      if (p !== null && p !== undefined && !pages.includes(p)) pages.push(p);
    };
    for (let round = 0; round < 3; round++) for (const n of nodes) add(n.passages[round]?.page);
    for (const p of passages) add(p.page);
    for (const n of nodes) add(n.start_index);
    return pages;
  }

  private subtree(i: number): number[] {
    const out: number[] = [];
    const stack = [...this.nodes[i].children];
    while (stack.length) {
      const d = stack.pop()!;
      out.push(d);
      stack.push(...this.nodes[d].children);
    }
    return out;
  }

  private path(i: number): string[] {
    const out: string[] = [];
    for (let p = this.nodes[i].parent; p !== null; p = this.nodes[p].parent) out.unshift(this.nodes[p].title);
    return out;
  }

  private scoredNode(i: number, score: number, passages: ScoredPassage[]): ScoredNode {
    const n = this.nodes[i];
    const out: ScoredNode = { node_id: n.node_id, title: n.title, path: this.path(i), score: round(score), passages };
    if (n.start_index !== undefined) out.start_index = n.start_index;
    if (n.end_index !== undefined) out.end_index = n.end_index;
    if (n.line_num !== undefined) out.line_num = n.line_num;
    return out;
  }

  private scoredPassage(index: number, score: number): ScoredPassage {
    const p = this.passages[index];
    const out: ScoredPassage = { text: p.text, page: p.page, node_id: this.nodes[p.node].node_id, score: round(score) };
    if (p.line !== undefined) out.line = p.line;
    return out;
  }
}

/** Index-time tokenizer and term filter over already analysed, space-joined terms. */
/**
 * Yields to the event loop once a slice of time is used up. A yield is not free: whatever
 * waits runs first, garbage collection tasks included (in a server holding 10,000 documents
 * a yield took 11 ms at the 90th percentile), so a small document builds in one slice and a
 * large one gives way every few milliseconds.
 */
class TimeSlice {
  private start = performance.now();
  constructor(private readonly ms: number) {}

  async next(): Promise<void> {
    if (performance.now() - this.start < this.ms) return;
    await new Promise((resolve) => setImmediate(resolve));
    this.start = performance.now();
  }
}


/** True when `run` occurs in `terms` as consecutive terms. */
function containsRun(terms: string[], run: string[]): boolean {
  outer: for (let i = 0; i + run.length <= terms.length; i++) {
    for (let j = 0; j < run.length; j++) if (terms[i + j] !== run[j]) continue outer;
    return true;
  }
  return false;
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
