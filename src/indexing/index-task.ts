/**
 * Worker-thread task: index one stored file into a tree. Runs in the job pool; returns
 * the tree to the main thread, which stores it (so a cancelled job writes nothing).
 */
import fs from "node:fs/promises";
import { indexPdf } from "./pdf/index.ts";
import type { IndexedDocument } from "./tree-types.ts";

export interface IndexTaskPayload {
  filePath: string;
  format: "pdf" | "markdown";
  maxPages?: number;
}

export default async function indexTask(payload: IndexTaskPayload): Promise<IndexedDocument> {
  const bytes = new Uint8Array(await fs.readFile(payload.filePath));
  switch (payload.format) {
    case "pdf":
      return indexPdf(bytes, { addSummaries: true, addDescription: true, maxPages: payload.maxPages });
    default:
      throw new Error(`Indexing ${payload.format} files is not supported yet`);
  }
}
