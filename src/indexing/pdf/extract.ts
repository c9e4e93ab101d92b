/**
 * Page-by-page text extraction. Each page is loaded, turned into compact lines and released
 * (page.cleanup()) before the next one, so a 2000-page PDF costs memory for its text only.
 */
import type { PDFPageProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { PDFDocumentProxy } from "./document.ts";
import { DeadlineError, withDeadline } from "./document.ts";
import { PdfError } from "./errors.ts";
import { itemsToLines, type ColumnMemory, type Gutter, type RawItem } from "./lines.ts";
import type { PageText } from "./types.ts";
import { STABLE_FONT_MARK } from "./pdfjs-worker-source.mjs";

type TextContentItems = Awaited<ReturnType<PDFPageProxy["getTextContent"]>>["items"];

/** One page taking longer than this is a damaged or hostile content stream. */
const PAGE_TIMEOUT_MS = 30_000;

export interface ExtractOptions {
  signal?: AbortSignal;
  onPage?: (done: number, total: number) => void;
}

/** Where a font id was first met: enough for another reader of the same file to find it again. */
export interface FontFirstUse {
  /** 1-based page. */
  page: number;
  /** Index in that page's pdfjs text items. */
  item: number;
  /** The item's text, to check that the other reader found the same item. */
  str: string;
}

/**
 * How a page's lines came to be ordered in columns: the gutter carried in from the page read
 * before it, and the gutter the page proved itself (null: none; then the carried one may have
 * ordered its lines). Pages read out of order are checked against these (page-split.ts).
 */
export interface ColumnRecord {
  before: Gutter | null;
  proven: Gutter | null;
  /** The page's text rows (lines.ts packRows), kept where `before` may be wrong: on pages
   * read after a jump in the page order, until one proves a gutter. */
  rows?: Float64Array;
}

/**
 * Font ids as the lines carry them. pdfjs, as we load it, names a font found by reference
 * after that object of the file (pdfjs-worker-source.mjs), behind the load's own number
 * ("g_d3_"): without that prefix the name is the same in every thread and every load of the
 * file. Other fonts keep pdfjs' numbering per load (null here).
 */
export function stableFontId(pdfjsName: string): string | null {
  const at = pdfjsName.indexOf(`_${STABLE_FONT_MARK}`);
  return at >= 0 && /^g_d\d+$/.test(pdfjsName.slice(0, at)) ? pdfjsName.slice(at + 1) : null;
}

/** The id lines carry for the font pdfjs names so: its stableFontId, else pdfjs' own name.
 * Every place that meets a pdfjs font name (text items, text styles) goes through here. */
export function fontIdOf(pdfjsName: string): string {
  return stableFontId(pdfjsName) ?? pdfjsName;
}

/** Whether a line's font id is a stableFontId (the same in every thread). */
export function isStableFontId(id: string): boolean {
  return id.startsWith(STABLE_FONT_MARK);
}

/**
 * Reads pages of one opened PDF into compact lines, remembering where each font numbered per
 * load (not stableFontId's) was first used: two threads reading one file give such a font
 * different ids, and the first uses let one thread translate the other's (page-split.ts).
 */
export class PageReader {
  /** Font id numbered per load -> its first use. */
  readonly fonts = new Map<string, FontFirstUse>();
  /** pdfjs name -> id: one string per font, not per line. */
  private readonly interned = new Map<string, string>();
  /**
   * The column gutter of the page read last, for the next page when it is read next: a
   * two-column page crowded with code or figures may not prove its own gutter (lines.ts).
   */
  private columns: { memory: ColumnMemory; page: number } = { memory: { gutter: null }, page: 0 };
  /** Per page read (1-based): how its columns were found. */
  readonly columnRecords = new Map<number, ColumnRecord>();
  /** Pages were skipped since the last page that proved a gutter: the one carried may be wrong. */
  private jumped = false;

  constructor(
    readonly doc: PDFDocumentProxy,
    private readonly signal?: AbortSignal,
  ) {}

  /** The text items of page `n` (1-based) as pdfjs gives them. */
  async items(n: number): Promise<TextContentItems> {
    const page = await this.doc.getPage(n);
    try {
      return (await page.getTextContent()).items;
    } finally {
      page.cleanup();
    }
  }

  /** Page `n` (1-based) as lines; failures become PdfError "corrupt" naming the page. */
  read(n: number): Promise<PageText> {
    this.signal?.throwIfAborted();
    return readPage(this, n, this.signal);
  }

  /**
   * Page `n` read again as if the page before it had left `gutter` behind: what reading the
   * pages in order gives when another thread read the pages before it.
   */
  readAfter(n: number, gutter: Gutter | null): Promise<PageText> {
    this.columns = { memory: { gutter }, page: n - 1 };
    this.jumped = false;
    return this.read(n);
  }

  /** The column memory for page `n`: the previous page's when that was the page read last. */
  columnsFor(n: number): ColumnMemory {
    if (this.columns.page !== n - 1) {
      this.columns.memory = { gutter: null };
      this.jumped = n > 1;
    }
    this.columns.page = n;
    const memory = this.columns.memory;
    memory.proven = null; // a page without upright text proves nothing
    memory.keepRows = this.jumped;
    memory.rows = undefined;
    return memory;
  }

  /** Records how page `n`'s columns were found, once its lines are built with `memory`. */
  noteColumns(n: number, before: Gutter | null, memory: ColumnMemory): void {
    const record: ColumnRecord = { before, proven: memory.proven ?? null };
    if (memory.rows) record.rows = memory.rows;
    if (record.proven) this.jumped = false;
    this.columnRecords.set(n, record);
  }

  intern(fontName: string, page: number, item: number, str: string): string {
    const known = this.interned.get(fontName);
    if (known !== undefined) return known;
    const id = fontIdOf(fontName);
    this.interned.set(fontName, id);
    if (!isStableFontId(id)) this.fonts.set(fontName, { page, item, str });
    return id;
  }
}

export async function extractPages(doc: PDFDocumentProxy, options: ExtractOptions = {}): Promise<PageText[]> {
  const total = doc.numPages;
  const pages: PageText[] = [];
  const reader = new PageReader(doc, options.signal);
  for (let n = 1; n <= total; n++) {
    pages.push(await reader.read(n));
    options.onPage?.(n, total);
  }
  return pages;
}

async function readPage(reader: PageReader, n: number, signal?: AbortSignal): Promise<PageText> {
  try {
    return await withDeadline(
      (async () => {
        const page = await reader.doc.getPage(n);
        try {
          const [x0, y0, x1, y1] = page.view;
          const content = await page.getTextContent();
          const mono = new Set<string>();
          for (const [id, style] of Object.entries(content.styles)) {
            if (style.fontFamily === "monospace") mono.add(fontIdOf(id));
          }
          const items: RawItem[] = [];
          content.items.forEach((it, k) => {
            if (!("str" in it)) return; // marked-content markers
            items.push({ str: it.str, transform: it.transform, width: it.width, fontName: reader.intern(it.fontName, n, k, it.str) });
          });
          const memory = reader.columnsFor(n);
          const before = memory.gutter;
          const lines = itemsToLines(items, Math.abs(x1 - x0), mono, memory);
          reader.noteColumns(n, before, memory);
          return { lines, width: Math.abs(x1 - x0), height: Math.abs(y1 - y0) };
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
