/**
 * Tree quality on every outlined PDF of the development set (`../shared/evaldata/outlines/`)
 * and the corpus' reference outlines (`../shared/corpus/reference/*.outline.json`): each PDF
 * indexed as it is and with its outline removed, scored against the outline (title recall
 * and precision with fuzzy titles, exact start page and level of matched titles; the same
 * in-order matching as the pdf-quality section), per document, per class (paper, filing,
 * manual, report) and micro-averaged. "Outline removed" is the indexer's `ignoreOutline`: the
 * file is read exactly as `qpdf --empty --pages in.pdf 1-z -- out.pdf` leaves it (pages and
 * page labels kept), without the bookmarks.
 *
 * Also counted over all 42 dev-set PDFs: node titles that read like a body sentence (more
 * than 12 words, not shaped like a heading), which an agent reading titles cannot use.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { indexPdf } from "../../src/indexing/pdf/index.ts";
import type { TreeNode } from "../../src/indexing/tree-types.ts";
import { CORPUS } from "./inputs.ts";
import { checkFilingParts, loadFilingParts } from "./filing-parts.ts";
import { addQuality as add, emptyTally as empty, f3, flattenTree, scoreAgainstGold, tallyText, type GoldEntry, type Tally, type TreeQuality } from "./tree-quality.ts";
import type { BenchFigure } from "./types.ts";

const GROUP = "trees";
const EVALDATA = fileURLToPath(new URL("../../../shared/evaldata/", import.meta.url));

type DocClass = "paper" | "filing" | "manual" | "report";

interface Case {
  name: string;
  pdf: string;
  gold: GoldEntry[];
  docClass: DocClass;
}

function classOf(doc: { set?: string; doc_type?: string } | undefined, name: string): DocClass {
  if (doc?.set === "financebench" || /10K|10Q|10-K|10-Q/i.test(name) || doc?.doc_type === "Financial report") return "filing";
  if (doc?.doc_type === "Academic paper" || /\d{4}\.\d{4,5}|acl|tacl|residuals/i.test(name)) return "paper";
  if (doc?.doc_type === "Guidebook" || /manual/i.test(name)) return "manual";
  return "report";
}

function cases(): Case[] {
  const out: Case[] = [];
  const outlines = path.join(EVALDATA, "outlines");
  if (existsSync(outlines)) {
    const docs = JSON.parse(readFileSync(path.join(EVALDATA, "docs.json"), "utf8")) as { doc: string; set: string; doc_type?: string }[];
    for (const file of readdirSync(outlines).filter((f) => f.endsWith(".outline.json")).sort()) {
      const stem = file.replace(/\.outline\.json$/, "");
      const pdf = path.join(EVALDATA, "pdfs", `${stem}.pdf`);
      if (!existsSync(pdf)) continue;
      const gold = (JSON.parse(readFileSync(path.join(outlines, file), "utf8")) as { entries: GoldEntry[] }).entries;
      out.push({ name: stem, pdf, gold, docClass: classOf(docs.find((d) => d.doc === `${stem}.pdf`), stem) });
    }
  }
  const reference = path.join(CORPUS, "reference");
  if (existsSync(reference)) {
    for (const file of readdirSync(reference).filter((f) => f.endsWith(".outline.json")).sort()) {
      const stem = file.replace(/\.outline\.json$/, "");
      const pdf = path.join(CORPUS, "pdf", `${stem}.pdf`);
      if (!existsSync(pdf)) continue;
      const gold = (JSON.parse(readFileSync(path.join(reference, file), "utf8")) as { entries: GoldEntry[] }).entries;
      out.push({ name: stem, pdf, gold, docClass: classOf(undefined, stem) });
    }
  }
  return out;
}

/**
 * The issue's count: a title longer than 12 words that does not end the way a heading ends,
 * i.e. the opening of a body sentence cut off ("For environmental matters and litigation
 * described above, unless otherwise…"), a lead-in ("…as follows:"), a line that stops on
 * "of" or "the", or more than one sentence. A long heading that is one complete statement
 * (a risk factor's caption, a chart's title, an author's bookmark) has a heading's shape.
 */
export function sentenceLike(title: string): boolean {
  const t = title.trim();
  if (t.split(/\s+/).length <= 12) return false;
  return !endsLikeHeading(t);
}

const FUNCTION_WORD_END = /\s(?:to|of|and|or|the|a|an|in|for|by|with|from|that|as|at|on|which|is|are|was|were|unless|such|its|their|our|we|if|than|this|these)$/i;

function endsLikeHeading(t: string): boolean {
  if (/(?:…|\.\.\.|[,;:(\[–—-])$/.test(t)) return false; // cut off, or leading into what follows
  if (FUNCTION_WORD_END.test(t)) return false;
  // Two sentences: a word of four letters or more ends one ("ex rel. Patzer" does not), a capitalised word opens the next.
  if (/\p{L}\p{Ll}{3,}[.!?]["”’)]?\s+\p{Lu}\p{Ll}/u.test(t)) return false;
  return true;
}

/** The stricter proxy used before: any title longer than 12 words that is neither numbered
 * nor in title case. It also counts long headings that are statements by nature. */
export function longStatementTitle(title: string): boolean {
  const words = title.trim().split(/\s+/);
  if (words.length <= 12) return false;
  const numbered = /^(?:part\s+[ivx]+|item\s+\d+[a-z]?|\d+(?:\.\d+)*|[ivx]+\.|[a-z]\.|\([a-z0-9]+\)|appendix\s+[a-z0-9]+|chapter\s+\d+|section\s+\d+)\b/i.test(title.trim());
  const titleCase = words.filter((w) => /^[A-Z0-9]/.test(w)).length / words.length >= 0.6;
  return !numbered && !titleCase;
}

function sentenceTitles(tree: TreeNode[], test: (title: string) => boolean = sentenceLike): string[] {
  return flattenTree(tree).map((e) => e.title).filter(test);
}

/**
 * Filings whose bookmarks nest sections by the author's own scheme, which no page shows
 * (agreed in issue #37): level agreement is reported with and without them.
 */
const AUTHOR_NESTED = new Set(["VERIZON_2021_10K", "VERIZON_2022_10K"]);

export async function treesBench(): Promise<BenchFigure[]> {
  const all = cases();
  if (all.length === 0) return [{ group: GROUP, name: "tree quality on outlined PDFs", value: "skipped", note: "../shared/evaldata and ../shared/corpus not found" }];
  const figures: BenchFigure[] = [];
  const totals = { with: empty(), without: empty(), withoutNested: empty() };
  const byClass = new Map<DocClass, { with: Tally; without: Tally }>();
  let lowest = { recall: 1, name: "" };
  for (const c of all) {
    const bytes = new Uint8Array(readFileSync(c.pdf));
    const withOutline = await indexPdf(bytes.slice(), { addSummaries: false });
    const without = await indexPdf(bytes.slice(), { addSummaries: false, ignoreOutline: true });
    const qWith = scoreAgainstGold(withOutline.tree, c.gold);
    const qWithout = scoreAgainstGold(without.tree, c.gold);
    add(totals.with, qWith);
    add(totals.without, qWithout);
    if (!AUTHOR_NESTED.has(c.name)) add(totals.withoutNested, qWithout);
    const cls = byClass.get(c.docClass) ?? { with: empty(), without: empty() };
    add(cls.with, qWith);
    add(cls.without, qWithout);
    byClass.set(c.docClass, cls);
    if (qWithout.titleRecall < lowest.recall) lowest = { recall: qWithout.titleRecall, name: c.name };
    const one = (q: TreeQuality) => `${f3(q.titleRecall)} / ${f3(q.titlePrecisionAtGoldDepth)} (${f3(q.titlePrecision)}) / ${f3(q.startPageExact)} / ${f3(q.levelAgreementMatched)} (${f3(q.levelAgreement)})`;
    figures.push({
      group: GROUP,
      name: `  ${c.name.slice(0, 40)} (${c.docClass}, ${c.gold.length} titles)`,
      value: one(qWithout),
      note: `outline removed (toc_source ${without.tocSource}, ${qWithout.predicted} nodes); with outline ${one(qWith)}`,
    });
  }
  const header = "recall / precision at gold depth (all nodes) / start page / level among matched (absolute)";
  figures.unshift(
    { group: GROUP, name: `outline removed, micro-averaged over ${all.length} PDFs: ${header}`, value: tallyText(totals.without), note: `targets 0.93 / 0.70 / 0.95 / 0.90; lowest recall ${f3(lowest.recall)} (${lowest.name}; target >= 0.80)` },
    {
      group: GROUP,
      name: `  outline removed, without the ${AUTHOR_NESTED.size} filings whose bookmarks nest by the author's own scheme: ${header}`,
      value: tallyText(totals.withoutNested),
      note: `level target 0.90 applies here (issue #37); left out: ${[...AUTHOR_NESTED].join(", ")}`,
    },
    { group: GROUP, name: `with outline, micro-averaged: ${header}`, value: tallyText(totals.with), note: "targets >= 0.99 each" },
    ...[...byClass].map(([cls, t]) => ({ group: GROUP, name: `  class ${cls}: ${header}`, value: tallyText(t.without), note: `outline removed; with outline ${tallyText(t.with)}` })),
  );

  // Sentence-like titles over every dev-set PDF (as indexed, outline or not).
  const pdfs = existsSync(path.join(EVALDATA, "pdfs")) ? readdirSync(path.join(EVALDATA, "pdfs")).filter((f) => f.endsWith(".pdf")).sort() : [];
  let count = 0;
  let fromOutline = 0;
  let statements = 0;
  const examples: string[] = [];
  const filings = loadFilingParts();
  const parts = { asIs: { found: 0, total: 0 }, noOutline: { found: 0, total: 0 } };
  const partFigures: BenchFigure[] = [];
  for (const file of pdfs) {
    const bytes = new Uint8Array(readFileSync(path.join(EVALDATA, "pdfs", file)));
    const indexed = await indexPdf(bytes.slice(), { addSummaries: false });
    const found = sentenceTitles(indexed.tree);
    count += found.length;
    statements += sentenceTitles(indexed.tree, longStatementTitle).length;
    if (indexed.tocSource === "outline") fromOutline += found.length;
    if (found.length && examples.length < 3) examples.push(`${file.slice(0, 24)}: "${found[0].slice(0, 60)}..."`);
    const gold = filings[file];
    if (!gold) continue;
    const asIs = checkFilingParts(indexed.tree, gold);
    const noOutline = checkFilingParts((await indexPdf(bytes.slice(), { addSummaries: false, ignoreOutline: true })).tree, gold);
    parts.asIs.found += asIs.found;
    parts.asIs.total += asIs.total;
    parts.noOutline.found += noOutline.found;
    parts.noOutline.total += noOutline.total;
    partFigures.push({
      group: GROUP,
      name: `  ${file.replace(/\.pdf$/, "").slice(0, 40)} Parts/Items at their body page (as indexed; outline removed)`,
      value: `${asIs.found}/${asIs.total}; ${noOutline.found}/${noOutline.total}`,
      note: asIs.missing.length || noOutline.missing.length ? `missing: ${asIs.missing.slice(0, 4).join("; ")}${noOutline.missing.length ? ` | outline removed: ${noOutline.missing.slice(0, 4).join("; ")}` : ""}` : "all",
    });
  }
  if (pdfs.length) {
    figures.push(
      { group: GROUP, name: `node titles that read like body sentences (over 12 words, not ending as a heading ends), ${pdfs.length} dev-set PDFs`, value: count, note: `target 0; ${fromOutline} of them are the author's bookmark titles (PDFs indexed from their outline); e.g. ${examples.join("; ") || "none"}` },
      { group: GROUP, name: "  long titles that are statements (over 12 words, not numbered, not title case; the earlier, stricter proxy)", value: statements, note: "complete one-sentence headings: risk-factor captions, chart titles, authors' bookmarks" },
    );
  }
  if (parts.asIs.total) {
    figures.push(
      { group: GROUP, name: `Parts and Items of ${partFigures.length} filings with a node at their body page, as indexed`, value: `${parts.asIs.found}/${parts.asIs.total}`, note: "target: all (gold pages in tools/bench/data/filing-parts.json)" },
      { group: GROUP, name: "  the same with the filings' outlines removed", value: `${parts.noOutline.found}/${parts.noOutline.total}` },
      ...partFigures,
    );
  }
  return figures;
}
