/**
 * The Markdown-to-tree concept (`POST /markdown`): its form fields with the spec's defaults
 * and its response. HTTP validation, /openapi.json and the MCP tool derive from these.
 */
import { z } from "zod";
import { optionalText, yesNo } from "../schemas/common.ts";
import { apiTreeNode } from "../documents/schemas.ts";

/** A whole number given as text (form fields) or as a JSON number. */
function intField(min: number, max: number) {
  return z
    .union([z.number(), z.string().trim().regex(/^-?\d+$/, "Input should be a valid integer")])
    .transform((v) => Number(v))
    .pipe(z.number().int().min(min).max(max))
    .meta({ type: "integer", minimum: min, maximum: max });
}

/** Token thresholds are bounded so a typo cannot ask for a billion-token walk. */
export const MAX_TOKEN_THRESHOLD = 10_000_000;

export const markdownFields = z.object({
  file: z.instanceof(File, { message: "Field required: a file" }).meta({ type: "string", format: "binary", description: ".md or .markdown, UTF-8" }),
  if_thinning: optionalText(yesNo).describe("default no"),
  thinning_threshold: optionalText(intField(1, MAX_TOKEN_THRESHOLD)).describe("tokens; default 5000"),
  summary_token_threshold: optionalText(intField(0, MAX_TOKEN_THRESHOLD)).describe("tokens; default 200"),
  if_add_node_id: optionalText(yesNo).describe("default yes"),
  if_add_node_summary: optionalText(yesNo).describe("default yes"),
  if_add_node_text: optionalText(yesNo).describe("default yes"),
  if_add_doc_description: optionalText(yesNo).describe("default no"),
});
export type MarkdownFields = z.output<typeof markdownFields>;

/** Options with the spec's defaults applied. */
export interface MarkdownTreeOptions {
  thinning: boolean;
  thinningThreshold: number;
  summaryTokenThreshold: number;
  addNodeId: boolean;
  addNodeSummary: boolean;
  addNodeText: boolean;
  addDocDescription: boolean;
}

export function markdownTreeOptions(fields: Partial<MarkdownFields>): MarkdownTreeOptions {
  return {
    thinning: fields.if_thinning ?? false,
    thinningThreshold: fields.thinning_threshold ?? 5000,
    summaryTokenThreshold: fields.summary_token_threshold ?? 200,
    addNodeId: fields.if_add_node_id ?? true,
    addNodeSummary: fields.if_add_node_summary ?? true,
    addNodeText: fields.if_add_node_text ?? true,
    addDocDescription: fields.if_add_doc_description ?? false,
  };
}

export const markdownTreeResponse = z.object({
  success: z.boolean(),
  doc_name: z.string().describe("file name without extension"),
  doc_description: z.string().optional().describe("only with if_add_doc_description=yes"),
  structure: z.array(apiTreeNode),
});
export type MarkdownTreeResponse = z.infer<typeof markdownTreeResponse>;
