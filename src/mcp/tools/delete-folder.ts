import { z } from "zod";
import { folderDeleteResponse } from "../../core/folders/schemas.ts";
import { ToolFailure, defineTool } from "../tool-kit.ts";

export const deleteFolderTool = defineTool({
  name: "delete_folder",
  title: "Delete a folder",
  description:
    "Delete a folder with its subfolders and their documents. Documents still being indexed survive (with their folders) and the call fails with CONFLICT and counts. Cannot be undone; confirm with the user first.",
  input: z.object({ folder_id: z.string().min(1).max(200) }),
  output: folderDeleteResponse,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true },
  errorHints: { NOT_FOUND: ["list_folders shows the folder ids"] },
  async run({ folder_id }, _extra, context) {
    const done = await context.services.folders.delete(context.user, folder_id);
    if (done.outcome === "blocked") {
      throw new ToolFailure("CONFLICT", done.detail, ["Wait until the documents finish indexing (recent_documents shows status), then call delete_folder again"], done.result);
    }
    if (done.outcome === "interrupted") throw new ToolFailure("INTERNAL", done.detail, ["Call delete_folder again to finish the cascade"], done.result);
    return { result: done.result, next_steps: ["list_folders shows what remains"] };
  },
});
