/**
 * Block reference (`POST /doc/{id}/block-reference`): every page of a completed PDF is
 * rendered and run through OCR layout analysis; the page-level blocks (paragraphs with their
 * lines, boxes in PDF points) are stored in `blocks.json` and the document's feature flag
 * `blockReference` is set. Blocks are read with `GET /doc/{id}/blocks`. The pages are spread
 * over the worker pool like OCR during indexing.
 */
import type { OcrBlock } from "../../indexing/ocr/ocr-lines.ts";
import type { OcrPageResult, OcrTaskPayload } from "../../indexing/ocr/page-task.ts";
import type { JobKind, JobRunner } from "../../jobs/index.ts";
import type { JobRecord, ReadTx, Store, UserRecord } from "../../store/index.ts";
import { ConflictError, ForbiddenError, NotFoundError } from "../errors.ts";
import { nowIso } from "../ids.ts";
import { originalBlobName } from "./index-job.ts";
import { OCR_TASK_MODULE, type OcrSettings } from "./ocr-indexing.ts";
import type { DocumentService } from "./service.ts";

export const BLOCK_REFERENCE_JOB = "block_reference";
export const BLOCKS_BLOB = "blocks.json";

export interface StoredBlocks {
  status: "processing" | "completed" | "failed";
  error?: string;
  finishedAt?: string;
  pages?: { page_index: number; blocks: OcrBlock[]; warning?: string }[];
}

interface BlockJobPayload {
  pageCount: number;
}

export function blockReferenceJobKind(store: Store, settings: OcrSettings, timeoutMs: number): JobKind {
  return {
    name: BLOCK_REFERENCE_JOB,
    workerModule: OCR_TASK_MODULE,
    timeoutMs,
    async run(job, { pool, signal }) {
      const { pageCount } = job.payload as unknown as BlockJobPayload;
      const filePath = await store.blobs.localPath(job.docId!, originalBlobName("pdf"));
      const tasks = Array.from({ length: pageCount }, (_, i) => {
        const payload: OcrTaskPayload = { filePath, pages: [i + 1], langs: settings.langs, dpi: settings.dpi, blocksOnly: true };
        return pool.run<OcrPageResult[]>({ module: OCR_TASK_MODULE, payload }, signal);
      });
      return (await Promise.all(tasks)).flat().sort((a, b) => a.page - b.page);
    },
    async prepare(job, result) {
      const pages = (result as OcrPageResult[]).map((r) => ({ page_index: r.page, blocks: r.blocks, ...(r.warning ? { warning: r.warning } : {}) }));
      await store.blobs.writeJson(job.docId!, BLOCKS_BLOB, { status: "completed", finishedAt: nowIso(), pages } satisfies StoredBlocks);
    },
    async onSuccess(tx, job) {
      const doc = await tx.documents.get(job.docId!);
      if (doc) await tx.documents.update(doc.id, { features: { ...doc.features, blockReference: true }, updatedAt: nowIso() });
    },
    async onDiscarded(job) {
      if (!(await store.read((tx) => tx.documents.get(job.docId!)))) await store.blobs.removeAll(job.docId!);
    },
  };
}

export class BlockReferenceService {
  constructor(
    private readonly store: Store,
    private readonly runner: JobRunner,
    private readonly documents: DocumentService,
  ) {}

  /** Queues the block extraction; 409 while the document is not completed or a run is under way. */
  async start(user: UserRecord, docId: string): Promise<{ doc_id: string; status: "processing" }> {
    const doc = await this.documents.get(user, docId);
    if (doc.owner !== user.id) throw new ForbiddenError(`Only the owner of document ${docId} may run block reference`);
    if (doc.format !== "pdf") throw new ConflictError(`Block reference needs a PDF; ${docId} is ${doc.format}`);
    if (doc.status !== "completed") throw new ConflictError(`Document ${docId} is not indexed yet (status ${doc.status})`);
    const payload: BlockJobPayload = { pageCount: doc.pageNum };
    // Checked and queued in one transaction, so two requests cannot both start a run.
    const started = await this.store.write(async (tx) => {
      // Still there and still indexed (a delete or re-index may have come between).
      const current = await tx.documents.get(docId);
      if (!current || current.owner !== user.id) throw new NotFoundError(`Document ${docId} not found`);
      if (current.status !== "completed") throw new ConflictError(`Document ${docId} is not indexed yet (status ${current.status})`);
      const status = (await latestJob(tx, docId))?.status;
      if (status === "queued" || status === "processing") return false;
      await this.runner.enqueueIn(tx, BLOCK_REFERENCE_JOB, { ...payload }, docId);
      return true;
    });
    if (!started) throw new ConflictError(`Block reference of ${docId} is already running`);
    this.runner.poke();
    return { doc_id: docId, status: "processing" };
  }

  /**
   * The blocks with the document's flag. The run's state comes from its job record (the
   * catalogue), the pages from `blocks.json` once the run completed.
   */
  async blocks(user: UserRecord, docId: string): Promise<StoredBlocks & { doc_id: string; block_reference: boolean }> {
    await this.documents.get(user, docId); // 404 unless the caller may read it
    // The run's state and the document's flag change in one transaction: read them in one too.
    const { job, done } = await this.store.read(async (tx) => ({ job: await latestJob(tx, docId), done: (await tx.documents.get(docId))?.features?.blockReference === true }));
    const flag = { doc_id: docId, block_reference: done };
    if (job?.status === "queued" || job?.status === "processing") return { ...flag, status: "processing" };
    if (job?.status === "failed") return { ...flag, status: "failed", error: job.error, finishedAt: job.finishedAt };
    const stored = await this.store.blobs.readJson<StoredBlocks>(docId, BLOCKS_BLOB);
    if (!stored) throw new NotFoundError(`Document ${docId} has no blocks: run POST /doc/${docId}/block-reference first`);
    return { ...flag, ...stored };
  }
}

async function latestJob(tx: ReadTx, docId: string): Promise<JobRecord | undefined> {
  const [latest] = await tx.jobs.find({ docId, kind: BLOCK_REFERENCE_JOB }, { sort: [["createdAt", -1]], limit: 1 });
  return latest;
}
