import { z } from "zod";
import { InvalidInputError } from "../../core/errors.ts";
import { librarySection, searchedCount, sectionOf } from "../../core/library/schemas.ts";
import { filterProblem } from "../../core/listing/query-language.ts";
import { rankedPage } from "../../core/retrieval/schemas.ts";
import { docRefFields, resolveDocument } from "../doc-ref.ts";
import { defineTool } from "../tool-kit.ts";


/** Sections in an answer by default, and with full=true. */
const COMPACT_SECTIONS = 5;
const FULL_SECTIONS = 8;

export const searchDocumentsTool = defineTool({
  name: "search_documents",
  title: "Search documents",
  description:
    "Keyword search in one document (doc_id/doc_name), a folder with its subfolders (folder_id), documents whose metadata match (metadata_filter), or, without any of them, the whole library: every completed document is searched in one ranking (a library index picks the documents and pages, each document's own ranker orders them). " +
    "Returns `pages`: the pages to open first (best first, each with the passage that matched), and the ranked sections they belong to (title, path, page range). " +
    "Read one or two of the pages with get_page_content instead of walking the tree. Sections carry their matching passages only with full=true (a larger answer).",
  input: z.object({
    query: z.string().min(1).max(1000),
    ...docRefFields,
    folder_id: z.string().min(1).max(200).optional().describe("Search this folder and its subfolders"),
    metadata_filter: z.record(z.string(), z.unknown()).optional().describe('Only documents whose metadata match (the list_documents / GET /docs filter language), e.g. {"year": {"$gte": 2020}}'),
    limit: z.number().int().min(1).max(50).optional().describe("Sections to return (default 5; 8 with full)"),
    full: z.boolean().optional().describe("Each section with its matching passages (about five times larger)"),
  }),
  output: z.object({
    query: z.string(),
    searched: searchedCount,
    documents: z.array(z.object({ doc_id: z.string(), doc_name: z.string(), score: z.number() })),
    sections: z.array(
      librarySection
        .partial({ doc_id: true, doc_name: true, passages: true })
        .extend({ doc_id: z.string().optional().describe("Absent in a compact answer from one document (see documents)"), passages: librarySection.shape.passages.optional().describe("With full=true") }),
    ),
    pages: z.array(rankedPage.extend({ doc_id: z.string().optional(), doc_name: z.string().optional() })).describe("PDF pages to open first, best first (each matching document's best pages, documents best first)"),
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
  async run(args, _extra, context) {
    const docIds = args.doc_id || args.doc_name ? [(await resolveDocument(context, args)).id] : undefined;
    const full = args.full === true;
    const limit = args.limit ?? (full ? FULL_SECTIONS : COMPACT_SECTIONS);
    const metadataFilter = args.metadata_filter === undefined ? undefined : checkedFilter(args.metadata_filter);
    const result = await context.services.search.search(context.user, { docIds, folderId: args.folder_id, metadataFilter }, args.query, { limit });
    const sections = result.nodes.map((n) => sectionOf(n, full));
    // The compact answer leaves passages to `pages` (each page's best passage) and, when every
    // hit is in one document, names that document once (in `documents`), not on every row:
    // sections then cost a line each and the answer stays within a few thousand characters.
    const oneDoc = !full && new Set([...sections.map((x) => x.doc_id), ...result.pages.map((p) => p.doc_id)]).size <= 1;
    const strip = <T extends { doc_id?: string; doc_name?: string }>({ doc_id: _id, doc_name: _name, ...rest }: T) => rest;
    const shownSections = oneDoc ? sections.map(strip) : sections;
    const shownPages = oneDoc ? result.pages.map(strip) : result.pages;
    return {
      result: { query: args.query, searched: result.searched, documents: result.documents.map((d) => ({ doc_id: d.doc_id, doc_name: d.doc_name, score: Math.round(d.score * 1000) / 1000 })), sections: shownSections, pages: shownPages },
      next_steps: readBest(result.documents[0]?.doc_id, result.pages, sections),
    };
  },
});

/**
 * Where to read first: the best document's best pages when it has pages (PDF), else its best
 * sections by node id (Markdown and other page-less documents), whichever format wins.
 */
function readBest(bestDoc: string | undefined, pages: { doc_id?: string; page: number }[], sections: ReturnType<typeof sectionOf>[]): string[] {
  if (!bestDoc) return ["No match: try other words (synonyms, terms the document would use), or get_document_structure to browse"];
  const itsPages = pages.filter((p) => p.doc_id === bestDoc).slice(0, 2);
  const itsSections = sections.filter((s) => s.doc_id === bestDoc);
  const read = itsPages.length
    ? `get_page_content {doc_id: "${bestDoc}", pages: "${itsPages.map((p) => p.page).join(",")}"} reads the best pages`
    : itsSections.length && itsSections[0].start_index !== undefined
      ? `get_page_content {doc_id: "${bestDoc}", pages: "${itsSections[0].start_index}-${itsSections[0].end_index}"} reads the best section`
      : itsSections.length
        ? `get_node_content {doc_id: "${bestDoc}", node_ids: [${itsSections.slice(0, 2).map((s) => `"${s.node_id}"`).join(", ")}]} reads the best sections`
        : `get_document_structure {doc_id: "${bestDoc}"} to browse the best document`;
  return [read, "Cite the pages (or sections) of the passages you use"];
}

/** The filter, checked as GET /docs checks it (only the operators the contract allows). */
function checkedFilter(filter: Record<string, unknown>): Record<string, unknown> {
  const problem = filterProblem(filter);
  if (problem) throw new InvalidInputError(problem, ["metadata_filter"]);
  return filter;
}
