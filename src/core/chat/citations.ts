/**
 * Inline citations: `<doc=FILE;page=N>` with the file name and the 1-based physical page,
 * wherever pages are known (PDFs, slides, DOCX and ODT files whose pages were recorded).
 * Markdown documents are cited by line, `<doc=FILE;line=N>`; every other page-less document
 * (HTML, EPUB, text, DOCX and ODT without recorded pages) by section, `<doc=FILE;section=NODE_ID>`,
 * the node id that get_node_content reads.
 */
import type { DocumentFormat } from "../../indexing/formats.ts";

export interface CitedSource {
  doc_name: string;
  page: number | null;
  line?: number;
  node_id?: string;
}

export function citation(source: CitedSource, format?: DocumentFormat): string {
  if (source.page !== null) return `<doc=${source.doc_name};page=${source.page}>`;
  if ((format === "markdown" || format === undefined) && (source.line !== undefined || source.node_id === undefined)) return `<doc=${source.doc_name};line=${source.line ?? 1}>`;
  return `<doc=${source.doc_name};section=${source.node_id ?? "0000"}>`;
}

/** The source named in words, when citations are not asked for. */
export function sourceInWords(source: CitedSource, format?: DocumentFormat): string {
  if (source.page !== null) return `${source.doc_name}, page ${source.page}`;
  if ((format === "markdown" || format === undefined) && source.line !== undefined) return `${source.doc_name}, line ${source.line}`;
  return `${source.doc_name}, section ${source.node_id ?? "?"}`;
}

export const CITATION_INSTRUCTION =
  "Cite every fact inline, right after it, as <doc=FILE_NAME;page=N> with the document's file name (doc_name) and the physical page number where you read it. Documents without pages are cited otherwise: Markdown by line, <doc=FILE_NAME;line=N>; other page-less documents (web pages, e-books, text, Word and ODT files without recorded pages) by section, <doc=FILE_NAME;section=NODE_ID> with the node_id you read. Cite only pages and sections you have seen in a tool result.";
