/** The library search concept, once: the REST query (`GET /search`) and the answer shared by REST and MCP. */
import { z } from "zod";
import { metadataFilterParam } from "../listing/query-language.ts";
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
  passages: z.array(z.object({ text: z.string(), page: z.number().int().nullable(), line: z.number().int().optional() })),
});

export const librarySearchResponse = z.object({
  query: z.string(),
  searched: searchedCount,
  documents: z.array(z.object({ doc_id: z.string(), doc_name: z.string(), score: z.number() })).describe("Documents that match, best first"),
  pages: z.array(rankedPage.extend({ doc_id: z.string(), doc_name: z.string() })).describe("PDF pages to open first, across documents, best first"),
  sections: z.array(librarySection).describe("Best sections across documents (Markdown documents are found here)"),
});
export type LibrarySearchResponse = z.infer<typeof librarySearchResponse>;
