import { createFolderBody, folderResponse } from "../../core/folders/schemas.ts";
import { defineTool } from "../tool-kit.ts";

export const createFolderTool = defineTool({
  name: "create_folder",
  title: "Create a folder",
  description: "Create a folder for documents. Without parent_folder_id it is a top-level folder (a workspace).",
  input: createFolderBody,
  output: folderResponse,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
  errorHints: { NOT_FOUND: ["list_folders shows the folder ids to use as parent_folder_id"] },
  async run(args, _extra, context) {
    const folder = await context.services.folders.create(context.user, args);
    return { result: folder, next_steps: [`process_document {path: "...", folder_id: "${folder.id}"} files a document here`] };
  },
});
