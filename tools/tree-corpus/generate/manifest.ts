/**
 * The committed compact manifest of the generated half (tools/tree-corpus/manifest-generated.json):
 * per PDF its family, source file and the source's checksum and heading count. Generated PDFs
 * differ byte-wise between builds (creation dates, Chromium's and LibreOffice's IDs), so a
 * rebuild is compared on what decides the gold (source text and headings), not on PDF hashes.
 */
import type { ManifestEntry } from "../manifest.ts";

export interface GeneratedCompactManifest {
  note: string;
  tools: Record<string, string>;
  pdfs: { family: string; source: string; sourceSha256: string; headings: number; depth: number }[];
}

export function compactGenerated(entries: ManifestEntry[], tools: Record<string, string>): GeneratedCompactManifest {
  return {
    note: "Generated half of the tree corpus, built by tools/tree-corpus/generate.ts: Markdown sources typeset in each style; the PDFs live in the cache directory, not here.",
    tools,
    pdfs: entries
      .map((e) => ({ family: e.family, source: e.path, sourceSha256: e.sourceSha256 ?? "", headings: e.outlineEntries, depth: e.outlineDepth }))
      .sort((a, b) => a.family.localeCompare(b.family) || a.source.localeCompare(b.source)),
  };
}

/** Differences in words (empty = the same generated corpus). */
export function compareGenerated(committed: GeneratedCompactManifest, rebuilt: GeneratedCompactManifest): string[] {
  const out: string[] = [];
  const key = (p: GeneratedCompactManifest["pdfs"][number]) => `${p.family}\n${p.sourceSha256}`;
  const before = new Map(committed.pdfs.map((p) => [key(p), p]));
  const after = new Map(rebuilt.pdfs.map((p) => [key(p), p]));
  for (const [k, p] of before) if (!after.has(k)) out.push(`missing: [${p.family}] ${p.source} (${p.sourceSha256.slice(0, 12)})`);
  for (const [k, p] of after) {
    const old = before.get(k);
    if (!old) out.push(`new: [${p.family}] ${p.source} (${p.sourceSha256.slice(0, 12)})`);
    else if (old.headings !== p.headings || old.depth !== p.depth) out.push(`headings changed: [${p.family}] ${p.source}: ${old.headings}/${old.depth} -> ${p.headings}/${p.depth}`);
  }
  for (const [tool, v] of Object.entries(committed.tools)) if (rebuilt.tools[tool] && rebuilt.tools[tool] !== v) out.push(`version changed: ${tool} ${v} -> ${rebuilt.tools[tool]}`);
  return out;
}

/** One PDF a line, so a diff shows which changed. */
export function formatGenerated(m: GeneratedCompactManifest): string {
  const pdfs = m.pdfs.map((p) => `  ${JSON.stringify(p)}`).join(",\n");
  return `{\n "note": ${JSON.stringify(m.note)},\n "tools": ${JSON.stringify(m.tools, null, 2).replace(/\n/g, "\n ")},\n "pdfs": [\n${pdfs}\n ]\n}\n`;
}
