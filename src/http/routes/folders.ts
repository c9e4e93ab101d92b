/** Folder routes: create, list, delete (cascade). Thin adapters over FolderService. */
import {
  createFolderBody,
  createFolderResponse,
  folderDeleteFailure,
  folderDeleteResponse,
  folderIdParams,
  folderListResponse,
  listFoldersQuery,
} from "../../core/folders/schemas.ts";
import type { Services } from "../../core/services.ts";
import type { Router } from "../route.ts";

const DELETE_STATUS = { deleted: 200, blocked: 409, interrupted: 500 } as const;

export function folderRoutes(router: Router, { folders }: Services): void {
  router.add(
    {
      method: "post", path: "/folder", tag: "folders", body: createFolderBody,
      summary: "Create a folder (no parent = a workspace)",
      responses: { 200: { description: "The new folder; the same record again under `folder`", schema: createFolderResponse }, 404: { description: "Unknown parent folder" } },
    },
    async ({ c, body, user }) => {
      const folder = await folders.create(user, body);
      return c.json({ ...folder, folder });
    },
  );
  router.add(
    {
      method: "get", path: "/folders", tag: "folders", query: listFoldersQuery,
      summary: "List folders: parent_folder_id=root for workspaces, an id for its subfolders, omitted for all",
      responses: { 200: { description: "Folders, oldest first", schema: folderListResponse } },
    },
    async ({ c, query, user }) => {
      const list = await folders.list(user, query.parent_folder_id);
      return c.json({ folders: list, total: list.length });
    },
  );
  router.add(
    {
      method: "delete", path: "/folder/{folder_id}", tag: "folders", params: folderIdParams,
      summary: "Delete a folder with its subfolders and documents",
      responses: {
        200: { description: "Deleted; counts of what was deleted", schema: folderDeleteResponse },
        404: { description: "Unknown folder" },
        409: { description: "Documents inside are still queued or processing: they and their folders survived", schema: folderDeleteFailure },
        500: { description: "A server error interrupted the cascade; counts say what was deleted and what survived", schema: folderDeleteFailure },
      },
    },
    async ({ c, params, user }) => {
      const done = await folders.delete(user, params.folder_id);
      const body = done.outcome === "deleted" ? done.result : { detail: done.detail, ...done.result };
      return c.json(body, DELETE_STATUS[done.outcome]);
    },
  );
}
