/**
 * Tree quality against a gold outline ({level, title, page} in document order): title
 * precision/recall with fuzzy titles (case, punctuation and section numbers ignored), exact
 * start pages and equal levels on matched titles. Shared by the bench and eval scripts.
 */
import type { TreeNode } from "../../src/indexing/tree-types.ts";
import { coreTitle, normText, ratio } from "../../src/indexing/pdf/fuzzy.ts";

export interface GoldEntry {
  level: number;
  title: string;
  /** 1-based physical page. */
  page: number;
}

export interface TreeQuality {
  titlePrecision: number;
  /** Precision ignoring nodes nested under a matched gold leaf: finer structure than the
   * gold outline has (e.g. large leaves split by design) is not counted as wrong. */
  titlePrecisionAtGoldDepth: number;
  titleRecall: number;
  startPageExact: number;
  levelAgreement: number;
  /**
   * Level agreement counting only matched ancestors: a matched title is at the same depth
   * among the matched titles in both trees. Wrapper entries of the gold that no page shows
   * (a filer's bookmarks nesting everything under "UNITED STATES SECURITIES AND EXCHANGE
   * COMMISSION" > "FORM 10-K") shift every absolute level without changing the structure.
   */
  levelAgreementMatched: number;
  matched: number;
  gold: number;
  /** Tree nodes counted for precision. */
  predicted: number;
  /** Tree nodes counted for precision at gold depth (refinements of gold leaves set aside). */
  predictedAtGoldDepth: number;
  /** Gold titles not found, for debugging. */
  missed: GoldEntry[];
  /** Matched pairs whose page or level differ, for debugging. */
  mismatched: { gold: GoldEntry; got: GoldEntry }[];
  /** Matched pairs at different depths among matched titles, for debugging. */
  depthMismatched: { gold: GoldEntry; got: GoldEntry; goldDepth: number; gotDepth: number }[];
}

const TITLE_SIM = 0.85;

export function flattenTree(tree: TreeNode[]): GoldEntry[] {
  const out: GoldEntry[] = [];
  const walk = (n: TreeNode, depth: number) => {
    out.push({ level: depth, title: n.title, page: n.start_index ?? 0 });
    for (const c of n.nodes) walk(c, depth + 1);
  };
  for (const n of tree) walk(n, 1);
  return out;
}

/**
 * Nodes that start before the first gold page (cover, contents: front matter the author's
 * outline does not cover) are not counted against precision. Nor is the tree's first node
 * when it starts on the first gold page and matches no gold title: it holds what comes before
 * the first section there (a paper's title, authors and abstract above "1 Introduction"),
 * the same front matter on the section's own page.
 */
export function scoreAgainstGold(tree: TreeNode[], gold: readonly GoldEntry[]): TreeQuality {
  const firstGoldPage = gold.length ? Math.min(...gold.map((g) => g.page)) : 1;
  const all = flattenTree(tree);
  const predicted = all.filter((e) => e.page >= firstGoldPage);
  // Titles are compared with and without their numbering ("I/O Dialogs" starts like a
  // roman numeral), and the best reading counts.
  const pCore = predicted.map((e) => coreTitle(e.title));
  const pNorm = predicted.map((e) => normText(e.title));
  const used = new Array<boolean>(predicted.length).fill(false);
  let matched = 0;
  let pageOk = 0;
  let levelOk = 0;
  let last = 0;
  const missed: GoldEntry[] = [];
  const mismatched: { gold: GoldEntry; got: GoldEntry }[] = [];
  const matchOf = new Map<number, number>();
  for (const [gi, g] of gold.entries()) {
    const gc = coreTitle(g.title);
    const gn = normText(g.title);
    let best = -1;
    let bestKey = Infinity;
    for (let i = 0; i < predicted.length; i++) {
      if (used[i]) continue;
      const sim = pCore[i] === gc ? 1 : Math.max(ratio(pCore[i], gc), ratio(pCore[i], gn), ratio(pNorm[i], gc));
      if (sim < TITLE_SIM) continue;
      // Prefer the same page, then document order near the previous match, then similarity.
      const key = Math.abs(predicted[i].page - g.page) * 1000 + Math.abs(i - last) + (1 - sim);
      if (key < bestKey) ((bestKey = key), (best = i));
    }
    if (best < 0) {
      missed.push(g);
      continue;
    }
    used[best] = true;
    matchOf.set(best, gi);
    last = best;
    matched++;
    if (predicted[best].page === g.page) pageOk++;
    if (predicted[best].level === g.level) levelOk++;
    if (predicted[best].level !== g.level || predicted[best].page !== g.page) mismatched.push({ gold: g, got: predicted[best] });
  }
  // Nodes below a predicted node that matched a gold leaf refine the gold; set them aside.
  const goldLeaf = new Set<number>();
  gold.forEach((g, i) => {
    const next = gold[i + 1];
    if (!next || next.level <= g.level) goldLeaf.add(i);
  });
  const refinement = new Array<boolean>(predicted.length).fill(false);
  for (const [pi, gi] of matchOf) {
    if (!goldLeaf.has(gi)) continue;
    for (let k = pi + 1; k < predicted.length && predicted[k].level > predicted[pi].level; k++) refinement[k] = true;
  }
  // The first node, unmatched, on the first gold page: front matter (see above).
  const lead = predicted.length > 0 && predicted[0] === all[0] && all[0].page === firstGoldPage && !used[0] ? 1 : 0;
  const counted = predicted.filter((_, i) => !refinement[i] || used[i]).length - lead;
  const goldMatched = new Set(matchOf.values());
  const goldDepth = matchedDepths(gold, (i) => goldMatched.has(i));
  const predictedDepth = matchedDepths(predicted, (i) => used[i]);
  let matchedLevelOk = 0;
  const depthMismatched: TreeQuality["depthMismatched"] = [];
  for (const [pi, gi] of matchOf) {
    if (goldDepth[gi] === predictedDepth[pi]) matchedLevelOk++;
    else depthMismatched.push({ gold: gold[gi], got: predicted[pi], goldDepth: goldDepth[gi], gotDepth: predictedDepth[pi] });
  }
  return {
    titlePrecision: predicted.length - lead ? matched / (predicted.length - lead) : 0,
    titlePrecisionAtGoldDepth: counted ? matched / counted : 0,
    titleRecall: gold.length ? matched / gold.length : 0,
    startPageExact: matched ? pageOk / matched : 0,
    levelAgreement: matched ? levelOk / matched : 0,
    levelAgreementMatched: matched ? matchedLevelOk / matched : 0,
    matched,
    gold: gold.length,
    predicted: predicted.length - lead,
    predictedAtGoldDepth: counted,
    missed,
    mismatched,
    depthMismatched,
  };
}

/**
 * For each entry, how many of its ancestors (by level, in document order) are matched. A
 * single top entry that holds every other one is the document's title, not a section (our
 * trees put the title beside the sections), so it is not counted as an ancestor.
 */
function matchedDepths(entries: readonly GoldEntry[], isMatched: (i: number) => boolean): number[] {
  const top = Math.min(...entries.map((e) => e.level));
  const rootOnly = entries.length > 1 && entries.filter((e) => e.level === top).length === 1 && entries[0].level === top;
  const depths: number[] = [];
  const stack: { level: number; depth: number; matched: boolean }[] = []; // open ancestors
  entries.forEach((e, i) => {
    while (stack.length && stack[stack.length - 1].level >= e.level) stack.pop();
    const parent = stack[stack.length - 1];
    // Depth among matched ancestors: the nearest open ancestor's depth, plus one if it matched.
    const depth = parent ? parent.depth + (parent.matched ? 1 : 0) : 0;
    depths.push(depth);
    stack.push({ level: e.level, depth, matched: isMatched(i) && !(rootOnly && i === 0) });
  });
  return depths;
}

/** Counts summed over documents, for micro-averages (shared by the trees and tree-corpus benches). */
export interface Tally {
  gold: number;
  predicted: number;
  predictedAtGoldDepth: number;
  matched: number;
  pageOk: number;
  levelOk: number;
  matchedLevelOk: number;
}

export const emptyTally = (): Tally => ({ gold: 0, predicted: 0, predictedAtGoldDepth: 0, matched: 0, pageOk: 0, levelOk: 0, matchedLevelOk: 0 });

export function addQuality(t: Tally, q: TreeQuality): void {
  t.gold += q.gold;
  t.predicted += q.predicted;
  t.predictedAtGoldDepth += q.predictedAtGoldDepth;
  t.matched += q.matched;
  t.pageOk += Math.round(q.startPageExact * q.matched);
  t.levelOk += Math.round(q.levelAgreement * q.matched);
  t.matchedLevelOk += Math.round(q.levelAgreementMatched * q.matched);
}

export const f3 = (x: number) => x.toFixed(3);

/** Micro-averaged figures of a tally. */
export function tallyRates(t: Tally) {
  return {
    recall: t.gold ? t.matched / t.gold : 0,
    precision: t.predicted ? t.matched / t.predicted : 0,
    precisionAtGoldDepth: t.predictedAtGoldDepth ? t.matched / t.predictedAtGoldDepth : 0,
    startPage: t.matched ? t.pageOk / t.matched : 0,
    level: t.matched ? t.levelOk / t.matched : 0,
    levelMatched: t.matched ? t.matchedLevelOk / t.matched : 0,
  };
}

/** "recall / precision at gold depth (all nodes) / start page / level among matched (absolute)". */
export function tallyText(t: Tally): string {
  const r = tallyRates(t);
  return `${f3(r.recall)} / ${f3(r.precisionAtGoldDepth)} (${f3(r.precision)}) / ${f3(r.startPage)} / ${f3(r.levelMatched)} (${f3(r.level)})`;
}
