/**
 * Folders. A folder without a parent is a workspace. Every method is scoped to the calling
 * user; another user's folder is "not found".
 */
import type { AggregateRow, FolderRecord, ReadTx, Store, UserRecord, WriteTx } from "../../store/index.ts";
import { crashPoint } from "../crash-points.ts";
import { NotFoundError } from "../errors.ts";
import { newId, nowIso } from "../ids.ts";
import { removeSharesTo } from "../shares/access.ts";
import type { CreateFolderBody, FolderDeleteOutcome, FolderDeleteResult, FolderResponse } from "./schemas.ts";
import { ownerFolders, subtreeFolderIds, workspaceIn, type FolderIndex } from "./tree.ts";

export { subtreeFolderIds, workspaceOf } from "./tree.ts";

interface FolderCounts {
  documents: Map<string, number>;
  subfolders: Map<string, number>;
}

const COUNT = { n: { op: "$count" as const, field: null } };

async function countChildren(tx: ReadTx, ownerId: string): Promise<FolderCounts> {
  const perKey = (rows: AggregateRow[]) => new Map(rows.filter((r) => r.keys[0] !== null).map((r) => [r.keys[0] as string, r.values.n as number]));
  return {
    documents: perKey(await tx.documents.aggregate({ owner: ownerId }, { groupBy: ["folderId"], aggregates: COUNT })),
    subfolders: perKey(await tx.folders.aggregate({ owner: ownerId }, { groupBy: ["parentFolderId"], aggregates: COUNT })),
  };
}

function toResponse(folders: FolderIndex, f: FolderRecord, counts: FolderCounts): FolderResponse {
  const documents = counts.documents.get(f.id) ?? 0;
  const subfolders = counts.subfolders.get(f.id) ?? 0;
  return {
    id: f.id,
    name: f.name,
    description: f.description,
    parent_folder_id: f.parentFolderId,
    workspace_id: workspaceIn(folders, f),
    createdAt: f.createdAt,
    document_count: documents,
    subfolder_count: subfolders,
    // The same facts under the names PageIndex's SDKs read. Folders are never edited (no
    // rename or move), so a folder was last updated when it was created.
    created_at: f.createdAt,
    updated_at: f.createdAt,
    file_count: documents,
    children_count: subfolders,
  };
}

const BUSY = ["queued", "processing"];

/** Removes shares, follows and schemas that point at folders or documents that no longer exist. */
async function dropReferences(tx: WriteTx, folderIds: Set<string>, docIds: Set<string>): Promise<void> {
  await removeSharesTo(tx, "folder", folderIds);
  await removeSharesTo(tx, "document", docIds);
  if (folderIds.size === 0) return;
  for (const schema of await tx.metadataSchemas.find({ workspaceId: { $in: [...folderIds] } })) await tx.metadataSchemas.remove(schema.id);
}

/** A new folder's record (inserted by the caller's transaction). */
export function newFolderRecord(ownerId: string, name: string, parentFolderId: string | null): FolderRecord {
  return { id: newId("fld"), owner: ownerId, name, description: null, parentFolderId, createdAt: nowIso() };
}

export class FolderService {
  constructor(private readonly store: Store) {}

  async create(user: UserRecord, body: CreateFolderBody): Promise<FolderResponse> {
    const parentId = body.parent_folder_id ?? null;
    const created = await this.store.write(async (tx) => {
      if (parentId) {
        const parent = await tx.folders.get(parentId);
        if (!parent || parent.owner !== user.id) return undefined;
      }
      const record = await tx.folders.insert({ id: newId("fld"), owner: user.id, name: body.name, description: body.description ?? null, parentFolderId: parentId, createdAt: nowIso() });
      return toResponse(await ownerFolders(tx, user.id), record, { documents: new Map(), subfolders: new Map() });
    });
    if (!created) throw new NotFoundError(`Parent folder ${parentId} not found`);
    return created;
  }

  async get(user: UserRecord, folderId: string): Promise<FolderResponse> {
    const found = await this.store.read(async (tx) => {
      const f = await tx.folders.get(folderId);
      return f && f.owner === user.id ? toResponse(await ownerFolders(tx, user.id), f, await countChildren(tx, user.id)) : undefined;
    });
    if (!found) throw new NotFoundError(`Folder ${folderId} not found`);
    return found;
  }

  /** `root` = workspaces; an id = its subfolders (404 if unknown); undefined = all. Oldest first. */
  async list(user: UserRecord, parent?: string): Promise<FolderResponse[]> {
    if (parent !== undefined && parent !== "root") await this.get(user, parent);
    return this.store.read(async (tx) => {
      const counts = await countChildren(tx, user.id);
      const folders = await ownerFolders(tx, user.id);
      return [...folders.values()]
        .filter((f) => parent === undefined || f.parentFolderId === (parent === "root" ? null : parent))
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id))
        .map((f) => toResponse(folders, f, counts));
    });
  }

  /**
   * Deletes the folder, its subfolders and their documents. Documents still queued or
   * processing survive with the folders on their path (outcome `blocked`, 409); so does a
   * document uploaded into the folder while it is being deleted (the upload checks its
   * folder in its own transaction, so it lands before this one or is refused after it).
   * The records go first, all in one transaction (they answer 404 at once), then their
   * files: a crash between the two leaves only files without records, which the store's
   * sweep removes (store/orphan-blobs.ts). Counts are exact either way.
   */
  async delete(user: UserRecord, folderId: string): Promise<FolderDeleteOutcome> {
    await this.get(user, folderId);
    const { result, removed } = await this.store.write(async (tx) => {
      const folders = await ownerFolders(tx, user.id);
      const root = await tx.folders.get(folderId);
      if (!root || root.owner !== user.id) throw new NotFoundError(`Folder ${folderId} not found`);
      const folderIds = await subtreeFolderIds(tx, user.id, folderId);
      const inside = await tx.documents.find({ owner: user.id, folderId: { $in: [...folderIds] } });
      const removed = new Set(inside.filter((d) => !BUSY.includes(d.status)).map((d) => d.id));
      const survivors = inside.filter((d) => !removed.has(d.id));
      for (const id of removed) await tx.documents.remove(id);
      const keepFolders = new Set<string>();
      for (const d of survivors) {
        for (let id: string | null = d.folderId; id && folderIds.has(id) && !keepFolders.has(id); id = folders.get(id)?.parentFolderId ?? null) keepFolders.add(id);
      }
      const goneFolders = new Set([...folderIds].filter((id) => !keepFolders.has(id)));
      for (const id of goneFolders) await tx.folders.remove(id);
      await dropReferences(tx, goneFolders, removed);
      const result: FolderDeleteResult = {
        folder_id: folderId,
        deleted: { folders: goneFolders.size, documents: removed.size },
        survived: { folders: keepFolders.size, documents: survivors.length },
      };
      return { result, removed };
    });

    // The records are gone: files that cannot be removed now are the sweep's to remove later.
    let done = 0;
    for (const docId of removed) {
      await this.store.blobs.removeAll(docId).catch(() => undefined);
      crashPoint("folder-delete:files", ++done);
    }

    if (result.survived.documents > 0) {
      return { outcome: "blocked", result, detail: `${result.survived.documents} document(s) in this folder are still being indexed; they and their folders were kept` };
    }
    return { outcome: "deleted", result };
  }
}
