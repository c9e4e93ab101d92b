/**
 * Library search in two stages.
 *
 * 1. The library index (one BM25 over every completed document's pages and sections, and
 *    over each document's own fields) gives candidate pages and documents with scores that
 *    compare across documents. A document's score joins its content evidence (its best
 *    units, the second and third at a discount, so a document about the question beats one
 *    that mentions it once) with its fields (name, title, description, metadata, folder,
 *    a filing's company, form and period), each as a share of the best in this answer:
 *    a question naming a document's subject finds that document first.
 * 2. The best candidates are re-ranked by the per-document ranker (tree + page fusion,
 *    statement pages, page references), as a search scoped to that document would rank
 *    them. The answer is one list of pages across documents, best document first, then
 *    sections.
 *
 * Every document in scope is searched (stage 1 reads the whole index); only the answer's
 * size is bounded, and the answer says how many documents were searched of how many.
 */
import type { DocumentRecord, LibraryUnitHit, Store } from "../../store/index.ts";
import { PAGES_BLOB } from "../documents/index-job.ts";
import type { RankedPage } from "../retrieval/page-ranking.ts";
import type { IndexCache } from "../retrieval/index-cache.ts";
import type { LexicalOptions } from "../retrieval/lexical-index.ts";
import type { DocNode, DocPage, DocPassage, MultiSearchResult } from "../retrieval/search-service.ts";
import { libraryQueryTerms } from "./terms.ts";

/** Units read from the index: enough for the documents' evidence, few enough to stay fast. */
const CANDIDATE_UNITS = 300;
const CANDIDATE_DOCUMENTS = 50;
/** Documents re-ranked by their own ranker (the answer lists pages of at most this many). */
const RERANKED = 3;
/** Pages an answer lists per document, and in all (a one-document search lists as many). */
export const PAGES_PER_DOCUMENT = 5;
export const PAGES_LISTED = 10;
const DOCUMENTS_LISTED = 20;

/** Which documents a library query reads; counts say how many of the scope could be. */
export interface LibraryScope {
  owner: string;
  /** Only these documents (a folder, a metadata filter, a list); absent: all of the owner's. */
  docIds?: string[];
  /** Documents in scope, whatever their status. */
  total: number;
}

export interface LibraryResult extends MultiSearchResult {
  /** Documents searched (completed and in the library index) and documents in scope. */
  searched: { documents: number; of: number };
}

export class LibrarySearch {
  constructor(
    private readonly store: Store,
    private readonly cache: IndexCache,
  ) {}

  /** Stage 1: every candidate document's evidence, from the library index alone. */
  async evidence(scope: LibraryScope, query: string): Promise<{ candidates: Evidence[]; indexed: number; units: LibraryUnitHit[] }> {
    const terms = libraryQueryTerms(query);
    const words = terms.filter((t) => !/\d/.test(t));
    const numbers = terms.filter((t) => /\d/.test(t));
    const base = { owner: scope.owner, docIds: scope.docIds };
    const fieldsOnly = { ...base, units: 0, documents: CANDIDATE_DOCUMENTS, count: false };
    const hits = await this.store.library.search({ ...base, terms, units: CANDIDATE_UNITS, documents: 0 });
    const byWords = words.length ? await this.store.library.search({ ...fieldsOnly, terms: words, fieldColumn: "name" }) : null;
    const byNumbers = numbers.length ? await this.store.library.search({ ...fieldsOnly, terms: numbers, fieldColumn: "name" }) : null;
    const byAbout = await this.store.library.search({ ...fieldsOnly, terms, fieldColumn: "about" });
    const evidence = new Map<string, Evidence>();
    const of = (id: string) => {
      let e = evidence.get(id);
      if (!e) evidence.set(id, (e = { docId: id, units: [], words: 0, numbers: 0, about: 0 }));
      return e;
    };
    for (const u of hits.units) {
      const e = of(u.docId);
      if (e.units.length < 3) e.units.push(u.score);
    }
    for (const d of byWords?.documents ?? []) of(d.docId).words = d.score;
    for (const d of byNumbers?.documents ?? []) of(d.docId).numbers = d.score;
    for (const d of byAbout.documents) of(d.docId).about = d.score;
    return { candidates: [...evidence.values()], indexed: hits.indexed, units: hits.units };
  }

  async search(scope: LibraryScope, query: string, options: LexicalOptions = {}): Promise<LibraryResult> {
    const { candidates, indexed, units } = await this.evidence(scope, query);
    const searched = { documents: indexed, of: Math.max(scope.total, indexed) };
    const empty: LibraryResult = { documents: [], nodes: [], passages: [], pages: [], searched };
    if (candidates.length === 0) return empty;
    const scored = rankDocuments(candidates);
    const unitsByDoc = new Map<string, LibraryUnitHit[]>();
    for (const u of units) unitsByDoc.set(u.docId, [...(unitsByDoc.get(u.docId) ?? []), u]);
    const content = new Set(candidates.filter((c) => c.units.length).map((c) => c.docId));

    // The catalogue decides what exists: an index entry of a document deleted or re-queued
    // a moment ago is never answered.
    const records = await this.liveRecords(scope.owner, scored.slice(0, DOCUMENTS_LISTED * 2).map((d) => d.id));
    const ranked = scored.filter((d) => records.has(d.id)).slice(0, DOCUMENTS_LISTED);
    if (ranked.length === 0) return empty;

    // Stage 2: the best documents' own ranker orders their pages and sections.
    const limit = options.limit ?? 5;
    const out: LibraryResult = { ...empty, documents: ranked.map((d) => ({ doc_id: d.id, doc_name: records.get(d.id)!.name, score: round(d.score), content: content.has(d.id) })) };
    const sections: (DocNode & { weight: number })[] = [];
    const passages: (DocPassage & { weight: number })[] = [];
    const top = ranked[0].score;
    for (const [rank, candidate] of ranked.slice(0, RERANKED).entries()) {
      const doc = records.get(candidate.id)!;
      const ref = { doc_id: doc.id, doc_name: doc.name };
      // The best document is always re-ranked by its own index (built on first use, then
      // cached); the next ones when their index is at hand, else by their library pages:
      // one PDF index build at most per query keeps a cold library fast. Page-less documents
      // (Markdown, web pages, e-books...) have no pages to fall back on: always built.
      const index = rank === 0 || doc.pageNum === 0 ? await this.cache.get(doc) : await this.cache.peek(doc);
      if (!index) {
        out.pages.push(...(await this.libraryPages(doc, unitsByDoc.get(doc.id) ?? [])).map((p): DocPage => ({ ...p, ...ref })));
        continue;
      }
      const result = index.search(query, options);
      const share = candidate.score / top;
      const bestNode = result.nodes[0]?.score || 1;
      for (const n of result.nodes) sections.push({ ...n, ...ref, weight: share * (n.score / bestNode) });
      const bestPassage = result.passages[0]?.score || 1;
      for (const p of result.passages) passages.push({ ...p, ...ref, weight: share * (p.score / bestPassage) });
      out.pages.push(...result.rankedPages.filter((p) => p.score > 0).slice(0, PAGES_PER_DOCUMENT).map((p): DocPage => ({ ...p, ...ref })));
    }
    out.pages = out.pages.slice(0, PAGES_LISTED);
    out.nodes = sections.sort((a, b) => b.weight - a.weight).slice(0, limit).map(({ weight: _w, ...n }) => n);
    out.passages = passages.sort((a, b) => b.weight - a.weight).slice(0, 50).map(({ weight: _w, ...p }) => p);
    return out;
  }

  /** A document's best pages as the library index ranked them, with the page's opening as snippet. */
  private async libraryPages(doc: DocumentRecord, units: LibraryUnitHit[]): Promise<RankedPage[]> {
    const pages = units.filter((u) => u.kind === "page").slice(0, PAGES_PER_DOCUMENT);
    if (pages.length === 0) return [];
    const texts = (await this.store.blobs.readJson<string[]>(doc.id, PAGES_BLOB)) ?? [];
    return pages.map((u) => {
      const text = (texts[Number(u.ref) - 1] ?? "").replace(/\s+/g, " ").trim();
      return { page: Number(u.ref), score: round(u.score), snippet: text.length > 200 ? `${text.slice(0, 197)}...` : text };
    });
  }

  private async liveRecords(owner: string, ids: string[]): Promise<Map<string, DocumentRecord>> {
    if (ids.length === 0) return new Map();
    // Lookups by id (a query over the whole catalogue would cost as much as the library has documents).
    const docs = await this.store.read((tx) => Promise.all(ids.map((id) => tx.documents.get(id))));
    return new Map(docs.filter((d): d is DocumentRecord => d?.owner === owner && d.status === "completed").map((d) => [d.id, d]));
  }

}

/** One candidate document's evidence: its best unit scores, and its fields' scores for the query's words and numbers. */
export interface Evidence {
  docId: string;
  units: number[];
  words: number;
  numbers: number;
  about: number;
}

/**
 * Weights of the evidence, chosen on the tuning half of the dev questions (even lines) and
 * checked on the held-out half (BENCHMARKS.md, issue #35). With corpus-wide statistics a
 * document's best unit alone ranked its content best; its further units added noise.
 */
export const TUNING = { second: 0, third: 0, words: 0.25, numbers: 0.25, about: 0.1 };

/**
 * Document order: content evidence plus fields evidence, each as a share of the best
 * candidate's. Words of the fields (a company, a product, title words) weigh more than
 * their numbers (a year), which many documents of a library share.
 */
export function rankDocuments(candidates: Evidence[]): { id: string; score: number }[] {
  const content = (e: Evidence) => (e.units[0] ?? 0) + TUNING.second * (e.units[1] ?? 0) + TUNING.third * (e.units[2] ?? 0);
  const max = (f: (e: Evidence) => number) => Math.max(0, ...candidates.map(f)) || 1;
  const [c, w, n, a] = [max(content), max((e) => e.words), max((e) => e.numbers), max((e) => e.about)];
  return candidates
    .map((e) => ({ id: e.docId, score: content(e) / c + (TUNING.words * e.words) / w + (TUNING.numbers * e.numbers) / n + (TUNING.about * e.about) / a }))
    .sort((a, b) => b.score - a.score);
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
