import type { TreeNode } from "../../../src/indexing/tree-types.ts";

/** The tree as indented titles: "Title", "  Child", ... (depth by two spaces). */
export function outline(nodes: TreeNode[], depth = 0): string[] {
  return nodes.flatMap((n) => [`${"  ".repeat(depth)}${n.title}`, ...outline(n.nodes, depth + 1)]);
}

export function allNodes(nodes: TreeNode[]): TreeNode[] {
  return nodes.flatMap((n) => [n, ...allNodes(n.nodes)]);
}

export function nodeTitled(nodes: TreeNode[], title: string): TreeNode {
  const found = allNodes(nodes).find((n) => n.title === title);
  if (!found) throw new Error(`No node titled ${title}: ${outline(nodes).join(" | ")}`);
  return found;
}
