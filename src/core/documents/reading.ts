/**
 * Reading a completed document piece by piece, the way a model navigates it: the structure
 * without text (depth-limited, one subtree, or paged for big trees), the text of chosen
 * pages, the text of chosen nodes. Shared by the MCP tools and the chat agent, so both read
 * documents the same way. Sizes are capped so one answer fits a model's context; a capped
 * answer says what to ask for next.
 */
import { FORMAT_LABELS, type DocumentFormat } from "../../indexing/formats.ts";
import type { TreeNode } from "../../indexing/tree-types.ts";
import type { DocumentRecord, Store, UserRecord } from "../../store/index.ts";
import { InvalidInputError, NotFoundError, NotReadyError } from "../errors.ts";
import { PAGES_BLOB, TREE_BLOB } from "./index-job.ts";
import type { DocumentService } from "./service.ts";
import type { OutlineNode, NodeContent, PageContent } from "./reading-schemas.ts";
import { parsePageSpec, formatPageSpec } from "./page-spec.ts";

export { parsePageSpec, formatPageSpec } from "./page-spec.ts";

/** Characters of JSON per structure part (~10k tokens). */
export const STRUCTURE_PART_CHARS = 40_000;
/** Characters of text per page-content or node-content answer (~10k tokens). */
export const CONTENT_CHARS = 40_000;
/** Parsed trees (and page texts) kept in memory: navigating re-reads the same document many times. */
const TREE_CACHE_SIZE = 4;

export interface StructureRequest {
  /** Depth below the starting level to include; 1 = the starting nodes only. */
  maxDepth?: number;
  /** Expand only this node's subtree. */
  nodeId?: string;
  /** 1-based part of a structure too large for one answer. */
  part?: number;
  includeSummaries?: boolean;
}

export interface StructureResult {
  doc_id: string;
  doc_name: string;
  format: DocumentFormat;
  page_count: number;
  /** Nodes in the whole document. */
  node_count: number;
  part: number;
  parts: number;
  structure: OutlineNode[];
  note?: string;
}

export interface PagesResult {
  doc_id: string;
  doc_name: string;
  page_count: number;
  requested: string;
  returned: string;
  pages: PageContent[];
  truncated: boolean;
  /** Pages of the request left out by the size cap, as a spec to ask for next. */
  next_pages?: string;
  note?: string;
}

export interface NodesResult {
  doc_id: string;
  doc_name: string;
  format: DocumentFormat;
  nodes: NodeContent[];
  truncated: boolean;
  note?: string;
}

export interface ReaderLimits {
  partChars: number;
  contentChars: number;
}

interface Loaded {
  doc: DocumentRecord;
  tree: TreeNode[];
  entry: CacheEntry;
}

interface CacheEntry {
  /** The document's updatedAt when read: a re-index changes it. */
  stamp: string;
  tree: TreeNode[];
  pages?: Promise<string[] | undefined>;
}

export class DocumentReader {
  private readonly trees = new Map<string, CacheEntry>();

  constructor(
    private readonly store: Store,
    private readonly documents: DocumentService,
    private readonly limits: ReaderLimits = { partChars: STRUCTURE_PART_CHARS, contentChars: CONTENT_CHARS },
  ) {}

  /** The tree without text. Big trees come in parts; collapsed nodes say how many children they hide. */
  /** How many sections the document's tree has. */
  async nodeCount(user: UserRecord, docId: string): Promise<number> {
    const { tree } = await this.load(user, docId);
    return countNodes(tree);
  }

  async structure(user: UserRecord, docId: string, request: StructureRequest = {}): Promise<StructureResult> {
    const { doc, tree } = await this.load(user, docId);
    let roots = tree;
    if (request.nodeId !== undefined) roots = [findNode(tree, request.nodeId, doc.id)];
    const maxDepth = request.maxDepth ?? Number.POSITIVE_INFINITY;
    const outline = roots.map((n) => toOutline(n, 1, maxDepth, request.includeSummaries === true));
    const parts = splitIntoParts(outline, this.limits.partChars);
    const part = request.part ?? 1;
    if (part < 1 || part > parts.length) {
      throw new InvalidInputError(`part must be between 1 and ${parts.length} for this request`, ["part"], part);
    }
    const result: StructureResult = {
      doc_id: doc.id,
      doc_name: doc.name,
      format: doc.format,
      page_count: doc.pageNum,
      node_count: countNodes(tree),
      part,
      parts: parts.length,
      structure: parts[part - 1],
    };
    const notes: string[] = [];
    if (part < parts.length) notes.push(`The structure is large: this is part ${part} of ${parts.length}; ask for part ${part + 1} next.`);
    if (hasCollapsed(result.structure)) notes.push("Nodes with hidden_children were collapsed to fit: pass their node_id to expand one.");
    if (notes.length) result.note = notes.join(" ");
    return result;
  }

  /** Text of the pages named by `spec` ("5", "3,7", "5-10", "1-3,7,9-12"), up to the size cap. */
  async pages(user: UserRecord, docId: string, spec: string): Promise<PagesResult> {
    const { doc, tree, entry } = await this.load(user, docId);
    // Pages exist where the format has them: PDFs, slides, DOCX files whose pages Word recorded.
    if (doc.pageNum === 0) {
      throw new InvalidInputError(`This document (${FORMAT_LABELS[doc.format]}) has no pages: read it by node_id (get_node_content; nodes carry line_num)`, ["pages"], spec);
    }
    const wanted = parsePageSpec(spec, doc.pageNum);
    entry.pages ??= this.store.blobs.readJson<string[]>(doc.id, PAGES_BLOB).catch((error: unknown) => {
      entry.pages = undefined; // a failed read is retried next time, not remembered
      throw error;
    });
    const texts = await entry.pages;
    if (!texts) throw new NotReadyError(`Page texts of ${doc.id} are not stored (indexed by an older version): re-index the document, or read it by node_id`);
    const pages: PageContent[] = [];
    let size = 0;
    for (const page of wanted) {
      const text = texts[page - 1] ?? "";
      // Always return at least one page, even one larger than the cap.
      if (pages.length > 0 && size + text.length > this.limits.contentChars) break;
      pages.push({ page, sections: sectionsOnPage(tree, page), text });
      size += text.length;
    }
    const left = wanted.slice(pages.length);
    const result: PagesResult = {
      doc_id: doc.id,
      doc_name: doc.name,
      page_count: doc.pageNum,
      requested: formatPageSpec(wanted),
      returned: formatPageSpec(pages.map((p) => p.page)),
      pages,
      truncated: left.length > 0,
    };
    if (left.length) {
      result.next_pages = formatPageSpec(left);
      result.note = `Size cap of ${this.limits.contentChars} characters reached after ${pages.length} page(s): ask for pages ${result.next_pages} next, or narrow the request to the pages you need.`;
    }
    return result;
  }

  /** Own text of each node; with `includeChildren`, its whole subtree in reading order. */
  async nodes(user: UserRecord, docId: string, nodeIds: string[], includeChildren = false): Promise<NodesResult> {
    const { doc, tree } = await this.load(user, docId);
    const found = nodeIds.map((id) => findNode(tree, id, doc.id));
    const out: NodeContent[] = [];
    let size = 0;
    let truncated = false;
    const add = (node: TreeNode, list: NodeContent[]): boolean => {
      if (size > 0 && size + node.text.length > this.limits.contentChars) return false;
      list.push(nodeContent(node));
      size += node.text.length;
      return true;
    };
    outer: for (const node of found) {
      if (!add(node, out)) {
        truncated = true;
        break;
      }
      if (!includeChildren) continue;
      const children: NodeContent[] = [];
      out[out.length - 1].children = children;
      for (const d of descendants(node)) {
        if (!add(d, children)) {
          truncated = true;
          break outer;
        }
      }
    }
    const result: NodesResult = { doc_id: doc.id, doc_name: doc.name, format: doc.format, nodes: out, truncated };
    if (truncated) {
      result.note = `Size cap of ${this.limits.contentChars} characters reached: ask for fewer nodes at a time, or for the child nodes one by one (without include_children).`;
    }
    return result;
  }

  /** The document if completed, with its (cached) tree. */
  private async load(user: UserRecord, docId: string): Promise<Loaded> {
    const doc = await this.documents.get(user, docId);
    if (doc.status === "failed") throw new NotReadyError(`Document ${doc.id} failed to index: ${doc.error ?? "unknown error"}`);
    if (doc.status !== "completed") throw new NotReadyError(`Document ${doc.id} is not indexed yet (status ${doc.status})`);
    const stamp = doc.updatedAt ?? doc.createdAt;
    const cached = this.trees.get(doc.id);
    if (cached && cached.stamp === stamp) {
      // Refresh recency: Map iteration order is insertion order, the oldest goes first.
      this.trees.delete(doc.id);
      this.trees.set(doc.id, cached);
      return { doc, tree: cached.tree, entry: cached };
    }
    const tree = await this.store.blobs.readJson<TreeNode[]>(doc.id, TREE_BLOB);
    if (!tree) throw new Error(`Tree of ${doc.id} is missing from the store`);
    const entry: CacheEntry = { stamp, tree };
    this.trees.set(doc.id, entry);
    while (this.trees.size > TREE_CACHE_SIZE) this.trees.delete(this.trees.keys().next().value!);
    return { doc, tree, entry };
  }
}

function findNode(tree: TreeNode[], nodeId: string, docId: string): TreeNode {
  const stack = [...tree];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.node_id === nodeId) return node;
    stack.push(...node.nodes);
  }
  throw new NotFoundError(`Node ${nodeId} not found in document ${docId}`);
}

function* descendants(node: TreeNode): Generator<TreeNode> {
  for (const child of node.nodes) {
    yield child;
    yield* descendants(child);
  }
}

function countNodes(nodes: TreeNode[]): number {
  let n = 0;
  for (const node of nodes) n += 1 + countNodes(node.nodes);
  return n;
}

function position(node: TreeNode): Pick<OutlineNode, "start_index" | "end_index" | "line_num"> {
  const out: Pick<OutlineNode, "start_index" | "end_index" | "line_num"> = {};
  if (node.start_index !== undefined) {
    out.start_index = node.start_index;
    out.end_index = node.end_index ?? node.start_index;
  }
  if (node.line_num !== undefined) out.line_num = node.line_num;
  return out;
}

function toOutline(node: TreeNode, depth: number, maxDepth: number, summaries: boolean): OutlineNode {
  // Keys in reading order: title, id, position, summary, children last.
  const out = { title: node.title, node_id: node.node_id, ...position(node) } as OutlineNode;
  if (summaries && node.summary) out.summary = node.summary;
  if (depth >= maxDepth && node.nodes.length > 0) {
    out.hidden_children = node.nodes.length;
    out.nodes = [];
  } else {
    out.nodes = node.nodes.map((c) => toOutline(c, depth + 1, maxDepth, summaries));
  }
  return out;
}

function nodeContent(node: TreeNode): NodeContent {
  const out: NodeContent = { title: node.title, node_id: node.node_id, ...position(node), text: node.text };
  if (node.summary) out.summary = node.summary;
  return out;
}

/** Sections whose own pages include `page` (a node's own pages end where its first child starts). */
function sectionsOnPage(tree: TreeNode[], page: number): { node_id: string; title: string }[] {
  const out: { node_id: string; title: string }[] = [];
  const visit = (nodes: TreeNode[]) => {
    for (const n of nodes) {
      if (n.start_index === undefined) continue;
      if (n.start_index > page) break;
      if ((n.end_index ?? n.start_index) < page) continue;
      const ownEnd = n.nodes[0]?.start_index ?? n.end_index ?? n.start_index;
      if (page <= ownEnd) out.push({ node_id: n.node_id, title: n.title });
      visit(n.nodes);
    }
  };
  visit(tree);
  return out;
}

function hasCollapsed(nodes: OutlineNode[]): boolean {
  return nodes.some((n) => n.hidden_children !== undefined || hasCollapsed(n.nodes));
}

/**
 * Groups top-level nodes into parts of at most `budget` characters of JSON. A node too big
 * on its own is collapsed level by level (deepest first) until it fits.
 */
function splitIntoParts(nodes: OutlineNode[], budget: number): OutlineNode[][] {
  const parts: OutlineNode[][] = [];
  let current: OutlineNode[] = [];
  let size = 0;
  for (let node of nodes) {
    let length = JSON.stringify(node).length;
    if (length > budget) {
      node = collapseToFit(node, budget);
      length = JSON.stringify(node).length;
    }
    if (current.length > 0 && size + length > budget) {
      parts.push(current);
      current = [];
      size = 0;
    }
    current.push(node);
    size += length;
  }
  if (current.length > 0 || parts.length === 0) parts.push(current);
  return parts;
}

function depthOf(node: OutlineNode): number {
  return 1 + Math.max(0, ...node.nodes.map(depthOf));
}

function truncateDepth(node: OutlineNode, keep: number): OutlineNode {
  if (keep <= 1 && node.nodes.length > 0) {
    return { ...node, hidden_children: (node.hidden_children ?? 0) + node.nodes.length, nodes: [] };
  }
  return { ...node, nodes: node.nodes.map((c) => truncateDepth(c, keep - 1)) };
}

function collapseToFit(node: OutlineNode, budget: number): OutlineNode {
  for (let keep = depthOf(node) - 1; keep >= 1; keep--) {
    const collapsed = truncateDepth(node, keep);
    if (keep === 1 || JSON.stringify(collapsed).length <= budget) return collapsed;
  }
  return node;
}
