/**
 * Lexical tree search over one document, no model needed. MiniSearch (BM25) indexes nodes
 * (title boosted, summary, own text) and passages (page-sized windows of a node's text).
 * A node's score is its own BM25 plus its best passages, and half of its best child's score
 * flows up, so a section whose subsections match ranks well. Exact phrases and query
 * coverage raise passages; numbers and codes weigh double. Passages are short (about 320
 * characters, never across a page), so "where in the section" comes with a page.
 */
import MiniSearch, { type SearchOptions } from "minisearch";
import type { TreeNode } from "../../indexing/tree-types.ts";
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
/** Passages analysed, or characters indexed, between two yields of an asynchronous build. */
const BUILD_CHUNK = 200;
const BUILD_CHUNK_CHARS = 40_000;
/** Weight of a node's second and third best passages. */
const TEXT_SECOND_SHARE = 0.4;
/** Share of the best child's score a parent inherits. */
const CHILD_SHARE = 0.5;

const SEARCH: SearchOptions = {
  // Queries are analysed like the text was (tokens, then normalised terms).
  tokenize,
  processTerm: normaliseTerm,
  combineWith: "OR",
  prefix: false,
  fuzzy: false,
  boostTerm: (term) => (isNumberLike(term) ? 2 : 1),
};

export class LexicalIndex {
  readonly nodes: FlatNode[];
  readonly passages: Passage[];
  private readonly nodeSearch: MiniSearch;
  private readonly passageSearch: MiniSearch;
  /** Each passage's analysed terms in order (phrase checks) and as a set (coverage). */
  private readonly passageTerms: string[][];
  private readonly passageTermSets: Set<string>[];
  /** In how many passages each term occurs (to skip near-ubiquitous query terms). */
  private readonly passageFrequency = new Map<string, number>();
  /** PDFs: BM25 over whole pages (built from the passages' analysed terms), and pages holding financial statements. */
  private readonly pageSearch?: MiniSearch;
  private readonly pageCount: number;
  readonly statementPages = new Map<StatementKind, number[]>();
  /** First page of each caption ("figure 3", "table 2"). */
  private readonly captionPages = new Map<string, number>();

  /** Builds at once (CLI, tests, benches). The service uses `build`, which yields. */
  constructor(tree: TreeNode[], pageTexts?: string[], options: { deferred?: boolean; parts?: { nodes: FlatNode[]; passages: Passage[] } } = {}) {
    this.nodes = options.parts?.nodes ?? flattenTree(tree);
    this.passages = options.parts?.passages ?? makePassages(this.nodes, nodeLines(this.nodes, pageTexts));
    this.passageTerms = [];
    this.passageTermSets = [];
    // Every field is indexed as terms analysed once (passages are analysed for phrases anyway,
    // and node texts are their passages): space-joined terms, split again, nothing re-analysed.
    const common = { idField: "index", tokenize: splitTerms, processTerm: keepTerm } as const;
    // Nodes: title (boosted), summary and own text; passages add finer evidence below.
    this.nodeSearch = new MiniSearch({ ...common, fields: ["title", "summary", "text"], searchOptions: { ...SEARCH, boost: { title: 3, summary: 1.2, text: 1 } } });
    this.passageSearch = new MiniSearch({ ...common, fields: ["text"], searchOptions: SEARCH });
    this.pageCount = pageTexts?.length ?? 0;
    if (pageTexts) {
      // Documents are pages as analysed terms joined by spaces: no second analysis pass.
      this.pageSearch = new MiniSearch({ idField: "page", fields: ["text"], tokenize: splitTerms, processTerm: keepTerm, searchOptions: SEARCH });
      pageTexts.forEach((text, i) => {
        const kind = statementOfPage(text);
        if (kind) this.statementPages.set(kind, [...(this.statementPages.get(kind) ?? []), i + 1]);
        for (const caption of captionsOnPage(text)) if (!this.captionPages.has(caption)) this.captionPages.set(caption, i + 1);
      });
    }
    if (options.deferred) return;
    this.analysePassages(0, this.passages.length);
    this.nodeSearch.addAll(this.nodeDocs());
    this.passageSearch.addAll(this.passageDocs());
    this.pageSearch?.addAll(this.pageDocs());
  }

  /**
   * Builds in chunks that yield to the event loop: a 1000-page manual takes seconds to
   * index, and the main thread must keep answering requests meanwhile.
   */
  static async build(tree: TreeNode[], pageTexts?: string[]): Promise<LexicalIndex> {
    const nodes = flattenTree(tree);
    await yieldToEventLoop();
    const lines = nodeLines(nodes, pageTexts);
    await yieldToEventLoop();
    const passages = makePassages(nodes, lines);
    await yieldToEventLoop();
    const index = new LexicalIndex(tree, pageTexts, { deferred: true, parts: { nodes, passages } });
    for (let start = 0; start < index.passages.length; start += BUILD_CHUNK) {
      index.analysePassages(start, Math.min(index.passages.length, start + BUILD_CHUNK));
      await yieldToEventLoop();
    }
    // Node texts can be long (a section of many pages): chunks are cut by size.
    await addInChunks(index.nodeSearch, index.nodeDocs());
    await addInChunks(index.passageSearch, index.passageDocs());
    if (index.pageSearch) await addInChunks(index.pageSearch, index.pageDocs());
    return index;
  }

  private analysePassages(from: number, to: number): void {
    for (let i = from; i < to; i++) {
      this.passageTerms[i] = analyse(this.passages[i].text);
      this.passageTermSets[i] = new Set(this.passageTerms[i]);
      for (const t of this.passageTermSets[i]) this.passageFrequency.set(t, (this.passageFrequency.get(t) ?? 0) + 1);
    }
  }

  private nodeDocs() {
    const text: string[][] = this.nodes.map(() => []);
    for (const p of this.passages) text[p.node].push(this.passageTerms[p.index].join(" "));
    return this.nodes.map((n) => ({ index: n.index, title: analyse(n.title).join(" "), summary: analyse(n.summary).join(" "), text: text[n.index].join(" ") }));
  }

  private passageDocs() {
    return this.passages.map((p) => ({ index: p.index, text: this.passageTerms[p.index].join(" ") }));
  }

  private pageDocs() {
    const terms: string[][] = Array.from({ length: this.pageCount }, () => []);
    for (const p of this.passages) if (p.page !== null && p.page >= 1 && p.page <= this.pageCount) terms[p.page - 1].push(...this.passageTerms[p.index]);
    return terms.map((t, i) => ({ page: i + 1, text: t.join(" ") }));
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
  private scorePassages(query: string, terms: string[], options: SearchOptions): Map<number, number> {
    const phrases = queryPhrases(query);
    const scores = new Map<number, number>();
    for (const hit of this.passageSearch.search(query, options).slice(0, RERANK_DEPTH)) {
      const id = hit.id as number;
      const set = this.passageTermSets[id];
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
  private selectiveSearch(terms: string[]): SearchOptions {
    const cap = Math.max(50, this.passages.length * COMMON_TERM_SHARE);
    const df = (t: string) => this.passageFrequency.get(t) ?? 0;
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
const splitTerms = (text: string) => text.split(" ");
const keepTerm = (term: string) => term || null;

function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Adds documents about BUILD_CHUNK_CHARS of text at a time, yielding in between. */
async function addInChunks(search: MiniSearch, docs: { text: string }[]): Promise<void> {
  let start = 0;
  while (start < docs.length) {
    let end = start;
    let size = 0;
    while (end < docs.length && (end === start || size + docs[end].text.length <= BUILD_CHUNK_CHARS)) size += docs[end++].text.length;
    search.addAll(docs.slice(start, end));
    start = end;
    await yieldToEventLoop();
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
