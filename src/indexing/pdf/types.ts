/**
 * Compact per-page data kept for the whole document while indexing. pdfjs page objects and
 * text items are dropped as soon as a page is turned into these lines, so memory grows with
 * the amount of text, not with pdfjs' internal structures.
 */

/** One visual line in reading order. Coordinates are PDF user space (y grows upwards). */
export interface Line {
  text: string;
  /** Left edge. */
  x: number;
  /** Baseline. */
  y: number;
  /** Right edge minus left edge. */
  w: number;
  /** Dominant font size by character count (from the text matrix, so scaling is included). */
  size: number;
  /** Dominant font id. pdfjs ids are per document, so equal ids mean the same font resource;
   * pdfjs does not expose font names from text extraction, so "bold" is inferred from a font
   * that differs from the body font. */
  font: string;
  /** True when the whole line is in one font (a heading usually is; body text with inline
   * emphasis is not). */
  oneFont: boolean;
  /**
   * A line in several fonts: the fonts other than `font` that carry letters. A
   * heading whose number, command name or logo is set in another face than its words uses
   * no body font at all; a sentence with emphasis does.
   */
  otherFonts?: string[];
  /** The font's generic family as pdfjs reports it ("monospace" marks code). */
  mono: boolean;
  /** Pieces separated by wide gaps (table cells, leader-less contents lines); absent = 1. */
  cells?: number;
  /**
   * The line's opening run when it is set in another font than the rest of the line: a
   * run-in heading ("Product Liability Litigation. The Company is ...") or a heading on the
   * same baseline as text after it. Absent when the line starts in its own main font.
   */
  lead?: {
    text: string;
    font: string;
    size: number;
    /** Space between the lead's last glyph and the next word, in points (absent when none or overlapping). */
    gap?: number;
  };
  /**
   * Set in small capitals made of two sizes (each word's first capital at the line's `size`,
   * the rest as smaller capitals), as Times-based LaTeX templates and word processors set
   * section headings: a heading style of its own even in the body font.
   */
  smallCaps?: boolean;
  /**
   * Recognised lines only: the type's stem width divided by the line's height. OCR sees no
   * fonts; this tells bold lines from regular ones (ocr/calibrate.ts sets their font).
   */
  stroke?: number;
  /**
   * Set by the layout pass (centred-lines.ts) on body-sized lines centred in the text block,
   * inset from both its edges. "plain": in the text's own face or in code, where centring is
   * all that sets a heading apart (a style of its own); "face": in another face, which is a
   * heading style already.
   */
  centred?: "plain" | "face";
  /**
   * Set by the layout pass (layout/layout-stats.ts) on lines in the text's own font and size that
   * are a section number or letter and a title in capitals ("1. INTRODUCTION"): a journal's
   * section heads set in the text's type, where the capitals are the style.
   */
  numberedCapitals?: boolean;
}

export interface PageText {
  lines: Line[];
  width: number;
  height: number;
}

/** A place in the document: a line of a page (0-based both). */
export interface Pos {
  page: number;
  line: number;
}

/** A section start found by one of the tree sources, before assembly. */
export interface Heading {
  title: string;
  /** 1 = top level. */
  level: number;
  /** 0-based physical page. */
  page: number;
  /** 0-based line on that page where the heading starts; undefined = not located yet. */
  line?: number;
  /** Baseline hint from an outline destination (PDF user space), used to locate the line. */
  yHint?: number;
}
