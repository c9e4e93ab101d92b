import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openStore } from "../../../src/store/index.ts";
import { makeTempHome } from "../../helpers/server.ts";

let home: string;
afterEach(() => fs.rm(home, { recursive: true, force: true }));

describe("catalogues written before shares, schemas and teamspaces existed", () => {
  it("load with the new collections empty, and accept records in them", async () => {
    home = await makeTempHome();
    const old = { version: 1, users: { usr_a: { id: "usr_a", name: "a", createdAt: "2024-01-01T00:00:00.000Z" } }, apiKeys: {}, documents: {}, folders: {}, jobs: {} };
    await fs.writeFile(path.join(home, "catalog.json"), JSON.stringify(old));
    const store = await openStore(home);
    expect(await store.read((tx) => Promise.all([tx.shares.count(), tx.follows.count(), tx.metadataSchemas.count(), tx.teamspaces.count(), tx.users.count()]))).toEqual([0, 0, 0, 0, 1]);
    await store.write((tx) => tx.teamspaces.insert({ id: "tms_1", name: "T", createdBy: "usr_a", memberIds: ["usr_a"], createdAt: "2024-01-02T00:00:00.000Z" }));
    await store.close();
    const saved = JSON.parse(await fs.readFile(path.join(home, "catalog.json"), "utf8"));
    expect(saved.teamspaces.tms_1.name).toBe("T");
    expect(saved.users.usr_a.name).toBe("a");
  });
});
