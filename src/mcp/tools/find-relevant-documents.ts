import { z } from "zod";
import type { DocumentRecord } from "../../store/index.ts";
import { decodeCursor, encodeCursor } from "../cursor.ts";
import { asDocumentRow, folderScopeField, documentRow } from "../doc-ref.ts";
import { defineTool } from "../tool-kit.ts";

const MAX_RESULTS = 200;

/** A found document: the listed document's fields (PageIndex's and ours), then why it was found. */
const foundDocument = documentRow.extend({
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
    docs: z.array(foundDocument).describe("Best first: each document's fields (as PageIndex's tools give them, and format, metadata), what matched, its best sections and pages"),
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
    type Why = Pick<z.infer<typeof foundDocument>, "score" | "matched" | "sections" | "pages">;
    let rows: { doc: DocumentRecord; why: Why }[];
    if (args.query) {
      const found = await context.services.finder.find(context.user, args.query, MAX_RESULTS, folderId);
      rows = found.map((f) => ({ doc: f.doc, why: { score: Math.round(f.score * 1000) / 1000, matched: f.matched, sections: f.sections, pages: f.pages } }));
    } else {
      const page = await context.services.documents.recentPage(context.user, { folderId, offset: 0, limit: MAX_RESULTS });
      rows = page.docs.map((doc) => ({ doc, why: { score: 0, matched: [], sections: [], pages: [] } }));
    }
    const shown = rows.slice(offset, offset + args.limit);
    const hasMore = offset + shown.length < rows.length;
    const docs = shown.map((r) => ({ ...asDocumentRow(r.doc), ...r.why }));
    const best = docs[0];
    const steps = best ? readBest(best) : ["Nothing matched: recent_documents lists everything, or process_document indexes a new file"];
    if (hasMore) steps.push("find_relevant_documents with cursor=next_cursor for more matches");
    return {
      result: {
        docs,
        search_mode: "keyword" as const,
        total_returned: docs.length,
        has_more: hasMore,
        ...(hasMore ? { next_cursor: encodeCursor(offset + shown.length) } : {}),
      },
      summary: docs.length ? `${docs.length} document(s) found; best: ${docs[0].name}` : "No document matched",
      next_steps: steps,
    };
  },
});

/** Where to read the best match: its best pages (PDF), its best sections (page-less documents), else its outline. */
function readBest(best: z.infer<typeof foundDocument>): string[] {
  const narrower = `search_documents {doc_id: "${best.id}", query: ...} finds passages for a narrower question`;
  if (best.pages.length) return [`get_page_content {doc_id: "${best.id}", pages: "${best.pages.slice(0, 2).join(",")}"} reads the pages that match best`, narrower];
  if (best.sections.length && best.pageNum === 0) {
    const ids = best.sections.slice(0, 2).map((s) => `"${s.node_id}"`).join(", ");
    return [`get_node_content {doc_id: "${best.id}", node_ids: [${ids}]} reads the sections that match best`, narrower];
  }
  return [`get_document_structure {doc_id: "${best.id}"} for an overview of the best match`, "search_documents with doc_id finds passages inside one"];
}
