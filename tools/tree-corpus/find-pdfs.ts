/**
 * The PDFs an installed package ships (`dpkg -L`), plain or gzip-compressed (`.pdf.gz`), and
 * their bytes, decompressed.
 */
import { readFile, stat } from "node:fs/promises";
import { gunzipSync } from "node:zlib";
import { installedVersion, packageFiles } from "./apt.ts";

export interface Candidate {
  package: string;
  version: string;
  /** Path as installed. */
  path: string;
}

export const PDF_PATH = /\.pdf(\.gz)?$/i;

export async function candidatePdfs(packages: string[]): Promise<Candidate[]> {
  const out: Candidate[] = [];
  for (const pkg of packages) {
    const version = await installedVersion(pkg);
    if (!version) continue;
    for (const path of (await packageFiles(pkg)).filter((p) => PDF_PATH.test(p)).sort()) {
      const s = await stat(path).catch(() => null);
      if (s?.isFile()) out.push({ package: pkg, version, path });
    }
  }
  return out;
}

export async function readPdfBytes(path: string): Promise<Uint8Array> {
  const raw = await readFile(path);
  return new Uint8Array(/\.gz$/i.test(path) ? gunzipSync(raw) : raw);
}
