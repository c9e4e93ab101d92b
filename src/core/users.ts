/**
 * Users and API keys. A key looks like `ti_<key id>_<secret>`; only sha256(key) is
 * stored. The key id makes lookup O(1); the hash is compared in constant time.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { ApiKeyRecord, Store, UserRecord } from "../store/index.ts";
import { NotFoundError } from "./errors.ts";
import { newId, nowIso } from "./ids.ts";

export const DEFAULT_USER_NAME = "local";

function hashKey(key: string): Buffer {
  return createHash("sha256").update(key, "utf8").digest();
}

function sameHash(a: Buffer, bHex: string): boolean {
  const b = Buffer.from(bHex, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}

function parseKeyId(key: string): string | undefined {
  const match = /^ti_([a-f0-9]{12})_[A-Za-z0-9_-]{20,}$/.exec(key);
  return match ? `key_${match[1]}` : undefined;
}

export interface CreatedKey {
  key: string;
  record: Omit<ApiKeyRecord, "hash">;
  user: UserRecord;
}

export class UserService {
  private envUser?: UserRecord;

  constructor(
    private readonly store: Store,
    /** Key accepted for the default local user without being stored (TREEINDEX_API_KEY). */
    private readonly envKey?: string,
  ) {}

  async ensureUser(name: string): Promise<UserRecord> {
    return this.store.write(async (tx) => {
      const [existing] = await tx.users.find({ name }, { limit: 1 });
      if (existing) return existing;
      return tx.users.insert({ id: newId("usr"), name, createdAt: nowIso() });
    });
  }

  async createKey(userName: string, label?: string): Promise<CreatedKey> {
    const user = await this.ensureUser(userName);
    const keyIdHex = randomBytes(6).toString("hex");
    const key = `ti_${keyIdHex}_${randomBytes(24).toString("base64url")}`;
    const record: ApiKeyRecord = {
      id: `key_${keyIdHex}`,
      userId: user.id,
      hash: hashKey(key).toString("hex"),
      label,
      createdAt: nowIso(),
    };
    await this.store.write((tx) => tx.apiKeys.insert(record));
    const { hash: _hash, ...visible } = record;
    return { key, record: visible, user };
  }

  async listKeys(): Promise<Array<Omit<ApiKeyRecord, "hash"> & { userName: string }>> {
    return this.store.read(async (tx) => {
      const users = new Map((await tx.users.find()).map((u) => [u.id, u.name]));
      return (await tx.apiKeys.find(undefined, { sort: [["createdAt", 1]] })).map(({ hash: _hash, ...k }) => ({ ...k, userName: users.get(k.userId) ?? "?" }));
    });
  }

  async revokeKey(keyId: string): Promise<void> {
    const done = await this.store.write(async (tx) => {
      const key = await tx.apiKeys.get(keyId);
      if (!key || key.revokedAt) return false;
      await tx.apiKeys.update(keyId, { revokedAt: nowIso() });
      return true;
    });
    if (!done) throw new NotFoundError(`No active key ${keyId}`);
  }

  async hasActiveKeys(): Promise<boolean> {
    return this.store.read(async (tx) => (await tx.apiKeys.count({ revokedAt: { $exists: false } })) > 0);
  }

  /** The user a presented key belongs to, or undefined for a missing/unknown/revoked key. */
  async authenticate(presented: string | undefined): Promise<UserRecord | undefined> {
    if (!presented) return undefined;
    const presentedHash = hashKey(presented);
    if (this.envKey && sameHash(presentedHash, hashKey(this.envKey).toString("hex"))) {
      this.envUser ??= await this.ensureUser(DEFAULT_USER_NAME);
      return this.envUser;
    }
    const keyId = parseKeyId(presented);
    if (!keyId) return undefined;
    return this.store.read(async (tx) => {
      const key = await tx.apiKeys.get(keyId);
      if (!key || key.revokedAt || !sameHash(presentedHash, key.hash)) return undefined;
      return tx.users.get(key.userId);
    });
  }
}
