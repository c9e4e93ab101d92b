import { z } from "zod";
import { rankedPage } from "../../core/retrieval/schemas.ts";
import { docRefFields, resolveDocument } from "../doc-ref.ts";
import { defineTool } from "../tool-kit.ts";

const passage = z.object({ text: z.string(), page: z.number().int().nullable().describe("1-based page (PDF)"), line: z.number().int().optional().describe("Line (Markdown)") });

export const searchDocumentsTool = defineTool({
  name: "search_documents",
  title: "Search documents",
  description:
    "Keyword search (BM25 over section titles, summaries and text, scores propagated through the tree) in one document (doc_id/doc_name), a folder with its subfolders (folder_id), or all completed documents. " +
    "Returns ranked sections with matching passages and their pages, and `pages`: the pages to open first (best first, with a snippet): read one or two of them with get_page_content instead of walking the tree.",
  input: z.object({
    query: z.string().min(1).max(1000),
    ...docRefFields,
    folder_id: z.string().min(1).max(200).optional().describe("Search this folder and its subfolders"),
    limit: z.number().int().min(1).max(50).default(8).describe("Sections to return (default 8)"),
  }),
  output: z.object({
    query: z.string(),
    documents: z.array(z.object({ doc_id: z.string(), doc_name: z.string(), score: z.number() })),
    sections: z.array(
      z.object({
        doc_id: z.string(),
        doc_name: z.string(),
        node_id: z.string(),
        title: z.string(),
        path: z.array(z.string()).describe("Ancestor titles, outermost first"),
        start_index: z.number().int().optional(),
        end_index: z.number().int().optional(),
        line_num: z.number().int().optional(),
        score: z.number(),
        passages: z.array(passage),
      }),
    ),
    pages: z.array(rankedPage.extend({ doc_id: z.string(), doc_name: z.string() })).describe("PDF pages to open first, best first (each matching document's best pages, documents best first)"),
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
  async run(args, _extra, context) {
    const docIds = args.doc_id || args.doc_name ? [(await resolveDocument(context, args)).id] : undefined;
    const result = await context.services.search.search(context.user, { docIds, folderId: args.folder_id }, args.query, { limit: args.limit });
    const sections = result.nodes.map((n) => ({
      doc_id: n.doc_id,
      doc_name: n.doc_name,
      node_id: n.node_id,
      title: n.title,
      path: n.path,
      ...(n.start_index !== undefined ? { start_index: n.start_index, end_index: n.end_index } : {}),
      ...(n.line_num !== undefined ? { line_num: n.line_num } : {}),
      score: Math.round(n.score * 1000) / 1000,
      passages: n.passages.map((p) => ({ text: p.text, page: p.page, ...(p.line !== undefined ? { line: p.line } : {}) })),
    }));
    const best = sections[0];
    const topPage = result.pages[0];
    return {
      result: { query: args.query, documents: result.documents.map((d) => ({ ...d, score: Math.round(d.score * 1000) / 1000 })), sections, pages: result.pages },
      next_steps: best
        ? [
            topPage
              ? `get_page_content {doc_id: "${topPage.doc_id}", pages: "${result.pages.filter((p) => p.doc_id === topPage.doc_id).slice(0, 2).map((p) => p.page).join(",")}"} reads the best pages`
              : best.start_index !== undefined
              ? `get_page_content {doc_id: "${best.doc_id}", pages: "${best.start_index}-${best.end_index}"} to read the best section`
              : `get_node_content {doc_id: "${best.doc_id}", node_ids: ["${best.node_id}"]} to read the best section`,
            "Cite the pages of the passages you use",
          ]
        : ["No match: try other words (synonyms, terms the document would use), or get_document_structure to browse"],
    };
  },
});
