/**
 * Real texts for the generated documents: Markdown files shipped by installed Debian packages
 * (/usr/share/doc, gzipped or not) and by the npm packages in this repository's node_modules.
 * Each candidate is read, checksummed and deduplicated (the same README ships in many
 * packages); the shared corpus' Markdown files are left out. A cheap look at the raw text
 * (enough heading lines, a size that makes a few pages, not a change log) keeps pandoc from
 * parsing thousands of files that would not qualify; markdown.ts decides the rest.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";

export interface SourceText {
  path: string;
  /** Debian package (the /usr/share/doc folder) or npm package name. */
  package: string;
  version: string;
  sha256: string;
  text: string;
}

const MIN_BYTES = 3_000;
/** About 30 typeset pages: a README is not meant to become a 200-page book. */
const MAX_BYTES = 60_000;
/** ATX heading lines a candidate needs before pandoc is asked (the title plus five sections). */
const MIN_HEADING_LINES = 6;
/** Change logs and release notes: headings that are version numbers and dates. */
const LOG_NAME = /^(change(s|log)|history|news|release|upgrading|authors|contributors|code_of_conduct|security|license)/i;

const sha256 = (s: string | Buffer) => createHash("sha256").update(s).digest("hex");

function* walk(dir: string, depth: number): Generator<string> {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const n of names.sort()) {
    const p = path.join(dir, n);
    let st;
    try {
      st = statSync(p);
    } catch {
      continue;
    }
    if (st.isDirectory()) {
      if (depth > 0) yield* walk(p, depth - 1);
    } else if (/\.(md|markdown)(\.gz)?$/i.test(n)) yield p;
  }
}

/** The npm package that ships a file: the nearest package.json above it. */
function npmPackage(file: string): { name: string; version: string } {
  for (let dir = path.dirname(file); dir.includes("node_modules"); dir = path.dirname(dir)) {
    const pj = path.join(dir, "package.json");
    if (existsSync(pj)) {
      try {
        const j = JSON.parse(readFileSync(pj, "utf8")) as { name?: string; version?: string };
        if (j.name) return { name: j.name, version: j.version ?? "" };
      } catch {
        /* not JSON: keep looking */
      }
    }
  }
  return { name: "node_modules", version: "" };
}

/** Whether raw Markdown is worth parsing (pure; see the module comment). */
export function looksUsable(file: string, text: string): boolean {
  const bytes = Buffer.byteLength(text);
  if (bytes < MIN_BYTES || bytes > MAX_BYTES) return false;
  if (LOG_NAME.test(path.basename(file))) return false;
  const headings = text.split("\n").filter((l) => /^#{1,6}\s+\S/.test(l)).length;
  return headings >= MIN_HEADING_LINES;
}

/** Candidate texts, deduplicated by checksum, without the shared corpus' Markdown (Debian versions are filled in by the caller). */
export function findSources(nodeModules: string, sharedMarkdown: string): SourceText[] {
  const excluded = new Set<string>();
  if (existsSync(sharedMarkdown)) for (const f of walk(sharedMarkdown, 3)) excluded.add(sha256(readFileSync(f)));
  const out: SourceText[] = [];
  const seen = new Set<string>(excluded);
  const add = (file: string, pkg: string, version: string) => {
    let buf: Buffer;
    try {
      buf = readFileSync(file);
      if (file.endsWith(".gz")) buf = gunzipSync(buf);
    } catch {
      return;
    }
    const sha = sha256(buf);
    if (seen.has(sha)) return;
    seen.add(sha);
    const text = buf.toString("utf8");
    if (looksUsable(file.replace(/\.gz$/, ""), text)) out.push({ path: file, package: pkg, version, sha256: sha, text });
  };
  for (const f of walk("/usr/share/doc", 6)) {
    const pkg = f.split("/")[4];
    add(f, pkg, "");
  }
  for (const f of walk(nodeModules, 8)) {
    const { name, version } = npmPackage(f);
    add(f, name, version);
  }
  return out;
}

/** Sources in an order fixed per family by a hash (a family's texts do not depend on the others'). */
export function orderFor(family: string, sources: SourceText[]): SourceText[] {
  const key = new Map(sources.map((s) => [s, sha256(`${family}\n${s.sha256}`)]));
  return [...sources].sort((a, b) => (key.get(a)! < key.get(b)! ? -1 : key.get(a)! > key.get(b)! ? 1 : 0));
}
