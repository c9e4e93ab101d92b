/**
 * Which documents a listing may return (as a store condition), and which folders it may
 * name in `path`. Own scopes: all, `root` (unfiled; everything with recursive), a folder
 * (or its subtree). Shared scopes: documents shared directly, plus shared folders'
 * subtrees when recursive.
 */
import type { FolderRecord, ReadTx, UserRecord, Where } from "../../store/index.ts";
import { NotFoundError } from "../errors.ts";
import { ownerFolders, subtreeFolderIds } from "../folders/tree.ts";
import { sharesReaching } from "../shares/access.ts";

export interface ListingScope {
  where: Where;
  /** Folders the caller may see: `path` stops at the last visible ancestor. */
  folderVisible(folderId: string): boolean;
  /** The folders `path` may walk through, by id. */
  folders: Map<string, FolderRecord>;
  shared: boolean;
}

/** Matches no document (an empty `$in`). */
const NOTHING: Where = { id: { $in: [] } };

export async function resolveScope(tx: ReadTx, user: UserRecord, folderId: string | undefined, recursive: boolean): Promise<ListingScope> {
  if (folderId === "shared-with-me" || folderId === "following") return sharedScope(tx, user, folderId === "shared-with-me" ? "user" : "official", recursive);
  const folders = await ownerFolders(tx, user.id);
  const own = { folderVisible: (id: string) => folders.has(id), folders, shared: false };
  if (folderId === undefined || (folderId === "root" && recursive)) return { ...own, where: { owner: user.id } };
  if (folderId === "root") return { ...own, where: { owner: user.id, folderId: null } };
  if (!folders.has(folderId)) throw new NotFoundError(`Folder ${folderId} not found`);
  const inside = recursive ? await subtreeFolderIds(tx, user.id, folderId) : new Set([folderId]);
  return { ...own, where: { owner: user.id, folderId: { $in: [...inside] } } };
}

async function sharedScope(tx: ReadTx, user: UserRecord, channel: "user" | "official", recursive: boolean): Promise<ListingScope> {
  const shares = await sharesReaching(tx, user.id, channel);
  // A document share counts only for its owner's document.
  const docIdsByOwner = new Map<string, string[]>();
  for (const s of shares.filter((s) => s.targetType === "document")) docIdsByOwner.set(s.owner, [...(docIdsByOwner.get(s.owner) ?? []), s.targetId]);
  const visible = new Set<string>();
  const folders = new Map<string, FolderRecord>();
  if (recursive) {
    for (const s of shares.filter((s) => s.targetType === "folder")) {
      for (const id of await subtreeFolderIds(tx, s.owner, s.targetId)) visible.add(id);
      for (const [id, f] of await ownerFolders(tx, s.owner)) folders.set(id, f);
    }
  }
  const anyOf: Where[] = [];
  for (const [owner, ids] of docIdsByOwner) anyOf.push({ owner, id: { $in: ids } });
  if (visible.size) anyOf.push({ folderId: { $in: [...visible] } });
  return {
    where: anyOf.length ? { owner: { $ne: user.id }, $or: anyOf } : NOTHING,
    folderVisible: (id) => visible.has(id),
    folders,
    shared: true,
  };
}

/** `Parent/Child` up to the highest visible ancestor; null when unfiled or not visible. */
export function pathRenderer(scope: ListingScope): (folderId: string | null) => string | null {
  const cache = new Map<string, string | null>();
  const render = (folderId: string | null): string | null => {
    if (!folderId || !scope.folderVisible(folderId)) return null;
    if (cache.has(folderId)) return cache.get(folderId)!;
    const folder = scope.folders.get(folderId);
    if (!folder) return null;
    cache.set(folderId, folder.name); // guards against a parent cycle
    const parent = render(folder.parentFolderId);
    const path = parent === null ? folder.name : `${parent}/${folder.name}`;
    cache.set(folderId, path);
    return path;
  };
  return render;
}
