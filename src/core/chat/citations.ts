/**
 * Inline citations: `<doc=FILE;page=N>` with the file name and the 1-based physical page.
 * Markdown documents have no pages: they are cited by line, `<doc=FILE;line=N>`.
 */
export function citation(source: { doc_name: string; page: number | null; line?: number }): string {
  if (source.page !== null) return `<doc=${source.doc_name};page=${source.page}>`;
  return `<doc=${source.doc_name};line=${source.line ?? 1}>`;
}

export const CITATION_INSTRUCTION =
  "Cite every fact inline, right after it, as <doc=FILE_NAME;page=N> with the document's file name (doc_name) and the physical page number where you read it (for Markdown documents, which have no pages, <doc=FILE_NAME;line=N>). Cite only pages you have seen in a tool result.";
