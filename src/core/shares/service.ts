/**
 * Shares: an owner shares a document or folder with one user, or publishes it as official
 * for anyone to follow. Recipients read (status, tree, metadata, listings with
 * folder_id=shared-with-me / following); writes stay with the owner.
 */
import type { ReadTx, ShareRecord, Store, UserRecord } from "../../store/index.ts";
import { InvalidInputError, NotFoundError } from "../errors.ts";
import { newId, nowIso } from "../ids.ts";
import type { ShareBody, ShareResponse } from "./schemas.ts";

function userNamed(tx: ReadTx, name: string): UserRecord | undefined {
  return tx.users.list((u) => u.name === name)[0];
}

function render(tx: ReadTx, s: ShareRecord, viewerId: string): ShareResponse {
  const target = s.targetType === "document" ? tx.documents.get(s.targetId) : tx.folders.get(s.targetId);
  return {
    id: s.id,
    target_type: s.targetType,
    target_id: s.targetId,
    target_name: target?.name ?? "",
    kind: s.kind,
    owner: tx.users.get(s.owner)?.name ?? tx.teamspaces.get(s.owner)?.name ?? s.owner,
    shared_with: s.granteeId ? (tx.users.get(s.granteeId)?.name ?? s.granteeId) : null,
    following: tx.follows.count((f) => f.shareId === s.id && f.userId === viewerId) > 0,
    createdAt: s.createdAt,
  };
}

export class ShareService {
  constructor(private readonly store: Store) {}

  /** Shares the caller's document or folder; sharing the same thing twice returns the existing share. */
  async share(user: UserRecord, body: ShareBody): Promise<ShareResponse> {
    return this.store.write((tx) => {
      const targetType = body.doc_id ? "document" : "folder";
      const targetId = (body.doc_id ?? body.folder_id)!;
      const target = targetType === "document" ? tx.documents.get(targetId) : tx.folders.get(targetId);
      if (!target || target.owner !== user.id) throw new NotFoundError(`${targetType === "document" ? "Document" : "Folder"} ${targetId} not found`);
      let granteeId: string | null = null;
      if (body.with_user !== undefined) {
        const grantee = userNamed(tx, body.with_user);
        if (!grantee) throw new NotFoundError(`User ${body.with_user} not found`);
        if (grantee.id === user.id) throw new InvalidInputError("You cannot share with yourself", ["body", "with_user"], body.with_user);
        granteeId = grantee.id;
      }
      const kind = granteeId ? "user" : "official";
      const existing = tx.shares.list((s) => s.owner === user.id && s.targetId === targetId && s.kind === kind && s.granteeId === granteeId)[0];
      const record = existing ?? tx.shares.insert({ id: newId("shr"), owner: user.id, targetType, targetId, kind, granteeId, createdAt: nowIso() });
      return render(tx, record, user.id);
    });
  }

  async list(user: UserRecord): Promise<{ given: ShareResponse[]; received: ShareResponse[]; following: ShareResponse[] }> {
    return this.store.read((tx) => {
      const followed = new Set(tx.follows.list((f) => f.userId === user.id).map((f) => f.shareId));
      const byDate = (a: ShareRecord, b: ShareRecord) => a.createdAt.localeCompare(b.createdAt);
      const out = (filter: (s: ShareRecord) => boolean) => tx.shares.list(filter).sort(byDate).map((s) => render(tx, s, user.id));
      return {
        given: out((s) => s.owner === user.id),
        received: out((s) => s.kind === "user" && s.granteeId === user.id),
        following: out((s) => s.kind === "official" && followed.has(s.id)),
      };
    });
  }

  /** Every official share (to discover what can be followed). */
  async official(user: UserRecord): Promise<ShareResponse[]> {
    return this.store.read((tx) => tx.shares.list((s) => s.kind === "official").sort((a, b) => a.createdAt.localeCompare(b.createdAt)).map((s) => render(tx, s, user.id)));
  }

  /** Owner only; followers lose access with it. */
  async revoke(user: UserRecord, shareId: string): Promise<{ share_id: string; revoked: true }> {
    return this.store.write((tx) => {
      const share = tx.shares.get(shareId);
      if (!share || share.owner !== user.id) throw new NotFoundError(`Share ${shareId} not found`);
      tx.shares.remove(shareId);
      for (const f of tx.follows.list((f) => f.shareId === shareId)) tx.follows.remove(f.id);
      return { share_id: shareId, revoked: true as const };
    });
  }

  async follow(user: UserRecord, shareId: string): Promise<ShareResponse> {
    return this.store.write((tx) => {
      const share = tx.shares.get(shareId);
      if (!share || share.kind !== "official") throw new NotFoundError(`Official share ${shareId} not found`);
      if (share.owner === user.id) throw new InvalidInputError("You cannot follow your own share", ["path", "share_id"], shareId);
      if (!tx.follows.count((f) => f.shareId === shareId && f.userId === user.id)) {
        tx.follows.insert({ id: newId("flw"), userId: user.id, shareId, createdAt: nowIso() });
      }
      return render(tx, share, user.id);
    });
  }

  async unfollow(user: UserRecord, shareId: string): Promise<{ share_id: string; following: false }> {
    return this.store.write((tx) => {
      const follows = tx.follows.list((f) => f.shareId === shareId && f.userId === user.id);
      if (!follows.length) throw new NotFoundError(`You do not follow share ${shareId}`);
      for (const f of follows) tx.follows.remove(f.id);
      return { share_id: shareId, following: false as const };
    });
  }
}
