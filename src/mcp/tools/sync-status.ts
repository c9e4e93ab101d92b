import { z } from "zod";
import { skippedFile, watchedRootStatus } from "../../core/sync/schemas.ts";
import { defineTool } from "../tool-kit.ts";

export const syncStatusTool = defineTool({
  name: "sync_status",
  title: "Kept folders' status",
  description: "The local folders kept indexed (sync_folder, TREEINDEX_WATCH): per folder, files indexed, files pending, the files skipped with the reason, and the last full sync.",
  input: z.object({}),
  output: z.object({
    roots: z.array(watchedRootStatus.extend({ skipped_files: z.array(skippedFile).describe("The first 200 skipped files, by path") })),
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
  async run(_args, _extra, context) {
    const { sync } = context.services;
    const roots = await Promise.all((await sync.status(context.user)).map(async (root) => ({ ...root, skipped_files: await sync.skipped(context.user, root.folder_id) })));
    const pending = roots.reduce((n, r) => n + r.pending, 0);
    return {
      result: { roots },
      summary: `${roots.length} folder(s) kept indexed, ${pending} file(s) pending`,
      next_steps: roots.length ? (pending ? ["Indexing is under way: call sync_status again shortly"] : ["search_documents or find_relevant_documents searches them"]) : ["sync_folder {path, watch: true} keeps a folder indexed"],
    };
  },
});
