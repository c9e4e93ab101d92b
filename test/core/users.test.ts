import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { UserService } from "../../src/core/users.ts";
import { openStore, type Store } from "../../src/store/index.ts";
import { makeTempHome } from "../helpers/server.ts";

describe("UserService (API keys)", () => {
  let home: string;
  let store: Store;
  beforeEach(async () => {
    home = await makeTempHome();
    store = await openStore(home);
  });
  afterEach(() => fs.rm(home, { recursive: true, force: true }));

  it("creates a key, stores only its hash, and authenticates it to its user", async () => {
    const users = new UserService(store);
    const { key, user } = await users.createKey("alice", "laptop");
    expect(key).toMatch(/^ti_[a-f0-9]{12}_/);
    const catalogue = await fs.readFile(path.join(home, "catalog.json"), "utf8");
    expect(catalogue).not.toContain(key);
    expect(catalogue).not.toContain(key.slice(16));
    expect((await users.authenticate(key))?.id).toBe(user.id);
  });

  it("rejects missing, unknown, tampered and revoked keys", async () => {
    const users = new UserService(store);
    const { key, record } = await users.createKey("alice");
    expect(await users.authenticate(undefined)).toBeUndefined();
    expect(await users.authenticate("")).toBeUndefined();
    expect(await users.authenticate(`${key.slice(0, -1)}${key.endsWith("A") ? "B" : "A"}`)).toBeUndefined();
    expect(await users.authenticate("ti_aaaaaaaaaaaa_bbbbbbbbbbbbbbbbbbbbbbbbbbbb")).toBeUndefined();
    await users.revokeKey(record.id);
    expect(await users.authenticate(key)).toBeUndefined();
    await expect(users.revokeKey(record.id)).rejects.toThrow(/No active key/);
  });

  it("lists keys without hashes or secrets", async () => {
    const users = new UserService(store);
    const a = await users.createKey("alice");
    await users.createKey("bob");
    const list = await users.listKeys();
    expect(list.map((k) => k.userName).sort()).toEqual(["alice", "bob"]);
    expect(JSON.stringify(list)).not.toContain(a.key);
    expect(list[0]).not.toHaveProperty("hash");
  });

  it("accepts TREEINDEX_API_KEY for the default local user", async () => {
    const users = new UserService(store, "my-ci-key-123");
    const user = await users.authenticate("my-ci-key-123");
    expect(user?.name).toBe("local");
    expect(await users.authenticate("my-ci-key-124")).toBeUndefined();
    expect(await users.hasActiveKeys()).toBe(false);
  });
});
