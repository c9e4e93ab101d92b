import { z } from "zod";
import { folderListResponse } from "../../core/folders/schemas.ts";
import { defineTool } from "../tool-kit.ts";

export const listFoldersTool = defineTool({
  name: "list_folders",
  title: "List folders",
  description: 'The user\'s folders, oldest first. parent_folder_id: "root" = top-level folders (workspaces), an id = its subfolders, omitted = all.',
  input: z.object({ parent_folder_id: z.string().min(1).max(200).optional().describe('"root", a folder id, or omitted for all') }),
  output: folderListResponse,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
  async run(args, _extra, context) {
    const folders = await context.services.folders.list(context.user, args.parent_folder_id);
    return {
      result: { folders },
      next_steps: folders.length ? ["create_folder with parent_folder_id adds a subfolder", "process_document with folder_id files a document"] : ["create_folder makes one"],
    };
  },
});
