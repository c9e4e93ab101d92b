import { z } from "zod";
import { docRefFields, resolveDocument } from "../doc-ref.ts";
import { defineTool } from "../tool-kit.ts";

export const removeDocumentTool = defineTool({
  name: "remove_document",
  title: "Remove a document",
  description: "Delete a document, its tree and stored files (indexing in progress is cancelled). Cannot be undone; confirm with the user first.",
  input: z.object(docRefFields),
  output: z.object({ doc_id: z.string(), name: z.string(), deleted: z.literal(true) }),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true },
  async run(args, _extra, context) {
    const doc = await resolveDocument(context, args);
    await context.services.documents.delete(context.user, doc.id);
    return { result: { doc_id: doc.id, name: doc.name, deleted: true as const }, next_steps: ["recent_documents shows what remains"] };
  },
});
