/**
 * Where the tree corpus lives: a cache directory outside the repository (it is built on the
 * machine, never committed). `TREEINDEX_TREE_CORPUS` overrides the default.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";

export const DEFAULT_CORPUS_DIR = "/tmp/treeindex-tree-corpus";

export function corpusDir(): string {
  return path.resolve(process.env.TREEINDEX_TREE_CORPUS || DEFAULT_CORPUS_DIR);
}

/** Files of one corpus directory. */
export function corpusPaths(dir = corpusDir()) {
  return {
    dir,
    /** One JSON object per kept PDF (ManifestEntry), in id order. */
    manifest: path.join(dir, "manifest.jsonl"),
    /** PDFs looked at and why each was left out. */
    skipped: path.join(dir, "skipped.jsonl"),
    /** The generated half (generate.ts): its own file, so each half rebuilds without the other. */
    generatedManifest: path.join(dir, "manifest-generated.jsonl"),
    generatedSkipped: path.join(dir, "skipped-generated.jsonl"),
    original: (id: string) => path.join(dir, "original", `${id}.pdf`),
    stripped: (id: string) => path.join(dir, "stripped", `${id}.pdf`),
    outline: (id: string) => path.join(dir, "outline", `${id}.outline.json`),
    /** explain.ts's cache of a stripped PDF's page lines; the folder's version changes when
     * what extraction records changes (v3: the fonts that carry a mixed line's letters; v5: gutters of technical two-column prose; v8: slack for text reaching into a narrow gutter; v9: a line mixing code and words styled by its words; v10: glyph names read by the Adobe Glyph List's rules; v11: spacing accents composed with their letter; v12: a cedilla read after its letter; v13: Adobe expert glyph names as figures and letters; v14: the same for a Type 1 font's built-in encoding; v18: small capitals judged face by face, the space after a line's lead; v19: a line whose code is set larger than its words styled by its words; v20: word spaces of a letter-spaced line read past its tracking; v21: no tracking read among a formula's letters, long spelled-out pieces left spaced; v22: an index's columns read apart by their page references; v23: a run-in title's lead through a code face and back). */
    lines: (id: string) => path.join(dir, "lines-v23", `${id}.v8`),
  };
}

/** The committed compact manifest: which PDFs a build should give, to check a rebuild against. */
export const COMMITTED_MANIFEST = fileURLToPath(new URL("./manifest.json", import.meta.url));

/** The committed compact manifest of the generated half (sources, checksums, heading counts). */
export const COMMITTED_GENERATED_MANIFEST = fileURLToPath(new URL("./manifest-generated.json", import.meta.url));

/** The shared corpus' Markdown files, left out of the generated half's sources. */
export const SHARED_CORPUS_MARKDOWN = fileURLToPath(new URL("../../../shared/corpus/markdown/", import.meta.url));

/** The shared corpus, whose PDFs are left out of this one. */
export const SHARED_CORPUS_PDFS = fileURLToPath(new URL("../../../shared/corpus/pdf/", import.meta.url));
