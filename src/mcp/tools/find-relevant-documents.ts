import { z } from "zod";
import { defineTool } from "../tool-kit.ts";

export const findRelevantDocumentsTool = defineTool({
  name: "find_relevant_documents",
  title: "Find relevant documents",
  description:
    "Which of the user's documents fit a request, by file name, description and content. Use it when you do not know the doc_id. Returns documents best first, with what matched and the best sections.",
  input: z.object({ query: z.string().min(1).max(1000).describe("What the user is looking for"), limit: z.number().int().min(1).max(50).default(10) }),
  output: z.object({
    documents: z.array(
      z.object({
        doc_id: z.string(),
        name: z.string(),
        description: z.string(),
        status: z.string(),
        page_count: z.number().int(),
        score: z.number(),
        matched: z.array(z.enum(["name", "description", "content"])),
        sections: z.array(
          z.object({ node_id: z.string(), title: z.string(), start_index: z.number().int().optional(), end_index: z.number().int().optional(), line_num: z.number().int().optional() }),
        ),
        pages: z.array(z.number().int()).describe("PDF: pages to open first for this request (up to 3)"),
      }),
    ),
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
  async run(args, _extra, context) {
    const found = await context.services.finder.find(context.user, args.query, args.limit);
    const documents = found.map((f) => ({
      doc_id: f.doc.id,
      name: f.doc.name,
      description: f.doc.description,
      status: f.doc.status,
      page_count: f.doc.pageNum,
      score: Math.round(f.score * 1000) / 1000,
      matched: f.matched,
      sections: f.sections,
      pages: f.pages,
    }));
    return {
      result: { documents },
      next_steps: documents.length
        ? [`get_document_structure {doc_id: "${documents[0].doc_id}"} to read the best match`, "search_documents with doc_id finds passages inside one"]
        : ["Nothing matched: recent_documents lists everything, or process_document indexes a new file"],
    };
  },
});
