/**
 * `npm run bench`: runs every bench section and prints one table of named figures
 * (stdout), with detail on stderr. Sections: store, plus those later issues add.
 * Usage: npm run bench [-- section ...]
 */
import { agentCostBench } from "./bench/agent-cost.ts";
import { evaldataBench } from "./bench/evaldata.ts";
import { formatsBench } from "./bench/formats.ts";
import { libraryBench } from "./bench/library.ts";
import { libraryScaleBench } from "./bench/library-scale.ts";
import { listingBench } from "./bench/listing.ts";
import { markdownBench } from "./bench/markdown.ts";
import { mcpBench } from "./bench/mcp.ts";
import { mcpSessionsBench } from "./bench/mcp-sessions.ts";
import { ocrBench } from "./bench/ocr.ts";
import { pdfQualityBench } from "./bench/pdf-quality.ts";
import { pdfSpeedBench } from "./bench/pdf-speed.ts";
import { postgresBench } from "./bench/postgres.ts";
import { retrievalBench } from "./bench/retrieval.ts";
import { safetyBench } from "./bench/safety.ts";
import { storeBench } from "./bench/store.ts";
import { syncBench } from "./bench/sync.ts";
import { treeCorpusBench } from "./bench/tree-corpus.ts";
import { treesBench } from "./bench/trees.ts";
import type { BenchFigure, BenchSection } from "./bench/types.ts";

const SECTIONS: Record<string, BenchSection> = {
  store: storeBench,
  safety: safetyBench,
  "pdf-quality": pdfQualityBench,
  trees: treesBench,
  "tree-corpus": treeCorpusBench,
  "pdf-speed": pdfSpeedBench,
  markdown: markdownBench,
  formats: formatsBench,
  mcp: mcpBench,
  "mcp-sessions": mcpSessionsBench,
  ocr: ocrBench,
  retrieval: retrievalBench,
  evaldata: evaldataBench,
  "agent-cost": agentCostBench,
  listing: listingBench,
  library: libraryBench,
  postgres: postgresBench,
  "library-scale": libraryScaleBench,
  sync: syncBench,
};

function printTable(figures: BenchFigure[]): void {
  const rows = figures.map((f) => [f.group, f.name, `${f.value}${f.unit ? ` ${f.unit}` : ""}`, f.note ?? ""]);
  const header = ["group", "figure", "value", "note"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(" | ")} |`;
  const out = [line(header), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...rows.map(line)];
  process.stdout.write(`${out.join("\n")}\n`);
}

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !(name in SECTIONS));
if (unknown.length) {
  process.stderr.write(`unknown bench section(s): ${unknown.join(", ")}; known: ${Object.keys(SECTIONS).join(", ")}\n`);
  process.exit(2);
}
const figures: BenchFigure[] = [];
for (const [name, section] of Object.entries(SECTIONS)) {
  if (wanted.length && !wanted.includes(name)) continue;
  process.stderr.write(`bench: ${name}...\n`);
  figures.push(...(await section()));
}
printTable(figures);
process.exit(0);
