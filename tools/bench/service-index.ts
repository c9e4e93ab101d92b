// The index job as the service runs it, without a store; kept apart from pdf-speed.ts so the
// RSS child does not load pdfjs into its main thread (the service's main thread never does).
import path from "node:path";
import { INDEX_TASK_MODULE, indexPayload } from "../../src/core/documents/index-job.ts";
import { indexOnPool } from "../../src/core/documents/ocr-indexing.ts";
import type { WorkerPool } from "../../src/jobs/index.ts";
import { createLogger } from "../../src/logger.ts";

/** The index job as the service runs it: the same payload and worker calls, no store. */
export async function indexAsService(pool: WorkerPool, filePath: string): Promise<void> {
  const payload = { ...indexPayload("pdf", path.basename(filePath), { maxPages: 100_000, maxStreamBytes: 512 * 1024 * 1024 }), filePath };
  const logger = createLogger("warn");
  await indexOnPool(payload, INDEX_TASK_MODULE, { langs: ["eng"], dpi: 300 }, { detect: true, saveImage: async () => {} }, { pool, signal: new AbortController().signal, logger });
}

