/**
 * Markdown figures: heading fidelity against the corpus' expected headings (as commonmark.js
 * sees them: level, line, text) and indexing throughput on the largest corpus file, bare
 * (headings + tree) and with thinning and summaries. Skipped silently without the corpus.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { indexMarkdown, parseMarkdown, type MarkdownIndexOptions } from "../../src/indexing/markdown/index.ts";
import { largeMarkdownRequest } from "./markdown-http.ts";
import type { BenchFigure } from "./types.ts";

const DIR = path.resolve(fileURLToPath(new URL("../../../shared/corpus/markdown", import.meta.url)));
const GROUP = "markdown";

interface ExpectedHeading {
  level: number;
  line: number;
  text: string;
}

async function listCorpus(): Promise<string[]> {
  try {
    return (await fs.readdir(DIR)).filter((f) => f.endsWith(".md")).sort();
  } catch {
    return [];
  }
}

/** Exact matches of (level, line, text) between found and expected headings, as a multiset. */
export function headingMatch(found: readonly ExpectedHeading[], expected: readonly ExpectedHeading[]) {
  const key = (h: ExpectedHeading) => `${h.level}\u0000${h.line}\u0000${h.text}`;
  const pool = new Map<string, number>();
  for (const h of found) pool.set(key(h), (pool.get(key(h)) ?? 0) + 1);
  let matched = 0;
  const missed: ExpectedHeading[] = [];
  for (const h of expected) {
    const n = pool.get(key(h)) ?? 0;
    if (n > 0) {
      matched++;
      pool.set(key(h), n - 1);
    } else missed.push(h);
  }
  const extra = found.length - matched;
  // Extra headings count against the rate as much as missed ones.
  const denominator = Math.max(expected.length, found.length);
  return { matched, extra, missed, rate: denominator ? matched / denominator : 1 };
}

function throughput(source: string, options: MarkdownIndexOptions): { mbPerS: number; runs: number } {
  const bytes = Buffer.byteLength(source, "utf8");
  indexMarkdown(source, options); // warm-up (JIT, tokenizer tables)
  let runs = 0;
  const t0 = performance.now();
  let elapsed = 0;
  while (elapsed < 600 || runs < 3) {
    indexMarkdown(source, options);
    runs++;
    elapsed = performance.now() - t0;
  }
  return { mbPerS: (bytes * runs) / 1e6 / (elapsed / 1000), runs };
}

export async function markdownBench(): Promise<BenchFigure[]> {
  const files = await listCorpus();
  if (!files.length) return [];
  const figures: BenchFigure[] = [];
  let largest = { name: "", source: "", bytes: -1 };
  for (const file of files) {
    const source = await fs.readFile(path.join(DIR, file), "utf8");
    const bytes = Buffer.byteLength(source, "utf8");
    if (bytes > largest.bytes) largest = { name: file, source, bytes };
    let expected: ExpectedHeading[];
    try {
      const json = JSON.parse(await fs.readFile(path.join(DIR, "expected", file.replace(/\.md$/, ".headings.json")), "utf8"));
      expected = json.headings;
    } catch {
      continue;
    }
    const found = parseMarkdown(source).headings.map((h) => ({ level: h.level, line: h.line, text: h.title }));
    const m = headingMatch(found, expected);
    for (const h of m.missed.slice(0, 5)) process.stderr.write(`markdown: ${file}: missed ${JSON.stringify(h)}\n`);
    figures.push({
      group: GROUP,
      name: `headings exact ${file}`,
      value: Number((m.rate * 100).toFixed(1)),
      unit: "%",
      note: `${m.matched}/${expected.length} (level, line, text) exact; ${m.extra} extra`,
    });
  }
  const kb = (largest.bytes / 1024).toFixed(0);
  const modes: Array<[string, MarkdownIndexOptions, string]> = [
    ["MB/s tree only", { fileName: largest.name, thinning: false, addSummaries: false }, "headings + tree, no summaries"],
    ["MB/s + summaries", { fileName: largest.name, thinning: false, addSummaries: true }, "extractive summaries"],
    ["MB/s + thinning + summaries", { fileName: largest.name, thinning: true, addSummaries: true }, "threshold 5000"],
  ];
  {
    // The ceiling: unified + remark-parse (+ frontmatter, gfm) alone, which rule 1 mandates.
    const src = largest.source;
    parseMarkdown(src);
    let runs = 0;
    const t0 = performance.now();
    while (performance.now() - t0 < 600 || runs < 3) {
      parseMarkdown(src);
      runs++;
    }
    const mbPerS = (largest.bytes * runs) / 1e6 / ((performance.now() - t0) / 1000);
    figures.push({ group: GROUP, name: "MB/s remark parse alone", value: Number(mbPerS.toFixed(2)), unit: "MB/s", note: `${largest.name} x${runs}; ceiling for the figures below` });
  }
  for (const [name, options, note] of modes) {
    const { mbPerS, runs } = throughput(largest.source, options);
    figures.push({ group: GROUP, name, value: Number(mbPerS.toFixed(2)), unit: "MB/s", note: `${largest.name} (${kb} KB) x${runs}; ${note}` });
  }
  figures.push(...(await largeMarkdownRequest(largest.source)));
  return figures;
}
