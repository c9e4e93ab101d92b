/**
 * The `index_document` job kind: a worker parses the stored file into a tree; the main
 * thread records the outcome on the document. A document deleted while its job ran gets
 * nothing written back (checked after the tree is stored, so a race leaves no folder).
 */
import { fileURLToPath } from "node:url";
import type { IndexTaskPayload } from "../../indexing/index-task.ts";
import type { IndexedDocument } from "../../indexing/tree-types.ts";
import type { JobKind } from "../../jobs/index.ts";
import type { Store } from "../../store/index.ts";
import { nowIso } from "../ids.ts";
import { indexWithOcr, type OcrIndexResult, type OcrSettings } from "./ocr-indexing.ts";
import { storeOcrOutput } from "./ocr-store.ts";

export const INDEX_JOB = "index_document";
export const TREE_BLOB = "tree.json";
/** Page texts (JSON array, index 0 = page 1) of PDFs, for page-content reads. */
export const PAGES_BLOB = "pages.json";

export const INDEX_TASK_MODULE = fileURLToPath(new URL("../../indexing/index-task.ts", import.meta.url));

/**
 * `refine` runs in the main thread on the worker's result before it is stored: with a model
 * configured it makes summaries and the description abstractive (model calls are I/O, so
 * they stay out of the worker threads).
 */
export function indexJobKind(store: Store, timeoutMs: number, ocr: OcrSettings = { langs: ["eng"], dpi: 300 }, refine?: (indexed: IndexedDocument) => Promise<void>): JobKind {
  return {
    name: INDEX_JOB,
    workerModule: INDEX_TASK_MODULE,
    timeoutMs,
    // Scanned pages are OCR'd in parallel over the pool between two index calls.
    run: (job, context) => indexWithOcr(store, job.docId!, job.payload as unknown as IndexTaskPayload, INDEX_TASK_MODULE, ocr, context),
    async onStart(job) {
      await store.write((tx) => {
        if (job.docId && tx.documents.get(job.docId)) tx.documents.update(job.docId, { status: "processing", error: undefined, updatedAt: nowIso() });
      });
    },
    async onSuccess(job, result) {
      const docId = job.docId!;
      const indexed = result as IndexedDocument;
      if (refine) await refine(indexed);
      await store.blobs.writeJson(docId, TREE_BLOB, indexed.tree);
      if (indexed.pageTexts) await store.blobs.writeJson(docId, PAGES_BLOB, indexed.pageTexts);
      await storeOcrOutput(store, docId, indexed as OcrIndexResult);
      const stillThere = await store.write((tx) => {
        if (!tx.documents.get(docId)) return false;
        tx.documents.update(docId, {
          status: "completed",
          pageNum: indexed.pageCount,
          description: indexed.description ?? "",
          tocSource: indexed.tocSource,
          warnings: indexed.warnings,
          ocrPages: (indexed as OcrIndexResult).ocrPages,
          updatedAt: nowIso(),
        });
        return true;
      });
      if (!stillThere) await store.blobs.removeAll(docId);
    },
    async onFailure(job, message) {
      if (!job.docId) return;
      await store.write((tx) => {
        if (tx.documents.get(job.docId!)) tx.documents.update(job.docId!, { status: "failed", error: message, updatedAt: nowIso() });
      });
    },
  };
}

export function indexPayload(store: Store, docId: string, originalName: string, format: "pdf" | "markdown", maxPages: number, fileName: string): IndexTaskPayload {
  const filePath = store.blobs.path(docId, originalName);
  if (format === "markdown") {
    // Stored documents keep everything; the status query decides what to show.
    return { filePath, format, markdown: { fileName, addSummaries: true, addDescription: true } };
  }
  return { filePath, format, maxPages };
}
