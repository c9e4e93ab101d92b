/**
 * A tree (and, for PDFs, its page texts) -> flat nodes and passages. A passage is a window of
 * a node's own lines that never crosses a page, so each passage has exactly one page.
 * The lines of a node are found in the page texts because the texts of all nodes, in
 * pre-order, are the document's lines exactly once (DESIGN.md, "The tree").
 */
import type { TreeNode } from "../../indexing/tree-types.ts";

/** Characters a passage aims for: about two or three sentences. */
const PASSAGE_CHARS = 320;

export interface FlatNode {
  index: number;
  node_id: string;
  title: string;
  depth: number;
  parent: number | null;
  children: number[];
  start_index?: number;
  end_index?: number;
  line_num?: number;
  summary: string;
  text: string;
}

export interface Passage {
  index: number;
  node: number;
  /** Physical page (PDF), or null (Markdown). */
  page: number | null;
  /** 1-based source line (Markdown), when known. */
  line?: number;
  text: string;
}

export function flattenTree(tree: TreeNode[]): FlatNode[] {
  const out: FlatNode[] = [];
  const visit = (node: TreeNode, depth: number, parent: number | null) => {
    const index = out.length;
    out.push({
      index, node_id: node.node_id, title: node.title, depth, parent, children: [],
      start_index: node.start_index, end_index: node.end_index, line_num: node.line_num,
      summary: node.summary ?? "", text: node.text ?? "",
    });
    if (parent !== null) out[parent].children.push(index);
    for (const child of node.nodes) visit(child, depth + 1, index);
  };
  for (const root of tree) visit(root, 0, null);
  return out;
}

interface Line {
  text: string;
  page: number | null;
  line?: number;
}

/** Each node's own lines with their pages. */
export function nodeLines(nodes: FlatNode[], pageTexts?: string[]): Line[][] {
  const aligned = pageTexts ? alignToPages(nodes, pageTexts) : null;
  return aligned ?? nodes.map((n) => estimateLines(n, nodes));
}

/**
 * Exact pages: walk the document's lines in order and give each node as many lines as its
 * text has. Returns null when the texts do not line up (a tree from another indexer).
 */
function alignToPages(nodes: FlatNode[], pageTexts: string[]): Line[][] | null {
  const all: Line[] = [];
  pageTexts.forEach((text, i) => {
    if (text === "") return;
    for (const line of text.split("\n")) all.push({ text: line, page: i + 1 });
  });
  const out: Line[][] = [];
  let g = 0;
  for (const node of nodes) {
    if (node.text === "") {
      out.push([]);
      continue;
    }
    const lines = node.text.split("\n");
    const mine = all.slice(g, g + lines.length);
    if (mine.length !== lines.length || mine[0].text !== lines[0] || mine[mine.length - 1].text !== lines[lines.length - 1]) return null;
    out.push(mine);
    g += lines.length;
  }
  return out;
}

/** Without page texts: Markdown lines count from line_num; PDF pages are spread evenly over
 * the node's own page range (own pages end where its first child starts). */
function estimateLines(node: FlatNode, nodes: FlatNode[]): Line[] {
  const lines = node.text.split("\n");
  if (node.start_index === undefined) {
    return lines.map((text, i) => ({ text, page: null, line: node.line_num !== undefined ? node.line_num + i : undefined }));
  }
  const first = node.start_index;
  const firstChild = node.children.length ? nodes[node.children[0]].start_index : undefined;
  const last = Math.max(first, firstChild ?? node.end_index ?? first);
  const span = last - first + 1;
  return lines.map((text, i) => ({ text, page: first + Math.min(span - 1, Math.floor((i / lines.length) * span)) }));
}

/** Splits each node's lines into passages of about PASSAGE_CHARS, cut at page changes. */
export function makePassages(nodes: FlatNode[], linesPerNode: Line[][]): Passage[] {
  const out: Passage[] = [];
  nodes.forEach((_node, n) => {
    let buffer: Line[] = [];
    let size = 0;
    const flush = () => {
      const text = buffer.map((l) => l.text.trim()).filter(Boolean).join(" ").replace(/([a-z])- ([a-z])/g, "$1$2");
      if (text) out.push({ index: out.length, node: n, page: buffer[0].page, line: buffer[0].line, text });
      buffer = [];
      size = 0;
    };
    for (const line of linesPerNode[n]) {
      if (buffer.length && line.page !== buffer[0].page) flush();
      buffer.push(line);
      size += line.text.length + 1;
      // Prefer to end a passage at a sentence end once it is long enough.
      if (size >= PASSAGE_CHARS && (/[.:;!?]\s*$/.test(line.text) || size >= PASSAGE_CHARS * 1.6)) flush();
    }
    if (buffer.length) flush();
  });
  return out;
}
