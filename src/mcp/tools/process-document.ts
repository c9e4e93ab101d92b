import { z } from "zod";
import { zipImportResult } from "../../core/zip-import/schemas.ts";
import { stepsFor } from "../doc-ref.ts";
import { defineTool } from "../tool-kit.ts";
import { waitForDocument } from "../wait.ts";

export const processDocumentTool = defineTool({
  name: "process_document",
  title: "Index a file",
  description:
    "Index a document (PDF, Markdown, Word .docx, OpenDocument .odt, PowerPoint .pptx, EPUB, HTML web page, plain text), or every document of a ZIP archive: from the local disk (an absolute or ~/ path, or a file:// URL, under the folders allowed by TREEINDEX_ALLOWED_ROOTS or offered as the client's roots), or from an http(s) URL (a page answering text/html is indexed as a web page). The format is recognised by content. " +
    "Returns at once with doc_id and status; indexing continues in the background. With wait_for_completion (or a progress token) it waits up to ~45 s, sending progress notifications.",
  input: z.object({
    path: z.string().min(1).max(4096).describe("Absolute path (~/… is the user's home), file:// URL, or http(s) URL of the file"),
    folder_id: z.string().min(1).max(200).optional().describe("Folder to file the document in (see list_folders)"),
    metadata: z.record(z.string(), z.unknown()).optional().describe("Free-form metadata object"),
    wait_for_completion: z.boolean().optional().describe("Wait (at most ~45 s) for indexing to end"),
  }),
  output: z.object({
    name: z.string(),
    doc_id: z.string().optional().describe("The new document (a single file)"),
    status: z.enum(["queued", "processing", "completed", "failed"]).optional(),
    error: z.string().optional(),
    waited_s: z.number().optional(),
    zip: zipImportResult.optional().describe("A ZIP archive: the folder created and one queued document per document entry"),
  }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
  async run(args, extra, context) {
    // Folders the client offers as roots are allowed too (its user chose them), when this session may read local files at all.
    const clientRoots = context.localFiles.allowed && context.clientRoots && !/^https?:/i.test(args.path) ? await context.clientRoots() : [];
    const processed = await context.services.localFiles.process(
      context.user,
      { location: args.path, folderId: args.folder_id, metadata: args.metadata },
      { ...context.localFiles, clientRoots },
    );
    if ("zip" in processed) {
      const { zip } = processed;
      return {
        result: { name: processed.name, zip },
        next_steps: [
          `${zip.items.length} document(s) queued in folder ${zip.root_folder_id}: list_documents {folder_id: "${zip.root_folder_id}", recursive: true} shows their status`,
          ...(zip.skipped.length || zip.failed.length ? ["Tell the user which entries were skipped or failed"] : []),
        ],
      };
    }
    const wait = args.wait_for_completion === true || extra._meta?.progressToken !== undefined;
    const waited = wait ? await waitForDocument(context, processed.doc_id, extra) : undefined;
    const doc = waited?.doc ?? (await context.services.documents.get(context.user, processed.doc_id));
    return {
      result: {
        name: processed.name,
        doc_id: doc.id,
        status: doc.status,
        ...(doc.error ? { error: doc.error } : {}),
        ...(waited ? { waited_s: Math.round(waited.waitedMs / 100) / 10 } : {}),
      },
      next_steps: stepsFor(doc),
    };
  },
});
