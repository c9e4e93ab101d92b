import { z } from "zod";
import { metadataBody } from "../../core/documents/schemas.ts";
import { docRefFields, documentSummary, resolveDocument, summarise } from "../doc-ref.ts";
import { defineTool } from "../tool-kit.ts";

export const setDocumentMetadataTool = defineTool({
  name: "set_document_metadata",
  title: "Set document metadata",
  description: "Replace a document's free-form metadata object (e.g. {\"year\": 2023, \"tags\": [\"finance\"]}). {} clears it.",
  input: z.object({ ...docRefFields, metadata: metadataBody }),
  output: documentSummary,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
  async run(args, _extra, context) {
    const doc = await resolveDocument(context, args);
    const updated = await context.services.documents.setMetadata(context.user, doc.id, args.metadata);
    return { result: summarise(updated), next_steps: ["get_document shows the stored metadata"] };
  },
});
