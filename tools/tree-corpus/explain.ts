/**
 * Development aid for heading detection (issue #37): builds the outline-less tree of corpus
 * PDFs from cached page lines (pdfjs reads each stripped PDF once, into
 * `<corpus>/lines-v18/<id>.v8`), scores it against the gold outline and prints per-family figures
 * and, with --misses, the gold titles not found beside the lines on their pages.
 *
 *   npx tsx tools/tree-corpus/explain.ts [--split tune|held-out|all] [--family TEXT]
 *        [--half debian|generated] [--limit N] [--id ID [--tree]] [--misses] [--extra]
 *
 * Only the tune families are for looking at; held-out figures are printed, never explained.
 */
import { readFileSync } from "node:fs";
import { buildTree } from "../../src/indexing/pdf/structure.ts";
import { computeLayoutStats } from "../../src/indexing/pdf/layout/layout-stats.ts";
import { styleKey } from "../../src/indexing/pdf/layout/style-key.ts";
import { coreTitle, normText } from "../../src/indexing/pdf/fuzzy.ts";
import { addQuality, emptyTally, flattenTree, scoreAgainstGold, tallyText, type GoldEntry, type Tally } from "../bench/tree-quality.ts";
import { sampleAcrossFamilies } from "../bench/tree-corpus.ts";
import { linesOf } from "./cached-lines.ts";
import { readManifest } from "./manifest.ts";
import { titleLineIndex } from "./title-line.ts";
import { corpusPaths } from "./paths.ts";
import { splitOf } from "./split.ts";

const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const flag = (name: string) => args.includes(`--${name}`);

async function main() {
  const paths = corpusPaths();
  const manifest = readManifest();
  if (!manifest?.length) throw new Error(`no corpus at ${paths.dir}`);
  const split = opt("split") ?? "tune";
  const family = opt("family");
  const id = opt("id");
  // --half debian|generated: the Debian documentation PDFs or the generated ones ("gen-" families).
  const half = opt("half");
  const inHalf = (f: string) => !half || (half === "generated") === f.startsWith("gen-");
  let entries = manifest.filter((e) => (split === "all" || splitOf(e.family) === split) && inHalf(e.family) && (!family || e.family.includes(family)) && (!id || e.id === id));
  entries = sampleAcrossFamilies(entries, Number(opt("limit") ?? 0));
  const explain = (split === "tune" || id) && flag("misses");
  const byFamily = new Map<string, Tally>();
  const all = emptyTally();
  const unprinted = new Map<string, number>();
  const classes = new Map<string, number>();
  for (const e of entries) {
    const c = await linesOf(paths.stripped(e.id), paths.lines(e.id));
    const gold = (JSON.parse(readFileSync(paths.outline(e.id), "utf8")) as { entries: GoldEntry[] }).entries;
    const { countTokens } = await import("../../src/indexing/tokens.ts");
    const { tree, tocSource } = buildTree({ countTokens, pages: c.pages, outline: [], labels: c.labels, folios: c.folios, leadTitle: c.leadTitle });
    const q = scoreAgainstGold(tree, gold);
    const t = byFamily.get(e.family) ?? emptyTally();
    byFamily.set(e.family, t);
    addQuality(t, q);
    addQuality(all, q);
    // A missed title that no line of its page (or the next) shows is out of reach of any
    // reading of the page: counted apart.
    const flat = (p: number) => normText((c.pages[p - 1]?.lines ?? []).map((l) => l.text).join(" ")).replace(/ /g, "");
    const shown = (m: GoldEntry) => (flat(m.page) + flat(m.page + 1)).includes(coreTitle(m.title).replace(/ /g, "").slice(0, 40));
    const notShown = q.missed.filter((m) => !shown(m)).length;
    unprinted.set(e.family, (unprinted.get(e.family) ?? 0) + notShown);
    unprinted.set("ALL", (unprinted.get("ALL") ?? 0) + notShown);
    if (flag("each") || explain) console.log(`${e.id} [${e.family}] ${tocSource}: recall ${q.titleRecall.toFixed(3)} (${q.matched}/${q.gold}), precision ${q.titlePrecisionAtGoldDepth.toFixed(3)}, level ${q.levelAgreementMatched.toFixed(3)} (abs ${q.levelAgreement.toFixed(3)})`);
    if (id && flag("tree")) for (const n of flattenTree(tree)) console.log(`   tree L${n.level} p${n.page} "${n.title.slice(0, 80)}"`);
    if (explain) {
      const stats = computeLayoutStats(c.pages);
      for (const m of q.missed.filter(shown)) {
        const lines = c.pages[m.page - 1]?.lines ?? [];
        const hit = lines[titleLineIndex(lines, m.title)] as (typeof lines)[number] | undefined;
        const cls = !hit ? "none" : !hit.oneFont ? "mixed" : stats.styles.has(styleKey(hit)) ? "styled" : hit.size >= stats.bodySize + 0.8 ? "larger" : hit.font !== stats.bodyFont ? "bodysize-face" : "body";
        classes.set(cls, (classes.get(cls) ?? 0) + 1);
        const show = hit ? `[${cls} ${tocSource}] body ${stats.bodySize} size ${hit.size.toFixed(1)} font ${hit.font}${hit.oneFont ? "" : " (mixed)"}${hit.smallCaps ? " sc" : ""} x ${hit.x.toFixed(0)} "${hit.text.slice(0, 70)}"` : "(no line found)";
        console.log(`   miss L${m.level} p${m.page} "${m.title.slice(0, 60)}" -> ${show}`);
      }
      if (flag("extra")) {
        const goldTitles = new Set(gold.map((g) => g.title.toLowerCase()));
        for (const n of flattenTree(tree).filter((n) => !goldTitles.has(n.title.toLowerCase())).slice(0, 15)) console.log(`   extra L${n.level} p${n.page} "${n.title.slice(0, 70)}"`);
      }
    }
  }
  for (const [f, t] of [...byFamily].sort((a, b) => b[1].gold - a[1].gold)) console.log(`${tallyText(t)}  ${f} (${t.gold} titles, ${unprinted.get(f) ?? 0} missed not printed)`);
  if (classes.size) console.log(`missed titles by what their line shows: ${[...classes].map(([k, v]) => `${k} ${v}`).join(", ")}`);
  console.log(`${tallyText(all)}  ALL ${split} (${entries.length} PDFs, ${all.gold} titles, ${unprinted.get("ALL") ?? 0} missed not printed)`);
}

await main();
