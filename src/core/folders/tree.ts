/** Folder-tree helpers shared by folders, listing, schemas and shares (read-only, in a transaction). */
import type { FolderRecord, ReadTx } from "../../store/index.ts";

/** The top-level ancestor of `folder` (its workspace); the folder itself for a workspace. */
export function workspaceOf(tx: ReadTx, folder: FolderRecord): string {
  let current = folder;
  for (let guard = 0; current.parentFolderId && guard < 1000; guard++) {
    const parent = tx.folders.get(current.parentFolderId);
    if (!parent) break;
    current = parent;
  }
  return current.id;
}

/** Ids of `rootId` and all its descendant folders (owned by `ownerId`). */
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
