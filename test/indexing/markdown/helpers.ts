import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { TreeNode } from "../../../src/indexing/tree-types.ts";

export const FIXTURES = path.resolve(fileURLToPath(new URL("../../fixtures/markdown", import.meta.url)));

export function fixture(name: string): string {
  return fs.readFileSync(path.join(FIXTURES, name), "utf8");
}

/** Nodes in pre-order with their depth (0 = top level). */
export function flatten(tree: readonly TreeNode[]): Array<TreeNode & { depth: number }> {
  const out: Array<TreeNode & { depth: number }> = [];
  const walk = (n: TreeNode, depth: number) => {
    out.push({ ...n, depth });
    n.nodes.forEach((c) => walk(c, depth + 1));
  };
  tree.forEach((n) => walk(n, 0));
  return out;
}

/** Title outline: "title" or "title > child titles". */
export function outline(tree: readonly TreeNode[]): unknown[] {
  return tree.map((n) => (n.nodes.length ? { [n.title]: outline(n.nodes) } : n.title));
}
