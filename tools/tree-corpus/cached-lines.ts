/**
 * The page lines of a corpus PDF as indexPdf has them before it builds a tree: read by pdfjs
 * once into the line cache (`<corpus>/lines-v18/<id>.v8`), then with running heads, footers and
 * line numbers stripped and letter-spaced runs joined. Shared by explain.ts and line-model.ts.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { deserialize, serialize } from "node:v8";
import { openPdf } from "../../src/indexing/pdf/document.ts";
import { extractPages, readPageLabels } from "../../src/indexing/pdf/extract.ts";
import { stripHeadersFooters } from "../../src/indexing/pdf/headers-footers.ts";
import { stripLineNumbers } from "../../src/indexing/pdf/line-numbers.ts";
import { joinLetterSpacing } from "../../src/indexing/pdf/letter-spacing.ts";
import { leadTitle, readTitle } from "../../src/indexing/pdf/index.ts";
import type { PageText } from "../../src/indexing/pdf/types.ts";

/** What pdfjs read, before any step of indexPdf: those steps are what is being tuned. */
interface Cached {
  pages: PageText[];
  labels: string[] | null;
  title: string | null;
}

export interface Prepared {
  pages: PageText[];
  labels: string[] | null;
  folios: (string | null)[];
  leadTitle: string;
}

export async function linesOf(file: string, cacheFile: string): Promise<Prepared> {
  const cached = existsSync(cacheFile) ? (deserialize(readFileSync(cacheFile)) as Cached) : await readLines(file, cacheFile);
  // The steps indexPdf takes after extraction, in its order.
  const { pages, labels, title } = cached;
  const { folios } = stripHeadersFooters(pages);
  stripLineNumbers(pages);
  joinLetterSpacing(pages);
  return { pages, labels, folios, leadTitle: leadTitle(pages, title ?? undefined) };
}

async function readLines(file: string, cacheFile: string): Promise<Cached> {
  const { doc, close } = await openPdf(new Uint8Array(readFileSync(file)));
  try {
    const labels = await readPageLabels(doc);
    const title = (await readTitle(doc)) ?? null;
    const pages = await extractPages(doc, {});
    const out: Cached = { pages, labels, title };
    mkdirSync(path.dirname(cacheFile), { recursive: true });
    writeFileSync(cacheFile, serialize(out));
    return out;
  } finally {
    await close().catch(() => {});
  }
}
