/**
 * `npm run bench -- formats`: the structured-text formats against known headings.
 *
 * 1. Each corpus Markdown file (../shared/corpus/markdown, headings in expected/) is converted
 *    by pandoc to DOCX, ODT, HTML and EPUB (and, where LibreOffice is installed, pandoc's
 *    DOCX to ODT by LibreOffice), then indexed. Scored: headings exact (level, title, in
 *    order: the longest common subsequence of (level, title) pairs over the larger of the
 *    two counts, so missed and extra headings both count), text kept (the source's words
 *    found in the tree's text, as a multiset), and seconds per MB of the converted file
 *    (reading + tree + summaries, best of five). The baseline, measured in the same run:
 *    the Markdown indexer on the same source files (tree + summaries + description, best of
 *    five), as s/MB of the Markdown and as each format's time over Markdown's time for the
 *    same documents (below 1: faster than indexing the Markdown itself).
 * 2. Real files shipped by Debian packages, when present: EPUB manuals (headings vs their
 *    navigation entries) and HTML manuals (headings vs the h1-h6 tags in the file), s/MB.
 *
 * Skips cleanly (no figures, a note on stderr) without pandoc or the corpus.
 */
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { StructuredFormat } from "../../src/indexing/formats.ts";
import { indexMarkdown } from "../../src/indexing/markdown/index.ts";
import { parseMarkdown } from "../../src/indexing/markdown/parse.ts";
import { plainBlocks } from "../../src/indexing/markdown/parse.ts";
import type { StructuredDocument } from "../../src/indexing/structured/blocks.ts";
import { readStructured } from "../../src/indexing/structured/index.ts";
import { buildStructuredTree } from "../../src/indexing/structured/tree.ts";
import type { TreeNode } from "../../src/indexing/tree-types.ts";
import type { BenchFigure } from "./types.ts";

const exec = promisify(execFile);
const DIR = path.resolve(fileURLToPath(new URL("../../../shared/corpus/markdown", import.meta.url)));
const GROUP = "formats";
/** Timings are the best of this many runs: the machines are shared, and a busy moment only ever adds time. */
const RUNS = 5;

interface Heading {
  level: number;
  title: string;
}

async function has(command: string): Promise<boolean> {
  try {
    await exec(command, ["--version"], { timeout: 60_000 });
    return true;
  } catch {
    return false;
  }
}

/** Longest common subsequence of the two heading lists, compared on (level, title). */
export function orderedMatch(found: readonly Heading[], expected: readonly Heading[]): { matched: number; rate: number } {
  const key = (h: Heading) => `${h.level}\u0000${h.title.replace(/\s+/g, " ").trim()}`;
  const a = found.map(key);
  const b = expected.map(key);
  let prev = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    const row = new Array<number>(b.length + 1).fill(0);
    for (let j = 1; j <= b.length; j++) row[j] = a[i - 1] === b[j - 1] ? prev[j - 1] + 1 : Math.max(prev[j], row[j - 1]);
    prev = row;
  }
  const matched = prev[b.length];
  const denominator = Math.max(a.length, b.length);
  return { matched, rate: denominator ? matched / denominator : 1 };
}

function words(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const w of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) counts.set(w, (counts.get(w) ?? 0) + 1);
  return counts;
}

/** Share of the source's words (as a multiset) that the tree's text holds. */
function textKept(source: string, tree: TreeNode[]): number {
  const want = words(source);
  const all: string[] = [];
  const walk = (nodes: TreeNode[]) => nodes.forEach((n) => (all.push(n.title, n.text), walk(n.nodes)));
  walk(tree);
  const got = words(all.join("\n"));
  let total = 0;
  let kept = 0;
  for (const [w, n] of want) {
    total += n;
    kept += Math.min(n, got.get(w) ?? 0);
  }
  return total ? kept / total : 1;
}

/** Reading, tree and summaries, best of RUNS runs: seconds per MB of the file. */
async function timed(format: StructuredFormat, bytes: Uint8Array, fileName: string): Promise<{ doc: StructuredDocument; tree: TreeNode[]; secondsPerMb: number }> {
  let best = Number.POSITIVE_INFINITY;
  let doc!: StructuredDocument;
  let tree!: TreeNode[];
  for (let run = 0; run < RUNS; run++) {
    const t0 = performance.now();
    doc = await readStructured(format, bytes);
    tree = buildStructuredTree(doc, { fallbackTitle: fileName }).tree;
    best = Math.min(best, (performance.now() - t0) / 1000);
  }
  return { doc, tree, secondsPerMb: best / (bytes.length / 1e6) };
}

/** The baseline: the Markdown indexer on the source itself, as the index job runs it; best of RUNS, in seconds. */
function timedMarkdown(source: string, fileName: string): number {
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < RUNS; run++) {
    const t0 = performance.now();
    indexMarkdown(source, { fileName, addSummaries: true, addDescription: true });
    best = Math.min(best, (performance.now() - t0) / 1000);
  }
  return best;
}

const headingsOf = (doc: StructuredDocument): Heading[] => doc.blocks.flatMap((b) => (b.kind === "heading" ? [{ level: b.level, title: b.title }] : []));

async function corpusFigures(work: string, libreOffice: boolean): Promise<BenchFigure[]> {
  const files = (await fs.readdir(DIR).catch(() => [] as string[])).filter((f) => f.endsWith(".md")).sort();
  const figures: BenchFigure[] = [];
  const totals = new Map<string, { matched: number; denominator: number; bytes: number; seconds: number; markdownSeconds: number; kept: number; n: number }>();
  const markdown = { bytes: 0, seconds: 0 };
  for (const file of files) {
    const expectedFile = path.join(DIR, "expected", file.replace(/\.md$/, ".headings.json"));
    let expected: Heading[];
    try {
      expected = (JSON.parse(await fs.readFile(expectedFile, "utf8")).headings as { level: number; text: string }[]).map((h) => ({ level: h.level, title: h.text }));
    } catch {
      continue;
    }
    const source = await fs.readFile(path.join(DIR, file), "utf8");
    const sourceText = plainBlocks(parseMarkdown(source).root).map((b) => b.text).join("\n");
    const markdownSeconds = timedMarkdown(source, file);
    markdown.bytes += Buffer.byteLength(source);
    markdown.seconds += markdownSeconds;
    figures.push({ group: GROUP, name: `markdown (baseline) ${file}`, value: Number((markdownSeconds / (Buffer.byteLength(source) / 1e6)).toFixed(3)), unit: "s/MB", note: `${(markdownSeconds * 1000).toFixed(0)} ms for ${(Buffer.byteLength(source) / 1024).toFixed(0)} KB; the Markdown indexer on the source, same run` });
    const stem = file.replace(/\.md$/, "");
    const outputs: Array<[string, StructuredFormat, string]> = [];
    for (const [target, format] of [["docx", "docx"], ["odt", "odt"], ["html", "html"], ["epub", "epub"]] as const) {
      const out = path.join(work, `${stem}.${target}`);
      // GitHub-flavoured input as the corpus is written; standalone HTML; the file name as the e-book's title.
      await exec("pandoc", ["-f", "gfm", "-t", target === "epub" ? "epub3" : target, "-s", "--metadata", `title=${stem}`, "-o", out, path.join(DIR, file)], { timeout: 120_000 });
      outputs.push([target, format, out]);
    }
    if (libreOffice) {
      const loDir = path.join(work, "lo");
      await fs.mkdir(loDir, { recursive: true });
      await exec("soffice", ["--headless", "--convert-to", "odt", "--outdir", loDir, path.join(work, `${stem}.docx`)], { timeout: 180_000 });
      outputs.push(["odt (LibreOffice)", "odt", path.join(loDir, `${stem}.odt`)]);
    }
    for (const [label, format, out] of outputs) {
      const bytes = new Uint8Array(await fs.readFile(out));
      const { doc, tree, secondsPerMb } = await timed(format, bytes, path.basename(out));
      // pandoc writes the title it was given as the document's own title (the e-book's title
      // page and its title chapter, a Title paragraph in Word): not a source heading.
      const found = headingsOf(doc).filter((h) => h.title !== stem);
      const m = orderedMatch(found, expected);
      const kept = textKept(sourceText, tree);
      if (m.rate < 1) {
        const expectedKeys = new Set(expected.map((h) => `${h.level} ${h.title}`));
        for (const h of found.filter((h) => !expectedKeys.has(`${h.level} ${h.title}`)).slice(0, 3)) process.stderr.write(`formats: ${label} ${file}: extra or changed ${JSON.stringify(h)}\n`);
      }
      const seconds = secondsPerMb * (bytes.length / 1e6);
      figures.push({ group: GROUP, name: `${label} headings exact ${file}`, value: Number((m.rate * 100).toFixed(1)), unit: "%", note: `${m.matched}/${expected.length} (level, title, order); ${found.length} found; text kept ${(kept * 100).toFixed(1)}%; ${secondsPerMb.toFixed(3)} s/MB of ${(bytes.length / 1024).toFixed(0)} KB; ${(seconds / markdownSeconds).toFixed(2)}x Markdown's time` });
      const t = totals.get(label) ?? { matched: 0, denominator: 0, bytes: 0, seconds: 0, markdownSeconds: 0, kept: 0, n: 0 };
      t.matched += m.matched;
      t.denominator += Math.max(found.length, expected.length);
      t.bytes += bytes.length;
      t.seconds += seconds;
      t.markdownSeconds += markdownSeconds;
      t.kept += kept;
      t.n++;
      totals.set(label, t);
    }
  }
  if (markdown.bytes) figures.push({ group: GROUP, name: "markdown (baseline) s/MB", value: Number((markdown.seconds / (markdown.bytes / 1e6)).toFixed(3)), unit: "s/MB", note: `${(markdown.bytes / 1024).toFixed(0)} KB of corpus Markdown; tree + summaries + description; the baseline for the rows below` });
  for (const [label, t] of totals) {
    figures.push({ group: GROUP, name: `${label} headings exact (all)`, value: Number(((t.matched / Math.max(1, t.denominator)) * 100).toFixed(1)), unit: "%", note: `${t.n} corpus files; text kept ${((t.kept / t.n) * 100).toFixed(1)}% (mean); target 100%` });
    figures.push({ group: GROUP, name: `${label} s/MB`, value: Number((t.seconds / (t.bytes / 1e6)).toFixed(3)), unit: "s/MB", note: `${(t.bytes / 1024).toFixed(0)} KB in all; read + tree + summaries; target < 1 s/MB` });
    figures.push({ group: GROUP, name: `${label} time / Markdown's`, value: Number((t.seconds / t.markdownSeconds).toFixed(2)), unit: "x", note: `${(t.seconds * 1000).toFixed(0)} ms against ${(t.markdownSeconds * 1000).toFixed(0)} ms for the same documents' Markdown (target <= 1: no worse than Markdown)` });
  }
  return figures;
}

/** Debian's own manuals, when installed: EPUBs against their navigation, HTML against its heading tags. */
async function debianFigures(): Promise<BenchFigure[]> {
  const figures: BenchFigure[] = [];
  const epubs = ["/usr/share/doc/debian-policy/policy.epub", "/usr/share/developers-reference/developers-reference.epub", "/usr/share/doc/debmake-doc/debmake-doc.en.epub", "/usr/share/doc/eyes17/en/eyes17.epub"];
  const htmls = ["/usr/share/doc/debian-policy/policy.html", "/usr/share/doc/debian-policy/upgrading-checklist.html", "/usr/share/doc/octave/liboctave.html/index.html"];
  for (const file of epubs) {
    const bytes = await fs.readFile(file).catch(() => undefined);
    if (!bytes) continue;
    const { doc, secondsPerMb } = await timed("epub", new Uint8Array(bytes), path.basename(file));
    const headings = headingsOf(doc).length;
    figures.push({ group: GROUP, name: `debian epub ${path.basename(file)}`, value: Number(secondsPerMb.toFixed(3)), unit: "s/MB", note: `${headings} headings (toc_source ${doc.source}); ${(bytes.length / 1024).toFixed(0)} KB` });
  }
  for (const file of htmls) {
    const bytes = await fs.readFile(file).catch(() => undefined);
    if (!bytes) continue;
    const { doc, secondsPerMb } = await timed("html", new Uint8Array(bytes), path.basename(file));
    const tags = (bytes.toString("latin1").match(/<h[1-6][\s>]/gi) ?? []).length;
    figures.push({ group: GROUP, name: `debian html ${path.basename(path.dirname(file))}/${path.basename(file)}`, value: Number(secondsPerMb.toFixed(3)), unit: "s/MB", note: `${headingsOf(doc).length} headings of ${tags} h1-h6 tags in the file (navigation and empty ones left out); ${(bytes.length / 1024).toFixed(0)} KB` });
  }
  return figures;
}

export async function formatsBench(): Promise<BenchFigure[]> {
  const corpus = (await fs.readdir(DIR).catch(() => [] as string[])).some((f) => f.endsWith(".md"));
  if (!corpus) {
    process.stderr.write("formats: no corpus at ../shared/corpus/markdown: skipped\n");
    return [];
  }
  if (!(await has("pandoc"))) {
    process.stderr.write("formats: pandoc is not installed (apt-get install -y pandoc): skipped\n");
    return [];
  }
  const libreOffice = await has("soffice");
  if (!libreOffice) process.stderr.write("formats: LibreOffice (soffice) not installed: its ODT conversions are left out\n");
  const work = await fs.mkdtemp(path.join(os.tmpdir(), "treeindex-formats-"));
  try {
    return [...(await corpusFigures(work, libreOffice)), ...(await debianFigures())];
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}
