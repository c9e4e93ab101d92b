import { z } from "zod";
import { docRefInFolderFields, resolveDocument } from "../doc-ref.ts";
import { classify } from "../tool-errors.ts";
import { ToolFailure, defineTool } from "../tool-kit.ts";

const MAX_BATCH = 100;

export const removeDocumentTool = defineTool({
  name: "remove_document",
  title: "Remove documents",
  description:
    "Delete a document (doc_id or doc_name), or several by name (doc_names), with their trees and stored files (indexing in progress is cancelled). " +
    "Cannot be undone; confirm with the user first. Each name is deleted or reported on its own.",
  input: z.object({
    ...docRefInFolderFields,
    doc_names: z.array(z.string().min(1).max(255)).min(1).max(MAX_BATCH).optional().describe("Several documents by name (as PageIndex's remove_document takes them)"),
  }),
  output: z.object({
    doc_id: z.string().optional().describe("With doc_id or doc_name: the document removed"),
    name: z.string().optional(),
    deleted: z.literal(true).optional(),
    results: z.object({
      successful: z.number().int(),
      failed: z.number().int(),
      details: z.array(z.object({ doc_name: z.string(), doc_id: z.string().optional(), success: z.boolean(), error: z.string().optional() })),
    }),
  }),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true },
  async run(args, _extra, context) {
    if (args.doc_names) {
      if (args.doc_id || args.doc_name) throw new ToolFailure("INVALID_INPUT", "Give doc_names, or doc_id / doc_name, not both", ["Call again with one of them"]);
      const details: { doc_name: string; doc_id?: string; success: boolean; error?: string }[] = [];
      for (const docName of args.doc_names) {
        try {
          const doc = await resolveDocument(context, { doc_name: docName, folder_id: args.folder_id });
          await context.services.documents.delete(context.user, doc.id);
          details.push({ doc_name: docName, doc_id: doc.id, success: true });
        } catch (error) {
          const known = classify(error);
          if (!known) throw error;
          details.push({ doc_name: docName, success: false, error: known.message });
        }
      }
      const successful = details.filter((d) => d.success).length;
      return {
        result: { results: { successful, failed: details.length - successful, details } },
        summary: `${successful} of ${details.length} document(s) removed`,
        next_steps: successful < details.length ? ["recent_documents shows the exact names of what remains", "Tell the user which names failed and why"] : ["recent_documents shows what remains"],
      };
    }
    const doc = await resolveDocument(context, args);
    await context.services.documents.delete(context.user, doc.id);
    return {
      result: { doc_id: doc.id, name: doc.name, deleted: true as const, results: { successful: 1, failed: 0, details: [{ doc_name: doc.name, doc_id: doc.id, success: true }] } },
      summary: `Removed ${doc.name}`,
      next_steps: ["recent_documents shows what remains"],
    };
  },
});
