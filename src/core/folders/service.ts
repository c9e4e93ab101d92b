/**
 * Folders. A folder without a parent is a workspace. Every method is scoped to the calling
 * user; another user's folder is "not found".
 */
import type { FolderRecord, ReadTx, Store, UserRecord } from "../../store/index.ts";
import { ConflictError, NotFoundError } from "../errors.ts";
import { newId, nowIso } from "../ids.ts";
import type { CreateFolderBody, FolderDeleteResult, FolderResponse } from "./schemas.ts";

function workspaceOf(tx: ReadTx, folder: FolderRecord): string {
  let current = folder;
  for (let guard = 0; current.parentFolderId && guard < 1000; guard++) {
    const parent = tx.folders.get(current.parentFolderId);
    if (!parent) break;
    current = parent;
  }
  return current.id;
}

function toResponse(tx: ReadTx, f: FolderRecord): FolderResponse {
  return { id: f.id, name: f.name, description: f.description, parent_folder_id: f.parentFolderId, workspace_id: workspaceOf(tx, f), createdAt: f.createdAt };
}

/** Ids of `rootId` and all its descendant folders. */
export function subtreeFolderIds(tx: ReadTx, ownerId: string, rootId: string): Set<string> {
  const children = new Map<string, string[]>();
  for (const f of tx.folders.list((f) => f.owner === ownerId)) {
    if (f.parentFolderId) children.set(f.parentFolderId, [...(children.get(f.parentFolderId) ?? []), f.id]);
  }
  const ids = new Set<string>([rootId]);
  const stack = [rootId];
  while (stack.length) for (const child of children.get(stack.pop()!) ?? []) if (!ids.has(child)) ids.add(child), stack.push(child);
  return ids;
}

export class FolderService {
  constructor(private readonly store: Store) {}

  async create(user: UserRecord, body: CreateFolderBody): Promise<FolderResponse> {
    const parentId = body.parent_folder_id ?? null;
    const created = await this.store.write((tx) => {
      if (parentId) {
        const parent = tx.folders.get(parentId);
        if (!parent || parent.owner !== user.id) return undefined;
      }
      const record = tx.folders.insert({ id: newId("fld"), owner: user.id, name: body.name, description: body.description ?? null, parentFolderId: parentId, createdAt: nowIso() });
      return toResponse(tx, record);
    });
    if (!created) throw new NotFoundError(`Parent folder ${parentId} not found`);
    return created;
  }

  async get(user: UserRecord, folderId: string): Promise<FolderResponse> {
    const found = await this.store.read((tx) => {
      const f = tx.folders.get(folderId);
      return f && f.owner === user.id ? toResponse(tx, f) : undefined;
    });
    if (!found) throw new NotFoundError(`Folder ${folderId} not found`);
    return found;
  }

  /** `root` = workspaces; an id = its subfolders (404 if unknown); undefined = all. Oldest first. */
  async list(user: UserRecord, parent?: string): Promise<FolderResponse[]> {
    if (parent !== undefined && parent !== "root") await this.get(user, parent);
    return this.store.read((tx) =>
      tx.folders
        .list((f) => f.owner === user.id && (parent === undefined || f.parentFolderId === (parent === "root" ? null : parent)))
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
        .map((f) => toResponse(tx, f)),
    );
  }

  /**
   * Deletes the folder, its subfolders and their documents. Documents still queued or
   * processing survive, with the folders on their path; then the answer is 409 with counts.
   */
  async delete(user: UserRecord, folderId: string): Promise<FolderDeleteResult> {
    await this.get(user, folderId);
    const { result, removedDocs } = await this.store.write((tx) => {
      const folderIds = subtreeFolderIds(tx, user.id, folderId);
      const docs = tx.documents.list((d) => d.owner === user.id && d.folderId !== null && folderIds.has(d.folderId));
      const busy = docs.filter((d) => d.status === "queued" || d.status === "processing");
      const keepFolders = new Set<string>();
      for (const d of busy) {
        for (let id: string | null = d.folderId; id && folderIds.has(id) && !keepFolders.has(id); id = tx.folders.get(id)?.parentFolderId ?? null) keepFolders.add(id);
      }
      const removedDocs = docs.filter((d) => !busy.includes(d)).map((d) => d.id);
      for (const id of removedDocs) tx.documents.remove(id);
      let deletedFolders = 0;
      for (const id of folderIds) if (!keepFolders.has(id)) tx.folders.remove(id), deletedFolders++;
      const result: FolderDeleteResult = {
        folder_id: folderId,
        deleted: { folders: deletedFolders, documents: removedDocs.length },
        survived: { folders: keepFolders.size, documents: busy.length },
      };
      return { result, removedDocs };
    });
    for (const id of removedDocs) await this.store.blobs.removeAll(id);
    if (result.survived.documents > 0) {
      throw new ConflictError(`${result.survived.documents} document(s) in this folder are still being indexed; they and their folders were kept`, result);
    }
    return result;
  }
}
