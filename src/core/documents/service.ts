/**
 * Documents: upload, status and tree, metadata, delete. Every method takes the calling
 * user; another user's document is reported as not found, never as forbidden.
 */
import path from "node:path";
import { identifyContainer, detectDocument } from "../../indexing/detect-container.ts";
import { isZip } from "../../indexing/detect.ts";
import { ACCEPTED_FORMATS, type DocumentFormat } from "../../indexing/formats.ts";
import { ContainerError } from "../../indexing/zip/container.ts";
import type { TreeNode } from "../../indexing/tree-types.ts";
import type { JobRunner } from "../../jobs/index.ts";
import type { DocumentRecord, Store, UserRecord, WriteTx } from "../../store/index.ts";
import type { FolderService } from "../folders/service.ts";
import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError } from "../errors.ts";
import { checkMetadataIn, type MetadataSchemaService } from "../metadata-schemas/service.ts";
import { canRead, removeSharesTo } from "../shares/access.ts";
import { ZipImporter } from "../zip-import/import.ts";
import type { UrlSigner } from "../files/signing.ts";
import type { ZipImportResult } from "../zip-import/schemas.ts";
import { newId, nowIso } from "../ids.ts";
import { unsafeNameProblem } from "../schemas/common.ts";
import { INDEX_JOB, TREE_BLOB, indexPayload, originalBlobName, type IndexLimits } from "./index-job.ts";
import { renderOcr, type OcrFormat } from "./ocr-results.ts";
import { renderTree } from "./render.ts";
import type { ApiGeneration, StatusQuery, StatusResponse, UploadOptions } from "./schemas.ts";

export interface UploadInput {
  fileName: string;
  bytes: Uint8Array;
  options: UploadOptions;
  folderId?: string;
  metadata?: Record<string, unknown>;
}

/** An upload whose file is stored and whose record is not yet committed (see DocumentService.prepare). */
export interface PreparedUpload {
  kind: DocumentFormat;
  record: DocumentRecord;
}

/** What `type=ocr` results need to link images: the URL signer and the caller's origin. */
export interface OcrLinks {
  signer: UrlSigner;
  baseUrl?: string;
}

/** The stored name: the base name of what the client sent; control and bidi characters are refused (422). */
function cleanFileName(name: string): string {
  const base = path.basename(name.replace(/\\/g, "/")).trim();
  const problem = unsafeNameProblem(base);
  if (problem) throw new InvalidInputError(`File name ${JSON.stringify(base)}: ${problem}`, ["body", "file"]);
  return base === "" ? "document" : base.slice(0, 255);
}

/** The caller's folder inside a write transaction; 404 when it is gone or not theirs. */
async function folderForWrite(tx: WriteTx, user: UserRecord, folderId: string): Promise<void> {
  const folder = await tx.folders.get(folderId);
  if (!folder || folder.owner !== user.id) throw new NotFoundError(`Folder ${folderId} not found`);
}

/** Most suffixed copies of one name in one folder ("a.pdf", "a_1.pdf" … "a_99.pdf"). */
export const MAX_NAME_SUFFIX = 99;

/**
 * The name itself when no document of the same owner and folder has it (case-insensitive),
 * else the first free "stem_N.ext": names stay unique per folder, so a `doc_name` lookup
 * there finds one document.
 */
export function freeName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name.toLowerCase())) return name;
  const dot = name.lastIndexOf(".");
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
  for (let n = 1; n <= MAX_NAME_SUFFIX; n++) {
    const candidate = `${stem}_${n}${ext}`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
  throw new ConflictError(`${MAX_NAME_SUFFIX + 1} documents named like ${JSON.stringify(name)} are already in this folder: rename the file or delete some of them`);
}

export class DocumentService {
  constructor(
    private readonly store: Store,
    private readonly runner: JobRunner,
    private readonly folders: FolderService,
    private readonly limits: IndexLimits,
    private readonly schemas: MetadataSchemaService,
  ) {}

  /**
   * One upload from POST /doc or /tree: a single file becomes one document; a ZIP archive
   * is imported, each document entry prepared as a single upload with the same options, and
   * all of them committed together. An archive that is a document by its content (DOCX,
   * PPTX, ODT, EPUB) is one document, never a folder.
   */
  async submit(user: UserRecord, input: UploadInput): Promise<{ doc_id: string; name: string } | ZipImportResult> {
    if (!isZip(input.bytes) || (await identifyContainer(input.bytes)).kind !== "zip") return this.upload(user, input);
    await this.schemas.check(user, input.folderId ?? null, input.metadata ?? {}, ["body", "metadata"]);
    const importer = new ZipImporter(this.store, this.folders, {
      prepare: (owner, entry) => this.prepare(owner, { ...input, fileName: entry.fileName, bytes: entry.bytes, folderId: entry.folderId }),
      commitIn: (tx, owner, prepared) => this.commitIn(tx, owner, prepared),
      discard: (prepared) => this.discard(prepared),
    });
    const result = await importer.import(user, input.fileName, input.bytes, input.folderId);
    this.runner.poke();
    return result;
  }

  /** Stores the file and queues its indexing; answers at once with the new id. */
  async upload(user: UserRecord, input: UploadInput): Promise<{ doc_id: string; name: string }> {
    const prepared = await this.prepare(user, input);
    try {
      // One transaction: a crash can never leave a document without its job, or a job without
      // its document; and two uploads of one name cannot both take it.
      await this.store.write((tx) => this.commitIn(tx, user, prepared));
    } catch (error) {
      await this.discard(prepared);
      throw error;
    }
    this.runner.poke();
    return { doc_id: prepared.record.id, name: prepared.record.name };
  }

  /**
   * The first half of an upload: the file checked and stored durably under a new id, and
   * the record it will have. Nothing is visible until commitIn; a crash in between leaves
   * only a file without a record, which the store's sweep removes.
   */
  async prepare(user: UserRecord, input: UploadInput): Promise<PreparedUpload> {
    const format = await this.detect(input.bytes, input.fileName);
    const name = cleanFileName(input.fileName);
    // Early answers before the file is stored; commitIn checks both again in its transaction.
    if (input.folderId !== undefined) await this.folders.get(user, input.folderId);
    await this.schemas.check(user, input.folderId ?? null, input.metadata ?? {}, ["body", "metadata"]);

    const id = newId("doc");
    const prepared: PreparedUpload = {
      kind: format.kind,
      record: {
        id,
        owner: user.id,
        name,
        description: "",
        status: "queued",
        createdAt: nowIso(),
        pageNum: 0,
        metadata: input.metadata ?? {},
        folderId: input.folderId ?? null,
        format: format.kind,
        options: { ...input.options },
      },
    };
    try {
      // The file is durable before the record that points at it exists.
      await this.store.blobs.write(id, originalBlobName(format.kind), input.bytes);
    } catch (error) {
      // A half-written file (disk full) leaves no folder behind.
      await this.discard(prepared);
      throw error;
    }
    return prepared;
  }

  /**
   * The file's format by its content (422 naming what it looks like otherwise). A DOCX, PPTX,
   * ODT or EPUB must pass the archive limits as a whole, as a ZIP import's entries do.
   */
  private async detect(bytes: Uint8Array, fileName: string): Promise<{ kind: DocumentFormat }> {
    let format;
    try {
      format = await detectDocument(bytes, fileName);
    } catch (error) {
      if (!(error instanceof ContainerError)) throw error;
      throw new InvalidInputError(`The file was refused like an unsafe archive: ${error.message}`, ["body", "file"]);
    }
    if (format.kind === "zip") {
      throw new InvalidInputError("A ZIP archive is not a document: send it to POST /doc or POST /tree to import its entries", ["body", "file"]);
    }
    if (format.kind === "unknown") {
      const named = /\.([A-Za-z0-9]{1,8})$/.exec(fileName)?.[1];
      throw new InvalidInputError(
        `Unsupported file${named ? ` (named .${named.toLowerCase()})` : ""}: it looks like ${format.looksLike}. Accepted formats: ${ACCEPTED_FORMATS}; recognised by their content`,
        ["body", "file"],
      );
    }
    return format;
  }

  /**
   * The second half, inside the caller's write transaction: the checks that the write
   * depends on (the folder still there and the caller's, the metadata against the schema in
   * effect now), a free name, the record and its indexing job.
   */
  async commitIn(tx: WriteTx, user: UserRecord, prepared: PreparedUpload): Promise<void> {
    const { record } = prepared;
    if (record.folderId !== null) await folderForWrite(tx, user, record.folderId);
    await checkMetadataIn(tx, user, record.folderId, record.metadata, ["body", "metadata"]);
    const taken = new Set((await tx.documents.find({ owner: user.id, folderId: record.folderId })).map((d) => d.name.toLowerCase()));
    record.name = freeName(record.name, taken);
    await tx.documents.insert(record);
    await this.runner.enqueueIn(tx, INDEX_JOB, { ...indexPayload(prepared.kind, record.name, this.limits) }, record.id);
  }

  /** Removes a prepared upload's file (its commit failed or never came). */
  async discard(prepared: PreparedUpload): Promise<void> {
    await this.store.blobs.removeAll(prepared.record.id).catch(() => undefined);
  }

  /** The document, if the user may see it (own, or shared with them / followed). */
  async get(user: UserRecord, docId: string): Promise<DocumentRecord> {
    const doc = await this.store.read(async (tx) => {
      const found = await tx.documents.get(docId);
      return found && (await canRead(tx, user.id, found)) ? found : undefined;
    });
    if (!doc) throw new NotFoundError(`Document ${docId} not found`);
    return doc;
  }

  /** The document for a write: 404 when invisible, 403 when only shared with the caller. */
  private async owned(user: UserRecord, docId: string, action: string): Promise<DocumentRecord> {
    const doc = await this.get(user, docId);
    if (doc.owner !== user.id) throw new ForbiddenError(`Only the owner of document ${docId} may ${action}`);
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
  async status(user: UserRecord, docId: string, query: StatusQuery, generation: ApiGeneration, links?: OcrLinks): Promise<StatusResponse> {
    const doc = await this.get(user, docId);
    const ready = doc.status === "completed";
    const base: StatusResponse = { doc_id: doc.id, status: doc.status === "queued" ? "processing" : doc.status };
    if (generation === "doc") base.retrieval_ready = ready;
    if (doc.status === "failed") return { ...base, error: doc.error ?? "Indexing failed" };
    if (!ready) return base;
    const options = doc.options as Partial<UploadOptions>;
    // "Default per original processing type": documents uploaded with mode=ocr answer with OCR results.
    if ((query.type ?? (options.mode === "ocr" ? "ocr" : "tree")) === "ocr") {
      if (!links) throw new Error("OCR results need a file URL signer");
      const { tree } = await this.tree(user, docId);
      const format: OcrFormat = query.format ?? "page";
      const result = await renderOcr(this.store, doc, tree, { format, includeImages: query.include_images ?? false, signer: links.signer, baseUrl: links.baseUrl });
      const response: StatusResponse = { ...base, page_count: doc.pageNum, ocr_pages: doc.ocrPages ?? [], result };
      if (doc.warnings?.length) response.warnings = doc.warnings;
      return response;
    }
    const { tree } = await this.tree(user, docId);
    const includeText = query.include_text ?? (generation === "doc" ? true : options.addNodeText === true);
    const includeSummary = query.summary ?? options.addNodeSummary === true;
    const result = renderTree(tree, { generation, includeText, includeSummary, includeNodeId: options.addNodeId !== false });
    const response: StatusResponse = { ...base, toc_source: doc.tocSource, page_count: doc.pageNum, result };
    if (options.addDocDescription !== false && doc.description) response.doc_description = doc.description;
    return response;
  }

  async setMetadata(user: UserRecord, docId: string, metadata: Record<string, unknown>): Promise<DocumentRecord> {
    await this.owned(user, docId, "replace its metadata");
    const updated = await this.store.write(async (tx) => {
      const doc = await tx.documents.get(docId);
      if (!doc || doc.owner !== user.id) return undefined;
      // The schema in effect when the values are stored, not when the request arrived.
      await checkMetadataIn(tx, user, doc.folderId, metadata, ["body"]);
      return tx.documents.update(docId, { metadata, updatedAt: nowIso() });
    });
    if (!updated) throw new NotFoundError(`Document ${docId} not found`);
    return updated;
  }

  /** The user's documents whose name matches (case-insensitive, with or without extension). */
  async findByName(user: UserRecord, name: string): Promise<DocumentRecord[]> {
    const wanted = name.trim().toLowerCase();
    const stem = (n: string) => n.toLowerCase().replace(/\.[a-z0-9]{1,8}$/, "");
    // Case-insensitive matching is not in the query language: the user's names are read and compared here.
    const own = await this.store.read((tx) => tx.documents.find({ owner: user.id }));
    return own.filter((d) => d.name.toLowerCase() === wanted || stem(d.name) === wanted);
  }

  /** The user's newest documents first. */
  async recent(user: UserRecord, limit: number): Promise<DocumentRecord[]> {
    return (await this.recentPage(user, { offset: 0, limit })).docs;
  }

  /**
   * A page of the user's documents, newest first, optionally in one folder (`null` = unfiled),
   * with how many there are in all and per state.
   */
  async recentPage(
    user: UserRecord,
    { folderId, offset, limit }: { folderId?: string | null; offset: number; limit: number },
  ): Promise<{ docs: DocumentRecord[]; total: number; counts: { processing: number; completed: number; failed: number } }> {
    if (folderId) await this.folders.get(user, folderId);
    const where = folderId === undefined ? { owner: user.id } : { owner: user.id, folderId };
    const { page, byStatus } = await this.store.read(async (tx) => ({
      page: await tx.documents.findPage(where, { sort: [["createdAt", -1], ["id", -1]], offset, limit }),
      byStatus: await tx.documents.aggregate(where, { groupBy: ["status"], aggregates: { n: { op: "$count", field: null } } }),
    }));
    const counts = { processing: 0, completed: 0, failed: 0 };
    for (const { keys, values } of byStatus) counts[keys[0] === "queued" ? "processing" : (keys[0] as "completed")] += values.n as number;
    return { docs: page.records, total: page.total, counts };
  }

  /**
   * A new version of a document's file (a watched folder's file changed): the same doc_id,
   * name, folder and metadata, the file replaced and indexed again. Until the new tree is
   * stored the document is `queued` and out of search, so its old text is never found
   * beside the new. `alsoIn` runs in the same transaction (the sync's record of the file).
   * The new file is stored before the transaction: if it fails, the document keeps its
   * old tree beside the new file, and the sync, whose record still has the old hash, does
   * it again.
   */
  async replaceContent(user: UserRecord, docId: string, input: { fileName: string; bytes: Uint8Array }, alsoIn?: (tx: WriteTx) => Promise<void>): Promise<DocumentRecord> {
    await this.owned(user, docId, "replace its file");
    const format = await this.detect(input.bytes, input.fileName);
    await this.store.blobs.write(docId, originalBlobName(format.kind), input.bytes);
    const { updated, cancelled } = await this.store.write(async (tx) => {
      const doc = await tx.documents.get(docId);
      if (!doc || doc.owner !== user.id) throw new NotFoundError(`Document ${docId} not found`);
      // The old version's job must not store its tree over the new one's.
      const cancelled = await this.runner.queue.cancelForDocumentIn(tx, docId);
      const updated = (await tx.documents.update(docId, { status: "queued", format: format.kind, error: undefined, warnings: undefined, recoveries: undefined, updatedAt: nowIso() }))!;
      await this.runner.enqueueIn(tx, INDEX_JOB, { ...indexPayload(format.kind, doc.name, this.limits) }, docId);
      await alsoIn?.(tx);
      return { updated, cancelled };
    });
    await this.runner.stopCancelled(cancelled);
    this.runner.poke();
    return updated;
  }

  /**
   * Removes the record and the folder; a job in flight is cancelled and leaves nothing behind.
   * `alsoIn` runs in the same transaction (the sync's record of the file).
   */
  async delete(user: UserRecord, docId: string, alsoIn?: (tx: WriteTx) => Promise<void>): Promise<void> {
    await this.owned(user, docId, "delete it");
    // One transaction: the record, its shares and its jobs go together.
    const cancelled = await this.store.write(async (tx) => {
      const ids = await this.runner.queue.cancelForDocumentIn(tx, docId);
      await tx.documents.remove(docId);
      await removeSharesTo(tx, "document", new Set([docId]));
      await alsoIn?.(tx);
      return ids;
    });
    await this.runner.stopCancelled(cancelled);
    await this.store.blobs.removeAll(docId);
  }
}
