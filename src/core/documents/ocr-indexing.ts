/**
 * Indexing a PDF with OCR, run on the main thread as the index job's `run`: a first worker
 * call extracts the text layer and finds the pages that need OCR; those pages are then
 * recognised in parallel, one task per page spread over the pool's threads (each thread
 * keeps its tesseract worker); a last call builds the tree with the recognised lines in
 * place of the empty text layer. Documents without scanned pages cost one call, as before.
 * Word files, decks and e-books need only the one call: their index task reads the pictures
 * of units that hold nothing else itself (indexing/structured/image-ocr.ts), with the
 * languages passed here.
 */
import { MessageChannel } from "node:worker_threads";
import type { IndexTaskPayload } from "../../indexing/index-task.ts";
import type { OcrPageResult, OcrTaskPayload } from "../../indexing/ocr/page-task.ts";
import type { PdfIndexResult } from "../../indexing/pdf/index.ts";
import type { HelperLink } from "../../indexing/pdf/page-split.ts";
import type { Line } from "../../indexing/pdf/types.ts";
import type { JobContext } from "../../jobs/index.ts";
import { taskModulePath } from "../../jobs/module-path.ts";
import type { Store } from "../../store/index.ts";
import { imageBlobName } from "./ocr-store.ts";
import type { IndexProgress, IndexStage, ProgressBoard } from "./progress.ts";

export const OCR_TASK_MODULE = taskModulePath("../../indexing/ocr/page-task.ts", import.meta.url);

export interface OcrSettings {
  langs: string[];
  dpi: number;
}

/** Per OCR'd page, what the results need besides the Markdown. */
export interface OcrPageInfo {
  page: number;
  images: string[];
  confidence: number;
  warning?: string;
}

export interface OcrIndexResult extends PdfIndexResult {
  /** Pages that went through OCR, with their stored image blobs (only those pages). */
  ocrInfo?: OcrPageInfo[];
}

export async function indexWithOcr(
  store: Store,
  docId: string,
  payload: IndexTaskPayload,
  module: string,
  settings: OcrSettings,
  context: JobContext,
  board?: ProgressBoard,
): Promise<OcrIndexResult> {
  const doc = await store.read((tx) => tx.documents.get(docId));
  // PDFs: pages without a usable text layer. Word files, decks and e-books: units holding only
  // pictures, read inside their index task (the same rule; `if_ocr=false` skips both).
  const detect = doc?.options.ocr !== false;
  const saveImage = (name: string, png: Uint8Array) => store.blobs.write(docId, name, png);
  const onProgress = board ? (p: IndexProgress) => board.set(docId, p) : undefined;
  try {
    return await indexOnPool(payload, module, settings, { detect, saveImage, onProgress }, context);
  } finally {
    board?.clear(docId);
  }
}

/**
 * One worker call, with its pages-read messages turned into `onProgress` calls of `stage`,
 * and its requests for a helper thread (a long PDF read on two threads) run on the pool.
 */
async function runWithProgress<R>(
  pool: JobContext["pool"],
  task: { module: string; payload: IndexTaskPayload },
  signal: AbortSignal,
  stage: IndexStage,
  onProgress?: (p: IndexProgress) => void,
): Promise<R> {
  const split = pool.threads >= 2;
  if ((!onProgress && !split) || task.payload.format !== "pdf") return pool.run<R>(task, signal);
  const channel = new MessageChannel();
  channel.port1.on("message", (m: { done: number; total: number } | { help: HelperLink }) => {
    if ("help" in m) {
      const helper: IndexTaskPayload = { format: "pdf", filePath: task.payload.filePath, helper: m.help };
      // The reader learns of a failed helper from its port (see page-split.ts) and reads those pages itself.
      pool.run({ module: task.module, payload: helper }, signal, [m.help.port]).catch(() => undefined);
    } else onProgress?.({ stage, done: m.done, total: m.total });
  });
  try {
    return await pool.run<R>({ module: task.module, payload: { ...task.payload, progress: channel.port2, split } }, signal, [channel.port2]);
  } finally {
    channel.port1.close();
  }
}

/**
 * The index job's work without the store: `saveImage` keeps each OCR'd page's images as
 * they arrive (the job writes them as blobs). Benchmarks call this directly.
 */
export async function indexOnPool(
  payload: IndexTaskPayload,
  module: string,
  settings: OcrSettings,
  {
    detect,
    saveImage,
    onProgress,
  }: { detect: boolean; saveImage: (name: string, png: Uint8Array) => Promise<unknown>; onProgress?: (p: IndexProgress) => void },
  { pool, signal, logger }: JobContext,
): Promise<OcrIndexResult> {
  const first = await runWithProgress<PdfIndexResult>(pool, { module, payload: { ...payload, ocr: { detect, langs: settings.langs } } }, signal, "reading pages", onProgress);
  if (first.ocrPages?.length && payload.format !== "pdf") logger.info({ ocrPages: first.ocrPages }, "OCR of pictures of text done");
  if (!first.needsOcr?.length) return first;
  const needsOcr = first.needsOcr;

  logger.info({ pages: needsOcr }, `OCR of ${needsOcr.length} page(s) without a usable text layer`);
  const lines: Record<number, Line[]> = {};
  const ocrInfo: OcrPageInfo[] = [];
  // Images are stored as each page arrives, so a long scan never holds all its PNGs in memory.
  let recognised = 0;
  onProgress?.({ stage: "recognising scanned pages", done: 0, total: needsOcr.length });
  const results = await recogniseSpread(payload.filePath!, needsOcr, settings, pool, signal, async (r) => {
    lines[r.page] = r.lines;
    onProgress?.({ stage: "recognising scanned pages", done: ++recognised, total: needsOcr.length });
    const images: string[] = [];
    for (const [k, png] of r.images.entries()) {
      const name = imageBlobName(r.page, k + 1);
      await saveImage(name, png);
      images.push(name);
    }
    ocrInfo.push({ page: r.page, images, confidence: r.confidence, ...(r.warning ? { warning: r.warning } : {}) });
    r.images = [];
  });
  ocrInfo.sort((a, b) => a.page - b.page);
  const warnings = ocrInfo.flatMap((i) => (i.warning ? [i.warning] : []));
  const second = await runWithProgress<PdfIndexResult>(pool, { module, payload: { ...payload, ocr: { detect: false, lines } } }, signal, "building the tree", onProgress);
  const ocrPages = results.filter((r) => !(r.warning && r.lines.length === 0)).map((r) => r.page);
  logger.info({ ocrPages }, "OCR done");
  return { ...second, ocrPages, ocrInfo, warnings: [...(second.warnings ?? []), ...warnings] };
}

/** One task per page, all queued at once: the pool runs as many at a time as it has threads.
 * The first failure (e.g. missing language data) stops the others. */
async function recogniseSpread(
  filePath: string,
  pages: number[],
  settings: OcrSettings,
  pool: JobContext["pool"],
  signal: AbortSignal,
  onPage: (result: OcrPageResult) => Promise<void>,
): Promise<OcrPageResult[]> {
  const stop = new AbortController();
  const onAbort = () => stop.abort(signal.reason);
  signal.addEventListener("abort", onAbort, { once: true });
  try {
    const tasks = pages.map((page) => {
      const payload: OcrTaskPayload = { filePath, pages: [page], langs: settings.langs, dpi: settings.dpi };
      return pool
        .run<OcrPageResult[]>({ module: OCR_TASK_MODULE, payload }, stop.signal)
        .then(async (results) => {
          for (const r of results) await onPage(r);
          return results;
        })
        .catch((error) => {
          stop.abort(error);
          throw error;
        });
    });
    return (await Promise.all(tasks)).flat().sort((a, b) => a.page - b.page);
  } finally {
    signal.removeEventListener("abort", onAbort);
  }
}
