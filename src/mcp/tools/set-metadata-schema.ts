import { z } from "zod";
import { effectiveSchema, metadataSchemaBody } from "../../core/metadata-schemas/schemas.ts";
import { defineTool } from "../tool-kit.ts";

export const setMetadataSchemaTool = defineTool({
  name: "set_metadata_schema",
  title: "Declare a metadata schema",
  description:
    'Declare the metadata fields of a workspace (any folder id resolves to its workspace) or of the user ("root"). ' +
    'Types: string, number, integer, boolean, date, string[]. Schemas are immutable: delete_metadata_schema first to change one. Example fields: {"year": {"type": "integer", "required": true}}.',
  input: z.object({ folder_id: z.string().min(1).max(200).describe('A folder id or "root"'), fields: metadataSchemaBody.shape.fields }),
  output: z.object({ schema: effectiveSchema }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
  errorHints: {
    CONFLICT: ["A schema is already declared there: get_metadata_schema shows it; delete_metadata_schema, then declare again"],
    NOT_FOUND: ["list_folders shows the folder ids"],
  },
  async run(args, _extra, context) {
    const schema = await context.services.metadataSchemas.declare(context.user, args.folder_id, { fields: args.fields });
    return { result: { schema }, next_steps: ["set_document_metadata now checks documents in this workspace against it"] };
  },
});
