import { z } from "zod";
import { syncReport, watchedRootStatus } from "../../core/sync/schemas.ts";
import { defineTool } from "../tool-kit.ts";

export const syncFolderTool = defineTool({
  name: "sync_folder",
  title: "Keep a folder indexed",
  description:
    "Index every document in a local folder (an absolute or ~/ path under the folders allowed by TREEINDEX_ALLOWED_ROOTS or offered as the client's roots): the folder becomes a workspace named after it, its subfolders subfolders, each supported file a document. " +
    "Run again, it applies what changed: new files indexed, changed ones re-indexed in place (same doc_id), renamed ones moved, deleted ones removed. With watch: true the server keeps doing so while it runs. " +
    "Files it cannot index (unsupported, too large, links outside the allowed folders) are listed as skipped with the reason. Indexing continues in the background: sync_status shows progress.",
  input: z.object({
    path: z.string().min(1).max(4096).describe("Absolute path (~/… is the user's home) or file:// URL of the folder"),
    watch: z.boolean().optional().describe("Keep the folder indexed from now on (default: sync once)"),
  }),
  output: z.object({
    status: watchedRootStatus,
    report: syncReport.optional().describe("What this sync did (sync once)"),
  }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
  async run(args, _extra, context) {
    const { sync, localFiles } = context.services;
    // The same checks as process_document: allowed roots (and the client's roots), links resolved.
    const clientRoots = context.localFiles.allowed && context.clientRoots ? await context.clientRoots() : [];
    const real = await localFiles.allowedDirectory(args.path, { ...context.localFiles, clientRoots });
    const report = args.watch ? undefined : await sync.syncOnce(context.user, real, { waitForWritesMs: 30_000 });
    const status = args.watch ? await sync.watch(context.user, real) : await sync.statusAt(context.user, real);
    const steps = [`list_documents {folder_id: "${status.folder_id}", recursive: true} shows the documents and their status`, "sync_status shows progress and the skipped files"];
    if (report?.held_by) steps.unshift(`Another treeindex process (${report.held_by}) keeps this folder indexed; nothing needed doing here`);
    else if (report && (report.skipped.length || report.failed.length)) steps.unshift("Tell the user which files were skipped or failed, and why");
    return {
      result: { status, ...(report ? { report } : {}) },
      summary: report
        ? `${report.added} added, ${report.updated} re-indexed, ${report.moved} moved, ${report.deleted} deleted, ${report.skipped.length} skipped`
        : `watching ${status.path}: ${status.files} files indexed, ${status.pending} pending`,
      next_steps: steps,
    };
  },
});
