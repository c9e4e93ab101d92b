import { z } from "zod";
import { schemaDeleteResponse } from "../../core/metadata-schemas/schemas.ts";
import { defineTool } from "../tool-kit.ts";

export const deleteMetadataSchemaTool = defineTool({
  name: "delete_metadata_schema",
  title: "Delete a metadata schema",
  description: 'Clear the metadata schema of a workspace (or "root" for the user-level one). Documents keep their metadata.',
  input: z.object({ folder_id: z.string().min(1).max(200).describe('A folder id or "root"') }),
  output: schemaDeleteResponse,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true },
  errorHints: { NOT_FOUND: ["get_metadata_schema (without folder_id) shows where schemas are declared"] },
  async run(args, _extra, context) {
    const result = await context.services.metadataSchemas.remove(context.user, args.folder_id);
    return { result, next_steps: ["set_metadata_schema declares a new one"] };
  },
});
