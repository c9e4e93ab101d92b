/** The folder concept, once: create body, list query, the returned record, delete outcome. */
import { z } from "zod";
import { optionalText } from "../schemas/common.ts";

export const folderIdParams = z.object({ folder_id: z.string().min(1).max(200) });

export const createFolderBody = z.object({
  name: z.string().trim().min(1, "Folder name must not be empty").max(255),
  description: z.string().max(4000).nullable().optional(),
  parent_folder_id: z.string().min(1).max(200).nullable().optional(),
});
export type CreateFolderBody = z.output<typeof createFolderBody>;

export const listFoldersQuery = z.object({
  parent_folder_id: optionalText(z.string().max(200)).describe("root = top-level folders (workspaces); an id = its subfolders; omitted = all"),
});

export const folderResponse = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  parent_folder_id: z.string().nullable(),
  workspace_id: z.string().describe("The top-level folder (workspace) this folder belongs to; its own id for a workspace"),
  createdAt: z.string(),
});
export type FolderResponse = z.infer<typeof folderResponse>;

export const folderListResponse = z.object({ folders: z.array(folderResponse) });

export const folderDeleteResponse = z.object({
  folder_id: z.string(),
  deleted: z.object({ folders: z.number().int(), documents: z.number().int() }),
  survived: z.object({ folders: z.number().int(), documents: z.number().int() }),
});
export type FolderDeleteResult = z.infer<typeof folderDeleteResponse>;
