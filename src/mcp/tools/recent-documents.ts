import { z } from "zod";
import { decodeCursor, encodeCursor } from "../cursor.ts";
import { asDocumentRow, folderScopeField, documentRow } from "../doc-ref.ts";
import { defineTool } from "../tool-kit.ts";

export const recentDocumentsTool = defineTool({
  name: "recent_documents",
  title: "Recent documents",
  description: "The user's most recently added documents, newest first, with status, page count and description; pages on with cursor.",
  input: z.object({
    limit: z.number().int().min(1).max(200).default(20).describe("How many (default 20)"),
    cursor: z.string().max(200).optional().describe("next_cursor of the previous answer"),
    folder_id: folderScopeField,
  }),
  output: z.object({
    docs: z.array(documentRow).describe("Newest first (the fields PageIndex's tools give, and format, retrieval_ready, metadata)"),
    total_shown: z.number().int(),
    has_more: z.boolean(),
    next_cursor: z.string().optional(),
    processing_count: z.number().int().describe("Documents queued or being indexed (in the folder, if given)"),
    ready_count: z.number().int(),
    failed_count: z.number().int(),
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
  errorHints: { NOT_FOUND: ["list_folders shows the folder ids"] },
  async run({ limit, cursor, folder_id }, _extra, context) {
    const offset = decodeCursor(cursor);
    const folderId = folder_id === "root" ? null : folder_id;
    const page = await context.services.documents.recentPage(context.user, { folderId, offset, limit });
    const hasMore = offset + page.docs.length < page.total;
    const docs = page.docs.map(asDocumentRow);
    const steps = docs.length
      ? ["get_document_structure with a completed document's doc_id to start reading it"]
      : ["No documents yet: process_document indexes a local PDF or Markdown file"];
    if (hasMore) steps.push("recent_documents with cursor=next_cursor for older documents");
    return {
      result: {
        docs,
        total_shown: docs.length,
        has_more: hasMore,
        ...(hasMore ? { next_cursor: encodeCursor(offset + page.docs.length) } : {}),
        processing_count: page.counts.processing,
        ready_count: page.counts.completed,
        failed_count: page.counts.failed,
      },
      summary: `${page.total} document(s): ${page.counts.completed} ready, ${page.counts.processing} processing, ${page.counts.failed} failed`,
      next_steps: steps,
    };
  },
});
