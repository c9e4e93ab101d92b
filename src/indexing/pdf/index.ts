/**
 * PDF bytes -> tree index. Pure: no I/O besides reading pdfjs' own font/cmap files; meant to
 * run inside a worker thread. See DESIGN.md, "The tree", for the rules the tree follows.
 */
import type { IndexedDocument } from "../tree-types.ts";
import { openPdf } from "./document.ts";
import { PdfError, checkPdfBytes } from "./errors.ts";
import { checkInflatedSizes } from "./stream-budget.ts";
import { extractPages, readPageLabels } from "./extract.ts";
import { MIN_SPLIT_PAGES, SplitExtraction, type RequestHelper } from "./page-split.ts";
import { stripHeadersFooters } from "./headers-footers.ts";
import { stripLineNumbers } from "./line-numbers.ts";
import { joinLetterSpacing } from "./letter-spacing.ts";
import { outlineHeadings } from "./outline.ts";
import { buildTree } from "./structure.ts";
import { shorten } from "./page-groups.ts";
import { headingLines, nodeMarkdown, pageMarkdown } from "./page-markdown.ts";
import type { Line, PageText } from "./types.ts";

export { PdfError } from "./errors.ts";
export type { PdfErrorCode } from "./errors.ts";

export interface PdfIndexOptions {
  /** Add an extractive summary to every node. */
  addSummaries?: boolean;
  /** Add a document description. */
  addDescription?: boolean;
  /** Called after each page is read, and once more at the end. */
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
  /** Reject documents with more pages (PdfError "too_many_pages"). */
  maxPages?: number;
  /** Reject documents with a compressed stream that inflates to more bytes (PdfError "too_large"); see stream-budget.ts. */
  maxStreamBytes?: number;
  /** Evaluation only: pretend the PDF has no outline, to measure the other tree sources. */
  ignoreOutline?: boolean;
  /** Evaluation only: skip printed contents pages too, to measure layout headings. */
  ignorePrintedToc?: boolean;
  /**
   * Look for pages that need OCR (unusable text layer, painted images). When some are found
   * that `ocrLines` does not cover, indexing stops early and returns them as `needsOcr`:
   * the caller OCRs them (spread over the worker pool) and calls again with `ocrLines`.
   */
  detectScans?: boolean;
  /** Recognised lines of OCR'd pages (1-based page -> lines); they replace the text layer. */
  ocrLines?: Record<number, Line[]>;
  /** Add each page's Markdown (`pageMarkdown`), the source of `type=ocr` results. */
  addPageMarkdown?: boolean;
  /** Ask for a second thread to read pages of a long PDF (see page-split.ts); without it, one thread reads all. */
  requestHelper?: RequestHelper;
  /** The caller gives `data` up: pdfjs takes its buffer instead of a copy (see OpenOptions.transfer). */
  transferBytes?: boolean;
}

export interface PdfIndexResult extends IndexedDocument {
  /** Pages (1-based) that need OCR before the tree can be built; the tree is empty then. */
  needsOcr?: number[];
  /** Pages (1-based) whose lines came from OCR. */
  ocrPages?: number[];
  /** Markdown per page, index 0 = page 1. */
  pageMarkdown?: string[];
  /** Markdown of each node's own text, by node id. */
  nodeMarkdown?: Record<string, string>;
}

export async function indexPdf(data: Uint8Array, options: PdfIndexOptions = {}): Promise<PdfIndexResult> {
  checkPdfBytes(data);
  if (options.maxStreamBytes !== undefined) await checkInflatedSizes(data, options.maxStreamBytes);
  const { signal } = options;
  const { doc, close } = await openPdf(data, signal, { transfer: options.transferBytes });
  let pages: PageText[];
  let labels: string[] | null;
  let outline: Awaited<ReturnType<typeof outlineHeadings>>;
  let metaTitle: string | undefined;
  let split: SplitExtraction | undefined;
  const pageCount = doc.numPages;
  try {
    if (pageCount === 0) throw new PdfError("corrupt", "PDF is corrupt or unreadable: it has no pages");
    if (options.maxPages !== undefined && pageCount > options.maxPages) {
      throw new PdfError("too_many_pages", `PDF has ${pageCount} pages; the limit is ${options.maxPages}`);
    }
    // Asked for first, so the helper loads the file while this thread reads the outline.
    split = options.requestHelper && pageCount >= MIN_SPLIT_PAGES ? new SplitExtraction(doc, options.requestHelper) : undefined;
    labels = await readPageLabels(doc);
    outline = options.ignoreOutline ? [] : await outlineHeadings(doc);
    metaTitle = await readTitle(doc);
    const extract = { signal, onPage: options.onProgress };
    pages = split ? await split.extract(extract) : await extractPages(doc, extract);
    if (options.detectScans) {
      const { pagesNeedingOcr } = await import("../ocr/detect.ts");
      const missing = (await pagesNeedingOcr(doc, pages, signal)).filter((p) => !options.ocrLines?.[p]);
      if (missing.length) return { pageCount, tocSource: "page_groups", tree: [], needsOcr: missing };
    }
  } finally {
    split?.close();
    // pdfjs' caches are the largest thing in memory; release them before building the tree.
    await close().catch(() => {});
  }

  signal?.throwIfAborted();
  const ocrPages: number[] = [];
  const { calibrateOcrSizes } = await import("../ocr/calibrate.ts");
  for (const [page, lines] of Object.entries(calibrateOcrSizes(options.ocrLines ?? {}, pages))) {
    const p = Number(page);
    if (pages[p - 1]) {
      pages[p - 1] = { ...pages[p - 1], lines };
      ocrPages.push(p);
    }
  }
  const warnings: string[] = [];
  const { folios } = stripHeadersFooters(pages);
  stripLineNumbers(pages);
  joinLetterSpacing(pages);
  if (pages.every((p) => p.lines.length === 0)) warnings.push("The PDF has no text layer (scanned images?); OCR is needed for its text");

  // The tokenizer's tables are large; loading them only after pdfjs has been released keeps
  // the two out of memory at the same time.
  const { countTokens } = await import("../tokens.ts");
  const { tree, tocSource, warnings: treeWarnings } = buildTree({
    countTokens,
    pages,
    outline,
    labels,
    folios,
    leadTitle: leadTitle(pages, metaTitle),
    ignorePrintedToc: options.ignorePrintedToc,
  });
  warnings.push(...treeWarnings);

  signal?.throwIfAborted();
  let description: string | undefined;
  if (options.addSummaries || options.addDescription) {
    const { summariseTree, describeDocument } = await import("../summary/index.ts");
    if (options.addSummaries) summariseTree(tree);
    if (options.addDescription) description = describeDocument(tree);
  }
  options.onProgress?.(pageCount, pageCount);
  const result: PdfIndexResult = { pageCount, tocSource, tree };
  if (ocrPages.length) result.ocrPages = ocrPages.sort((a, b) => a - b);
  if (options.addPageMarkdown) {
    const headings = headingLines(tree, pages);
    result.pageMarkdown = pages.map((p, i) => pageMarkdown(p.lines, headings.get(i)));
    result.nodeMarkdown = nodeMarkdown(tree, pages);
  }
  if (description !== undefined) result.description = description;
  if (warnings.length) result.warnings = warnings;
  result.pageTexts = pages.map((p) => p.lines.map((l) => l.text).join("\n"));
  return result;
}

/** Number of pages, without reading any page (for upload-time limits). */
export async function countPdfPages(data: Uint8Array, signal?: AbortSignal): Promise<number> {
  checkPdfBytes(data);
  const { doc, close } = await openPdf(data, signal);
  try {
    return doc.numPages;
  } finally {
    await close().catch(() => {});
  }
}

export async function readTitle(doc: Awaited<ReturnType<typeof openPdf>>["doc"]): Promise<string | undefined> {
  try {
    const meta = await doc.getMetadata();
    const t = String((meta.info as { Title?: unknown })?.Title ?? "").replace(/\s+/g, " ").trim();
    // Authoring tools leave file names and placeholders in Title; those are not titles.
    if (!t || /^(untitled|microsoft word|document\d*$)|\.(docx?|pdf|indd|tex|dvi)$/i.test(t)) return undefined;
    return t;
  } catch {
    return undefined;
  }
}

/** Title for text before the first section: the document title, else the most prominent
 * line of the first page with text. */
export function leadTitle(pages: PageText[], metaTitle?: string): string {
  if (metaTitle) return shorten(metaTitle);
  for (const p of pages) {
    if (!p.lines.length) continue;
    let best = p.lines[0];
    for (const l of p.lines.slice(0, 30)) if (l.size > best.size + 0.5 && /\p{L}{2}/u.test(l.text)) best = l;
    const t = best.text.trim();
    if (/\p{L}{2}/u.test(t)) return shorten(t);
    break;
  }
  return "Front matter";
}
