/**
 * The `index_document` job kind: a worker parses the stored file into a tree; the main
 * thread stores the tree (durably) and then, in the one transaction that completes the
 * job, marks the document `completed`. A document deleted while its job ran has its job
 * cancelled in the same transaction as the delete, so its result is dropped and whatever
 * the job wrote is removed.
 */
import { ORIGINAL_EXTENSIONS, type DocumentFormat } from "../../indexing/formats.ts";
import type { IndexTaskPayload } from "../../indexing/index-task.ts";
import type { IndexedDocument } from "../../indexing/tree-types.ts";
import { MAX_ATTEMPTS, type JobKind } from "../../jobs/index.ts";
import { taskModulePath } from "../../jobs/module-path.ts";
import type { DocumentRecord, Store, WriteTx } from "../../store/index.ts";
import { nowIso } from "../ids.ts";
import { indexWithOcr, type OcrIndexResult, type OcrSettings } from "./ocr-indexing.ts";
import { storeOcrOutput } from "./ocr-store.ts";
import type { ProgressBoard } from "./progress.ts";

export const INDEX_JOB = "index_document";
export const TREE_BLOB = "tree.json";
/** Page texts (JSON array, index 0 = page 1) of documents with pages, for page-content reads. */
export const PAGES_BLOB = "pages.json";

export type StoredIndexPayload = Omit<IndexTaskPayload, "filePath">;

export const INDEX_TASK_MODULE = taskModulePath("../../indexing/index-task.ts", import.meta.url);

/** Name the original file is stored under, keeping its extension for humans browsing the store. */
export function originalBlobName(format: DocumentFormat): string {
  return `original.${ORIGINAL_EXTENSIONS[format]}`;
}

/** What an index job may use; carried in its payload to the worker. */
export interface IndexLimits {
  maxPages: number;
  /** The most any compressed PDF stream (or a document container's text parts) may inflate to (a quarter of the per-job memory ceiling). */
  maxStreamBytes: number;
}

export function indexLimits(config: { maxPages: number; jobMemoryMb: number }): IndexLimits {
  return { maxPages: config.maxPages, maxStreamBytes: Math.floor((config.jobMemoryMb * 1024 * 1024) / 4) };
}

export interface IndexJobSettings {
  timeoutMs: number;
  limits: IndexLimits;
  ocr?: OcrSettings;
  /**
   * Runs in the main thread on the worker's result before it is stored: with a model
   * configured it makes summaries and the description abstractive (model calls are I/O, so
   * they stay out of the worker threads).
   */
  refine?: (indexed: IndexedDocument) => Promise<void>;
  /** Where the pages read so far are posted for progress bars (see progress.ts). */
  progress?: ProgressBoard;
}

export function indexJobKind(store: Store, settings: IndexJobSettings): JobKind {
  const ocr = settings.ocr ?? { langs: ["eng"], dpi: 300 };
  return {
    name: INDEX_JOB,
    workerModule: INDEX_TASK_MODULE,
    timeoutMs: settings.timeoutMs,
    // Scanned pages are OCR'd in parallel over the pool between two index calls.
    // The file is found where this process can read it (a shared database keeps no paths).
    run: async (job, context) => {
      const payload = job.payload as unknown as StoredIndexPayload;
      const filePath = await store.blobs.localPath(job.docId!, originalBlobName(payload.format));
      return indexWithOcr(store, job.docId!, { ...payload, filePath }, INDEX_TASK_MODULE, ocr, context, settings.progress);
    },
    async onStart(tx, job) {
      if (job.docId && (await tx.documents.get(job.docId))) await tx.documents.update(job.docId, { status: "processing", error: undefined, updatedAt: nowIso() });
    },
    async prepare(job, result) {
      const docId = job.docId!;
      const indexed = result as IndexedDocument;
      if (settings.refine) await settings.refine(indexed);
      await store.blobs.writeJson(docId, TREE_BLOB, indexed.tree);
      if (indexed.pageTexts) await store.blobs.writeJson(docId, PAGES_BLOB, indexed.pageTexts);
      await storeOcrOutput(store, docId, indexed as OcrIndexResult);
    },
    async onSuccess(tx, job, result) {
      const indexed = result as OcrIndexResult;
      if (!(await tx.documents.get(job.docId!))) return;
      await tx.documents.update(job.docId!, {
        status: "completed",
        pageNum: indexed.pageCount,
        description: indexed.description ?? "",
        tocSource: indexed.tocSource,
        warnings: indexed.warnings,
        ocrPages: indexed.ocrPages,
        updatedAt: nowIso(),
        indexedAt: nowIso(),
      });
    },
    async onFailure(tx, job, message) {
      if (job.docId && (await tx.documents.get(job.docId))) await tx.documents.update(job.docId, { status: "failed", error: message, updatedAt: nowIso() });
    },
    async onDiscarded(job) {
      // Deleted meanwhile: the delete removed the folder, but our blobs may have landed after it.
      const gone = !(await store.read((tx) => tx.documents.get(job.docId!)));
      if (gone) await store.blobs.removeAll(job.docId!);
    },
    async heal(tx, queue) {
      const waiting = await tx.documents.find({ status: { $in: ["queued", "processing"] } });
      if (waiting.length === 0) return;
      const jobs = await tx.jobs.find({ kind: INDEX_JOB, status: { $in: ["queued", "processing"] }, docId: { $in: waiting.map((d) => d.id) } });
      const live = new Set(jobs.map((j) => j.docId));
      for (const doc of waiting.filter((d) => !live.has(d.id))) {
        await requeue(tx, doc, (payload) => queue.enqueueIn(tx, INDEX_JOB, payload, doc.id), settings.limits);
      }
    },
  };
}

/** A document waiting for an index job that no longer exists gets a new one, or fails after the usual attempts. */
async function requeue(tx: WriteTx, doc: DocumentRecord, enqueue: (payload: Record<string, unknown>) => Promise<unknown>, limits: IndexLimits): Promise<void> {
  const recoveries = (doc.recoveries ?? 0) + 1;
  if (recoveries > MAX_ATTEMPTS) {
    await tx.documents.update(doc.id, { status: "failed", error: `Indexing was interrupted ${MAX_ATTEMPTS} times; upload the file again`, updatedAt: nowIso() });
    return;
  }
  await tx.documents.update(doc.id, { status: "queued", recoveries, updatedAt: nowIso() });
  await enqueue({ ...indexPayload(doc.format, doc.name, limits) });
}

/** The job's payload; the file's local path is added when the job runs, by the process that runs it. */
export function indexPayload(format: DocumentFormat, fileName: string, limits: IndexLimits): StoredIndexPayload {
  if (format === "markdown") {
    // Stored documents keep everything; the status query decides what to show.
    return { format, markdown: { fileName, addSummaries: true, addDescription: true } };
  }
  if (format !== "pdf") return { format, structured: { fileName }, maxStreamBytes: limits.maxStreamBytes };
  return { format, maxPages: limits.maxPages, maxStreamBytes: limits.maxStreamBytes };
}
