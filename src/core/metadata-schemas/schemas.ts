/** The metadata schema concept, once: declared body, field types, query flags, responses. */
import { z } from "zod";
import { looseBoolean, optionalText } from "../schemas/common.ts";

/** Field types a schema may declare. `date` is an ISO 8601 date or date-time string. */
export const FIELD_TYPES = ["string", "number", "integer", "boolean", "date", "string[]"] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export const fieldSpec = z.object({
  type: z.enum(FIELD_TYPES),
  description: z.string().max(2000).optional(),
  required: z.boolean().optional().describe("When true, documents under this schema must carry the field"),
});

export const metadataSchemaBody = z.object({
  fields: z.record(z.string().min(1).max(200), fieldSpec).describe("Metadata field name -> {type, description?, required?}"),
});
export type MetadataSchemaBody = z.output<typeof metadataSchemaBody>;

export const schemaFolderParams = z.object({ folder_id: z.string().min(1).max(200).describe("A folder id (resolves to its workspace) or `root` for the user-level schema") });

export const valuesQuery = {
  include_values: optionalText(looseBoolean).describe("Add `values` (observed distinct values) to every field"),
  values_limit: optionalText(z.coerce.number().int().min(1).max(500)).describe("1..500, default 100; extra values are dropped silently"),
  mode: optionalText(z.string().max(64)),
  teamspace_id: optionalText(z.string().max(200)),
};

export const schemaQuery = z.object(valuesQuery);
export const schemaWriteQuery = z.object({ mode: valuesQuery.mode, teamspace_id: valuesQuery.teamspace_id });
export const schemaOverviewQuery = z.object({ folder_id: optionalText(z.string().max(200)), ...valuesQuery });

export interface ValuesOptions {
  includeValues: boolean;
  valuesLimit: number;
}

export const effectiveSchema = z
  .object({
    fields: z.record(z.string(), fieldSpec.extend({ values: z.array(z.unknown()).optional() })),
    level: z.enum(["workspace", "user"]).describe("Where the schema in effect was declared"),
    workspace_id: z.string().nullable().describe("The workspace the request resolved to (null for `root`)"),
    createdAt: z.string(),
  })
  .nullable();
export type EffectiveSchema = z.infer<typeof effectiveSchema>;

export const schemaOverview = z.object({
  user_schema: effectiveSchema,
  workspace_schemas: z.array(z.object({ workspace_id: z.string(), name: z.string(), schema: effectiveSchema })),
});

export const schemaDeleteResponse = z.object({ folder_id: z.string(), workspace_id: z.string().nullable(), deleted: z.literal(true) });
