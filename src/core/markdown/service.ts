/**
 * `POST /markdown`: Markdown in, tree out, synchronously and without storing anything. The
 * parse runs in the worker pool so a large file does not stall other requests.
 */
import type { IndexTaskPayload } from "../../indexing/index-task.ts";
// decode.ts alone: the indexer itself (remark, the tokenizer) runs in the worker threads.
import { MarkdownError, decodeMarkdown, docNameOf } from "../../indexing/markdown/decode.ts";
import type { IndexedDocument } from "../../indexing/tree-types.ts";
import type { WorkerPool } from "../../jobs/index.ts";
import { INDEX_TASK_MODULE } from "../documents/index-job.ts";
import { renderTree } from "../documents/render.ts";
import { InvalidInputError, PayloadTooLargeError } from "../errors.ts";
import type { MarkdownTreeOptions, MarkdownTreeResponse } from "./schemas.ts";

/**
 * Largest file answered synchronously. remark (micromark) parses ~0.4 MB/s on small files and
 * slows down on large ones (its event splicing grows faster than linearly, see micromark#169),
 * so 5 MB already takes tens of seconds: larger files go through `POST /doc` and are polled.
 */
export const MAX_SYNC_MARKDOWN_BYTES = 5 * 1024 * 1024;

export class MarkdownService {
  constructor(private readonly pool: WorkerPool) {}

  async toTree(fileName: string, bytes: Uint8Array, options: MarkdownTreeOptions): Promise<MarkdownTreeResponse> {
    if (bytes.length > MAX_SYNC_MARKDOWN_BYTES) {
      throw new PayloadTooLargeError(
        `Markdown files over ${MAX_SYNC_MARKDOWN_BYTES / 1024 / 1024} MB are not converted synchronously; upload them with POST /doc instead`,
      );
    }
    let source: string;
    try {
      source = decodeMarkdown(bytes, fileName);
    } catch (error) {
      if (error instanceof MarkdownError) throw new InvalidInputError(error.message, ["body", "file"]);
      throw error;
    }
    const payload: IndexTaskPayload = {
      format: "markdown",
      source,
      markdown: {
        fileName,
        thinning: options.thinning,
        thinningThreshold: options.thinningThreshold,
        summaryTokenThreshold: options.summaryTokenThreshold,
        addSummaries: options.addNodeSummary,
        addDescription: options.addDocDescription,
      },
    };
    const indexed = await this.pool.run<IndexedDocument>({ module: INDEX_TASK_MODULE, payload });
    return markdownTreeResponseOf(fileName, indexed, options);
  }
}

/** An indexed Markdown file in `POST /markdown`'s response shape (also the CLI's output). */
export function markdownTreeResponseOf(
  fileName: string,
  indexed: IndexedDocument,
  show: Pick<MarkdownTreeOptions, "addNodeText" | "addNodeSummary" | "addNodeId" | "addDocDescription">,
): MarkdownTreeResponse {
  return {
    success: true,
    doc_name: docNameOf(fileName),
    ...(show.addDocDescription ? { doc_description: indexed.description ?? "" } : {}),
    structure: renderTree(indexed.tree, { generation: "doc", includeText: show.addNodeText, includeSummary: show.addNodeSummary, includeNodeId: show.addNodeId }),
  };
}
