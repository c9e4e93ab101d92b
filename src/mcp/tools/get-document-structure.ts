import { z } from "zod";
import { compactOutline, compactOutlineNode, outlineNode, structureResult } from "../../core/documents/reading-schemas.ts";
import { docRefInFolderFields, resolveDocument } from "../doc-ref.ts";
import { defineTool } from "../tool-kit.ts";
import { waitForDocument } from "../wait.ts";

/** Trees with at most this many sections are shown whole even in the compact form. */
const COMPACT_ALL_LEVELS_UP_TO = 60;

export const getDocumentStructureTool = defineTool({
  name: "get_document_structure",
  title: "Document structure (table of contents)",
  description:
    "The section tree of a completed document without text: titles, node ids and page ranges (start_index..end_index: PDFs, slides, paged Word files) or line numbers (line_num: the source line of Markdown, HTML and text; the paragraph number of Word, ODT and EPUB). " +
    "Compact by default: leaves carry no empty nodes, and a large tree (over 60 sections) shows two levels, deeper sections counted in hidden_children (pass that node_id to expand). " +
    "Use max_depth to choose the depth, node_id to expand one section, part to page through very large trees, full=true for every level with empty nodes arrays. " +
    "For a specific fact, search_documents is cheaper than reading the structure.",
  input: z.object({
    ...docRefInFolderFields,
    wait_for_completion: z.boolean().optional().describe("Wait (at most ~45 s) for indexing to end first"),
    max_depth: z.number().int().min(1).max(50).optional().describe("Levels to include (1 = top level only)"),
    node_id: z.string().regex(/^\d{4,}$/, "node ids look like 0007").optional().describe("Expand only this node's subtree"),
    part: z.number().int().min(1).optional().describe("Part of a large structure (see parts in the answer)"),
    include_summaries: z.boolean().optional().describe("Add each node's short summary (larger answer)"),
    full: z.boolean().optional().describe("Every level, every node with its nodes array (larger answer)"),
  }),
  output: structureResult.extend({
    total_parts: z.number().int().describe("= parts (PageIndex SDK name)"),
    structure: z.union([z.array(outlineNode), z.array(compactOutlineNode)]),
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
  errorHints: { NOT_FOUND: ["Check node_id against a get_document_structure answer without node_id", "recent_documents lists doc ids"] },
  async run(args, _extra, context) {
    const doc = await resolveDocument(context, args);
    if (args.wait_for_completion) await waitForDocument(context, doc.id, _extra);
    const compact = args.full !== true;
    // A big tree's overview: two levels unless asked otherwise (the full form is one argument away).
    const maxDepth = args.max_depth ?? (compact && args.node_id === undefined && (await context.services.reader.nodeCount(context.user, doc.id)) > COMPACT_ALL_LEVELS_UP_TO ? 2 : undefined);
    const result = await context.services.reader.structure(context.user, doc.id, {
      maxDepth,
      nodeId: args.node_id,
      part: args.part,
      includeSummaries: args.include_summaries,
    });
    const steps =
      result.page_count > 0
        ? [`get_page_content {doc_id: "${doc.id}", pages: "<start_index>-<end_index>"} for a section's pages`, "get_node_content with node_ids for exact section text"]
        : [`get_node_content {doc_id: "${doc.id}", node_ids: [...]} for section text`];
    if (result.part < result.parts) steps.unshift(`get_document_structure {doc_id: "${doc.id}", part: ${result.part + 1}} for the rest of the tree`);
    const structure = compact ? compactOutline(result.structure) : result.structure;
    return { result: { ...result, structure, total_parts: result.parts }, summary: `${result.node_count} sections (part ${result.part} of ${result.parts})`, next_steps: steps };
  },
});
