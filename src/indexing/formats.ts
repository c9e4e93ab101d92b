/**
 * The formats a document can be indexed from, once. Everything that branches on a
 * document's format (which indexer runs, how its original is stored, whether it has pages)
 * asks here.
 */
export const DOCUMENT_FORMATS = ["pdf", "markdown", "html", "docx", "odt", "epub", "pptx", "txt"] as const;
export type DocumentFormat = (typeof DOCUMENT_FORMATS)[number];

/** The formats read through the structured-text path (src/indexing/structured). */
export type StructuredFormat = Exclude<DocumentFormat, "pdf" | "markdown">;

/** What a person calls each format, for messages. */
export const FORMAT_LABELS: Record<DocumentFormat, string> = {
  pdf: "PDF",
  markdown: "Markdown",
  html: "HTML web page",
  docx: "Word document (DOCX)",
  odt: "OpenDocument text (ODT)",
  epub: "EPUB e-book",
  pptx: "PowerPoint deck (PPTX)",
  txt: "plain text",
};

/** The extension the original file is stored under, for humans browsing the store. */
export const ORIGINAL_EXTENSIONS: Record<DocumentFormat, string> = {
  pdf: "pdf",
  markdown: "md",
  html: "html",
  docx: "docx",
  odt: "odt",
  epub: "epub",
  pptx: "pptx",
  txt: "txt",
};

/** One line naming every accepted format, for error messages and help. */
export const ACCEPTED_FORMATS =
  "PDF, Markdown (.md/.markdown), Word (.docx), OpenDocument text (.odt), PowerPoint (.pptx), EPUB, HTML and plain text (.txt); and ZIP archives of them";

/** File names a ZIP import reads (their content then decides; anything else is skipped unread). */
export const IMPORTABLE_NAME = /\.(pdf|md|markdown|html?|xhtml|docx|docm|odt|epub|pptx|pptm|txt|text)$/i;
