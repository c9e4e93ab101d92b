/** The listing concept, once: `GET /docs` query parameters and both response shapes. */
import { z } from "zod";
import { documentInfo } from "../documents/schemas.ts";
import { looseBoolean, optionalText } from "../schemas/common.ts";
import { aggregatesParam, groupByParam, metadataFilterParam, sortParam } from "./query-language.ts";

export const SHARED_SCOPES = ["shared-with-me", "following"] as const;

export const listDocsQuery = z.object({
  limit: optionalText(z.coerce.number().int().min(1).max(10000)).describe("1..10000; default 50 (list mode) or 1000 (group mode, unit: groups)"),
  offset: optionalText(z.coerce.number().int().min(0)).describe("List mode only; default 0"),
  name: optionalText(z.string().max(255)).describe("Exact file name; at most one match (the newest)"),
  folder_id: optionalText(z.string().max(200)).describe("root, a folder id, shared-with-me or following; omitted = all"),
  recursive: optionalText(looseBoolean).describe("Include descendants (folder id), everything (root), shared folders' subtrees (shared scopes)"),
  metadata_filter: optionalText(metadataFilterParam),
  sort: optionalText(sortParam).describe("Up to 5 fields; list mode: metadata fields plus createdAt, name, pageNum, status; group mode: group keys and aggregate aliases"),
  aggregates: optionalText(aggregatesParam).describe("Up to 10 {alias: {$count|$sum|$avg|$max|$min: field}}, over the full match"),
  group_by: optionalText(groupByParam).describe("Up to 5 metadata fields; needs aggregates"),
  mode: optionalText(z.string().max(64)).describe("Accepted for compatibility; no effect"),
  teamspace_id: optionalText(z.string().max(200)),
});
export type ListDocsQuery = z.output<typeof listDocsQuery>;

/** A list row: the document record plus its folder path. */
export const listedDocument = documentInfo.extend({
  path: z.string().nullable().describe("Folder chain `Parent/Child`; null when unfiled or outside the visible scope"),
});
export type ListedDocument = z.infer<typeof listedDocument>;

export const listModeResponse = z.object({
  documents: z.array(listedDocument),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
  aggregates: z.record(z.string(), z.unknown()).optional().describe("Present when aggregates were asked for"),
});
export type ListModeResponse = z.infer<typeof listModeResponse>;

export const groupModeResponse = z.object({
  groups: z.array(z.record(z.string(), z.unknown())).describe("One object per group: the group_by fields, then the aggregate aliases"),
  total: z.number().int().describe("Number of groups"),
  truncated: z.boolean().describe("True when more groups exist than `limit`"),
  limit: z.number().int(),
});
export type GroupModeResponse = z.infer<typeof groupModeResponse>;
