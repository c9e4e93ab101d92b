/**
 * The document concept, once: upload fields, status query, tree nodes, status response,
 * metadata. HTTP validation, /openapi.json and the MCP tool schemas all derive from these.
 */
import { z } from "zod";
import { DOCUMENT_FORMATS } from "../../indexing/formats.ts";
import { jsonObjectString, looseBoolean, optionalText, yesNo } from "../schemas/common.ts";

export const docIdParams = z.object({ doc_id: z.string().min(1).max(200) });

/** What a document was indexed from (its content decided, not its name). */
export const documentFormat = z.enum(DOCUMENT_FORMATS).describe("pdf, markdown, html, docx, odt, epub, pptx or txt");

/** Multipart fields of POST /doc and POST /tree. Defaults differ per path (see uploadDefaults). */
export const uploadFields = z.object({
  file: z.instanceof(File, { message: "Field required: a file" }).meta({ type: "string", format: "binary" }),
  if_add_node_id: optionalText(yesNo),
  if_add_node_summary: optionalText(yesNo),
  if_add_doc_description: optionalText(yesNo),
  if_add_node_text: optionalText(yesNo),
  if_retrieval: optionalText(looseBoolean),
  mode: optionalText(z.string().max(64)),
  ultra_mode: optionalText(looseBoolean),
  golden_data: optionalText(looseBoolean),
  folder_id: optionalText(z.string().max(200)),
  if_ocr: optionalText(looseBoolean),
  beta_headers: optionalText(z.string().max(4096)),
  metadata: optionalText(jsonObjectString),
});
export type UploadFields = z.output<typeof uploadFields>;

/** Upload options as stored on the document (defaults applied). */
export interface UploadOptions {
  addNodeId: boolean;
  addNodeSummary: boolean;
  addDocDescription: boolean;
  addNodeText: boolean;
  retrieval: boolean;
  mode: string | null;
  ultraMode: boolean;
  goldenData: boolean;
  ocr: boolean;
  betaHeaders: string | null;
}

export type ApiGeneration = "doc" | "tree";

/** The spec's defaults; `if_add_node_summary` is `yes` on /doc and `no` on the older /tree. */
export function uploadOptions(fields: Partial<UploadFields>, generation: ApiGeneration): UploadOptions {
  return {
    addNodeId: fields.if_add_node_id ?? true,
    addNodeSummary: fields.if_add_node_summary ?? generation === "doc",
    addDocDescription: fields.if_add_doc_description ?? true,
    addNodeText: fields.if_add_node_text ?? false,
    retrieval: fields.if_retrieval ?? false,
    mode: fields.mode ?? null,
    ultraMode: fields.ultra_mode ?? false,
    goldenData: fields.golden_data ?? false,
    ocr: fields.if_ocr ?? true,
    betaHeaders: fields.beta_headers ?? null,
  };
}

export const statusQuery = z.object({
  type: optionalText(z.enum(["tree", "ocr"])),
  format: optionalText(z.enum(["page", "node", "raw"])),
  summary: optionalText(looseBoolean),
  include_images: optionalText(looseBoolean),
  include_text: optionalText(looseBoolean),
});
export type StatusQuery = z.output<typeof statusQuery>;

export interface ApiTreeNode {
  title: string;
  node_id?: string;
  page_index?: number;
  start_index?: number;
  end_index?: number;
  line_num?: number;
  text?: string;
  summary?: string;
  nodes: ApiTreeNode[];
}

export const apiTreeNode: z.ZodType<ApiTreeNode> = z.lazy(() =>
  z.object({
    title: z.string(),
    node_id: z.string().optional().describe("4-digit zero-padded, depth-first pre-order"),
    page_index: z.number().int().optional().describe("1-based physical start page (PDF)"),
    start_index: z.number().int().optional().describe("1-based physical start page (PDF, /tree)"),
    end_index: z.number().int().optional().describe("last physical page of the node's subtree (PDF, /tree)"),
    line_num: z.number().int().optional().describe("1-based line of the heading (Markdown)"),
    text: z.string().optional(),
    summary: z.string().optional(),
    nodes: z.array(apiTreeNode),
  }),
);

export const statusResponse = z.object({
  doc_id: z.string(),
  status: z.enum(["processing", "completed", "failed"]),
  retrieval_ready: z.boolean().optional(),
  error: z.string().optional(),
  toc_source: z.string().optional(),
  page_count: z.number().int().optional(),
  doc_description: z.string().optional(),
  result: z.union([z.array(z.unknown()), z.string()]).optional(),
  ocr_pages: z.array(z.number().int()).optional().describe("type=ocr: pages (1-based) whose text came from OCR"),
  warnings: z.array(z.string()).optional().describe("type=ocr: non-fatal problems, e.g. a page image that could not be decoded"),
});
export type StatusResponse = z.infer<typeof statusResponse>;

export const uploadResponse = z.object({
  doc_id: z.string(),
  name: z.string().describe('The stored name: the file\'s name, or "name_N.ext" when that name is already taken in the folder'),
});

export const metadataBody = z.record(z.string(), z.unknown()).describe("The whole metadata object (replaces the old one; {} clears it)");

export const documentInfo = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.string(),
  createdAt: z.string(),
  pageNum: z.number().int(),
  metadata: z.record(z.string(), z.unknown()),
  folderId: z.string().nullable(),
  error: z.string().optional(),
});
export type DocumentInfo = z.infer<typeof documentInfo>;

export const metadataQuery = z.object({ teamspace_id: optionalText(z.string()) });

export const deleteResponse = z.object({ doc_id: z.string(), deleted: z.literal(true), message: z.literal("Document deleted successfully.") });
