import path from "node:path";
import { describe, expect, it } from "vitest";
import { INDEX_TASK_MODULE, indexPayload } from "../../../src/core/documents/index-job.ts";
import { indexOnPool } from "../../../src/core/documents/ocr-indexing.ts";
import type { IndexProgress } from "../../../src/core/documents/progress.ts";
import { WorkerPool } from "../../../src/jobs/index.ts";
import { createLogger } from "../../../src/logger.ts";

describe("index job progress", () => {
  it("posts pages read from the worker thread, ending at the page count", async () => {
    const pool = new WorkerPool(1, { preload: [INDEX_TASK_MODULE] });
    try {
      const file = path.resolve("test/fixtures/pdf/R-intro.pdf");
      const payload = { ...indexPayload("pdf", "R-intro.pdf", { maxPages: 5000, maxStreamBytes: 256 << 20 }), filePath: file };
      const seen: IndexProgress[] = [];
      const result = await indexOnPool(payload, INDEX_TASK_MODULE, { langs: ["eng"], dpi: 300 }, { detect: true, saveImage: async () => {}, onProgress: (p) => seen.push(p) }, {
        pool,
        signal: new AbortController().signal,
        logger: createLogger("silent"),
      });
      expect(result.pageCount).toBe(113);
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.every((p) => p.stage === "reading pages" && p.total === 113)).toBe(true);
      expect(seen[seen.length - 1].done).toBe(113);
      for (let i = 1; i < seen.length; i++) expect(seen[i].done).toBeGreaterThanOrEqual(seen[i - 1].done);
    } finally {
      await pool.close();
    }
  }, 60_000);
});
