/**
 * Watched roots and the folders that mirror them: a root becomes a workspace named after
 * the directory (or the folder the caller names), each subdirectory a subfolder of the
 * same name. Folders are found by their names below the root's folder (a folder someone
 * made there by hand with a directory's name is that directory's folder); a folder whose
 * directory is gone is removed once nothing is left in it.
 */
import path from "node:path";
import type { FolderRecord, Store, UserRecord, WatchedRootRecord } from "../../store/index.ts";
import { isInside } from "../documents/local-files.ts";
import { ConflictError, NotFoundError } from "../errors.ts";
import { newFolderRecord } from "../folders/service.ts";
import { ownerFolders } from "../folders/tree.ts";
import { newId, nowIso } from "../ids.ts";
import { removeSharesTo } from "../shares/access.ts";
import { assertLeaseIn } from "./lease.ts";
import { baseName, isWithin, parentOf } from "./paths.ts";

export interface AttachOptions {
  /** Mirror into this existing folder instead of a new workspace named after the directory. */
  folderId?: string;
  /** Kept watched (not only synced once): shown in the status, taken up again by `watch` restarts. */
  watched?: boolean;
}

/**
 * The root record of `realDir` for the user: found, or made with its workspace folder, in
 * one transaction. A directory inside (or around) one already kept indexed is refused: its
 * files would be indexed twice.
 */
export async function attachRoot(store: Store, user: UserRecord, realDir: string, options: AttachOptions = {}): Promise<WatchedRootRecord> {
  return store.write(async (tx) => {
    const roots = await tx.watchedRoots.find({ owner: user.id });
    const overlapping = roots.find((r) => r.path !== realDir && (isInside(realDir, r.path) || isInside(r.path, realDir)));
    if (overlapping) throw new ConflictError(`${realDir} overlaps ${overlapping.path}, which is already kept indexed (folder ${overlapping.folderId}); keep one of them`);
    if (options.folderId !== undefined) {
      const given = await tx.folders.get(options.folderId);
      if (!given || given.owner !== user.id) throw new NotFoundError(`Folder ${options.folderId} not found`);
    }
    const existing = roots.find((r) => r.path === realDir);
    if (existing) {
      const folder = await tx.folders.get(existing.folderId);
      if (folder && folder.owner === user.id) {
        if (options.folderId !== undefined && options.folderId !== existing.folderId) {
          throw new ConflictError(`${realDir} is already kept indexed in folder ${existing.folderId}`);
        }
        return options.watched && !existing.watched ? (await tx.watchedRoots.update(existing.id, { watched: true }))! : existing;
      }
      // Its folder was deleted in treeindex: the directory gets a folder again, and its files documents.
      const folderId = options.folderId ?? (await tx.folders.insert(newFolderRecord(user.id, rootFolderName(realDir), null))).id;
      return (await tx.watchedRoots.update(existing.id, { folderId, watched: existing.watched || options.watched }))!;
    }
    const folderId = options.folderId ?? (await tx.folders.insert(newFolderRecord(user.id, rootFolderName(realDir), null))).id;
    return tx.watchedRoots.insert({ id: newId("wr"), owner: user.id, path: realDir, folderId, createdAt: nowIso(), watched: options.watched === true });
  });
}

function rootFolderName(realDir: string): string {
  return (path.basename(realDir) || realDir).slice(0, 255);
}

/** Root-relative directory -> its folder, for the folders below the root's folder (oldest first on equal names). */
function mirroredFolders(folders: Map<string, FolderRecord>, rootFolderId: string): Map<string, string> {
  const children = new Map<string, FolderRecord[]>();
  for (const f of folders.values()) if (f.parentFolderId) children.set(f.parentFolderId, [...(children.get(f.parentFolderId) ?? []), f]);
  const byDir = new Map<string, string>([["", rootFolderId]]);
  const stack: Array<[string, string]> = [["", rootFolderId]];
  while (stack.length) {
    const [dir, id] = stack.pop()!;
    const sorted = (children.get(id) ?? []).sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
    for (const child of sorted) {
      const childDir = dir === "" ? child.name : `${dir}/${child.name}`;
      if (byDir.has(childDir)) continue;
      byDir.set(childDir, child.id);
      stack.push([childDir, child.id]);
    }
  }
  return byDir;
}

/** Makes the folders of `directories` (and their parents) that are missing; answers every directory's folder. */
export async function ensureFolders(store: Store, root: WatchedRootRecord, directories: Iterable<string>): Promise<Map<string, string>> {
  const wanted = new Set<string>();
  for (const dir of directories) for (let d = dir; d !== ""; d = parentOf(d)) wanted.add(d);
  // Usually every folder exists: a read, not a write turn (which waits for catalogue saves).
  const known = await store.read(async (tx) => mirroredFolders(await ownerFolders(tx, root.owner), root.folderId));
  if ([...wanted].every((dir) => known.has(dir))) return known;
  return store.write(async (tx) => {
    await assertLeaseIn(tx, root.id);
    const byDir = mirroredFolders(await ownerFolders(tx, root.owner), root.folderId);
    // Parents before children: sorted by depth.
    for (const dir of [...wanted].sort((a, b) => a.split("/").length - b.split("/").length)) {
      if (byDir.has(dir)) continue;
      const folder = await tx.folders.insert(newFolderRecord(root.owner, baseName(dir).slice(0, 255), byDir.get(parentOf(dir))!));
      byDir.set(dir, folder.id);
    }
    return byDir;
  });
}

/**
 * Removes, within the scanned scopes, the folders whose directory is gone and that hold
 * nothing any more (documents a person filed there by hand keep their folder).
 */
export async function removeVanishedFolders(store: Store, root: WatchedRootRecord, present: Set<string>, scopes: string[]): Promise<number> {
  const vanishedDirs = (byDir: Map<string, string>) => [...byDir.entries()].filter(([dir]) => dir !== "" && !present.has(dir) && scopes.some((scope) => isWithin(dir, scope)));
  if (vanishedDirs(await store.read(async (tx) => mirroredFolders(await ownerFolders(tx, root.owner), root.folderId))).length === 0) return 0;
  return store.write(async (tx) => {
    await assertLeaseIn(tx, root.id);
    const folders = await ownerFolders(tx, root.owner);
    const byDir = mirroredFolders(folders, root.folderId);
    const vanished = vanishedDirs(byDir);
    // Deepest first, so a parent is empty once its children are gone.
    vanished.sort((a, b) => b[0].split("/").length - a[0].split("/").length);
    const removed = new Set<string>();
    for (const [, id] of vanished) {
      const documents = await tx.documents.count({ folderId: id });
      const subfolders = [...folders.values()].filter((f) => f.parentFolderId === id && !removed.has(f.id)).length;
      if (documents > 0 || subfolders > 0) continue;
      await tx.folders.remove(id);
      removed.add(id);
    }
    await removeSharesTo(tx, "folder", removed);
    return removed.size;
  });
}
