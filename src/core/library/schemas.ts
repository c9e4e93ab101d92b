/** The library search concept, once: the REST query (`GET /search`) and the answer shared by REST and MCP. */
import { z } from "zod";
import { metadataFilterParam } from "../listing/query-language.ts";
import type { LibraryResult } from "./search.ts";
import type { DocNode } from "../retrieval/search-service.ts";
import { rankedPage } from "../retrieval/schemas.ts";
import { optionalText } from "../schemas/common.ts";

export const librarySearchQuery = z.object({
  query: z.string().trim().min(1, "query must not be empty").max(1000, "query must be at most 1000 characters"),
  folder_id: optionalText(z.string().max(200)).describe("Only this folder and its subfolders; omitted = the whole library"),
  metadata_filter: optionalText(metadataFilterParam).describe('Only documents whose metadata match (the GET /docs language), e.g. {"year":{"$gte":2020}}'),
  limit: optionalText(z.coerce.number().int().min(1).max(50)).describe("Sections to return, 1..50; default 5"),
  teamspace_id: optionalText(z.string().max(200)),
});
export type LibrarySearchQuery = z.output<typeof librarySearchQuery>;

export const searchedCount = z.object({
  documents: z.number().int().describe("Documents searched: every completed document in scope that the library index holds"),
  of: z.number().int().describe("Documents in scope, whatever their status (those still indexing or failed are not searched)"),
});

export const librarySection = z.object({
  doc_id: z.string(),
  doc_name: z.string(),
  node_id: z.string(),
  title: z.string(),
  path: z.array(z.string()).describe("Ancestor titles, outermost first"),
  start_index: z.number().int().optional(),
  end_index: z.number().int().optional(),
  line_num: z.number().int().optional(),
  score: z.number(),
  passages: z.array(z.object({ text: z.string(), page: z.number().int().nullable().describe("1-based page (PDF)"), line: z.number().int().optional().describe("Line (Markdown)") })),
});

export const librarySearchResponse = z.object({
  query: z.string(),
  searched: searchedCount,
  documents: z.array(z.object({ doc_id: z.string(), doc_name: z.string(), score: z.number() })).describe("Documents that match, best first"),
  pages: z.array(rankedPage.extend({ doc_id: z.string(), doc_name: z.string() })).describe("PDF pages to open first, across documents, best first"),
  sections: z.array(librarySection).describe("Best sections across documents (Markdown documents are found here)"),
});
export type LibrarySearchResponse = z.infer<typeof librarySearchResponse>;

/** A ranked section as answers show it (REST and MCP): passages only when asked for. */
export function sectionOf(node: DocNode, withPassages: boolean): Omit<z.infer<typeof librarySection>, "passages"> & { passages?: z.infer<typeof librarySection>["passages"] } {
  return {
    doc_id: node.doc_id,
    doc_name: node.doc_name,
    node_id: node.node_id,
    title: node.title,
    path: node.path,
    ...(node.start_index !== undefined ? { start_index: node.start_index, end_index: node.end_index } : {}),
    ...(node.line_num !== undefined ? { line_num: node.line_num } : {}),
    score: Math.round(node.score * 1000) / 1000,
    ...(withPassages ? { passages: node.passages.map((p) => ({ text: p.text, page: p.page, ...(p.line !== undefined ? { line: p.line } : {}) })) } : {}),
  };
}

/** The REST answer (`GET /search`) of a library search. */
export function librarySearchAnswer(query: string, result: LibraryResult): LibrarySearchResponse {
  return {
    query,
    searched: result.searched,
    documents: result.documents.map(({ doc_id, doc_name, score }) => ({ doc_id, doc_name, score })),
    pages: result.pages,
    sections: result.nodes.map((n) => {
      const section = sectionOf(n, true);
      return { ...section, passages: section.passages ?? [] };
    }),
  };
}
