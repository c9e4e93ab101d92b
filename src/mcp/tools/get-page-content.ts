import { z } from "zod";
import { pagesResult } from "../../core/documents/reading-schemas.ts";
import { docRefFields, resolveDocument } from "../doc-ref.ts";
import { defineTool } from "../tool-kit.ts";

export const getPageContentTool = defineTool({
  name: "get_page_content",
  title: "Page text",
  description:
    'Text of chosen pages of a completed PDF, with the sections on each page. pages: "5", "3,7", "5-10" or "1-3,7,9-12" (1-based physical pages). ' +
    "Answers are capped in size; a capped answer names the pages to ask for next. Ask for tight ranges taken from get_document_structure.",
  input: z.object({ ...docRefFields, pages: z.string().min(1).max(500).describe('Pages like "5", "3,7", "5-10", "1-3,7,9-12"') }),
  output: pagesResult,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
  errorHints: { INVALID_INPUT: ['Use pages like "5", "3,7", "5-10" within the page_count from get_document', "Markdown documents have no pages: use get_node_content"] },
  async run(args, _extra, context) {
    const doc = await resolveDocument(context, args);
    const result = await context.services.reader.pages(context.user, doc.id, args.pages);
    const steps = ["Answer from this text and cite the page numbers"];
    if (result.next_pages) steps.unshift(`get_page_content {doc_id: "${doc.id}", pages: "${result.next_pages}"} for the pages left out`);
    return { result, next_steps: steps };
  },
});
