import { z } from "zod";
import { listDocsQuery, listedDocument } from "../../core/listing/schemas.ts";
import { ToolFailure, defineTool } from "../tool-kit.ts";

/** Arguments arrive as JSON values; GET /docs takes them as JSON text. */
function asQueryText(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  return typeof value === "string" ? value : JSON.stringify(value);
}

export const listDocumentsTool = defineTool({
  name: "list_documents",
  title: "List and aggregate documents",
  description:
    "List documents like GET /docs: filter by folder and metadata (MongoDB operators $eq $ne $in $gt $gte $lt $lte $and $or), sort, page; " +
    'or group by metadata fields with aggregates ($count $sum $avg $max $min). Example: {metadata_filter: {year: {$gte: 2020}}, sort: {year: -1}}.',
  input: z.object({
    folder_id: z.string().min(1).max(200).optional().describe('"root", a folder id, "shared-with-me" or "following"; omitted = all'),
    recursive: z.boolean().optional().describe("Include subfolders"),
    name: z.string().min(1).max(255).optional().describe("Exact file name"),
    metadata_filter: z.record(z.string(), z.unknown()).optional().describe('e.g. {"year": {"$gte": 2020}}'),
    sort: z.record(z.string(), z.union([z.literal(1), z.literal(-1)])).optional().describe('e.g. {"year": -1}; also createdAt, name, pageNum, status'),
    aggregates: z.record(z.string(), z.record(z.string(), z.unknown())).optional().describe('e.g. {"n": {"$count": {}}, "total": {"$sum": "amount"}}'),
    group_by: z.array(z.string()).optional().describe('Metadata fields, e.g. ["year"]; needs aggregates'),
    limit: z.number().int().min(1).max(10000).optional().describe("Default 50 documents (1000 groups)"),
    offset: z.number().int().min(0).optional(),
  }),
  output: z.object({
    documents: z.array(listedDocument).optional().describe("List mode"),
    groups: z.array(z.record(z.string(), z.unknown())).optional().describe("Group mode"),
    total: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int().optional(),
    truncated: z.boolean().optional(),
    aggregates: z.record(z.string(), z.unknown()).optional(),
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
  errorHints: { NOT_FOUND: ["list_folders shows the folder ids"] },
  async run(args, _extra, context) {
    const parsed = listDocsQuery.safeParse({
      folder_id: args.folder_id,
      recursive: args.recursive,
      name: args.name,
      metadata_filter: asQueryText(args.metadata_filter),
      sort: asQueryText(args.sort),
      aggregates: asQueryText(args.aggregates),
      group_by: asQueryText(args.group_by),
      limit: args.limit,
      offset: args.offset,
    });
    if (!parsed.success) {
      throw new ToolFailure("INVALID_INPUT", parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "), [
        "Fix the named argument; metadata_filter, sort, aggregates and group_by follow GET /docs",
      ]);
    }
    const result = await context.services.listing.list(context.user, parsed.data);
    const steps = "groups" in result
      ? ["list_documents with metadata_filter on one group's values lists its documents"]
      : result.total > (result.offset ?? 0) + result.documents.length
        ? [`list_documents with offset ${(result.offset ?? 0) + result.documents.length} for the next page`, "get_document_structure to read one"]
        : ["get_document_structure with a doc_id to read one"];
    return { result, next_steps: steps };
  },
});
