/** The folder concept, once: create body, list query, the returned record, delete outcome. */
import { z } from "zod";
import { nameText, optionalText } from "../schemas/common.ts";

export const folderIdParams = z.object({ folder_id: z.string().min(1).max(200) });

export const createFolderBody = z.object({
  name: nameText("Folder name"),
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
  document_count: z.number().int().describe("Documents directly in this folder"),
  subfolder_count: z.number().int().describe("Direct subfolders"),
  created_at: z.string().describe("= createdAt (PageIndex SDK name)"),
  updated_at: z.string().describe("Folders are never edited: = created_at"),
  file_count: z.number().int().describe("= document_count (PageIndex SDK name)"),
  children_count: z.number().int().describe("= subfolder_count (PageIndex SDK name)"),
});
export type FolderResponse = z.infer<typeof folderResponse>;

/** POST /folder: the folder's fields, and the same record under `folder` (as PageIndex's SDKs read it). */
export const createFolderResponse = folderResponse.extend({ folder: folderResponse });

export const folderListResponse = z.object({ folders: z.array(folderResponse), total: z.number().int().describe("Folders in this answer") });

const counts = z.object({ folders: z.number().int(), documents: z.number().int() });

export const folderDeleteResponse = z.object({
  folder_id: z.string(),
  deleted: counts.describe("Folders and documents removed (records and files)"),
  survived: counts.describe("Folders and documents kept: busy documents, the folders on their path, and whatever an interrupted cascade did not reach"),
});
export type FolderDeleteResult = z.infer<typeof folderDeleteResponse>;

/** 409 and 500 bodies: the counts plus `detail`. */
export const folderDeleteFailure = folderDeleteResponse.extend({ detail: z.string() });

/**
 * How a cascade ended: `deleted` (200), `blocked` by busy documents (409), or `interrupted`
 * by a server error (500). Counts are exact in every case.
 */
export type FolderDeleteOutcome =
  | { outcome: "deleted"; result: FolderDeleteResult }
  | { outcome: "blocked" | "interrupted"; result: FolderDeleteResult; detail: string };
