/**
 * Stored tree -> the contract's node shapes. The newer /doc path gives `page_index`; the
 * older /tree path gives `start_index`/`end_index` (and `page_index` too). Markdown nodes
 * carry `line_num` instead of pages.
 */
import type { TreeNode } from "../../indexing/tree-types.ts";
import type { DocumentRecord } from "../../store/index.ts";
import type { ApiGeneration, ApiTreeNode, DocumentInfo } from "./schemas.ts";

export interface RenderOptions {
  generation: ApiGeneration;
  includeText: boolean;
  includeSummary: boolean;
  includeNodeId: boolean;
}

export function renderTree(nodes: TreeNode[], options: RenderOptions): ApiTreeNode[] {
  return nodes.map((node) => renderNode(node, options));
}

function renderNode(node: TreeNode, o: RenderOptions): ApiTreeNode {
  // Keys in reading order: title, id, position, text, summary, children last.
  const out = { title: node.title } as ApiTreeNode;
  if (o.includeNodeId) out.node_id = node.node_id;
  if (node.start_index !== undefined) {
    out.page_index = node.start_index;
    if (o.generation === "tree") {
      out.start_index = node.start_index;
      out.end_index = node.end_index ?? node.start_index;
    }
  }
  if (node.line_num !== undefined) out.line_num = node.line_num;
  if (o.includeText) out.text = node.text;
  if (o.includeSummary && node.summary !== undefined) out.summary = node.summary;
  out.nodes = renderTree(node.nodes, o);
  return out;
}

/**
 * A document record as the contract shows it (`GET /doc/{id}/metadata`, list rows). The
 * metadata is copied: records read by a copy-free scan must not leak out by reference.
 */
export function documentInfoOf(doc: Readonly<DocumentRecord>): DocumentInfo {
  const { id, name, description, status, createdAt, pageNum, folderId, error } = doc;
  return { id, name, description, status, createdAt, pageNum, metadata: structuredClone(doc.metadata), folderId, ...(error ? { error } : {}) };
}
