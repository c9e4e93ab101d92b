/**
 * Documents: upload, status and tree, metadata, delete. Every method takes the calling
 * user; another user's document is reported as not found, never as forbidden.
 */
import path from "node:path";
import { detectFormat } from "../../indexing/detect.ts";
import type { TreeNode } from "../../indexing/tree-types.ts";
import type { JobRunner } from "../../jobs/index.ts";
import type { DocumentRecord, Store, UserRecord } from "../../store/index.ts";
import type { FolderService } from "../folders/service.ts";
import { InvalidInputError, NotFoundError } from "../errors.ts";
import { newId, nowIso } from "../ids.ts";
import { INDEX_JOB, TREE_BLOB, indexPayload } from "./index-job.ts";
import { renderTree } from "./render.ts";
import type { ApiGeneration, StatusQuery, StatusResponse, UploadOptions } from "./schemas.ts";

export interface UploadInput {
  fileName: string;
  bytes: Uint8Array;
  options: UploadOptions;
  folderId?: string;
  metadata?: Record<string, unknown>;
}

/** Name the original file is stored under, keeping its extension for humans browsing the store. */
function originalBlobName(format: "pdf" | "markdown"): string {
  return format === "pdf" ? "original.pdf" : "original.md";
}

function cleanFileName(name: string): string {
  const base = path.basename(name.replace(/\\/g, "/")).trim();
  return base === "" ? "document" : base.slice(0, 255);
}

export class DocumentService {
  constructor(
    private readonly store: Store,
    private readonly runner: JobRunner,
    private readonly folders: FolderService,
    private readonly limits: { maxPages: number },
  ) {}

  /** Stores the file and queues its indexing; answers at once with the new id. */
  async upload(user: UserRecord, input: UploadInput): Promise<{ doc_id: string }> {
    const format = detectFormat(input.bytes, input.fileName);
    if (format.kind === "zip") {
      throw new InvalidInputError("ZIP import is not available yet: upload the PDF files one by one", ["body", "file"]);
    }
    if (format.kind === "markdown") {
      throw new InvalidInputError("Markdown upload through /doc is not available yet: use POST /markdown", ["body", "file"]);
    }
    if (format.kind !== "pdf") {
      throw new InvalidInputError(`Unsupported file: it looks like ${format.looksLike}. Accepted formats: PDF (by its %PDF header)`, ["body", "file"]);
    }
    if (input.folderId !== undefined) await this.folders.get(user, input.folderId);

    const id = newId("doc");
    const blob = originalBlobName(format.kind);
    await this.store.blobs.write(id, blob, input.bytes);
    const record: DocumentRecord = {
      id,
      owner: user.id,
      name: cleanFileName(input.fileName),
      description: "",
      status: "queued",
      createdAt: nowIso(),
      pageNum: 0,
      metadata: input.metadata ?? {},
      folderId: input.folderId ?? null,
      format: format.kind,
      options: { ...input.options },
    };
    try {
      await this.store.write((tx) => tx.documents.insert(record));
      await this.runner.enqueue(INDEX_JOB, { ...indexPayload(this.store, id, blob, format.kind, this.limits.maxPages) }, id);
    } catch (error) {
      await this.store.write((tx) => tx.documents.remove(id)).catch(() => undefined);
      await this.store.blobs.removeAll(id);
      throw error;
    }
    return { doc_id: id };
  }

  /** The document, if the user may see it. */
  async get(user: UserRecord, docId: string): Promise<DocumentRecord> {
    const doc = await this.store.read((tx) => tx.documents.get(docId));
    if (!doc || doc.owner !== user.id) throw new NotFoundError(`Document ${docId} not found`);
    return doc;
  }

  async tree(user: UserRecord, docId: string): Promise<{ doc: DocumentRecord; tree: TreeNode[] }> {
    const doc = await this.get(user, docId);
    if (doc.status !== "completed") throw new NotFoundError(`Document ${docId} has no tree yet (status ${doc.status})`);
    const tree = await this.store.blobs.readJson<TreeNode[]>(docId, TREE_BLOB);
    if (!tree) throw new Error(`Tree of ${docId} is missing from the store`);
    return { doc, tree };
  }

  /**
   * The status response. Queued documents report `processing` (the contract's status
   * values are `processing` and `completed`); failed ones carry `error`.
   */
  async status(user: UserRecord, docId: string, query: StatusQuery, generation: ApiGeneration): Promise<StatusResponse> {
    const doc = await this.get(user, docId);
    const ready = doc.status === "completed";
    const base: StatusResponse = { doc_id: doc.id, status: doc.status === "queued" ? "processing" : doc.status };
    if (generation === "doc") base.retrieval_ready = ready;
    if (doc.status === "failed") return { ...base, error: doc.error ?? "Indexing failed" };
    if (!ready) return base;
    if (query.type === "ocr") {
      throw new InvalidInputError("OCR results (type=ocr) are not available yet", ["query", "type"], "ocr");
    }
    const { tree } = await this.tree(user, docId);
    const options = doc.options as Partial<UploadOptions>;
    const includeText = query.include_text ?? (generation === "doc" ? true : options.addNodeText === true);
    const includeSummary = query.summary ?? options.addNodeSummary === true;
    const result = renderTree(tree, { generation, includeText, includeSummary, includeNodeId: options.addNodeId !== false });
    const response: StatusResponse = { ...base, toc_source: doc.tocSource, page_count: doc.pageNum, result };
    if (options.addDocDescription !== false && doc.description) response.doc_description = doc.description;
    return response;
  }

  async setMetadata(user: UserRecord, docId: string, metadata: Record<string, unknown>): Promise<DocumentRecord> {
    const updated = await this.store.write((tx) => {
      const doc = tx.documents.get(docId);
      if (!doc || doc.owner !== user.id) return undefined;
      return tx.documents.update(docId, { metadata, updatedAt: nowIso() });
    });
    if (!updated) throw new NotFoundError(`Document ${docId} not found`);
    return updated;
  }

  /** Removes the record and the folder; a job in flight is cancelled and leaves nothing behind. */
  async delete(user: UserRecord, docId: string): Promise<void> {
    await this.get(user, docId);
    await this.runner.cancelForDocument(docId);
    await this.store.write((tx) => tx.documents.remove(docId));
    await this.store.blobs.removeAll(docId);
  }
}
