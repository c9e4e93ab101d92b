/**
 * The tree every indexer produces. Pure data: no I/O, no HTTP shapes.
 * The HTTP/MCP adapters render it into the contract's field sets
 * (`page_index` on /doc, `start_index`/`end_index` on /tree, `line_num` for Markdown).
 */
export interface TreeNode {
  title: string;
  /** 4-digit zero-padded, depth-first pre-order from "0000". */
  node_id: string;
  /** 1-based physical page where the node starts (PDF only). */
  start_index?: number;
  /** Last physical page of the node's whole subtree (PDF only). */
  end_index?: number;
  /** 1-based line of the heading in the source file (Markdown only). */
  line_num?: number;
  /** The node's own text: from its heading to the next heading of any level. */
  text: string;
  summary?: string;
  nodes: TreeNode[];
}

/** Where a PDF's structure came from, most trusted first. */
export type TocSource = "outline" | "printed_toc" | "layout" | "page_groups" | "markdown";

export interface IndexedDocument {
  /** Number of physical pages (0 for Markdown). */
  pageCount: number;
  tocSource: TocSource;
  tree: TreeNode[];
  /** Document description (extractive without an LLM). */
  description?: string;
  /** Non-fatal problems worth showing the user (e.g. an undecodable page image). */
  warnings?: string[];
  /** Text of each physical page (PDF only; index 0 = page 1), headers/footers stripped.
   * Stored beside the tree so page content can be read without reopening the PDF. */
  pageTexts?: string[];
}
