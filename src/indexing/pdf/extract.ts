/**
 * Page-by-page text extraction. Each page is loaded, turned into compact lines and released
 * (page.cleanup()) before the next one, so a 2000-page PDF costs memory for its text only.
 */
import type { PDFDocumentProxy } from "./document.ts";
import { DeadlineError, withDeadline } from "./document.ts";
import { PdfError } from "./errors.ts";
import { itemsToLines, type RawItem } from "./lines.ts";
import type { PageText } from "./types.ts";

/** One page taking longer than this is a damaged or hostile content stream. */
const PAGE_TIMEOUT_MS = 30_000;

export interface ExtractOptions {
  signal?: AbortSignal;
  onPage?: (done: number, total: number) => void;
}

export async function extractPages(doc: PDFDocumentProxy, options: ExtractOptions = {}): Promise<PageText[]> {
  const total = doc.numPages;
  const pages: PageText[] = [];
  // Font ids repeat on every page; interning keeps one string per font instead of one per line.
  const intern = new Map<string, string>();
  for (let n = 1; n <= total; n++) {
    if (options.signal?.aborted) throw options.signal.reason ?? new Error("aborted");
    pages.push(await extractPage(doc, n, intern, options.signal));
    options.onPage?.(n, total);
  }
  return pages;
}

async function extractPage(
  doc: PDFDocumentProxy,
  n: number,
  intern: Map<string, string>,
  signal?: AbortSignal,
): Promise<PageText> {
  try {
    return await withDeadline(
      (async () => {
        const page = await doc.getPage(n);
        try {
          const [x0, y0, x1, y1] = page.view;
          const content = await page.getTextContent();
          const mono = new Set<string>();
          for (const [id, style] of Object.entries(content.styles)) {
            if (style.fontFamily === "monospace") mono.add(id);
          }
          const items: RawItem[] = [];
          for (const it of content.items) {
            if (!("str" in it)) continue; // marked-content markers
            const font = intern.get(it.fontName) ?? (intern.set(it.fontName, it.fontName), it.fontName);
            items.push({ str: it.str, transform: it.transform, width: it.width, fontName: font });
          }
          return { lines: itemsToLines(items, Math.abs(x1 - x0), mono), width: Math.abs(x1 - x0), height: Math.abs(y1 - y0) };
        } finally {
          page.cleanup();
        }
      })(),
      PAGE_TIMEOUT_MS,
      signal,
    );
  } catch (err) {
    if ((err as { name?: string })?.name === "AbortError" || signal?.aborted) throw err;
    if (err instanceof DeadlineError) {
      throw new PdfError("corrupt", `PDF is corrupt or unreadable: page ${n} could not be read in time`, { cause: err });
    }
    const msg = String((err as { message?: string })?.message ?? err).replace(/\s+/g, " ").slice(0, 160);
    throw new PdfError("corrupt", `PDF is corrupt or unreadable: page ${n}: ${msg}`, { cause: err });
  }
}

/** Page labels ("i", "ii", "1", ...) as printed, or null when the PDF defines none. */
export async function readPageLabels(doc: PDFDocumentProxy): Promise<string[] | null> {
  try {
    const labels = await doc.getPageLabels();
    return labels && labels.length === doc.numPages ? labels : null;
  } catch {
    return null; // labels are a hint; a broken label tree must not fail the document
  }
}
