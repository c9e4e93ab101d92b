/**
 * Shapes of the reading operations (structure, page content, node content), once: the MCP
 * tools' output schemas and the chat agent's tool results derive from these.
 */
import { z } from "zod";
import { documentFormat } from "./schemas.ts";

/** What every node shape of the reading operations starts with. */
interface NodeHead {
  title: string;
  node_id: string;
  start_index?: number;
  end_index?: number;
  line_num?: number;
  summary?: string;
}

export interface OutlineNode extends NodeHead {
  hidden_children?: number;
  nodes: OutlineNode[];
}

const headFields = {
  title: z.string(),
  node_id: z.string(),
  start_index: z.number().int().optional().describe("1-based physical page where the node starts (PDF)"),
  end_index: z.number().int().optional().describe("Last physical page of the node and its subtree (PDF)"),
  line_num: z.number().int().optional().describe("1-based line of the heading (Markdown)"),
  summary: z.string().optional(),
};

export const outlineNode: z.ZodType<OutlineNode> = z.lazy(() =>
  z.object({
    ...headFields,
    hidden_children: z.number().int().optional().describe("Children left out (max_depth or size): expand with node_id"),
    nodes: z.array(outlineNode),
  }),
);

/** An outline node as the compact structure gives it: leaves carry no empty `nodes`. */
export interface CompactOutlineNode extends NodeHead {
  hidden_children?: number;
  nodes?: CompactOutlineNode[];
}

export const compactOutlineNode: z.ZodType<CompactOutlineNode> = z.lazy(() =>
  z.object({
    ...headFields,
    hidden_children: z.number().int().optional().describe("Children left out: pass this node_id to expand them"),
    nodes: z.array(compactOutlineNode).optional().describe("Absent on leaves"),
  }),
);

/** The same outline without empty `nodes` arrays (a third of a large tree's characters). */
export function compactOutline(nodes: OutlineNode[]): CompactOutlineNode[] {
  return nodes.map(({ nodes: children, ...head }) => (children.length ? { ...head, nodes: compactOutline(children) } : head));
}

export const structureResult = z.object({
  doc_id: z.string(),
  doc_name: z.string(),
  format: documentFormat,
  page_count: z.number().int(),
  node_count: z.number().int().describe("Nodes in the whole document"),
  part: z.number().int(),
  parts: z.number().int(),
  structure: z.array(outlineNode),
  note: z.string().optional(),
});

export const pageContent = z.object({
  page: z.number().int().describe("1-based physical page"),
  sections: z.array(z.object({ node_id: z.string(), title: z.string() })).describe("Sections whose text is on this page"),
  text: z.string(),
});
export type PageContent = z.infer<typeof pageContent>;

export const pagesResult = z.object({
  doc_id: z.string(),
  doc_name: z.string(),
  page_count: z.number().int(),
  requested: z.string(),
  returned: z.string(),
  pages: z.array(pageContent),
  truncated: z.boolean(),
  next_pages: z.string().optional(),
  note: z.string().optional(),
});

export interface NodeContent extends NodeHead {
  text: string;
  children?: NodeContent[];
}

export const nodeContent: z.ZodType<NodeContent> = z.lazy(() =>
  z.object({
    ...headFields,
    text: z.string().describe("The node's own text (up to its first child's heading)"),
    children: z.array(nodeContent).optional().describe("Descendants in reading order, when include_children"),
  }),
);

export const nodesResult = z.object({
  doc_id: z.string(),
  doc_name: z.string(),
  format: documentFormat,
  nodes: z.array(nodeContent),
  truncated: z.boolean(),
  note: z.string().optional(),
});
