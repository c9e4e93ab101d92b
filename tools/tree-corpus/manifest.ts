/**
 * The corpus manifest: one line per kept PDF in the cache directory (manifest.jsonl), and a
 * compact committed copy (tools/tree-corpus/manifest.json: package, path, checksum, family)
 * that a later build is checked against.
 */
import { existsSync, readFileSync } from "node:fs";
import { corpusPaths } from "./paths.ts";

export interface ManifestEntry {
  /** File stem inside the cache: original/<id>.pdf, stripped/<id>.pdf, outline/<id>.outline.json. */
  id: string;
  package: string;
  version: string;
  /** Path as installed by the package (may end in .pdf.gz). */
  path: string;
  /** sha256 of the PDF as read (decompressed when the package ships it gzipped). */
  sha256: string;
  strippedSha256: string;
  pages: number;
  outlineEntries: number;
  outlineDepth: number;
  /** Typographic family (family.ts), small ones merged into coarser ones (select.ts). */
  family: string;
  /** The family as family.ts names it, before merging. */
  fineFamily: string;
  generator: string;
  bodyFace: string;
  headingFace: string;
  headingStyle: string;
  producer: string;
  creator: string;
  /** Generated half only (generate.ts; `path` is then the source Markdown file): the source's checksum. */
  sourceSha256?: string;
  /** Generated half only: how the gold pages were found (pair.ts). */
  goldPages?: { fromBookmarks: number; located: number; moved: number };
}

export interface CompactManifest {
  note: string;
  packages: Record<string, string>;
  pdfs: { package: string; path: string; sha256: string; family: string }[];
}

/** Both halves: the Debian PDFs (build.ts) and the generated ones (generate.ts), when built. */
export function readManifest(dir?: string): ManifestEntry[] | null {
  const paths = corpusPaths(dir);
  const debian = readJsonl(paths.manifest);
  const generated = readJsonl(paths.generatedManifest);
  if (!debian && !generated) return null;
  return [...(debian ?? []), ...(generated ?? [])];
}

export function readJsonl(file: string): ManifestEntry[] | null {
  if (!existsSync(file)) return null;
  return readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as ManifestEntry);
}

export function compactManifest(entries: ManifestEntry[]): CompactManifest {
  const packages: Record<string, string> = {};
  for (const e of entries) packages[e.package] = e.version;
  return {
    note: "Tree corpus built by tools/tree-corpus/build.ts from Debian documentation packages; the PDFs live in the cache directory, not here.",
    packages: Object.fromEntries(Object.entries(packages).sort(([a], [b]) => a.localeCompare(b))),
    pdfs: entries.map((e) => ({ package: e.package, path: e.path, sha256: e.sha256, family: e.family })).sort((a, b) => a.path.localeCompare(b.path)),
  };
}

/** Differences between a committed manifest and a rebuilt one, in words (empty = the same corpus). */
export function compareManifests(committed: CompactManifest, rebuilt: CompactManifest): string[] {
  const out: string[] = [];
  const key = (p: CompactManifest["pdfs"][number]) => `${p.path} ${p.sha256}`;
  const before = new Map(committed.pdfs.map((p) => [key(p), p]));
  const after = new Map(rebuilt.pdfs.map((p) => [key(p), p]));
  for (const [k, p] of before) if (!after.has(k)) out.push(`missing: ${p.path} (${p.sha256.slice(0, 12)})`);
  for (const [k, p] of after) {
    const old = before.get(k);
    if (!old) out.push(`new: ${p.path} (${p.sha256.slice(0, 12)})`);
    else if (old.family !== p.family) out.push(`family changed: ${p.path}: ${old.family} -> ${p.family}`);
  }
  for (const [pkg, v] of Object.entries(committed.packages)) {
    if (rebuilt.packages[pkg] && rebuilt.packages[pkg] !== v) out.push(`version changed: ${pkg} ${v} -> ${rebuilt.packages[pkg]}`);
  }
  return out;
}

/** The compact manifest as committed: one PDF a line, so a diff shows which PDFs changed. */
export function formatCompactManifest(m: CompactManifest): string {
  const pdfs = m.pdfs.map((p) => `  ${JSON.stringify(p)}`).join(",\n");
  return `{\n "note": ${JSON.stringify(m.note)},\n "packages": ${JSON.stringify(m.packages, null, 2).replace(/\n/g, "\n ")},\n "pdfs": [\n${pdfs}\n ]\n}\n`;
}
