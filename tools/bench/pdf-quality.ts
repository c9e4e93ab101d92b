/**
 * PDF tree quality. Gold: the corpus' reference outlines (`reference/*.outline.json`, the
 * authors' bookmarks) and the Debian manuals' embedded outlines (read by a separate minimal
 * resolver, tools/fixtures/pdf/gold.ts, so the indexer is not graded against itself). Each
 * document is indexed with its outline and with the outline removed (the printed-contents and
 * layout paths must still find the structure). Documents without an outline are compared with
 * the trees another indexer built with an LLM (`*_structure.json`): agreement, not gold.
 * Finally the 3M 10-K's top levels are printed and its Items checked against their pages.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { indexPdf } from "../../src/indexing/pdf/index.ts";
import type { TreeNode } from "../../src/indexing/tree-types.ts";
import { embeddedOutline } from "../fixtures/pdf/gold.ts";
import { CORPUS, corpusFile } from "./inputs.ts";
import { scoreAgainstGold, type GoldEntry, type TreeQuality } from "./tree-quality.ts";
import type { BenchFigure } from "./types.ts";

const GROUP = "pdf-quality";
/** The three reference outlines, then manuals whose embedded outline is the gold. */
const OUTLINE_DOCS = [
  "2023-annual-report.pdf",
  "attention-residuals.pdf",
  "Regulation Best Interest_Interpretive release.pdf",
  "R-intro.pdf",
  "R-data.pdf",
  "gnuplot.pdf",
];
const REFERENCE_DOCS = ["earthmover.pdf", "four-lectures.pdf", "q1-fy25-earnings.pdf", "2023-annual-report-truncated.pdf"];

const pct = (x: number) => Number((x * 100).toFixed(1));

async function goldFor(name: string, bytes: Uint8Array): Promise<GoldEntry[] | null> {
  try {
    const json = await fs.readFile(path.join(CORPUS, "reference", name.replace(/\.pdf$/i, ".outline.json")), "utf8");
    return (JSON.parse(json) as { entries: GoldEntry[] }).entries;
  } catch {
    return embeddedOutline(bytes);
  }
}

interface RefNode {
  title: string;
  start_index: number;
  nodes?: RefNode[];
}

async function referenceFor(name: string): Promise<GoldEntry[] | null> {
  try {
    const raw = JSON.parse(await fs.readFile(path.join(CORPUS, "reference", name.replace(/\.pdf$/i, "_structure.json")), "utf8"));
    const roots: RefNode[] = Array.isArray(raw) ? raw : (raw.structure ?? raw.result ?? []);
    const out: GoldEntry[] = [];
    const walk = (n: RefNode, level: number) => {
      out.push({ level, title: n.title, page: n.start_index });
      for (const c of n.nodes ?? []) walk(c, level + 1);
    };
    roots.forEach((n) => walk(n, 1));
    return out;
  } catch {
    return null;
  }
}

function qualityFigures(label: string, q: TreeQuality, source: string, target: string): BenchFigure[] {
  const counts = `${q.matched}/${q.gold} matched, ${q.predicted} nodes, toc_source ${source}`;
  return [
    { group: GROUP, name: `${label} title recall`, value: pct(q.titleRecall), unit: "%", note: `${counts}; ${target}` },
    { group: GROUP, name: `${label} title precision`, value: pct(q.titlePrecision), unit: "%", note: `${pct(q.titlePrecisionAtGoldDepth)} % at gold depth (nodes under a matched gold leaf are splits of large leaves, by design)` },
    { group: GROUP, name: `${label} start page exact`, value: pct(q.startPageExact), unit: "%", note: "on matched titles" },
    { group: GROUP, name: `${label} level agreement`, value: pct(q.levelAgreement), unit: "%", note: "on matched titles" },
  ];
}

export async function pdfQualityBench(): Promise<BenchFigure[]> {
  const figures: BenchFigure[] = [];
  for (const name of OUTLINE_DOCS) {
    const bytes = await corpusFile(`pdf/${name}`);
    if (!bytes) continue;
    const gold = await goldFor(name, bytes.slice());
    if (!gold?.length) continue;
    const short = name.replace(/\.pdf$/, "").slice(0, 28);
    const withOutline = await indexPdf(bytes.slice(), { addSummaries: false });
    figures.push(...qualityFigures(`${short} (outline)`, scoreAgainstGold(withOutline.tree, gold), withOutline.tocSource, "target >= 99 %"));
    const without = await indexPdf(bytes.slice(), { addSummaries: false, ignoreOutline: true });
    figures.push(...qualityFigures(`${short} (outline removed)`, scoreAgainstGold(without.tree, gold), without.tocSource, "target recall >= 85 %, start page >= 90 %"));
  }
  for (const name of REFERENCE_DOCS) {
    const bytes = await corpusFile(`pdf/${name}`);
    const reference = bytes && (await referenceFor(name));
    if (!bytes || !reference?.length) continue;
    const doc = await indexPdf(bytes, { addSummaries: false });
    const q = scoreAgainstGold(doc.tree, reference);
    const short = name.replace(/\.pdf$/, "").slice(0, 28);
    figures.push({ group: GROUP, name: `${short} vs LLM reference: recall`, value: pct(q.titleRecall), unit: "%", note: `${q.matched}/${q.gold} of the reference's titles found, ${q.predicted} nodes, toc_source ${doc.tocSource}; a reference, not gold` });
    figures.push({ group: GROUP, name: `${short} vs LLM reference: start page`, value: pct(q.startPageExact), unit: "%", note: "on matched titles" });
    figures.push({ group: GROUP, name: `${short} vs LLM reference: level`, value: pct(q.levelAgreement), unit: "%", note: "on matched titles" });
  }
  figures.push(...(await tenK()));
  return figures;
}

/** Expected physical start pages of the 3M 10-K's Items, read off the filing. */
const TEN_K_ITEMS: Record<string, number> = {
  "1": 4, "1A": 10, "1B": 16, "2": 16, "3": 17, "4": 17, "5": 18, "6": 18, "7": 19, "7A": 42, "8": 43,
  "9": 125, "9A": 125, "9B": 125, "10": 126, "11": 126, "12": 127, "13": 127, "14": 127, "15": 128, "16": 130,
};

/** Which of the 10-K's Items are missing, at another page, or not nested under a PART. */
export function checkTenKItems(tree: TreeNode[]): { wrong: string[]; total: number } {
  const items = new Map<string, { page: number; underPart: boolean }>();
  const walk = (n: TreeNode, inPart: boolean) => {
    const m = /^item\s+(\d+[a-c]?)\b/i.exec(n.title);
    if (m && !items.has(m[1].toUpperCase())) items.set(m[1].toUpperCase(), { page: n.start_index ?? 0, underPart: inPart });
    for (const c of n.nodes) walk(c, inPart || /^part\s+[ivx]+/i.test(n.title));
  };
  tree.forEach((n) => walk(n, false));
  const wrong: string[] = [];
  for (const [item, page] of Object.entries(TEN_K_ITEMS)) {
    const got = items.get(item);
    if (!got || got.page !== page || !got.underPart) wrong.push(`Item ${item}${got ? ` (page ${got.page}${got.underPart ? "" : ", not under a PART"}; expected ${page})` : " (missing)"}`);
  }
  return { wrong, total: Object.keys(TEN_K_ITEMS).length };
}

async function tenK(): Promise<BenchFigure[]> {
  const bytes = await corpusFile("pdf/3M_2022_10K.pdf");
  if (!bytes) return [];
  const doc = await indexPdf(bytes, { addSummaries: false });
  const lines = [`3M_2022_10K.pdf (${doc.pageCount} pages, no outline) toc_source=${doc.tocSource}; top levels:`];
  const show = (n: TreeNode, depth: number) => {
    lines.push(`${"  ".repeat(depth + 1)}${n.node_id} ${n.title} [pages ${n.start_index}-${n.end_index}]`);
    if (depth < 1) n.nodes.forEach((c) => show(c, depth + 1));
  };
  doc.tree.forEach((n) => show(n, 0));
  process.stdout.write(`${lines.join("\n")}\n\n`);

  const { wrong, total } = checkTenKItems(doc.tree);
  return [{ group: GROUP, name: "3M 10-K Items at their page under a PART", value: `${total - wrong.length}/${total}`, note: wrong.length ? `wrong: ${wrong.join(", ")}` : "all Items 1..16 found" }];
}
