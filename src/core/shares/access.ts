/**
 * Who may read what through shares. A user reads a document they own, one shared with them
 * (directly or through a shared folder above it), or one inside an official share they
 * follow. Writes stay owner-only; these helpers never grant them.
 */
import type { DocumentRecord, ReadTx, ShareRecord, WriteTx } from "../../store/index.ts";

export type ShareChannel = "user" | "official";

/** Shares reaching `userId`: granted to them (`user`) or official ones they follow. */
export async function sharesReaching(tx: ReadTx, userId: string, channel: ShareChannel): Promise<ShareRecord[]> {
  if (channel === "user") return tx.shares.find({ kind: "user", granteeId: userId });
  const followed = (await tx.follows.find({ userId })).map((f) => f.shareId);
  return followed.length === 0 ? [] : tx.shares.find({ kind: "official", id: { $in: followed } });
}

async function folderChain(tx: ReadTx, folderId: string | null): Promise<Set<string>> {
  const chain = new Set<string>();
  for (let id = folderId, guard = 0; id && guard < 1000 && !chain.has(id); guard++) {
    chain.add(id);
    id = (await tx.folders.get(id))?.parentFolderId ?? null;
  }
  return chain;
}

export async function canRead(tx: ReadTx, userId: string, doc: DocumentRecord): Promise<boolean> {
  if (doc.owner === userId) return true;
  const shares = [...(await sharesReaching(tx, userId, "user")), ...(await sharesReaching(tx, userId, "official"))].filter((s) => s.owner === doc.owner);
  if (shares.length === 0) return false;
  const chain = await folderChain(tx, doc.folderId);
  return shares.some((s) => (s.targetType === "document" ? s.targetId === doc.id : chain.has(s.targetId)));
}

/** Removes the shares (and their follows) pointing at deleted documents or folders. */
export async function removeSharesTo(tx: WriteTx, targetType: ShareRecord["targetType"], targetIds: Set<string>): Promise<void> {
  if (targetIds.size === 0) return;
  for (const share of await tx.shares.find({ targetType, targetId: { $in: [...targetIds] } })) {
    await tx.shares.remove(share.id);
    for (const follow of await tx.follows.find({ shareId: share.id })) await tx.follows.remove(follow.id);
  }
}
