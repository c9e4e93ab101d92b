import { z } from "zod";
import { asPageIndexDoc, docRefInFolderFields, documentSummary, resolveDocument, stepsFor, summarise } from "../doc-ref.ts";
import { defineTool } from "../tool-kit.ts";
import { waitForDocument } from "../wait.ts";

export const getDocumentTool = defineTool({
  name: "get_document",
  title: "Document status and info",
  description:
    "Status (queued, processing, completed, failed) and info of one document. With wait_for_completion it waits at most ~45 s, then answers with the current status (call again to keep waiting).",
  input: z.object({ ...docRefInFolderFields, wait_for_completion: z.boolean().optional().describe("Wait (at most ~45 s) until indexing ends") }),
  output: documentSummary.extend({
    toc_source: z.string().optional().describe("Where the structure came from"),
    warnings: z.array(z.string()).optional(),
    still_waiting: z.boolean().optional(),
    // The same record as PageIndex's get_document gives it.
    id: z.string(),
    createdAt: z.string(),
    pageNum: z.number().int(),
    folderId: z.string().nullable(),
    wait_info: z.object({ waited: z.boolean(), elapsed_seconds: z.number().optional(), final_status: z.string().optional() }).optional().describe("With wait_for_completion"),
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
  async run(args, extra, context) {
    let doc = await resolveDocument(context, args);
    let stillWaiting: boolean | undefined;
    let waitInfo: { waited: boolean; elapsed_seconds: number; final_status: string } | undefined;
    if (args.wait_for_completion) {
      const waited = await waitForDocument(context, doc.id, extra);
      doc = waited.doc;
      stillWaiting = waited.timedOut;
      waitInfo = { waited: true, elapsed_seconds: Math.round(waited.waitedMs / 100) / 10, final_status: doc.status };
    }
    return {
      result: {
        ...asPageIndexDoc(doc),
        ...summarise(doc),
        ...(waitInfo ? { wait_info: waitInfo } : {}),
        ...(doc.tocSource ? { toc_source: doc.tocSource } : {}),
        ...(doc.warnings?.length ? { warnings: doc.warnings } : {}),
        ...(stillWaiting !== undefined ? { still_waiting: stillWaiting } : {}),
      },
      next_steps: stepsFor(doc),
    };
  },
});
