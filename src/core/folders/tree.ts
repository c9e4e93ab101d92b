/**
 * Folder-tree helpers shared by folders, listing, schemas and shares (read-only, in a
 * transaction). A user's folders are few, so the walks read them once (`ownerFolders`)
 * and work in memory rather than asking the store once per step.
 */
import type { FolderRecord, ReadTx } from "../../store/index.ts";

export type FolderIndex = Map<string, FolderRecord>;

export async function ownerFolders(tx: ReadTx, ownerId: string): Promise<FolderIndex> {
  return new Map((await tx.folders.find({ owner: ownerId })).map((f) => [f.id, f]));
}

/** The top-level ancestor of `folder` (its workspace); the folder itself for a workspace. */
export function workspaceIn(folders: FolderIndex, folder: FolderRecord): string {
  let current = folder;
  for (let guard = 0; current.parentFolderId && guard < 1000; guard++) {
    const parent = folders.get(current.parentFolderId);
    if (!parent) break;
    current = parent;
  }
  return current.id;
}

export async function workspaceOf(tx: ReadTx, folder: FolderRecord): Promise<string> {
  return workspaceIn(await ownerFolders(tx, folder.owner), folder);
}

/** Ids of `rootId` and all its descendant folders (owned by `ownerId`). */
export async function subtreeFolderIds(tx: ReadTx, ownerId: string, rootId: string): Promise<Set<string>> {
  const children = new Map<string, string[]>();
  for (const f of (await ownerFolders(tx, ownerId)).values()) {
    if (f.parentFolderId) children.set(f.parentFolderId, [...(children.get(f.parentFolderId) ?? []), f.id]);
  }
  const ids = new Set<string>([rootId]);
  const stack = [rootId];
  while (stack.length) for (const child of children.get(stack.pop()!) ?? []) if (!ids.has(child)) ids.add(child), stack.push(child);
  return ids;
}
