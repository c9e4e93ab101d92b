/**
 * Shares: an owner shares a document or folder with one user, or publishes it as official
 * for anyone to follow. Recipients read (status, tree, metadata, listings with
 * folder_id=shared-with-me / following); writes stay with the owner.
 */
import type { FindOptions, ReadTx, ShareRecord, Store, UserRecord, Where } from "../../store/index.ts";
import { InvalidInputError, NotFoundError } from "../errors.ts";
import { newId, nowIso } from "../ids.ts";
import type { ShareBody, ShareResponse } from "./schemas.ts";

async function userNamed(tx: ReadTx, name: string): Promise<UserRecord | undefined> {
  return (await tx.users.find({ name }, { limit: 1 }))[0];
}

async function render(tx: ReadTx, s: ShareRecord, viewerId: string): Promise<ShareResponse> {
  const target = s.targetType === "document" ? await tx.documents.get(s.targetId) : await tx.folders.get(s.targetId);
  const nameOf = async (id: string) => (await tx.users.get(id))?.name ?? (await tx.teamspaces.get(id))?.name ?? id;
  return {
    id: s.id,
    target_type: s.targetType,
    target_id: s.targetId,
    target_name: target?.name ?? "",
    kind: s.kind,
    owner: await nameOf(s.owner),
    shared_with: s.granteeId ? ((await tx.users.get(s.granteeId))?.name ?? s.granteeId) : null,
    following: (await tx.follows.count({ shareId: s.id, userId: viewerId })) > 0,
    createdAt: s.createdAt,
  };
}

async function renderAll(tx: ReadTx, shares: ShareRecord[], viewerId: string): Promise<ShareResponse[]> {
  const out: ShareResponse[] = [];
  for (const s of shares) out.push(await render(tx, s, viewerId));
  return out;
}

const BY_DATE = { sort: [["createdAt", 1]] } as const satisfies FindOptions;

export class ShareService {
  constructor(private readonly store: Store) {}

  /** Shares the caller's document or folder; sharing the same thing twice returns the existing share. */
  async share(user: UserRecord, body: ShareBody): Promise<ShareResponse> {
    return this.store.write(async (tx) => {
      const targetType = body.doc_id ? "document" : "folder";
      const targetId = (body.doc_id ?? body.folder_id)!;
      const target = targetType === "document" ? await tx.documents.get(targetId) : await tx.folders.get(targetId);
      if (!target || target.owner !== user.id) throw new NotFoundError(`${targetType === "document" ? "Document" : "Folder"} ${targetId} not found`);
      let granteeId: string | null = null;
      if (body.with_user !== undefined) {
        const grantee = await userNamed(tx, body.with_user);
        if (!grantee) throw new NotFoundError(`User ${body.with_user} not found`);
        if (grantee.id === user.id) throw new InvalidInputError("You cannot share with yourself", ["body", "with_user"], body.with_user);
        granteeId = grantee.id;
      }
      const kind = granteeId ? "user" : "official";
      const [existing] = await tx.shares.find({ owner: user.id, targetId, kind, granteeId }, { limit: 1 });
      const record = existing ?? await tx.shares.insert({ id: newId("shr"), owner: user.id, targetType, targetId, kind, granteeId, createdAt: nowIso() });
      return render(tx, record, user.id);
    });
  }

  async list(user: UserRecord): Promise<{ given: ShareResponse[]; received: ShareResponse[]; following: ShareResponse[] }> {
    return this.store.read(async (tx) => {
      const followed = (await tx.follows.find({ userId: user.id })).map((f) => f.shareId);
      const out = async (where: Where) => renderAll(tx, await tx.shares.find(where, BY_DATE), user.id);
      return {
        given: await out({ owner: user.id }),
        received: await out({ kind: "user", granteeId: user.id }),
        following: await out({ kind: "official", id: { $in: followed } }),
      };
    });
  }

  /** Every official share (to discover what can be followed). */
  async official(user: UserRecord): Promise<ShareResponse[]> {
    return this.store.read(async (tx) => renderAll(tx, await tx.shares.find({ kind: "official" }, BY_DATE), user.id));
  }

  /** Owner only; followers lose access with it. */
  async revoke(user: UserRecord, shareId: string): Promise<{ share_id: string; revoked: true }> {
    return this.store.write(async (tx) => {
      const share = await tx.shares.get(shareId);
      if (!share || share.owner !== user.id) throw new NotFoundError(`Share ${shareId} not found`);
      await tx.shares.remove(shareId);
      for (const f of await tx.follows.find({ shareId })) await tx.follows.remove(f.id);
      return { share_id: shareId, revoked: true as const };
    });
  }

  async follow(user: UserRecord, shareId: string): Promise<ShareResponse> {
    return this.store.write(async (tx) => {
      const share = await tx.shares.get(shareId);
      if (!share || share.kind !== "official") throw new NotFoundError(`Official share ${shareId} not found`);
      if (share.owner === user.id) throw new InvalidInputError("You cannot follow your own share", ["path", "share_id"], shareId);
      if (!(await tx.follows.count({ shareId, userId: user.id }))) {
        await tx.follows.insert({ id: newId("flw"), userId: user.id, shareId, createdAt: nowIso() });
      }
      return render(tx, share, user.id);
    });
  }

  async unfollow(user: UserRecord, shareId: string): Promise<{ share_id: string; following: false }> {
    return this.store.write(async (tx) => {
      const follows = await tx.follows.find({ shareId, userId: user.id });
      if (!follows.length) throw new NotFoundError(`You do not follow share ${shareId}`);
      for (const f of follows) await tx.follows.remove(f.id);
      return { share_id: shareId, following: false as const };
    });
  }
}
