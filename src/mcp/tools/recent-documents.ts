import { z } from "zod";
import { documentSummary, summarise } from "../doc-ref.ts";
import { defineTool } from "../tool-kit.ts";

export const recentDocumentsTool = defineTool({
  name: "recent_documents",
  title: "Recent documents",
  description: "The user's most recently added documents, newest first, with status, page count and description.",
  input: z.object({ limit: z.number().int().min(1).max(200).default(20).describe("How many (default 20)") }),
  output: z.object({ documents: z.array(documentSummary), count: z.number().int() }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
  async run({ limit }, _extra, context) {
    const docs = (await context.services.documents.recent(context.user, limit)).map(summarise);
    return {
      result: { documents: docs, count: docs.length },
      next_steps: docs.length
        ? ["get_document_structure with a completed document's doc_id to start reading it"]
        : ["No documents yet: process_document indexes a local PDF or Markdown file"],
    };
  },
});
