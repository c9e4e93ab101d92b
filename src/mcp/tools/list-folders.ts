import { z } from "zod";
import { folderListResponse } from "../../core/folders/schemas.ts";
import { defineTool } from "../tool-kit.ts";

export const listFoldersTool = defineTool({
  name: "list_folders",
  title: "List folders",
  description: 'The user\'s folders, oldest first. parent_folder_id: "root" = top-level folders (workspaces), an id = its subfolders, omitted = all.',
  input: z.object({ parent_folder_id: z.string().min(1).max(200).optional().describe('"root", a folder id, or omitted for all') }),
  output: folderListResponse.extend({
    filter: z.object({ parent_folder_id: z.string().optional(), scope: z.string() }).describe("What was listed: all, root (workspaces) or one folder's subfolders"),
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
  async run(args, _extra, context) {
    const folders = await context.services.folders.list(context.user, args.parent_folder_id);
    const scope = args.parent_folder_id === undefined ? "all" : args.parent_folder_id === "root" ? "root" : "subfolders";
    return {
      result: { folders, total: folders.length, filter: { ...(args.parent_folder_id !== undefined ? { parent_folder_id: args.parent_folder_id } : {}), scope } },
      summary: `${folders.length} folder(s)`,
      next_steps: folders.length ? ["create_folder with parent_folder_id adds a subfolder", "process_document with folder_id files a document"] : ["create_folder makes one"],
    };
  },
});
