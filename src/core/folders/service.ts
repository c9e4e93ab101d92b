/**
 * Folders. A folder without a parent is a workspace. Every method is scoped to the calling
 * user; another user's folder is "not found".
 */
import type { FolderRecord, ReadTx, Store, UserRecord, WriteTx } from "../../store/index.ts";
import { NotFoundError } from "../errors.ts";
import { newId, nowIso } from "../ids.ts";
import { removeSharesTo } from "../shares/access.ts";
import type { CreateFolderBody, FolderDeleteOutcome, FolderDeleteResult, FolderResponse } from "./schemas.ts";
import { subtreeFolderIds, workspaceOf } from "./tree.ts";

export { subtreeFolderIds, workspaceOf } from "./tree.ts";

interface FolderCounts {
  documents: Map<string, number>;
  subfolders: Map<string, number>;
}

function countChildren(tx: ReadTx, ownerId: string): FolderCounts {
  const documents = new Map<string, number>();
  const subfolders = new Map<string, number>();
  tx.documents.count((d) => {
    if (d.owner === ownerId && d.folderId) documents.set(d.folderId, (documents.get(d.folderId) ?? 0) + 1);
    return false;
  });
  tx.folders.count((f) => {
    if (f.owner === ownerId && f.parentFolderId) subfolders.set(f.parentFolderId, (subfolders.get(f.parentFolderId) ?? 0) + 1);
    return false;
  });
  return { documents, subfolders };
}

function toResponse(tx: ReadTx, f: FolderRecord, counts: FolderCounts): FolderResponse {
  const documents = counts.documents.get(f.id) ?? 0;
  const subfolders = counts.subfolders.get(f.id) ?? 0;
  return {
    id: f.id,
    name: f.name,
    description: f.description,
    parent_folder_id: f.parentFolderId,
    workspace_id: workspaceOf(tx, f),
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

const BUSY = new Set(["queued", "processing"]);

/** Removes shares, follows and schemas that point at folders or documents that no longer exist. */
function dropReferences(tx: WriteTx, folderIds: Set<string>, docIds: Set<string>): void {
  removeSharesTo(tx, "folder", folderIds);
  removeSharesTo(tx, "document", docIds);
  for (const schema of tx.metadataSchemas.list((s) => s.workspaceId !== null && folderIds.has(s.workspaceId))) tx.metadataSchemas.remove(schema.id);
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
      return toResponse(tx, record, { documents: new Map(), subfolders: new Map() });
    });
    if (!created) throw new NotFoundError(`Parent folder ${parentId} not found`);
    return created;
  }

  async get(user: UserRecord, folderId: string): Promise<FolderResponse> {
    const found = await this.store.read((tx) => {
      const f = tx.folders.get(folderId);
      return f && f.owner === user.id ? toResponse(tx, f, countChildren(tx, user.id)) : undefined;
    });
    if (!found) throw new NotFoundError(`Folder ${folderId} not found`);
    return found;
  }

  /** `root` = workspaces; an id = its subfolders (404 if unknown); undefined = all. Oldest first. */
  async list(user: UserRecord, parent?: string): Promise<FolderResponse[]> {
    if (parent !== undefined && parent !== "root") await this.get(user, parent);
    return this.store.read((tx) => {
      const counts = countChildren(tx, user.id);
      return tx.folders
        .list((f) => f.owner === user.id && (parent === undefined || f.parentFolderId === (parent === "root" ? null : parent)))
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
        .map((f) => toResponse(tx, f, counts));
    });
  }

  /**
   * Deletes the folder, its subfolders and their documents. Documents still queued or
   * processing survive with the folders on their path (outcome `blocked`, 409). Files are
   * removed document by document before the records; if that fails, the cascade stops:
   * the document that failed is marked `failed` (delete it again), it and everything not yet
   * reached survive, and the outcome is `interrupted` (500). Counts are exact either way.
   */
  async delete(user: UserRecord, folderId: string): Promise<FolderDeleteOutcome> {
    await this.get(user, folderId);
    const planned = await this.store.read((tx) => {
      const folderIds = subtreeFolderIds(tx, user.id, folderId);
      return tx.documents
        .list((d) => d.owner === user.id && d.folderId !== null && folderIds.has(d.folderId) && !BUSY.has(d.status))
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id))
        .map((d) => d.id);
    });

    const removed = new Set<string>();
    let broken: { docId: string; error: unknown } | undefined;
    for (const docId of planned) {
      try {
        await this.store.blobs.removeAll(docId);
        removed.add(docId);
      } catch (error) {
        broken = { docId, error };
        break;
      }
    }

    const result = await this.store.write((tx): FolderDeleteResult => {
      const folderIds = subtreeFolderIds(tx, user.id, folderId);
      const inside = tx.documents.list((d) => d.owner === user.id && d.folderId !== null && folderIds.has(d.folderId));
      const survivors = inside.filter((d) => !removed.has(d.id));
      for (const id of removed) tx.documents.remove(id);
      if (broken) {
        tx.documents.update(broken.docId, { status: "failed", error: "Deleting this document was interrupted by a server error; its files may be incomplete. Delete it again." });
      }
      const keepFolders = new Set<string>();
      for (const d of survivors) {
        for (let id: string | null = d.folderId; id && folderIds.has(id) && !keepFolders.has(id); id = tx.folders.get(id)?.parentFolderId ?? null) keepFolders.add(id);
      }
      const goneFolders = new Set([...folderIds].filter((id) => !keepFolders.has(id)));
      for (const id of goneFolders) tx.folders.remove(id);
      dropReferences(tx, goneFolders, removed);
      return {
        folder_id: folderId,
        deleted: { folders: goneFolders.size, documents: removed.size },
        survived: { folders: keepFolders.size, documents: survivors.length },
      };
    });

    if (broken) {
      return { outcome: "interrupted", result, detail: `A server error interrupted the deletion at document ${broken.docId}; what survived is counted in 'survived'` };
    }
    if (result.survived.documents > 0) {
      return { outcome: "blocked", result, detail: `${result.survived.documents} document(s) in this folder are still being indexed; they and their folders were kept` };
    }
    return { outcome: "deleted", result };
  }
}
