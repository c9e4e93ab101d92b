import { z } from "zod";
import { effectiveSchema, schemaOverview } from "../../core/metadata-schemas/schemas.ts";
import { defineTool } from "../tool-kit.ts";

export const getMetadataSchemaTool = defineTool({
  name: "get_metadata_schema",
  title: "Metadata schema",
  description:
    'The metadata schema in effect: for a folder (its workspace\'s, else the user-level one), for "root" (user-level), or without folder_id all of them. ' +
    "include_values adds the distinct values seen in documents, useful before filtering with list_documents.",
  input: z.object({
    folder_id: z.string().min(1).max(200).optional().describe('A folder id, "root", or omitted for all'),
    include_values: z.boolean().optional(),
    values_limit: z.number().int().min(1).max(500).optional().describe("Default 100"),
  }),
  output: z.object({
    folder_id: z.string().nullable(),
    schema: effectiveSchema.optional().describe("With folder_id: the schema in effect, or null"),
    user_schema: schemaOverview.shape.user_schema.optional(),
    workspace_schemas: schemaOverview.shape.workspace_schemas.optional(),
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
  errorHints: { NOT_FOUND: ["list_folders shows the folder ids; \"root\" is the user-level schema"] },
  async run(args, _extra, context) {
    const options = { includeValues: args.include_values ?? false, valuesLimit: args.values_limit ?? 100 };
    const { metadataSchemas } = context.services;
    if (args.folder_id === undefined) {
      const overview = await metadataSchemas.overview(context.user, options);
      return { result: { folder_id: null, ...overview }, next_steps: ["set_metadata_schema declares one", "list_documents filters by metadata"] };
    }
    const schema = await metadataSchemas.effective(context.user, args.folder_id, options);
    return {
      result: { folder_id: args.folder_id, schema },
      next_steps: schema ? ["list_documents with metadata_filter on these fields"] : [`set_metadata_schema {folder_id: "${args.folder_id}", fields: {...}} declares one`],
    };
  },
});
