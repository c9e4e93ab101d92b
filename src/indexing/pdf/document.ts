/**
 * Opening a PDF with pdfjs, configured for a sandboxed, offline worker thread, and mapping
 * pdfjs' exceptions onto PdfError codes.
 */
import { createRequire } from "node:module";
import path from "node:path";
import { pdfjs } from "./load-pdfjs.mjs";
import type { PDFDocumentProxy, PDFDocumentLoadingTask } from "pdfjs-dist/legacy/build/pdf.mjs";
import { PdfError } from "./errors.ts";
import { directWorker } from "./direct-port.ts";

export type { PDFDocumentProxy };

const { getDocument, VerbosityLevel } = pdfjs;

const require = createRequire(import.meta.url);
// pdfjs wants folder URLs with a trailing slash; as plain file paths they are read with fs,
// so nothing is ever fetched from the network.
const pdfjsRoot = path.dirname(require.resolve("pdfjs-dist/package.json"));
const standardFontDataUrl = path.join(pdfjsRoot, "standard_fonts") + path.sep;
const cMapUrl = path.join(pdfjsRoot, "cmaps") + path.sep;

/** Opening must not take forever on hostile input; pdfjs' xref reconstruction is linear, so
 * this is generous for honest files. */
const OPEN_TIMEOUT_MS = 60_000;

export interface OpenedPdf {
  doc: PDFDocumentProxy;
  close(): Promise<void>;
}

export interface OpenOptions {
  /**
   * The caller hands its bytes over: pdfjs takes (detaches) `data`'s buffer instead of a copy,
   * and the caller's view is empty afterwards. Saves the file's size of memory while the
   * document is open (an index job holds nothing else of the file).
   */
  transfer?: boolean;
}

export async function openPdf(data: Uint8Array, signal?: AbortSignal, { transfer = false }: OpenOptions = {}): Promise<OpenedPdf> {
  const channel = directWorker();
  // pdfjs transfers (detaches) the buffer it is given; copy so the caller's bytes survive,
  // unless the caller gives them up. pdfjs copies a view of part of a buffer itself.
  const task: PDFDocumentLoadingTask = getDocument({
    data: transfer ? data : data.slice(),
    worker: channel.worker,
    // Warnings and infos go to console.log/info, i.e. stdout, which belongs to MCP.
    verbosity: VerbosityLevel.ERRORS,
    disableFontFace: true,
    useSystemFonts: false,
    isEvalSupported: false,
    standardFontDataUrl,
    cMapUrl,
    cMapPacked: true,
    // Recover from small damage (pdfjs' default) but never fetch or run anything.
    stopAtErrors: false,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    enableXfa: false,
  } as Parameters<typeof getDocument>[0]);
  // A password prompt would wait forever: answer the first request by failing.
  task.onPassword = () => {
    void task.destroy();
  };
  try {
    const doc = await withDeadline(task.promise, OPEN_TIMEOUT_MS, signal, () => void task.destroy());
    return { doc, close: () => task.destroy().finally(channel.close) };
  } catch (err) {
    await task.destroy().catch(() => {});
    channel.close();
    throw toPdfError(err);
  }
}

/** Map anything pdfjs throws to a PdfError with a message a user can act on. */
export function toPdfError(err: unknown): Error {
  if (err instanceof PdfError) return err;
  if (isAbort(err)) return err as Error;
  const name = (err as { name?: string })?.name ?? "";
  const message = String((err as { message?: string })?.message ?? err);
  if (name === "PasswordException" || /password/i.test(message)) {
    return new PdfError("encrypted", "PDF is password protected", { cause: err });
  }
  if (name === "InvalidPDFException") {
    return new PdfError("corrupt", `PDF is corrupt or unreadable: ${tidy(message)}`, { cause: err });
  }
  if (err instanceof DeadlineError) {
    return new PdfError("corrupt", "PDF is corrupt or unreadable: parsing did not finish in time", { cause: err });
  }
  return new PdfError("corrupt", `PDF is corrupt or unreadable: ${tidy(message)}`, { cause: err });
}

function tidy(message: string): string {
  const m = message.replace(/\s+/g, " ").trim();
  return m.length > 160 ? m.slice(0, 157) + "..." : m || "unknown error";
}

export class DeadlineError extends Error {}

function isAbort(err: unknown): boolean {
  return (err as { name?: string })?.name === "AbortError";
}

/** Race a promise against a deadline and an abort signal; `onGiveUp` releases resources. */
export function withDeadline<T>(p: Promise<T>, ms: number, signal?: AbortSignal, onGiveUp?: () => void): Promise<T> {
  if (signal?.aborted) {
    // Nobody waits for `p` now; its rejection (pdfjs' "Loading aborted" after destroy) must
    // not surface later as an unhandled rejection, which fails whatever task the thread
    // runs next.
    p.catch(() => undefined);
    onGiveUp?.();
    return Promise.reject(signal.reason ?? abortError());
  }
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      onGiveUp?.();
      reject(new DeadlineError(`timed out after ${ms} ms`));
    }, ms);
    const onAbort = () => {
      cleanup();
      onGiveUp?.();
      reject(signal?.reason ?? abortError());
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    function cleanup() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    }
    p.then(
      (v) => {
        cleanup();
        resolve(v);
      },
      (e) => {
        cleanup();
        reject(e);
      },
    );
  });
}

function abortError(): Error {
  const e = new Error("Indexing was aborted");
  e.name = "AbortError";
  return e;
}
