/**
 * Builds the generated half of the tree corpus (issue #37): real Markdown texts from Debian
 * and npm packages typeset in many styles (LaTeX classes and titlesec variants, LibreOffice
 * Writer heading styles and numberings, HTML printed by Chromium), each PDF with a gold outline
 * whose levels and titles come from the source headings and whose pages come from the PDF's
 * bookmarks (checked against the page text). Writes into the same cache as build.ts:
 *   original/<id>.pdf, stripped/<id>.pdf, outline/<id>.outline.json  (same formats)
 *   manifest-generated.jsonl   one ManifestEntry per PDF (readManifest reads both halves)
 *   skipped-generated.jsonl    sources tried and why each was not kept
 *   generated/                 scratch: reference documents, tool profiles, one folder per PDF
 * and compares the result with the committed tools/tree-corpus/manifest-generated.json
 * (written when absent or with --write-manifest).
 *
 * Usage (as root for apt; heavy, so niced):
 *   nice -n 19 npx tsx tools/tree-corpus/generate.ts [--skip-apt] [--write-manifest] [--force] [--family TEXT]
 * --force typesets again PDFs already in the cache; --family builds only the families whose
 * name contains TEXT (the others keep their entries). Env: TREEINDEX_TREE_CORPUS (cache dir),
 * TREE_CORPUS_GEN_PER_FAMILY (default 10 PDFs per family).
 * --from-manifest: each family takes first the sources the committed manifest gives it (by
 * checksum), and no family takes another's; only sources no longer on the machine (an npm
 * package gone from node_modules) are replaced, by the family's next candidates in hash order.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { aptInstall, aptUpdate, installedVersion } from "./apt.ts";
import { checkOutline, readGoldOutline } from "./gold.ts";
import { readJsonl, type ManifestEntry } from "./manifest.ts";
import { COMMITTED_GENERATED_MANIFEST, corpusPaths, SHARED_CORPUS_MARKDOWN } from "./paths.ts";
import { stripOutline } from "./strip.ts";
import { CHROMIUM_STYLES, renderChromium, type ChromiumStyle } from "./generate/chromium.ts";
import { LATEX_STYLES, renderLatex, type LatexStyle } from "./generate/latex.ts";
import { LIBREOFFICE_STYLES, renderLibreOffice, type LibreOfficeStyle } from "./generate/libreoffice.ts";
import { compactGenerated, compareGenerated, formatGenerated, type GeneratedCompactManifest } from "./generate/manifest.ts";
import { prepareDoc, type PandocDoc, type PreparedDoc } from "./generate/markdown.ts";
import { COMMON_COMMANDS, GEN_PACKAGES, TOOL_COMMANDS, VERSIONED_PACKAGES } from "./generate/packages.ts";
import { pairHeadings } from "./generate/pair.ts";
import { hasCommand, run, shortError } from "./generate/run.ts";
import { findSources, orderFor, type SourceText } from "./generate/sources.ts";

type Style = LatexStyle | LibreOfficeStyle | ChromiumStyle;
const STYLES: Style[] = [...LATEX_STYLES, ...LIBREOFFICE_STYLES, ...CHROMIUM_STYLES];

const argv = process.argv.slice(2);
const args = new Set(argv);
const familyFilter = argv.includes("--family") ? argv[argv.indexOf("--family") + 1] : undefined;
const PER_FAMILY = Number(process.env.TREE_CORPUS_GEN_PER_FAMILY ?? 10);
/** A family gives up after this many failed sources (a style that breaks on everything). */
const MAX_FAILURES_PER_FAMILY = 12;
/** Source headings (after preparation) a document needs: the gold's minimum, and a ceiling
 * that keeps one long README from dominating its family. */
const MIN_HEADINGS = 6;
const MAX_HEADINGS = 120;
/** Paragraph text a document needs, so headings stand between real paragraphs. */
const MIN_BODY_CHARS = 2_000;
/** Bumped when the preparation or gold rules change: new ids, so cached page lines are not reused. */
const GENERATOR_VERSION = 1;

const log = (msg: string) => process.stderr.write(`${msg}\n`);
const sha256 = (b: string | Uint8Array) => createHash("sha256").update(b).digest("hex");
const slug = (s: string, n: number) => s.replace(/[^A-Za-z0-9]+/g, "_").replace(/^_|_$/g, "").slice(0, n);
const generatorOf: Record<Style["tool"], string> = { latex: "pandoc + pdflatex", libreoffice: "pandoc + LibreOffice Writer", chromium: "pandoc + Chromium" };

async function pdfInfo(file: string): Promise<{ producer: string; creator: string }> {
  const out = await run("pdfinfo", [file]).catch(() => "");
  const field = (name: string) => out.match(new RegExp(`^${name}:\\s*(.*)$`, "m"))?.[1].trim() ?? "";
  return { producer: field("Producer"), creator: field("Creator") };
}

/** Raw text of each page (pdftotext separates pages with form feeds). */
async function pageTexts(file: string, pageCount: number): Promise<string[]> {
  const pages = (await run("pdftotext", ["-enc", "UTF-8", file, "-"])).split("\f");
  return pages.slice(0, pageCount);
}

async function main(): Promise<void> {
  const started = Date.now();
  const paths = corpusPaths();
  const scratch = path.join(paths.dir, "generated");
  for (const sub of ["original", "stripped", "outline"]) mkdirSync(path.join(paths.dir, sub), { recursive: true });
  mkdirSync(scratch, { recursive: true });

  if (!args.has("--skip-apt")) {
    log("apt-get update...");
    await aptUpdate();
    const r = await aptInstall(GEN_PACKAGES);
    log(`installed ${r.installed.length} packages${r.unavailable.length ? `; not in Debian here: ${r.unavailable.join(", ")}` : ""}`);
  }
  for (const cmd of COMMON_COMMANDS) if (!(await hasCommand(cmd))) throw new Error(`${cmd} is missing (run without --skip-apt, as root)`);
  const toolReady: Record<Style["tool"], boolean> = { latex: true, libreoffice: true, chromium: true };
  for (const tool of Object.keys(TOOL_COMMANDS) as Style["tool"][]) {
    for (const cmd of TOOL_COMMANDS[tool]) if (!(await hasCommand(cmd))) toolReady[tool] = false;
    if (!toolReady[tool]) log(`${tool}: ${TOOL_COMMANDS[tool].join("/")} missing, its styles are skipped`);
  }
  const tools: Record<string, string> = {};
  for (const p of VERSIONED_PACKAGES) tools[p] = (await installedVersion(p)) ?? "not installed";

  const sources = findSources(path.resolve("node_modules"), SHARED_CORPUS_MARKDOWN);
  for (const pkg of new Set(sources.filter((s) => s.path.startsWith("/usr/share/doc/")).map((s) => s.package))) {
    const v = await installedVersion(pkg);
    for (const s of sources) if (s.package === pkg) s.version = v ?? "";
  }
  log(`${sources.length} candidate Markdown sources (${sources.filter((s) => s.path.startsWith("/usr/share/doc/")).length} from Debian, the rest from node_modules)`);

  // Each source parsed once (pandoc, GitHub-flavoured Markdown without raw HTML), then prepared.
  const prepared = new Map<string, PreparedDoc | string>();
  const prepare = async (s: SourceText): Promise<PreparedDoc | string> => {
    if (!prepared.has(s.sha256)) {
      let p: PreparedDoc | string;
      try {
        const ast = JSON.parse(await run("pandoc", ["-f", "gfm-raw_html", "-t", "json"], { input: s.text })) as PandocDoc;
        p = prepareDoc(ast);
        if (p.headings.length < MIN_HEADINGS) p = `${p.headings.length} usable headings (< ${MIN_HEADINGS})`;
        else if (p.headings.length > MAX_HEADINGS) p = `${p.headings.length} headings (> ${MAX_HEADINGS})`;
        else if (p.bodyChars < MIN_BODY_CHARS) p = `${p.bodyChars} characters of paragraph text (< ${MIN_BODY_CHARS})`;
      } catch (err) {
        p = `pandoc failed: ${shortError(err)}`;
      }
      prepared.set(s.sha256, p);
    }
    return prepared.get(s.sha256)!;
  };

  const previous = new Map((readJsonl(paths.generatedManifest) ?? []).map((e) => [e.id, e]));
  const entries: ManifestEntry[] = [];
  const skipped: { family: string; source: string; reason: string }[] = [];
  const used = new Set<string>();
  const fresh = new Set<string>();

  // --from-manifest: the committed family of each source (see the file comment).
  const committed = args.has("--from-manifest") ? (JSON.parse(readFileSync(COMMITTED_GENERATED_MANIFEST, "utf8")) as GeneratedCompactManifest) : null;
  const reserved = new Map(committed?.pdfs.map((p) => [p.sourceSha256, p.family]) ?? []);
  const candidatesFor = (family: string) => [
    ...sources.filter((s) => reserved.get(s.sha256) === family),
    ...orderFor(family, sources).filter((s) => !reserved.has(s.sha256)),
  ];

  for (const style of STYLES) {
    if (familyFilter && !style.family.includes(familyFilter)) {
      // Not rebuilt this time: its entries stay as they were.
      const kept = [...previous.values()].filter((e) => e.family === style.family);
      entries.push(...kept);
      for (const e of kept) used.add(e.sourceSha256 ?? "");
      continue;
    }
    if (!toolReady[style.tool]) continue;
    const styleHash = sha256(JSON.stringify(style));
    let kept = 0;
    let failures = 0;
    const t0 = Date.now();
    for (const src of candidatesFor(style.family)) {
      if (kept >= PER_FAMILY || failures >= MAX_FAILURES_PER_FAMILY) break;
      if (used.has(src.sha256)) continue;
      const skip = (reason: string) => skipped.push({ family: style.family, source: src.path, reason });
      const p = await prepare(src);
      if (typeof p === "string") {
        skip(p);
        continue;
      }
      const id = `gen-${slug(style.family.replace(/^gen-/, ""), 40)}-${slug(path.basename(path.dirname(src.path)) + "-" + path.basename(src.path).replace(/\.(md|markdown)(\.gz)?$/i, ""), 40)}-${sha256(`${GENERATOR_VERSION}\n${styleHash}\n${src.sha256}`).slice(0, 8)}`;
      const files = { original: paths.original(id), stripped: paths.stripped(id), outline: paths.outline(id) };
      const old = previous.get(id);
      if (old && !args.has("--force") && Object.values(files).every(existsSync)) {
        entries.push(old);
        used.add(src.sha256);
        kept++;
        continue;
      }
      const work = path.join(scratch, id);
      rmSync(work, { recursive: true, force: true });
      mkdirSync(work, { recursive: true });
      try {
        if (style.tool === "latex") await renderLatex(style, p.doc, work, files.original);
        else if (style.tool === "libreoffice") await renderLibreOffice(style, p.doc, work, files.original, scratch);
        else await renderChromium(style, p.doc, work, files.original, path.join(scratch, "chromium-profile"));
        const marks = await readGoldOutline(files.original);
        const pair = pairHeadings(p.headings, marks.entries, await pageTexts(files.original, marks.pageCount));
        if (pair.missing.length) throw new Error(`${pair.missing.length} of ${p.headings.length} headings on no page (${pair.missing.slice(0, 2).map((t) => `"${t.slice(0, 40)}"`).join(", ")})`);
        const gold = { pageCount: marks.pageCount, entries: pair.entries, unresolved: 0 };
        const check = checkOutline(gold);
        if (!check.ok) throw new Error(check.reason);
        await stripOutline(files.original, files.stripped);
        const outline = {
          source_pdf: src.path,
          page_count: gold.pageCount,
          page_base: 1,
          generated_by: `${generatorOf[style.tool]} (${style.family}): levels and titles from the source headings, pages from the PDF's bookmarks checked against pdftotext`,
          entries: gold.entries,
        };
        writeFileSync(files.outline, `${JSON.stringify(outline, null, 1)}\n`);
        // explain.ts caches page lines by id; a PDF typeset again must be read again.
        rmSync(paths.lines(id), { force: true });
        const info = await pdfInfo(files.original);
        entries.push({
          id,
          package: src.package,
          version: src.version,
          path: src.path,
          sha256: sha256(readFileSync(files.original)),
          strippedSha256: sha256(readFileSync(files.stripped)),
          pages: gold.pageCount,
          outlineEntries: gold.entries.length,
          outlineDepth: Math.max(...gold.entries.map((e) => e.level)),
          family: style.family,
          fineFamily: style.family,
          generator: generatorOf[style.tool],
          bodyFace: style.bodyFace,
          headingFace: style.headingFace,
          headingStyle: style.headingStyle,
          producer: info.producer,
          creator: info.creator,
          sourceSha256: src.sha256,
          goldPages: { fromBookmarks: pair.fromBookmarks, located: pair.located, moved: pair.moved },
        });
        fresh.add(id);
        used.add(src.sha256);
        kept++;
        rmSync(work, { recursive: true, force: true });
      } catch (err) {
        failures++;
        skip(shortError(err));
        for (const f of Object.values(files)) rmSync(f, { force: true });
        // The scratch folder of a failed document stays for a look (pandoc/LaTeX logs).
      }
    }
    log(`  ${String(kept).padStart(3)} ${style.family}${failures ? ` (${failures} failed)` : ""} ${Math.round((Date.now() - t0) / 1000)} s`);
    // Written as it goes, so an interrupted build keeps what it made (and resumes from it).
    const later = new Set(STYLES.slice(STYLES.indexOf(style) + 1).map((s) => s.family));
    writeManifest(paths.generatedManifest, [...entries, ...[...previous.values()].filter((e) => later.has(e.family))]);
  }

  entries.sort((a, b) => a.family.localeCompare(b.family) || a.id.localeCompare(b.id));
  writeManifest(paths.generatedManifest, entries);
  writeFileSync(paths.generatedSkipped, skipped.map((s) => JSON.stringify(s)).join("\n") + "\n");
  // Files of generated PDFs an earlier build kept and this one does not.
  const ids = new Set(entries.map((e) => e.id));
  for (const id of previous.keys()) {
    if (ids.has(id)) continue;
    for (const f of [paths.original(id), paths.stripped(id), paths.outline(id), paths.lines(id)]) rmSync(f, { force: true });
  }

  const families = new Map<string, number>();
  for (const e of entries) families.set(e.family, (families.get(e.family) ?? 0) + 1);
  log(`\nkept ${entries.length} generated PDFs (${fresh.size} typeset now) in ${families.size} families, ${entries.reduce((n, e) => n + e.pages, 0)} pages, ${entries.reduce((n, e) => n + e.outlineEntries, 0)} headings:`);
  for (const [f, n] of families) log(`  ${String(n).padStart(4)} ${f}`);
  const reasons = new Map<string, number>();
  for (const s of skipped) {
    const r = s.reason.replace(/\d+/g, "N").replace(/\(".*$/, "").slice(0, 70);
    reasons.set(r, (reasons.get(r) ?? 0) + 1);
  }
  log(`not kept ${skipped.length}:`);
  for (const [r, n] of [...reasons].sort((a, b) => b[1] - a[1]).slice(0, 12)) log(`  ${String(n).padStart(5)} ${r}`);

  const rebuilt = compactGenerated(entries, tools);
  if (!existsSync(COMMITTED_GENERATED_MANIFEST) || args.has("--write-manifest")) {
    writeFileSync(COMMITTED_GENERATED_MANIFEST, formatGenerated(rebuilt));
    log(`wrote ${COMMITTED_GENERATED_MANIFEST}`);
  } else {
    const diffs = compareGenerated(JSON.parse(readFileSync(COMMITTED_GENERATED_MANIFEST, "utf8")) as GeneratedCompactManifest, rebuilt);
    if (diffs.length) {
      log(`the generated corpus differs from ${COMMITTED_GENERATED_MANIFEST} in ${diffs.length} ways:`);
      for (const d of diffs.slice(0, 30)) log(`  ${d}`);
      process.exitCode = 1;
    } else log(`the generated corpus matches ${COMMITTED_GENERATED_MANIFEST} (${rebuilt.pdfs.length} PDFs)`);
  }
  log(`done in ${Math.round((Date.now() - started) / 1000)} s; corpus in ${paths.dir}`);
}

function writeManifest(file: string, entries: ManifestEntry[]): void {
  writeFileSync(file, entries.map((e) => JSON.stringify(e)).join("\n") + (entries.length ? "\n" : ""));
}

await main();
