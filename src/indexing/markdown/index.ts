/**
 * Markdown -> tree (`POST /markdown`, and Markdown documents). Pure: source text in, tree out.
 *
 * - Headings are the `heading` nodes of the mdast from unified + remark-parse +
 *   remark-frontmatter (YAML, TOML) + remark-gfm: ATX (closing `#`s removed) and setext, never
 *   inside code, HTML blocks or front matter. Titles are the plain text of the heading
 *   (inline markup, escapes and entities resolved; line breaks become spaces), trimmed.
 * - `line_num` is the 1-based line where the heading starts in the file as given (front matter
 *   counted; CR, LF and CRLF each end one line).
 * - A node's `text` is the raw source from its heading's line to the line before the next
 *   heading of any level. Concatenating all texts in pre-order gives back the source exactly,
 *   except that (a) whitespace-only content before the first heading is dropped and (b) a
 *   leading byte-order mark is dropped.
 * - Content before the first heading is a leading top-level node titled by the front matter's
 *   `title`, else the file name without extension (`line_num` 1). A file without headings is
 *   one such node; an empty file is one node with empty text.
 * - Node ids: 4-digit zero-padded, depth-first pre-order from "0000", assigned after thinning.
 */
import type { IndexedDocument, TreeNode } from "../tree-types.ts";
import { DESCRIPTION_MAX_TOKENS, NODE_SUMMARY_MAX_TOKENS, describeDocument, extractiveSummary } from "../summary/index.ts";
import { withinTokens } from "../tokens.ts";
import { docNameOf, stripBom } from "./decode.ts";
import { parseMarkdown, plainBlocks, type PlainBlock } from "./parse.ts";
import { buildSections, countSectionTokens, preorder, thinSections, type Section } from "./sections.ts";

export { MarkdownError, decodeMarkdown, docNameOf } from "./decode.ts";
export { parseMarkdown, type MdHeading } from "./parse.ts";

/** `(plain text, token budget) -> summary`; must be deterministic for stable trees. */
export type SummariseFn = (text: string, maxTokens: number) => string;

export interface MarkdownIndexOptions {
  /** Used for doc_name and the preamble title. */
  fileName: string;
  /** `if_thinning`; default false. */
  thinning?: boolean;
  /** Default 5000 tokens. */
  thinningThreshold?: number;
  /** Default 200 tokens. */
  summaryTokenThreshold?: number;
  /** Default true. */
  addSummaries?: boolean;
  /** Default false. */
  addDescription?: boolean;
  /** Summariser for long nodes; default: the extractive summariser (src/indexing/summary). */
  summarise?: SummariseFn;
}

export const DEFAULT_THINNING_THRESHOLD = 5000;
export const DEFAULT_SUMMARY_TOKEN_THRESHOLD = 200;
/** Token budget handed to the summariser for long nodes. */
export const SUMMARY_MAX_TOKENS = NODE_SUMMARY_MAX_TOKENS;

/** The default summariser: the most representative sentences, in order, within the budget. */
export const defaultSummarise: SummariseFn = (text, maxTokens) => extractiveSummary(text, { maxTokens });

export function indexMarkdown(source: string, options: MarkdownIndexOptions): IndexedDocument {
  const src = stripBom(source);
  const thinning = options.thinning ?? false;
  const thinningThreshold = options.thinningThreshold ?? DEFAULT_THINNING_THRESHOLD;
  const summaryTokenThreshold = options.summaryTokenThreshold ?? DEFAULT_SUMMARY_TOKEN_THRESHOLD;
  const addSummaries = options.addSummaries ?? true;
  const addDescription = options.addDescription ?? false;

  const parsed = parseMarkdown(src);
  const preambleTitle = parsed.frontMatterTitle ?? docNameOf(options.fileName);
  const sections = buildSections(src, parsed.headings, preambleTitle);
  // Exact counts only where thinning sums them; a summary needs only "below the threshold?".
  if (thinning) countSectionTokens(src, sections);
  if (thinning) thinSections(sections, thinningThreshold);

  const order = preorder(sections);
  const nodes = new Map<Section, TreeNode>();
  let next = 0;
  const toNode = (s: Section): TreeNode => {
    const node: TreeNode = { title: s.title, node_id: String(next++).padStart(4, "0"), line_num: s.line, text: src.slice(s.start, s.end), nodes: [] };
    nodes.set(s, node);
    node.nodes = s.children.map(toNode);
    return node;
  };
  const tree = sections.map(toNode);
  const doc: IndexedDocument = { pageCount: 0, tocSource: "markdown", tree };

  if (addSummaries || addDescription) {
    const blocks = blocksBySection(order, plainBlocks(parsed.root));
    const indexOf = new Map(order.map((s, i) => [s, i]));
    if (addSummaries) {
      const summarise = options.summarise ?? defaultSummarise;
      order.forEach((s, i) => {
        const short = thinning ? s.tokens < summaryTokenThreshold : withinTokens(src.slice(s.start, s.end), summaryTokenThreshold - 1);
        nodes.get(s)!.summary = summaryOf(s, blocks[i], short, summarise);
      });
    }
    if (addDescription) {
      // The description reads plain text, never markup: a shadow tree with plain texts.
      const shadow = (s: Section): TreeNode => ({
        title: s.title,
        node_id: "",
        text: [s.title, ...blocks[indexOf.get(s)!].filter((b) => b.kind !== "code" && !(b.kind === "heading" && b.line === s.line)).map((b) => b.text)].join("\n"),
        nodes: s.children.map(shadow),
      });
      doc.description = describeDocument(sections.map(shadow), DESCRIPTION_MAX_TOKENS);
    }
  }
  return doc;
}

/** Each leaf block goes to the last section (in pre-order) starting at or before its line. */
function blocksBySection(order: readonly Section[], blocks: readonly PlainBlock[]): PlainBlock[][] {
  const out: PlainBlock[][] = order.map(() => []);
  let k = -1;
  for (const b of blocks) {
    while (k + 1 < order.length && order[k + 1].line <= b.line) k++;
    if (k >= 0) out[k].push(b);
  }
  return out;
}

/**
 * A node with fewer than `threshold` tokens (its own text, after thinning) is summarised by
 * that text without markup: heading and paragraph text without inline markup, HTML without
 * tags, table cells; code blocks are left out (they stay in `text`). A longer node gets
 * `summarise(its plain prose without its own heading, 80 tokens)`. A summary is never the raw
 * Markdown; a node without any prose is summarised by its title.
 */
function summaryOf(s: Section, blocks: readonly PlainBlock[], short: boolean, summarise: SummariseFn): string {
  const prose = blocks.filter((b) => b.kind !== "code");
  if (short) return prose.map((b) => b.text).join("\n").trim() || s.title;
  const body = prose
    .filter((b) => !(b.kind === "heading" && b.line === s.line))
    .map((b) => b.text)
    .join("\n")
    .trim();
  return (body && summarise(body, SUMMARY_MAX_TOKENS).trim()) || s.title;
}
