/**
 * Structural rules every PDF tree must follow (DESIGN.md, "The tree"), as reusable asserts,
 * plus a helper that reads a PDF's body lines the way the indexer sees them.
 */
import { expect } from "vitest";
import type { IndexedDocument, TreeNode } from "../../../src/indexing/tree-types.ts";
import { openPdf } from "../../../src/indexing/pdf/document.ts";
import { extractPages } from "../../../src/indexing/pdf/extract.ts";
import { stripHeadersFooters } from "../../../src/indexing/pdf/headers-footers.ts";
import { indexPdf } from "../../../src/indexing/pdf/index.ts";

/** The tree of a PDF read without its outline, from its layout: "depth title [page]" per node, in order. */
export async function layoutRows(data: Uint8Array): Promise<string[]> {
  const doc = await indexPdf(data, { addSummaries: false, ignoreOutline: true });
  expect(doc.tocSource).toBe("layout");
  return preorder(doc.tree).map((f) => `${f.depth} ${f.node.title} [${f.node.start_index}]`);
}

export function preorder(tree: TreeNode[]): { node: TreeNode; depth: number; parent?: TreeNode }[] {
  const out: { node: TreeNode; depth: number; parent?: TreeNode }[] = [];
  const walk = (node: TreeNode, depth: number, parent?: TreeNode) => {
    out.push({ node, depth, parent });
    for (const c of node.nodes) walk(c, depth + 1, node);
  };
  for (const n of tree) walk(n, 1);
  return out;
}

export function expectTreeInvariants(doc: IndexedDocument): void {
  const flat = preorder(doc.tree);
  expect(flat.length).toBeGreaterThan(0);
  // Ids: "0000", "0001", ... in depth-first pre-order.
  flat.forEach(({ node }, i) => expect(node.node_id).toBe(String(i).padStart(4, "0")));
  for (let i = 0; i < flat.length; i++) {
    const { node, depth, parent } = flat[i];
    const s = node.start_index!;
    const e = node.end_index!;
    expect(s, node.title).toBeGreaterThanOrEqual(1);
    expect(e, node.title).toBeGreaterThanOrEqual(s);
    expect(e, node.title).toBeLessThanOrEqual(doc.pageCount);
    if (parent) {
      expect(s, `${node.title} starts inside its parent`).toBeGreaterThanOrEqual(parent.start_index!);
      expect(e, `${node.title} ends inside its parent`).toBeLessThanOrEqual(parent.end_index!);
    }
    for (const c of node.nodes) expect(e).toBeGreaterThanOrEqual(c.end_index!);
    // The subtree ends where the next node at the same or a higher level starts (that page
    // is shared when the next one starts mid-page); the last one ends with the document.
    const next = flat.slice(i + 1).find((f) => f.depth <= depth);
    if (next) {
      expect(e, `${node.title} ends at the next sibling`).toBeLessThanOrEqual(next.node.start_index!);
      expect(e, `${node.title} ends at the next sibling`).toBeGreaterThanOrEqual(next.node.start_index! - 1);
    } else {
      expect(e, `${node.title} runs to the end`).toBe(doc.pageCount);
    }
  }
}

/** The body lines of a PDF (running heads removed), as the indexer reads them. */
export async function bodyLines(data: Uint8Array): Promise<string[]> {
  const { doc, close } = await openPdf(data);
  try {
    const pages = await extractPages(doc);
    stripHeadersFooters(pages);
    return pages.flatMap((p) => p.lines.map((l) => l.text));
  } finally {
    await close();
  }
}

/** Node texts in pre-order, joined as the design promises: the document, once. */
export function concatenatedText(doc: IndexedDocument): string {
  return preorder(doc.tree)
    .map((f) => f.node.text)
    .filter((t) => t.length > 0)
    .join("\n");
}
