/**
 * The tesseract.js worker of this thread: created lazily on the first page that needs OCR
 * (so PDFs without scans never pay its memory), then reused for every later page. A
 * recognition that does not finish in time terminates the worker, which is recreated on
 * the next page; the job gets a clear error instead of hanging.
 */
import type { Worker as TesseractWorker, Page as TesseractPage } from "tesseract.js";
import { checkTrainedData, langPathFor } from "./langs.ts";

export const RECOGNISE_TIMEOUT_MS = 120_000;
const CREATE_TIMEOUT_MS = 60_000;

export interface EngineOptions {
  langs: string[];
  /** Tests only: a folder to read `<lang>.traineddata.gz` from instead of the packages. */
  langPath?: string;
  timeoutMs?: number;
}

export class OcrTimeoutError extends Error {
  override name = "OcrTimeoutError";
}

let current: { key: string; worker: Promise<TesseractWorker> } | null = null;
/** Workers created by this thread so far (reuse is observable in tests and benchmarks). */
let created = 0;

export function enginesCreated(): number {
  return created;
}

/** This thread's worker for `langs`, creating it (once) when needed. */
function workerFor(options: EngineOptions): Promise<TesseractWorker> {
  const key = `${options.langs.join("+")}@${options.langPath ?? ""}`;
  if (current?.key === key) return current.worker;
  const previous = current;
  const langPath = options.langPath ?? langPathFor(options.langs);
  // Checked here too (the packages may be fine but a folder given by a test is not):
  // tesseract.js' own failure to find the file surfaces as an unhandled rejection.
  for (const lang of options.langs) checkTrainedData(langPath, lang);
  const worker = (async () => {
    if (previous) await terminate(previous.worker);
    const { createWorker, OEM } = await import("tesseract.js");
    created++;
    return withTimeout(
      createWorker(options.langs, OEM.LSTM_ONLY, {
        langPath,
        gzip: true,
        cacheMethod: "none",
        // Progress and errors must not reach stdout (it belongs to MCP).
        logger: () => {},
        errorHandler: () => {},
      }),
      CREATE_TIMEOUT_MS,
      "starting the OCR engine",
    );
  })();
  current = { key, worker };
  worker.catch(() => {
    if (current?.worker === worker) current = null;
  });
  return worker;
}

async function terminate(worker: Promise<TesseractWorker>): Promise<void> {
  try {
    await (await worker).terminate();
  } catch {
    // already gone
  }
}

/**
 * Recognition settings, chosen by measurement on noisy scans of a manual (`npm run bench --
 * ocr`; BENCHMARKS.md): tesseract's own page segmentation (PSM 3, "fully automatic", what
 * the `tesseract` command uses; tesseract.js otherwise inherits the library default, "a
 * single uniform block"), with the page deskewed first. On a scan tilted by 1.2 degrees,
 * PSM 3 without deskewing cut lines into blocks read out of order (4.9% character errors);
 * deskewed, 0.1%. PSMs 3, 4 and 6 read the straight scans within 0.1 point of each other.
 * Boxes are in the deskewed image's pixels: off by at most a few points at a page's edge
 * for the small angles scanners leave.
 */
const PAGE_SEGMENTATION = "3";

/**
 * Recognises one image (PNG/JPEG bytes) and returns tesseract's block tree. `dpi` is the
 * image's resolution on the page: tesseract sizes its noise and line filters by it, and
 * assumes 70 dpi when a PNG carries none (default here: 300, the render resolution).
 */
export async function recognise(image: Buffer, options: EngineOptions & { dpi?: number }): Promise<TesseractPage> {
  const first = await recogniseWith(image, options, GLOBAL_THRESHOLD);
  if (legibleCharacters(first) >= WEAK_PAGE_CHARACTERS) return first;
  // A sparse page (a title, a short letter) under scanner noise: the global threshold
  // splits the noise instead of ink from paper and reads nothing. Sauvola's local threshold
  // reads such pages, but costs several points on full ones, so it is only the second try.
  const second = await recogniseWith(image, options, LOCAL_THRESHOLD);
  return legibleCharacters(second) > legibleCharacters(first) ? second : first;
}

/** tesseract's `thresholding_method`: 0 = Otsu over the whole image, 2 = Sauvola (local). */
const GLOBAL_THRESHOLD = "0";
const LOCAL_THRESHOLD = "2";
/** Fewer legible characters than this and the page is tried again with the local threshold. */
const WEAK_PAGE_CHARACTERS = 40;

/** Characters in confidently read words that look like words (two letters or digits in a row). */
export function legibleCharacters(page: Pick<TesseractPage, "blocks">): number {
  let n = 0;
  for (const block of page.blocks ?? []) {
    for (const para of block.paragraphs) for (const line of para.lines) for (const w of line.words) if (w.confidence >= 50 && /[\p{L}\p{N}]{2}/u.test(w.text)) n += w.text.length;
  }
  return n;
}

async function recogniseWith(image: Buffer, options: EngineOptions & { dpi?: number }, threshold: string): Promise<TesseractPage> {
  const workerPromise = workerFor(options);
  const worker = await workerPromise;
  const params = {
    tessedit_pageseg_mode: PAGE_SEGMENTATION,
    user_defined_dpi: String(Math.round(options.dpi ?? 300)),
    thresholding_method: threshold,
    rotateAuto: true,
  };
  try {
    const { data } = await withTimeout(worker.recognize(image, params as never, { blocks: true, text: true }), options.timeoutMs ?? RECOGNISE_TIMEOUT_MS, "recognising a page");
    return data;
  } catch (error) {
    if (error instanceof OcrTimeoutError && current?.worker === workerPromise) {
      current = null;
      void terminate(workerPromise);
    }
    throw error;
  }
}

/** Stops this thread's worker (tests and benchmarks; pool threads keep theirs). */
export async function closeEngine(): Promise<void> {
  const c = current;
  current = null;
  if (c) await terminate(c.worker);
}

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new OcrTimeoutError(`OCR timed out after ${Math.round(ms / 1000)} s ${what}`)), ms);
    p.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}
