/**
 * Worker-thread task: index one file into a tree. Runs in the job pool; returns the tree to
 * the main thread, which stores it (so a cancelled job writes nothing). Markdown also comes
 * here for `POST /markdown`, as inline source, so a large file never blocks the event loop.
 */
import fs from "node:fs/promises";
import type { MessagePort } from "node:worker_threads";
import type { DocumentFormat } from "./formats.ts";
import type { MarkdownIndexOptions } from "./markdown/index.ts";
import { openPdf } from "./pdf/document.ts";
import { indexPdf } from "./pdf/index.ts";
import { helpExtract, type HelperLink } from "./pdf/page-split.ts";
import type { Line } from "./pdf/types.ts";
import type { IndexedDocument } from "./tree-types.ts";

export interface IndexTaskPayload {
  /** The stored file; or `source` for Markdown given inline. */
  filePath?: string;
  source?: string;
  format: DocumentFormat;
  maxPages?: number;
  /**
   * PDF: the most any compressed stream may inflate to (the per-job memory ceiling).
   * DOCX, ODT, EPUB, PPTX: the most their text parts may inflate to, all together.
   */
  maxStreamBytes?: number;
  /** HTML, DOCX, ODT, EPUB, PPTX, TXT: the original file name (titles a document without a title of its own). */
  structured?: { fileName: string };
  /** Markdown: the original file name (doc name, preamble title) and tree options. */
  markdown?: MarkdownIndexOptions;
  /**
   * PDF: find pages needing OCR (`detect`), and recognised lines of OCR'd pages (1-based page -> lines).
   * DOCX, PPTX, EPUB: `detect` with `langs` reads the pictures of units that hold nothing else (structured/image-ocr.ts).
   */
  ocr?: { detect: boolean; lines?: Record<number, Line[]>; langs?: string[] };
  /**
   * PDF: the job's line to the main thread. Receives `{done, total}` (pages read) a few
   * times a second at most, and `{help: link}` when a long PDF wants a second thread to read
   * pages (the main thread then runs a task with `helper: link`; see pdf/page-split.ts).
   */
  progress?: MessagePort;
  /** PDF: the pool has threads to spare, so a long PDF may ask for a helper over `progress`. */
  split?: boolean;
  /** PDF: read pages for another task of the same file instead of indexing it. */
  helper?: HelperLink;
}

/** `signal`: aborts when the main thread cancels the task (worker-entry.mjs). */
export default async function indexTask(payload: IndexTaskPayload, { signal }: { signal?: AbortSignal } = {}): Promise<IndexedDocument | null> {
  if (payload.helper) {
    // The file is read only once a chunk is claimed (a late helper has nothing to do).
    await helpExtract(async () => openPdf(await readBytes(payload), signal, { transfer: true }), payload.helper, signal);
    return null;
  }
  const port = payload.progress;
  switch (payload.format) {
    case "pdf":
      return indexPdf(await readBytes(payload), {
        addSummaries: true,
        addDescription: true,
        maxPages: payload.maxPages,
        maxStreamBytes: payload.maxStreamBytes,
        addPageMarkdown: true,
        detectScans: payload.ocr?.detect ?? false,
        ocrLines: payload.ocr?.lines,
        onProgress: port ? throttled((done, total) => port.postMessage({ done, total })) : undefined,
        requestHelper: port && payload.split ? (link, transfer) => port.postMessage({ help: link }, transfer) : undefined,
        signal,
        transferBytes: true,
      });
    case "markdown": {
      // Imported here, not at the top: the Markdown indexer brings the tokenizer's tables
      // (~70 MB per thread), which a PDF job loads only after pdfjs has been released.
      const { decodeMarkdown, indexMarkdown } = await import("./markdown/index.ts");
      const options: MarkdownIndexOptions = payload.markdown ?? { fileName: "document.md", addSummaries: true, addDescription: true };
      const source = payload.source ?? decodeMarkdown(await readBytes(payload), options.fileName);
      return indexMarkdown(source, options);
    }
    case "html":
    case "docx":
    case "odt":
    case "epub":
    case "pptx":
    case "txt": {
      // Loaded on first use, like the Markdown indexer (rehype, the XML reader, the tokenizer).
      const { indexStructured } = await import("./structured/index.ts");
      return indexStructured(payload.format, await readBytes(payload), {
        fileName: payload.structured?.fileName ?? `document.${payload.format}`,
        addSummaries: true,
        addDescription: true,
        container: { maxPartBytes: payload.maxStreamBytes },
        ocr: payload.ocr?.detect && payload.ocr.langs?.length ? { langs: payload.ocr.langs } : undefined,
      });
    }
    default:
      throw new Error(`Indexing ${String(payload.format)} files is not supported`);
  }
}

async function readBytes(payload: IndexTaskPayload): Promise<Uint8Array> {
  if (!payload.filePath) throw new Error("No file given to the index task");
  // A plain view of the Buffer read, not a copy of it (pdfjs refuses Buffer instances, not
  // their memory): one copy of the file per thread, which a PDF hands over to pdfjs.
  const file = await fs.readFile(payload.filePath);
  return new Uint8Array(file.buffer, file.byteOffset, file.byteLength);
}

/** At most one call per `everyMs` (and always the last page), so a fast document posts a handful. */
function throttled(post: (done: number, total: number) => void, everyMs = 200): (done: number, total: number) => void {
  let last = 0;
  return (done, total) => {
    const now = Date.now();
    if (done < total && now - last < everyMs) return;
    last = now;
    post(done, total);
  };
}
