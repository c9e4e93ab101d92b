import { z } from "zod";
import { structureResult } from "../../core/documents/reading-schemas.ts";
import { docRefInFolderFields, resolveDocument } from "../doc-ref.ts";
import { defineTool } from "../tool-kit.ts";
import { waitForDocument } from "../wait.ts";

export const getDocumentStructureTool = defineTool({
  name: "get_document_structure",
  title: "Document structure (table of contents)",
  description:
    "The section tree of a completed document without text: titles, node ids and page ranges (PDF: start_index..end_index) or line numbers (Markdown). " +
    "Use max_depth for an overview, node_id to expand one section, part to page through very large trees.",
  input: z.object({
    ...docRefInFolderFields,
    wait_for_completion: z.boolean().optional().describe("Wait (at most ~45 s) for indexing to end first"),
    max_depth: z.number().int().min(1).max(50).optional().describe("Levels to include (1 = top level only)"),
    node_id: z.string().regex(/^\d{4,}$/, "node ids look like 0007").optional().describe("Expand only this node's subtree"),
    part: z.number().int().min(1).optional().describe("Part of a large structure (see parts in the answer)"),
    include_summaries: z.boolean().optional().describe("Add each node's short summary (larger answer)"),
  }),
  output: structureResult.extend({ total_parts: z.number().int().describe("= parts (PageIndex SDK name)") }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
  errorHints: { NOT_FOUND: ["Check node_id against a get_document_structure answer without node_id", "recent_documents lists doc ids"] },
  async run(args, _extra, context) {
    const doc = await resolveDocument(context, args);
    if (args.wait_for_completion) await waitForDocument(context, doc.id, _extra);
    const result = await context.services.reader.structure(context.user, doc.id, {
      maxDepth: args.max_depth,
      nodeId: args.node_id,
      part: args.part,
      includeSummaries: args.include_summaries,
    });
    const steps =
      result.format === "pdf"
        ? [`get_page_content {doc_id: "${doc.id}", pages: "<start_index>-<end_index>"} for a section's pages`, "get_node_content with node_ids for exact section text"]
        : [`get_node_content {doc_id: "${doc.id}", node_ids: [...]} for section text`];
    if (result.part < result.parts) steps.unshift(`get_document_structure {doc_id: "${doc.id}", part: ${result.part + 1}} for the rest of the tree`);
    return { result: { ...result, total_parts: result.parts }, summary: `${result.node_count} sections (part ${result.part} of ${result.parts})`, next_steps: steps };
  },
});
