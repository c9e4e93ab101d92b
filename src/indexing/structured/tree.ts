/**
 * Blocks -> the tree every indexer produces (DESIGN.md, "The tree"):
 *
 * - A heading nests under the nearest preceding heading of a lower level, so a skipped level
 *   nests under the nearest shallower heading (levels as written, depth as found).
 * - A node's text is its heading as a Markdown heading line, then its own blocks up to the
 *   next heading of any level, blank lines between blocks: the texts of all nodes in
 *   pre-order are the document once, in Markdown.
 * - Content before the first heading is a leading node titled by the document's title.
 * - Positions: `line_num` from the heading's line (a source line, or a paragraph number);
 *   where the format has pages, `start_index` is the heading's page and `end_index` the last
 *   page of the subtree, and the page texts are stored beside the tree. Each page's text is
 *   made of exactly the node lines on it, in order, so passages find their page exactly
 *   (retrieval/passages.ts aligns the two).
 * - Summaries and the description as for Markdown: short nodes use their own plain text,
 *   longer ones the extractive summary of it.
 */
import { withinTokens } from "../tokens.ts";
import { DESCRIPTION_MAX_TOKENS, NODE_SUMMARY_MAX_TOKENS, describeDocument, extractiveSummary } from "../summary/index.ts";
import type { IndexedDocument, TreeNode } from "../tree-types.ts";
import type { Block, HeadingBlock, StructuredDocument, TextBlock } from "./blocks.ts";

export interface StructuredIndexOptions {
  /** Titles the leading node when the document has no title of its own. */
  fallbackTitle: string;
  /** Default true. */
  addSummaries?: boolean;
  /** Default true. */
  addDescription?: boolean;
  /** Nodes with fewer tokens are summarised by their own text; default 200. */
  summaryTokenThreshold?: number;
}

interface Section {
  heading?: HeadingBlock;
  title: string;
  level: number;
  blocks: TextBlock[];
  children: Section[];
}

interface Line {
  text: string;
  page?: number;
}

/** A heading as the Markdown line that opens its node's text (levels past 6 stay at 6 hashes). */
export function headingLine(level: number, title: string): string {
  return `${"#".repeat(Math.min(Math.max(level, 1), 6))} ${title}`;
}

function buildSections(blocks: readonly Block[], preambleTitle: string): Section[] {
  const roots: Section[] = [];
  const stack: Section[] = [];
  let current: Section | undefined;
  for (const block of blocks) {
    if (block.kind === "text") {
      if (!current) {
        current = { title: preambleTitle, level: 0, blocks: [], children: [] };
        roots.push(current);
      }
      current.blocks.push(block);
      continue;
    }
    const section: Section = { heading: block, title: block.title, level: block.level, blocks: [], children: [] };
    while (stack.length && stack[stack.length - 1].level >= block.level) stack.pop();
    (stack.length ? stack[stack.length - 1].children : roots).push(section);
    stack.push(section);
    current = section;
  }
  return roots;
}

/** The node's text as lines with their pages: blank separators stay on the page of what precedes them. */
function linesOf(section: Section, lastPage: number | undefined): Line[] {
  const lines: Line[] = [];
  let page = section.heading?.page ?? lastPage;
  if (section.heading && !section.heading.synthetic) lines.push({ text: headingLine(section.level, section.title), page });
  for (const block of section.blocks) {
    if (lines.length) lines.push({ text: "", page });
    page = block.page ?? page;
    for (const text of block.markdown.split("\n")) lines.push({ text, page });
  }
  return lines;
}

export function buildStructuredTree(doc: StructuredDocument, options: StructuredIndexOptions): IndexedDocument {
  const title = doc.title?.trim() || options.fallbackTitle;
  const blocks = doc.blocks.filter((b) => (b.kind === "text" ? b.markdown.trim() !== "" : true));
  const roots = buildSections(blocks, title);
  if (!roots.length) roots.push({ title, level: 0, blocks: [], children: [] });
  const paged = doc.pageCount > 0;
  const pageLines: string[][] = paged ? Array.from({ length: doc.pageCount }, () => []) : [];
  const order: { section: Section; node: TreeNode }[] = [];
  let next = 0;
  let lastPage: number | undefined = paged ? 1 : undefined;

  const toNode = (section: Section): TreeNode => {
    const lines = linesOf(section, lastPage);
    const node = { title: section.title, node_id: String(next++).padStart(4, "0") } as TreeNode;
    if (paged) node.start_index = clampPage(section.heading?.page ?? lines[0]?.page ?? lastPage ?? 1, doc.pageCount);
    const line = section.heading?.line ?? section.blocks[0]?.line;
    if (line !== undefined) node.line_num = line;
    node.text = lines.map((l) => l.text).join("\n");
    node.nodes = [];
    if (paged) {
      for (const l of lines) pageLines[clampPage(l.page ?? 1, doc.pageCount) - 1].push(l.text);
      lastPage = lines.at(-1)?.page ?? lastPage;
    }
    order.push({ section, node });
    node.nodes = section.children.map(toNode);
    if (paged) node.end_index = Math.max(node.start_index!, ...node.nodes.map((c) => c.end_index!), ...lines.map((l) => clampPage(l.page ?? 1, doc.pageCount)));
    return node;
  };
  const tree = roots.map(toNode);
  const indexed: IndexedDocument = { pageCount: doc.pageCount, tocSource: doc.source, tree };
  if (paged) indexed.pageTexts = pageLines.map((lines) => lines.join("\n"));
  if (doc.warnings?.length) indexed.warnings = doc.warnings;
  if (doc.ocrPages?.length) indexed.ocrPages = doc.ocrPages;

  const plainOf = (s: Section) => [s.heading && !s.heading.synthetic ? s.title : "", ...s.blocks.map((b) => b.plain)].filter(Boolean).join("\n");
  if (options.addSummaries ?? true) {
    const threshold = options.summaryTokenThreshold ?? 200;
    for (const { section, node } of order) node.summary = summaryOf(section, plainOf(section), threshold);
  }
  if (options.addDescription ?? true) {
    const shadow = (s: Section): TreeNode => ({ title: s.title, node_id: "", text: plainOf(s), nodes: s.children.map(shadow) });
    indexed.description = describeDocument(roots.map(shadow), DESCRIPTION_MAX_TOKENS);
  }
  return indexed;
}

function clampPage(page: number, count: number): number {
  return Math.min(Math.max(page, 1), count);
}

/** Short nodes: their own plain text; longer ones: the extractive summary of their body; no prose: the title. */
function summaryOf(section: Section, plain: string, threshold: number): string {
  if (withinTokens(plain, threshold - 1)) return plain.trim() || section.title;
  const body = section.blocks.map((b) => b.plain).join("\n").trim();
  return (body && extractiveSummary(body, { maxTokens: NODE_SUMMARY_MAX_TOKENS }).trim()) || section.title;
}
