/**
 * Tree quality on the tree corpus (issue #37): hundreds of bookmarked PDFs from Debian's
 * documentation packages, grouped by typographic family (tools/tree-corpus/, built on the
 * machine into $TREEINDEX_TREE_CORPUS or /tmp/treeindex-tree-corpus). Each PDF is indexed as
 * the stripped copy (outline removed with qpdf) and as shipped (outline kept), and scored
 * against its outline with the trees section's scoring: recall, precision, exact start page,
 * level agreement, per family and micro-averaged, for the tune and the held-out families
 * separately (split by a hash of the family name).
 *
 * TREE_CORPUS_LIMIT=N indexes a sample of N PDFs spread over the families (for development);
 * the full corpus takes long on a 2-core machine.
 */
import { readFileSync } from "node:fs";
import { indexPdf } from "../../src/indexing/pdf/index.ts";
import type { TreeNode } from "../../src/indexing/tree-types.ts";
import { readManifest, type ManifestEntry } from "../tree-corpus/manifest.ts";
import { corpusPaths } from "../tree-corpus/paths.ts";
import { splitOf, type Split } from "../tree-corpus/split.ts";
import { addQuality, emptyTally, f3, scoreAgainstGold, tallyRates, tallyText, type GoldEntry, type Tally } from "./tree-quality.ts";
import type { BenchFigure } from "./types.ts";

const GROUP = "tree-corpus";
const HEADER = "recall / precision at gold depth (all nodes) / start page / level among matched (absolute)";
/** A PDF that takes longer than this to index counts as failed (an empty tree). */
const PDF_TIMEOUT_MS = 300_000;

interface Scores {
  stripped: Tally;
  kept: Tally;
  pdfs: number;
  failed: number;
}

const emptyScores = (): Scores => ({ stripped: emptyTally(), kept: emptyTally(), pdfs: 0, failed: 0 });

/** N entries spread over the families: round-robin over families, each family in id order. */
export function sampleAcrossFamilies(entries: readonly ManifestEntry[], limit: number): ManifestEntry[] {
  if (!(limit > 0) || limit >= entries.length) return [...entries];
  const byFamily = new Map<string, ManifestEntry[]>();
  for (const e of [...entries].sort((a, b) => a.id.localeCompare(b.id))) byFamily.set(e.family, [...(byFamily.get(e.family) ?? []), e]);
  const lists = [...byFamily.keys()].sort().map((f) => byFamily.get(f)!);
  const out: ManifestEntry[] = [];
  for (let round = 0; out.length < limit; round++) {
    for (const list of lists) if (round < list.length && out.length < limit) out.push(list[round]);
  }
  return out;
}

async function treeOf(file: string): Promise<{ tree: TreeNode[]; error?: string }> {
  try {
    const bytes = new Uint8Array(readFileSync(file));
    const r = await indexPdf(bytes, { addSummaries: false, signal: AbortSignal.timeout(PDF_TIMEOUT_MS) });
    return { tree: r.tree };
  } catch (err) {
    return { tree: [], error: String((err as Error)?.message ?? err).slice(0, 120) };
  }
}

export async function treeCorpusBench(): Promise<BenchFigure[]> {
  const paths = corpusPaths();
  const manifest = readManifest();
  if (!manifest?.length) {
    return [{ group: GROUP, name: "tree quality on the tree corpus", value: "skipped", note: `no corpus at ${paths.dir}: build it with \`nice -n 19 npx tsx tools/tree-corpus/build.ts\` (root; installs Debian doc packages)` }];
  }
  const limit = Number(process.env.TREE_CORPUS_LIMIT ?? 0);
  const entries = sampleAcrossFamilies(manifest, limit);
  const started = Date.now();
  const byFamily = new Map<string, Scores>();
  const bySplit = new Map<Split, Scores>([["tune", emptyScores()], ["held-out", emptyScores()]]);
  const all = emptyScores();
  const failures: string[] = [];
  let pages = 0;
  for (const [i, e] of entries.entries()) {
    const gold = (JSON.parse(readFileSync(paths.outline(e.id), "utf8")) as { entries: GoldEntry[] }).entries;
    const stripped = await treeOf(paths.stripped(e.id));
    const kept = await treeOf(paths.original(e.id));
    const qStripped = scoreAgainstGold(stripped.tree, gold);
    const qKept = scoreAgainstGold(kept.tree, gold);
    const fam = byFamily.get(e.family) ?? emptyScores();
    byFamily.set(e.family, fam);
    const failed = Boolean(stripped.error || kept.error);
    if (failed) failures.push(`${e.id}: ${stripped.error ?? kept.error}`);
    for (const s of [fam, bySplit.get(splitOf(e.family))!, all]) {
      addQuality(s.stripped, qStripped);
      addQuality(s.kept, qKept);
      s.pdfs++;
      if (failed) s.failed++;
    }
    pages += e.pages;
    if (process.env.TREE_CORPUS_VERBOSE) process.stderr.write(`  ${e.id} [${e.family}]: removed ${f3(qStripped.titleRecall)} recall, kept ${f3(qKept.titleRecall)}\n`);
    if ((i + 1) % 25 === 0) process.stderr.write(`  tree-corpus: ${i + 1}/${entries.length} PDFs (${Math.round((Date.now() - started) / 1000)} s)\n`);
  }

  for (const f of failures) process.stderr.write(`  tree-corpus: failed to index ${f}\n`);
  const families = [...byFamily.keys()].sort((a, b) => byFamily.get(b)!.pdfs - byFamily.get(a)!.pdfs || a.localeCompare(b));
  const seconds = Math.round((Date.now() - started) / 1000);
  const figures: BenchFigure[] = [
    {
      group: GROUP,
      name: `corpus: ${entries.length}${limit > 0 && limit < manifest.length ? ` of ${manifest.length} (TREE_CORPUS_LIMIT)` : ""} PDFs, ${pages} pages, ${families.length} families`,
      value: `${seconds} s`,
      note: `${paths.dir}; ${all.failed} PDFs failed to index${failures.length ? ` (${failures.slice(0, 3).join("; ")})` : ""}`,
    },
  ];
  for (const split of ["held-out", "tune"] as Split[]) {
    const s = bySplit.get(split)!;
    const fams = families.filter((f) => splitOf(f) === split);
    const low = fams.filter((f) => tallyRates(byFamily.get(f)!.stripped).recall < 0.85);
    figures.push(
      {
        group: GROUP,
        name: `${split} families (${fams.length} families, ${s.pdfs} PDFs, ${s.stripped.gold} titles), outline removed, micro-averaged: ${HEADER}`,
        value: tallyText(s.stripped),
        note: `${split === "held-out" ? "targets 0.93 / 0.75 / 0.95 / 0.90; " : ""}${low.length} families below recall 0.85${split === "held-out" ? " (target 0)" : ""}`,
      },
      { group: GROUP, name: `${split} families, with outline, micro-averaged: ${HEADER}`, value: tallyText(s.kept), note: "targets >= 0.99 each" },
      ...fams.map((f) => {
        const x = byFamily.get(f)!;
        return {
          group: GROUP,
          name: `  [${split}] ${f} (${x.pdfs} PDFs, ${x.stripped.gold} titles)`,
          value: tallyText(x.stripped),
          note: `outline removed; with outline ${tallyText(x.kept)}${x.failed ? `; ${x.failed} failed` : ""}`,
        };
      }),
    );
  }
  figures.push(
    { group: GROUP, name: `all families, outline removed, micro-averaged: ${HEADER}`, value: tallyText(all.stripped), note: `${all.pdfs} PDFs, ${all.stripped.gold} titles` },
    { group: GROUP, name: `all families, with outline, micro-averaged: ${HEADER}`, value: tallyText(all.kept) },
  );
  return figures;
}
