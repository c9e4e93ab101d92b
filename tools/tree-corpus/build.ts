/**
 * Builds the tree corpus on this machine (issue #37, part 1, Debian half): installs Debian
 * documentation packages that ship bookmarked PDFs, keeps the PDFs whose outline can serve as
 * gold, and writes to the cache directory (default /tmp/treeindex-tree-corpus, or
 * $TREEINDEX_TREE_CORPUS):
 *   original/<id>.pdf            the PDF as shipped (decompressed if it was .pdf.gz)
 *   stripped/<id>.pdf            the same without outline: qpdf --empty --pages in.pdf 1-z -- out.pdf
 *   outline/<id>.outline.json    gold {page_count, entries: [{level, title, page}]}, read with qpdf
 *   manifest.jsonl               one ManifestEntry per kept PDF
 *   skipped.jsonl, families.json what was left out and why; PDFs per family
 * and compares the result with the committed tools/tree-corpus/manifest.json (written when
 * absent or with --write-manifest).
 *
 * Usage (as root; heavy, so niced):
 *   nice -n 19 npx tsx tools/tree-corpus/build.ts [--skip-apt] [--write-manifest] [--from-manifest]
 * --from-manifest: take exactly the PDFs the committed manifest lists (by path, checked by
 * sha256) with its families, without inspecting the ~6,000 candidates (minutes instead of
 * most of an hour on a fresh machine; the families are those the full build chose).
 * Env: TREEINDEX_TREE_CORPUS (cache dir), TREE_CORPUS_MAX_PER_FAMILY (default 30),
 * TREE_CORPUS_MAX_PAGES (default 400), TREE_CORPUS_MAX_PER_PACKAGE (default 250: usable PDFs
 * inspected per package, taken in an order fixed by a hash of their path; TeX Live's largest
 * package ships ~3000 PDFs, and inspecting them all costs an hour on a busy 2-core machine).
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { aptInstall, aptUpdate } from "./apt.ts";
import { familyOf, type Family } from "./family.ts";
import { candidatePdfs, readPdfBytes, type Candidate } from "./find-pdfs.ts";
import { checkOutline, readGoldOutline, type GoldOutline } from "./gold.ts";
import { inspectPdf, type PdfLook } from "./inspect.ts";
import { compactManifest, compareManifests, formatCompactManifest, readJsonl, type CompactManifest, type ManifestEntry } from "./manifest.ts";
import { DOC_PACKAGES, TOOL_PACKAGES } from "./packages.ts";
import { COMMITTED_MANIFEST, corpusPaths, SHARED_CORPUS_PDFS } from "./paths.ts";
import { coarsenFamilies, selectByFamily } from "./select.ts";
import { stripOutline } from "./strip.ts";

const args = new Set(process.argv.slice(2));
const MAX_PER_FAMILY = Number(process.env.TREE_CORPUS_MAX_PER_FAMILY ?? 30);
const MAX_PAGES = Number(process.env.TREE_CORPUS_MAX_PAGES ?? 400);
const MAX_PER_PACKAGE = Number(process.env.TREE_CORPUS_MAX_PER_PACKAGE ?? 250);
/** Families with fewer usable PDFs are merged into coarser ones (select.ts). */
const MIN_FAMILY_SIZE = 8;
/** Fewer characters than this on the sampled pages: no usable text layer (outlined or image text). */
const MIN_TEXT_CHARS = 500;

const log = (msg: string) => process.stderr.write(`${msg}\n`);
const sha256 = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");

interface Usable {
  c: Candidate;
  sha: string;
  file: string;
  gold: GoldOutline;
  look: Family & { producer: string; creator: string };
}

async function main(): Promise<void> {
  const started = Date.now();
  const paths = corpusPaths();
  for (const sub of ["original", "stripped", "outline", "tmp"]) mkdirSync(path.join(paths.dir, sub), { recursive: true });

  if (!args.has("--skip-apt")) {
    log("apt-get update...");
    await aptUpdate();
    const r = await aptInstall([...TOOL_PACKAGES, ...DOC_PACKAGES]);
    log(`installed ${r.installed.length} packages${r.unavailable.length ? `; not in Debian here: ${r.unavailable.join(", ")}` : ""}`);
  }

  const shared = new Set<string>();
  if (existsSync(SHARED_CORPUS_PDFS)) {
    for (const f of readdirSync(SHARED_CORPUS_PDFS).filter((f) => f.endsWith(".pdf"))) shared.add(sha256(readFileSync(path.join(SHARED_CORPUS_PDFS, f))));
  }
  // --from-manifest: the committed PDFs only, their families as committed (see the file comment).
  const committed = args.has("--from-manifest") ? (JSON.parse(readFileSync(COMMITTED_MANIFEST, "utf8")) as CompactManifest) : null;
  const wanted = committed ? new Map(committed.pdfs.map((p) => [p.path, p])) : null;
  const listed = (await candidatePdfs(DOC_PACKAGES)).filter((c) => !wanted || wanted.has(c.path));
  // Within a package, an order that spreads over its folders (not alphabetical).
  const order = new Map(listed.map((c) => [c, createHash("sha256").update(c.path).digest("hex")]));
  const candidates = [...listed].sort((a, b) => DOC_PACKAGES.indexOf(a.package) - DOC_PACKAGES.indexOf(b.package) || (order.get(a)! < order.get(b)! ? -1 : 1));
  const perPackage = new Map<string, number>();
  log(`${candidates.length} PDFs in ${new Set(candidates.map((c) => c.package)).size} packages; ${shared.size} shared-corpus PDFs to leave out`);

  // Inspection (pdfjs) is the slow step; what it saw is kept by checksum across runs (the
  // family is derived from it afresh each time).
  const lookCache = path.join(paths.dir, "looks.json");
  const looks: Record<string, PdfLook> = existsSync(lookCache) ? JSON.parse(readFileSync(lookCache, "utf8")) : {};

  const skipped: { package: string; path: string; reason: string }[] = [];
  const usable: Usable[] = [];
  const seen = new Set<string>();
  let i = 0;
  for (const c of candidates) {
    if (++i % 200 === 0) log(`  ${i}/${candidates.length} read, ${usable.length} usable (${Math.round((Date.now() - started) / 1000)} s)`);
    const skip = (reason: string) => skipped.push({ package: c.package, path: c.path, reason });
    if ((perPackage.get(c.package) ?? 0) >= MAX_PER_PACKAGE) {
      skip(`package already gave ${MAX_PER_PACKAGE} usable PDFs`);
      continue;
    }
    let bytes: Uint8Array;
    try {
      bytes = await readPdfBytes(c.path);
    } catch (err) {
      skip(`unreadable: ${(err as Error).message}`);
      continue;
    }
    const sha = sha256(bytes);
    if (shared.has(sha)) {
      skip("copy of a shared-corpus PDF");
      continue;
    }
    if (seen.has(sha)) {
      skip("duplicate of another candidate");
      continue;
    }
    seen.add(sha);
    let file = c.path;
    if (/\.gz$/i.test(c.path)) {
      file = path.join(paths.dir, "tmp", `${sha}.pdf`);
      writeFileSync(file, bytes);
    }
    let gold: GoldOutline;
    try {
      gold = await readGoldOutline(file);
    } catch (err) {
      skip(`qpdf failed: ${String((err as Error).message).split("\n")[0].slice(0, 160)}`);
      continue;
    }
    const check = checkOutline(gold);
    if (!check.ok) {
      skip(check.reason!);
      continue;
    }
    if (gold.pageCount > MAX_PAGES) {
      skip(`${gold.pageCount} pages (> ${MAX_PAGES})`);
      continue;
    }
    const listedAs = wanted?.get(c.path);
    if (listedAs) {
      if (listedAs.sha256 !== sha) skip(`not the PDF the committed manifest lists (sha256 ${sha.slice(0, 12)})`);
      else usable.push({ c, sha, file, gold, look: { family: listedAs.family, generator: "", bodyFace: "", headingFace: "", headingStyle: "", producer: "", creator: "" } });
      continue;
    }
    let seenLook = looks[sha];
    if (!seenLook) {
      try {
        seenLook = await inspectPdf(bytes, gold.entries);
        looks[sha] = seenLook;
      } catch (err) {
        skip(`pdfjs failed: ${String((err as Error).message).slice(0, 160)}`);
        continue;
      }
      if (Object.keys(looks).length % 100 === 0) writeFileSync(lookCache, JSON.stringify(looks));
    }
    if (Object.values(seenLook.fonts).reduce((a, b) => a + b, 0) < MIN_TEXT_CHARS) {
      skip("little or no text on the pages its outline points at (no usable text layer)");
      continue;
    }
    perPackage.set(c.package, (perPackage.get(c.package) ?? 0) + 1);
    usable.push({ c, sha, file, gold, look: { ...familyOf(seenLook), producer: seenLook.producer, creator: seenLook.creator } });
  }
  writeFileSync(lookCache, JSON.stringify(looks));
  log(`${usable.length} PDFs with usable outlines (${Math.round((Date.now() - started) / 1000)} s)`);

  // Families as committed need no merging or capping: the full build did both.
  const merged = committed ? usable.map((u) => u.look.family) : coarsenFamilies(usable.map((u) => u.look), MIN_FAMILY_SIZE);
  const { kept, capped } = committed ? { kept: usable.map((u) => ({ ...u, family: u.look.family })), capped: [] } : selectByFamily(usable.map((u, k) => ({ ...u, family: merged[k] })), MAX_PER_FAMILY);
  for (const u of capped) skipped.push({ package: u.c.package, path: u.c.path, reason: `family "${u.family}" already has ${MAX_PER_FAMILY} PDFs` });

  const entries: ManifestEntry[] = [];
  for (const u of kept) {
    const id = `${path.basename(u.c.path).replace(/\.pdf(\.gz)?$/i, "").replace(/[^A-Za-z0-9._-]+/g, "_").slice(0, 60)}-${u.sha.slice(0, 8)}`;
    const original = paths.original(id);
    if (!existsSync(original) || sha256(readFileSync(original)) !== u.sha) writeFileSync(original, await readPdfBytes(u.c.path));
    const stripped = paths.stripped(id);
    if (!existsSync(stripped)) {
      try {
        await stripOutline(original, stripped);
      } catch (err) {
        skipped.push({ package: u.c.package, path: u.c.path, reason: `qpdf strip failed: ${String((err as Error).message).slice(0, 160)}` });
        continue;
      }
    }
    const outline = { source_pdf: u.c.path, page_count: u.gold.pageCount, page_base: 1, generated_by: "qpdf --json outlines (page = 1-based physical page of destination)", entries: u.gold.entries };
    writeFileSync(paths.outline(id), `${JSON.stringify(outline, null, 1)}\n`);
    entries.push({
      id,
      package: u.c.package,
      version: u.c.version,
      path: u.c.path,
      sha256: u.sha,
      strippedSha256: sha256(readFileSync(stripped)),
      pages: u.gold.pageCount,
      outlineEntries: u.gold.entries.length,
      outlineDepth: Math.max(...u.gold.entries.map((e) => e.level)),
      family: u.family,
      fineFamily: u.look.family,
      generator: u.look.generator,
      bodyFace: u.look.bodyFace,
      headingFace: u.look.headingFace,
      headingStyle: u.look.headingStyle,
      producer: u.look.producer,
      creator: u.look.creator,
    });
  }
  entries.sort((a, b) => a.id.localeCompare(b.id));
  // Files of PDFs an earlier build kept and this one does not (the generated half's are kept).
  const ids = new Set([...entries, ...(readJsonl(paths.generatedManifest) ?? [])].map((e) => e.id));
  for (const [sub, suffix] of [["original", ".pdf"], ["stripped", ".pdf"], ["outline", ".outline.json"]] as const) {
    for (const f of readdirSync(path.join(paths.dir, sub))) if (!ids.has(f.slice(0, -suffix.length))) rmSync(path.join(paths.dir, sub, f));
  }
  rmSync(path.join(paths.dir, "tmp"), { recursive: true, force: true });
  writeFileSync(paths.manifest, entries.map((e) => JSON.stringify(e)).join("\n") + "\n");
  writeFileSync(paths.skipped, skipped.map((s) => JSON.stringify(s)).join("\n") + "\n");

  const perFamily = new Map<string, { kept: number; usable: number }>();
  for (const name of merged) {
    const f = perFamily.get(name) ?? { kept: 0, usable: 0 };
    f.usable++;
    perFamily.set(name, f);
  }
  for (const e of entries) perFamily.get(e.family)!.kept++;
  const families = [...perFamily].sort((a, b) => b[1].kept - a[1].kept || a[0].localeCompare(b[0]));
  writeFileSync(path.join(paths.dir, "families.json"), `${JSON.stringify(Object.fromEntries(families), null, 1)}\n`);
  log(`\nkept ${entries.length} PDFs in ${families.length} families, ${entries.reduce((n, e) => n + e.pages, 0)} pages:`);
  for (const [name, f] of families) log(`  ${String(f.kept).padStart(4)} ${f.usable > f.kept ? `(of ${f.usable}) ` : ""}${name}`);
  const reasons = new Map<string, number>();
  for (const s of skipped) {
    const r = s.reason.replace(/\d+/g, "N").replace(/family ".*"/, "family F").slice(0, 60);
    reasons.set(r, (reasons.get(r) ?? 0) + 1);
  }
  log(`skipped ${skipped.length}:`);
  for (const [r, n] of [...reasons].sort((a, b) => b[1] - a[1]).slice(0, 12)) log(`  ${String(n).padStart(5)} ${r}`);

  const rebuilt = compactManifest(entries);
  if (!existsSync(COMMITTED_MANIFEST) || args.has("--write-manifest")) {
    writeFileSync(COMMITTED_MANIFEST, formatCompactManifest(rebuilt));
    log(`wrote ${COMMITTED_MANIFEST}`);
  } else {
    const diffs = compareManifests(JSON.parse(readFileSync(COMMITTED_MANIFEST, "utf8")) as CompactManifest, rebuilt);
    if (diffs.length) {
      log(`the rebuilt corpus differs from ${COMMITTED_MANIFEST} in ${diffs.length} ways:`);
      for (const d of diffs.slice(0, 30)) log(`  ${d}`);
      process.exitCode = 1;
    } else log(`the rebuilt corpus matches ${COMMITTED_MANIFEST} (${rebuilt.pdfs.length} PDFs)`);
  }
  log(`done in ${Math.round((Date.now() - started) / 1000)} s; corpus in ${paths.dir}`);
}

await main();
