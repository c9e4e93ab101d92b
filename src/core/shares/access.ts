/**
 * Who may read what through shares. A user reads a document they own, one shared with them
 * (directly or through a shared folder above it), or one inside an official share they
 * follow. Writes stay owner-only; these helpers never grant them.
 */
import type { DocumentRecord, ReadTx, ShareRecord, WriteTx } from "../../store/index.ts";

export type ShareChannel = "user" | "official";

/** Shares reaching `userId`: granted to them (`user`) or official ones they follow. */
export function sharesReaching(tx: ReadTx, userId: string, channel: ShareChannel): ShareRecord[] {
  if (channel === "user") return tx.shares.list((s) => s.kind === "user" && s.granteeId === userId);
  const followed = new Set(tx.follows.list((f) => f.userId === userId).map((f) => f.shareId));
  return tx.shares.list((s) => s.kind === "official" && followed.has(s.id));
}

function folderChain(tx: ReadTx, folderId: string | null): Set<string> {
  const chain = new Set<string>();
  for (let id = folderId, guard = 0; id && guard < 1000 && !chain.has(id); guard++) {
    chain.add(id);
    id = tx.folders.get(id)?.parentFolderId ?? null;
  }
  return chain;
}

export function canRead(tx: ReadTx, userId: string, doc: DocumentRecord): boolean {
  if (doc.owner === userId) return true;
  const shares = [...sharesReaching(tx, userId, "user"), ...sharesReaching(tx, userId, "official")].filter((s) => s.owner === doc.owner);
  if (shares.length === 0) return false;
  const chain = folderChain(tx, doc.folderId);
  return shares.some((s) => (s.targetType === "document" ? s.targetId === doc.id : chain.has(s.targetId)));
}

/** Removes the shares (and their follows) pointing at deleted documents or folders. */
export function removeSharesTo(tx: WriteTx, targetType: ShareRecord["targetType"], targetIds: Set<string>): void {
  for (const share of tx.shares.list((s) => s.targetType === targetType && targetIds.has(s.targetId))) {
    tx.shares.remove(share.id);
    for (const follow of tx.follows.list((f) => f.shareId === share.id)) tx.follows.remove(follow.id);
  }
}
