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

export const INDEX_JOB = "index_document";
export const TREE_BLOB = "tree.json";

export const INDEX_TASK_MODULE = fileURLToPath(new URL("../../indexing/index-task.ts", import.meta.url));

export function indexJobKind(store: Store, timeoutMs: number): JobKind {
  return {
    name: INDEX_JOB,
    workerModule: INDEX_TASK_MODULE,
    timeoutMs,
    async onStart(job) {
      await store.write((tx) => {
        if (job.docId && tx.documents.get(job.docId)) tx.documents.update(job.docId, { status: "processing", error: undefined, updatedAt: nowIso() });
      });
    },
    async onSuccess(job, result) {
      const docId = job.docId!;
      const indexed = result as IndexedDocument;
      await store.blobs.writeJson(docId, TREE_BLOB, indexed.tree);
      const stillThere = await store.write((tx) => {
        if (!tx.documents.get(docId)) return false;
        tx.documents.update(docId, {
          status: "completed",
          pageNum: indexed.pageCount,
          description: indexed.description ?? "",
          tocSource: indexed.tocSource,
          warnings: indexed.warnings,
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

export function indexPayload(store: Store, docId: string, originalName: string, format: "pdf" | "markdown", maxPages: number): IndexTaskPayload {
  return { filePath: store.blobs.path(docId, originalName), format, maxPages };
}
