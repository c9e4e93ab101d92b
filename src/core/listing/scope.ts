/**
 * Which documents a listing may return, and which folders it may name in `path`.
 * Own scopes: all, `root` (unfiled; everything with recursive), a folder (or its subtree).
 * Shared scopes: documents shared directly, plus shared folders' subtrees when recursive.
 */
import type { DocumentRecord, ReadTx, UserRecord } from "../../store/index.ts";
import { NotFoundError } from "../errors.ts";
import { subtreeFolderIds } from "../folders/tree.ts";
import { sharesReaching } from "../shares/access.ts";

export interface ListingScope {
  includes(doc: DocumentRecord): boolean;
  /** Folders the caller may see: `path` stops at the last visible ancestor. */
  folderVisible(folderId: string): boolean;
  shared: boolean;
}

export function resolveScope(tx: ReadTx, user: UserRecord, folderId: string | undefined, recursive: boolean): ListingScope {
  const own = (d: DocumentRecord) => d.owner === user.id;
  const ownFolder = (id: string) => tx.folders.get(id)?.owner === user.id;
  if (folderId === undefined || (folderId === "root" && recursive)) return { includes: own, folderVisible: ownFolder, shared: false };
  if (folderId === "root") return { includes: (d) => own(d) && d.folderId === null, folderVisible: ownFolder, shared: false };
  if (folderId === "shared-with-me" || folderId === "following") {
    const shares = sharesReaching(tx, user.id, folderId === "shared-with-me" ? "user" : "official");
    const docIds = new Set(shares.filter((s) => s.targetType === "document").map((s) => `${s.owner}/${s.targetId}`));
    const folders = new Set<string>();
    if (recursive) for (const s of shares) if (s.targetType === "folder") for (const id of subtreeFolderIds(tx, s.owner, s.targetId)) folders.add(id);
    return {
      includes: (d) => d.owner !== user.id && (docIds.has(`${d.owner}/${d.id}`) || (d.folderId !== null && folders.has(d.folderId))),
      folderVisible: (id) => folders.has(id),
      shared: true,
    };
  }
  if (!ownFolder(folderId)) throw new NotFoundError(`Folder ${folderId} not found`);
  const inside = recursive ? subtreeFolderIds(tx, user.id, folderId) : new Set([folderId]);
  return { includes: (d) => own(d) && d.folderId !== null && inside.has(d.folderId), folderVisible: ownFolder, shared: false };
}

/** `Parent/Child` up to the highest visible ancestor; null when unfiled or not visible. */
export function pathRenderer(tx: ReadTx, scope: ListingScope): (folderId: string | null) => string | null {
  const cache = new Map<string, string | null>();
  const render = (folderId: string | null): string | null => {
    if (!folderId || !scope.folderVisible(folderId)) return null;
    if (cache.has(folderId)) return cache.get(folderId)!;
    const folder = tx.folders.get(folderId);
    if (!folder) return null;
    cache.set(folderId, folder.name); // guards against a parent cycle
    const parent = render(folder.parentFolderId);
    const path = parent === null ? folder.name : `${parent}/${folder.name}`;
    cache.set(folderId, path);
    return path;
  };
  return render;
}
