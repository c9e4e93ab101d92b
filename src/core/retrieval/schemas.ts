/** The retrieval concept, once: request, task resource, search options. */
import { z } from "zod";

export const retrievalBody = z.object({
  doc_id: z.string().trim().min(1, "doc_id must not be empty").max(200),
  query: z.string().trim().min(1, "query must not be empty").max(4000, "query must be at most 4000 characters"),
  thinking: z.boolean().nullish().transform((v) => v ?? false),
  teamspace_id: z.string().max(200).nullish(),
});
export type RetrievalBody = z.output<typeof retrievalBody>;

export const retrievalIdParams = z.object({ retrieval_id: z.string().min(1).max(200) });

export const relevantContent = z.object({
  relevant_content: z.string(),
  page_index: z.number().int().nullable().describe("1-based physical page (null for Markdown)"),
  physical_index: z.number().int().nullable().describe("same value as page_index (both names are in use)"),
  line_num: z.number().int().optional().describe("Markdown: 1-based line where the passage starts"),
});

export const retrievedNode = z.object({
  title: z.string(),
  node_id: z.string(),
  reason: z.string().optional().describe("Why the model chose the node (reasoning search only)"),
  relevant_contents: z.array(relevantContent),
});

/** A page to open, best first: the ranking that `retrieved_nodes` follow, as pages. */
export const rankedPage = z.object({
  page: z.number().int().describe("1-based physical page"),
  score: z.number().describe("Fused rank score (higher is better); 0 for pages added only to fill the list"),
  snippet: z.string().describe("The best matching passage on the page (up to 200 characters)"),
});

export const retrievalCreated = z.object({ retrieval_id: z.string() });

export const retrievalTask = z.object({
  retrieval_id: z.string(),
  status: z.enum(["processing", "completed", "failed"]),
  doc_id: z.string().optional(),
  query: z.string().optional(),
  thinking: z.boolean().optional(),
  retrieval_method: z.enum(["lexical", "reasoning"]).optional().describe("lexical when no model is configured"),
  note: z.string().optional(),
  retrieved_nodes: z.array(retrievedNode).optional(),
  pages: z.array(rankedPage).optional().describe("PDF: the pages to open first, best first (at most 10); retrieved_nodes list their passages in this order"),
  error: z.string().optional(),
});
export type RetrievalTaskResponse = z.infer<typeof retrievalTask>;
