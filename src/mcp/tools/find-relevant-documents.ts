import { z } from "zod";
import type { DocumentRecord } from "../../store/index.ts";
import { decodeCursor, encodeCursor } from "../cursor.ts";
import { asPageIndexDoc, folderScopeField, pageIndexDoc } from "../doc-ref.ts";
import { defineTool } from "../tool-kit.ts";

const MAX_RESULTS = 200;

const foundDocument = z.object({
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
});

export const findRelevantDocumentsTool = defineTool({
  name: "find_relevant_documents",
  title: "Find relevant documents",
  description:
    "Which of the user's documents fit a request, by file name, description and content. Use it when you do not know the doc_id. Returns documents best first, with what matched and the best sections. Without query: the newest documents.",
  input: z.object({
    query: z.string().min(1).max(1000).optional().describe("What the user is looking for; omitted = newest documents"),
    limit: z.number().int().min(1).max(50).default(10),
    cursor: z.string().max(200).optional().describe("next_cursor of the previous answer"),
    folder_id: folderScopeField,
  }),
  output: z.object({
    documents: z.array(foundDocument),
    docs: z.array(pageIndexDoc).describe("The same documents as PageIndex's tools list them"),
    search_mode: z.enum(["keyword", "smart"]).describe("keyword: names, descriptions and text matched word by word (no model is used)"),
    total_returned: z.number().int(),
    has_more: z.boolean(),
    next_cursor: z.string().optional(),
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
  errorHints: { NOT_FOUND: ["list_folders shows the folder ids"] },
  async run(args, _extra, context) {
    const offset = decodeCursor(args.cursor);
    const folderId = args.folder_id === "root" ? null : args.folder_id;
    if (folderId) await context.services.folders.get(context.user, folderId);
    let rows: { doc: DocumentRecord; row: z.infer<typeof foundDocument> }[];
    if (args.query) {
      const found = await context.services.finder.find(context.user, args.query, MAX_RESULTS, folderId);
      rows = found.map((f) => ({
        doc: f.doc,
        row: {
          doc_id: f.doc.id,
          name: f.doc.name,
          description: f.doc.description,
          status: f.doc.status,
          page_count: f.doc.pageNum,
          score: Math.round(f.score * 1000) / 1000,
          matched: f.matched,
          sections: f.sections,
          pages: f.pages,
        },
      }));
    } else {
      const page = await context.services.documents.recentPage(context.user, { folderId, offset: 0, limit: MAX_RESULTS });
      rows = page.docs.map((doc) => ({
        doc,
        row: { doc_id: doc.id, name: doc.name, description: doc.description, status: doc.status, page_count: doc.pageNum, score: 0, matched: [], sections: [], pages: [] },
      }));
    }
    const shown = rows.slice(offset, offset + args.limit);
    const hasMore = offset + shown.length < rows.length;
    const documents = shown.map((r) => r.row);
    const best = documents[0];
    const steps = best
      ? best.pages.length
        ? [`get_page_content {doc_id: "${best.doc_id}", pages: "${best.pages.slice(0, 2).join(",")}"} reads the pages that match best`, `search_documents {doc_id: "${best.doc_id}", query: ...} finds passages for a narrower question`]
        : [`get_document_structure {doc_id: "${best.doc_id}"} for an overview of the best match`, "search_documents with doc_id finds passages inside one"]
      : ["Nothing matched: recent_documents lists everything, or process_document indexes a new file"];
    if (hasMore) steps.push("find_relevant_documents with cursor=next_cursor for more matches");
    return {
      result: {
        documents,
        docs: shown.map((r) => asPageIndexDoc(r.doc)),
        search_mode: "keyword" as const,
        total_returned: documents.length,
        has_more: hasMore,
        ...(hasMore ? { next_cursor: encodeCursor(offset + shown.length) } : {}),
      },
      summary: documents.length ? `${documents.length} document(s) found; best: ${documents[0].name}` : "No document matched",
      next_steps: steps,
    };
  },
});
