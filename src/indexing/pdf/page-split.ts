/**
 * Reading one long PDF on two worker threads. Text extraction is pdfjs' work page by page,
 * so pages can be read anywhere; the index job's thread (the reader) asks the pool for a
 * helper, and both take chunks of pages from one shared counter until none are left. The
 * helper posts each chunk's lines straight to the reader over a MessagePort.
 *
 * Why it cannot deadlock or lose pages:
 * - Chunks are claimed with an atomic counter, so each chunk is read by exactly one thread.
 * - The reader waits only for chunks the helper has claimed, i.e. while the helper runs;
 *   a helper still queued behind other jobs claims nothing, and the reader reads everything.
 * - A helper that fails a chunk says so and stops; one whose thread dies closes its port.
 *   Either way the reader reads the chunks it did not get.
 *
 * Font ids: a font found by reference is named after that object of the file, the same in
 * both threads (extract.ts stableFontId). The others pdfjs numbers per document load, so the
 * helper's ids for them mean nothing to the reader: with each chunk the helper reports where
 * it first met each such font new in that chunk (page, item index, text); the reader reads
 * those few pages itself and takes its own id of the same item, so both halves name fonts
 * exactly as one thread would (same font resource, same id). It does so between its own
 * chunks, as they arrive. (When every font was numbered per load, octave.pdf's 40-50 fonts
 * cost the reader 0.25-0.38 s of such page reads.)
 */
import type { MessagePort, Transferable } from "node:worker_threads";
import { MessageChannel } from "node:worker_threads";
import { PageReader, isStableFontId, type ColumnRecord, type ExtractOptions, type FontFirstUse } from "./extract.ts";
import { holdsOn, type Gutter } from "./lines.ts";
import type { PDFDocumentProxy } from "./document.ts";
import type { PageText } from "./types.ts";

/** Pages per claim: small enough to balance the two threads, large enough to keep messages few. */
export const CHUNK_PAGES = 16;
/** Below this, a second thread's document load and fonts cost more than it saves. */
export const MIN_SPLIT_PAGES = 96;

/** What the helper task receives (through the pool, from the reader's request). */
export interface HelperLink {
  /** Int32 slot 0: the next chunk to claim. */
  board: SharedArrayBuffer;
  port: MessagePort;
  pageCount: number;
  chunkPages: number;
}

/** Asks the main thread to start a helper task with this link (the port is transferred). */
export type RequestHelper = (link: HelperLink, transfer: Transferable[]) => void;

type HelperMessage =
  /** `fonts`: first uses of the fonts met for the first time in this chunk; `columns`: how
   * each page's columns were found (see carryColumns). */
  | { chunk: number; pages: PageText[]; fonts: [string, FontFirstUse][]; columns: ColumnRecord[] }
  | { failed: number }
  | { end: true };

function claim(board: SharedArrayBuffer, chunks: number): number {
  const c = Atomics.add(new Int32Array(board), 0, 1);
  return c < chunks ? c : -1;
}

function chunkRange(c: number, link: Pick<HelperLink, "chunkPages" | "pageCount">): [number, number] {
  const from = c * link.chunkPages + 1;
  return [from, Math.min(link.pageCount, from + link.chunkPages - 1)];
}

/**
 * The reader's side. Constructing it asks for the helper at once (it loads the file
 * meanwhile); `extract` then reads every page, with the helper's chunks when it comes.
 */
export class SplitExtraction {
  private readonly pageCount: number;
  private readonly chunks: number;
  private readonly layout: Pick<HelperLink, "chunkPages" | "pageCount">;
  private readonly board = new SharedArrayBuffer(4);
  private readonly port: MessagePort;
  private readonly fromHelper = new Map<number, PageText[]>();
  /** Column records of the pages in `fromHelper`, by page (1-based). */
  private readonly helperColumns = new Map<number, ColumnRecord>();
  /** Helper fonts not yet given a reader id (they came with chunks in `fromHelper`). */
  private untranslated: [string, FontFirstUse][] = [];
  private readonly fontIds = new Map<string, string>();
  /** Settles when the helper has nothing more to send: it ended (normally or after a failed
   * chunk) or its thread died. Every chunk received came with its new fonts, so either way
   * the chunks received are usable. */
  private readonly helperOver: Promise<void>;
  private onChunk: (pages: number) => void = () => {};
  private pagesFromHelper = 0;
  private readAgain = 0;

  constructor(
    private readonly doc: PDFDocumentProxy,
    requestHelper: RequestHelper,
  ) {
    this.pageCount = doc.numPages;
    this.chunks = Math.ceil(this.pageCount / CHUNK_PAGES);
    this.layout = { chunkPages: CHUNK_PAGES, pageCount: this.pageCount };
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    this.helperOver = new Promise((resolve) => {
      port1.on("message", (m: HelperMessage) => {
        if ("pages" in m) {
          this.fromHelper.set(m.chunk, m.pages);
          const [from] = chunkRange(m.chunk, this.layout);
          m.columns.forEach((r, k) => this.helperColumns.set(from + k, r));
          this.untranslated.push(...m.fonts);
          this.onChunk(m.pages.length);
        } else if ("end" in m) resolve();
        // { failed }: the helper stops there and ends; the reader reads that chunk itself.
      });
      port1.on("close", () => resolve());
    });
    requestHelper({ board: this.board, port: port2, pageCount: this.pageCount, chunkPages: CHUNK_PAGES }, [port2]);
  }

  async extract(options: ExtractOptions = {}): Promise<PageText[]> {
    const { pageCount, chunks, board, fromHelper } = this;
    const pages: PageText[] = new Array(pageCount);
    const reader = new PageReader(this.doc, options.signal);
    const mine = new Set<number>();
    let done = 0;
    const progress = (n: number) => options.onPage?.((done = Math.min(pageCount, done + n)), pageCount);
    for (const got of fromHelper.values()) progress(got.length);
    this.onChunk = progress;
    const readChunk = async (c: number) => {
      const [from, to] = chunkRange(c, this.layout);
      for (let n = from; n <= to; n++) pages[n - 1] = await reader.read(n);
      progress(to - from + 1);
    };
    try {
      for (let c = claim(board, chunks); c >= 0; c = claim(board, chunks)) {
        mine.add(c);
        await readChunk(c);
        // pdfjs answers this thread in promises only, so without a turn of the event loop the
        // helper's chunks would wait in the port until the last page is read, and be unpacked
        // (and their fonts translated) then, while the helper sits idle: ~0.25 s of octave.pdf.
        await new Promise((resolve) => setImmediate(resolve));
        await this.translateReceivedFonts(reader);
      }
      // The helper claimed every chunk we did not read: wait until it has sent what it will.
      if (mine.size < chunks) {
        await abortable(this.helperOver, options.signal);
        await this.translateReceivedFonts(reader);
        for (const [c, got] of fromHelper) {
          const [from] = chunkRange(c, this.layout);
          got.forEach((page, k) => (pages[from - 1 + k] = renameFonts(page, this.fontIds)));
          this.pagesFromHelper += got.length;
          mine.add(c);
        }
        for (let c = 0; c < chunks; c++) if (!mine.has(c)) await readChunk(c);
      }
      await this.carryColumns(reader, pages);
      return pages;
    } finally {
      this.close();
      // The pages are the caller's now; the rows kept for the gutter pass are not needed.
      this.fromHelper.clear();
      this.helperColumns.clear();
    }
  }

  /**
   * One thread carries a page's column gutter on to the next page (a two-column page crowded
   * with code or figures may not prove its own: lines.ts), but each chunk was begun without the
   * gutter of the page before it. Walking the pages in order, a page that proved no gutter of
   * its own and was read with another than one thread would have carried to it is read again
   * with that one, where either gutter holds on its rows (elsewhere neither ordered its lines).
   * Single-column pages let no gutter hold, so a document in one column is read once.
   */
  private async carryColumns(reader: PageReader, pages: PageText[]): Promise<void> {
    let carried: Gutter | null = null;
    for (let n = 1; n <= this.pageCount; n++) {
      let record = this.helperColumns.get(n) ?? reader.columnRecords.get(n)!;
      const holds = (g: Gutter | null) => g !== null && (!record.rows || holdsOn(record.rows, g));
      if (!record.proven && !sameGutter(record.before, carried) && (holds(record.before) || holds(carried))) {
        pages[n - 1] = await reader.readAfter(n, carried);
        this.readAgain++;
        record = reader.columnRecords.get(n)!;
      }
      carried = record.proven ?? carried;
    }
  }

  /** Gives the helper's fonts received so far the reader's ids (see the file comment). */
  private async translateReceivedFonts(reader: PageReader): Promise<void> {
    if (!this.untranslated.length) return;
    const fonts = this.untranslated;
    this.untranslated = [];
    for (const [id, readerId] of await translateFonts(reader, fonts)) this.fontIds.set(id, readerId);
  }

  /** Pages of the result that the helper read (for tests and logs). */
  get helperPages(): number {
    return this.pagesFromHelper;
  }

  /** Pages read a second time to carry a column gutter to them (for tests and logs). */
  get pagesReadAgain(): number {
    return this.readAgain;
  }

  /** Stops listening to the helper (it finishes its chunk and ends; its messages are dropped). */
  close(): void {
    this.port.close();
  }
}

/** The helper's side: reads the chunks it can claim from its own load of the same file. */
export async function helpExtract(open: () => Promise<{ doc: PDFDocumentProxy; close(): Promise<void> }>, link: HelperLink, signal?: AbortSignal): Promise<void> {
  const chunks = Math.ceil(link.pageCount / link.chunkPages);
  const post = (m: HelperMessage) => link.port.postMessage(m);
  let reader: PageReader | undefined;
  let close = async () => {};
  try {
    // Claim before opening: a helper that starts after the reader took every chunk costs nothing.
    let c = claim(link.board, chunks);
    if (c < 0) return;
    const opened = await open();
    close = opened.close;
    reader = new PageReader(opened.doc, signal);
    let fontsSent = 0;
    for (; c >= 0; c = claim(link.board, chunks)) {
      const [from, to] = chunkRange(c, link);
      const pages: PageText[] = [];
      try {
        for (let n = from; n <= to; n++) pages.push(await reader.read(n));
      } catch {
        // The reader reads this chunk again and reports the page's error as its own. Fonts
        // first met in it are in no page sent (the helper stops here), so they are not sent.
        post({ failed: c });
        return;
      }
      // The map keeps insertion order: the fonts past `fontsSent` are the ones new in this chunk.
      const fonts = [...reader.fonts].slice(fontsSent);
      fontsSent += fonts.length;
      post({ chunk: c, pages, fonts, columns: pages.map((_, k) => reader!.columnRecords.get(from + k)!) });
    }
  } finally {
    post({ end: true });
    link.port.close();
    await close().catch(() => {});
  }
}

/** The reader's id for each of the helper's font ids (found by reading their first uses). */
async function translateFonts(reader: PageReader, helperFonts: [string, FontFirstUse][]): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  const byPage = new Map<number, [string, FontFirstUse][]>();
  for (const entry of helperFonts) {
    const list = byPage.get(entry[1].page) ?? [];
    list.push(entry);
    byPage.set(entry[1].page, list);
  }
  for (const [page, entries] of byPage) {
    const items = await reader.items(page);
    for (const [id, use] of entries) {
      const item = items[use.item];
      // Same file, same page, same item: the same font resource. Should the items ever
      // differ, the font keeps an id of its own (never another font's).
      ids.set(id, item && "str" in item && item.str === use.str ? reader.intern(item.fontName, page, use.item, item.str) : `helper:${id}`);
    }
  }
  return ids;
}

function renameFonts(page: PageText, ids: Map<string, string>): PageText {
  // "" is a line without a dominant font, and a stable id is every thread's own (extract.ts
  // stableFontId): nothing to translate.
  const rename = (id: string) => (id === "" || isStableFontId(id) ? id : (ids.get(id) ?? `helper:${id}`));
  for (const line of page.lines) {
    line.font = rename(line.font);
    if (line.lead) line.lead.font = rename(line.lead.font);
    // A mixed line's other faces too: heading detection asks whether the text's font is among them.
    if (line.otherFonts) line.otherFonts = line.otherFonts.map(rename);
  }
  return page;
}

function sameGutter(a: Gutter | null, b: Gutter | null): boolean {
  return a === b || (a !== null && b !== null && a.from === b.from && a.to === b.to);
}

function abortable<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  signal.throwIfAborted();
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}
