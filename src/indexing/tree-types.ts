/**
 * The tree every indexer produces. Pure data: no I/O, no HTTP shapes.
 * The HTTP/MCP adapters render it into the contract's field sets
 * (`page_index` on /doc, `start_index`/`end_index` on /tree, `line_num` for Markdown).
 */
export interface TreeNode {
  title: string;
  /** 4-digit zero-padded, depth-first pre-order from "0000". */
  node_id: string;
  /** 1-based physical page where the node starts (PDF; slides; DOCX pages where Word recorded them). */
  start_index?: number;
  /** Last physical page of the node's whole subtree (where start_index is). */
  end_index?: number;
  /** 1-based line of the heading in the source file (Markdown, HTML, text), or its paragraph number (DOCX, ODT, EPUB). */
  line_num?: number;
  /** The node's own text: from its heading to the next heading of any level. */
  text: string;
  summary?: string;
  nodes: TreeNode[];
}

/**
 * Where a document's structure came from. PDF, most trusted first: outline, printed_toc,
 * layout, page_groups. Markdown: markdown. The structured-text formats: html_headings (h1-h6
 * of a web page or e-book chapters), heading_styles (DOCX), outline_levels (ODT), navigation
 * (an e-book's own table of contents), slides (PPTX), text_headings and paragraph_groups
 * (plain text with and without visible headings).
 */
export type TocSource =
  | "outline"
  | "printed_toc"
  | "layout"
  | "page_groups"
  | "markdown"
  | "html_headings"
  | "heading_styles"
  | "outline_levels"
  | "navigation"
  | "slides"
  | "text_headings"
  | "paragraph_groups";

export interface IndexedDocument {
  /** Number of physical pages or slides (0 for formats without pages). */
  pageCount: number;
  tocSource: TocSource;
  tree: TreeNode[];
  /** Document description (extractive without an LLM). */
  description?: string;
  /** Non-fatal problems worth showing the user (e.g. an undecodable page image). */
  warnings?: string[];
  /** Pages (1-based; PDF pages, slides, recorded DOCX pages) whose text came from OCR. */
  ocrPages?: number[];
  /** Text of each physical page (PDF, slides, paged DOCX; index 0 = page 1), headers/footers stripped.
   * Stored beside the tree so page content can be read without reopening the PDF. */
  pageTexts?: string[];
}
