/**
 * The structured-text path's common shape: a document as a flat run of headings and text
 * blocks in reading order. Every markup format (HTML, DOCX, ODT, EPUB) reaches it through
 * hast (hast-blocks.ts); slides and plain text produce it directly. tree.ts makes the tree.
 */
import type { TocSource } from "../tree-types.ts";

export interface HeadingBlock {
  kind: "heading";
  /** 1-based level as the document states it (skipped levels kept; Word goes to 9). */
  level: number;
  title: string;
  /** 1-based source line (HTML, TXT) or paragraph number (DOCX, ODT, EPUB). */
  line?: number;
  /** 1-based page or slide, where the format knows it. */
  page?: number;
  /** A title the document does not write (a slide's first words, a text's page group): it opens no line of the node's text. */
  synthetic?: boolean;
}

export interface TextBlock {
  kind: "text";
  /** The block as Markdown (tables as Markdown tables, lists as lists). */
  markdown: string;
  /** The same without markup, for summaries and descriptions. */
  plain: string;
  line?: number;
  page?: number;
}

export type Block = HeadingBlock | TextBlock;

export interface StructuredDocument {
  /** The document's own title (`<title>`, core properties, the e-book's title); titles content before the first heading. */
  title?: string;
  blocks: Block[];
  /** Pages (slides, rendered DOCX pages) when the format has them; 0 otherwise. */
  pageCount: number;
  /** Where the headings came from (the document's toc_source). */
  source: TocSource;
  warnings?: string[];
  /** Pages (slides, recorded DOCX pages) whose text was read from their pictures by OCR. */
  ocrPages?: number[];
}
