/**
 * Pages ranked for a question, the answer a reader (or an agent) acts on: open these pages
 * first. Evidence is fused by reciprocal rank (robust to scores on different scales):
 * - the tree ranking's pages (sections by title, summary and text; their best passages),
 * - BM25 over whole pages, with the query widened by the financial vocabulary;
 * then pages the question names ("page 14", "the cover page") go first, and the financial
 * statements a question needs are placed right after the best lexical page (or first, when
 * the question names the statement). Short lists are filled with the first pages.
 */
import type { FinancialIntent, StatementKind } from "./financial-statements.ts";

export interface RankedPage {
  page: number;
  score: number;
  /** Why it is here, for a reader deciding which to open. */
  snippet: string;
}

/** RRF's constant: how flat the contribution of deep ranks is. */
const RRF_K = 60;
/** Pages a list must hold at least (a reader's budget). */
const MIN_PAGES = 5;

export function reciprocalRankFusion(lists: number[][]): Map<number, number> {
  const scores = new Map<number, number>();
  for (const list of lists) list.forEach((page, rank) => scores.set(page, (scores.get(page) ?? 0) + 1 / (RRF_K + rank + 1)));
  return scores;
}

export interface PageEvidence {
  pageCount: number;
  /** Pages of the tree ranking, best first. */
  treePages: number[];
  /** Pages by BM25 over whole pages, best first. */
  bm25Pages: number[];
  /** Pages the question names, in order. */
  referenced: number[];
  /** Pages holding the figures and tables the question names. */
  captioned?: number[];
  intent: FinancialIntent;
  statementPages: Map<StatementKind, number[]>;
}

export function fusePages(e: PageEvidence): { page: number; score: number }[] {
  const fused = reciprocalRankFusion([e.treePages, e.bm25Pages]);
  const ranked = [...fused].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([page, score]) => ({ page, score }));
  const top = ranked[0]?.score ?? 1 / RRF_K;
  const out: { page: number; score: number }[] = [];
  const seen = new Set<number>();
  const push = (page: number, score: number) => {
    if (page < 1 || page > e.pageCount || seen.has(page)) return;
    seen.add(page);
    out.push({ page, score });
  };
  // Pages named by the question outrank everything found by words; the page after each
  // comes next (printed numbers often lag physical ones by a cover page).
  for (const p of e.referenced) push(p, top * 2);
  for (const p of e.referenced) push(p + 1, top * 1.8);
  for (const p of e.captioned ?? []) push(p, top * 1.6);
  const statements = e.intent.statements.flatMap((k) => e.statementPages.get(k) ?? []);
  if (e.intent.named) for (const p of statements) push(p, top * 1.5);
  if (ranked[0]) push(ranked[0].page, ranked[0].score);
  for (const p of statements) push(p, top);
  for (const r of ranked) push(r.page, r.score);
  for (let p = 1; out.length < MIN_PAGES && p <= e.pageCount; p++) push(p, 0);
  return out;
}
