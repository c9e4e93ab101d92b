import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStore, type DocumentRecord, type Store } from "../../src/store/index.ts";
import { makeTempHome } from "../helpers/server.ts";

const run = promisify(execFile);

function doc(id: string, extra: Partial<DocumentRecord> = {}): DocumentRecord {
  return {
    id, owner: "usr_a", name: `${id}.pdf`, description: "", status: "queued", createdAt: new Date().toISOString(),
    pageNum: 0, metadata: {}, folderId: null, format: "pdf", options: {}, ...extra,
  };
}

describe("FileStore", () => {
  let home: string;
  let store: Store;

  beforeEach(async () => {
    home = await makeTempHome();
    store = await openStore(home);
  });
  afterEach(async () => {
    await store.close();
    await fs.rm(home, { recursive: true, force: true });
  });

  it("persists writes to catalog.json and reads them back in a new instance", async () => {
    await store.write((tx) => tx.documents.insert(doc("doc_1", { metadata: { a: 1 } })));
    const again = await openStore(home);
    expect(await again.read((tx) => tx.documents.get("doc_1")?.metadata)).toEqual({ a: 1 });
    const onDisk = JSON.parse(await fs.readFile(path.join(home, "catalog.json"), "utf8"));
    expect(Object.keys(onDisk.documents)).toEqual(["doc_1"]);
  });

  it("rolls back every change of a transaction that throws, and keeps the others of the batch", async () => {
    await store.write((tx) => tx.documents.insert(doc("doc_keep")));
    const failing = store.write((tx) => {
      tx.documents.insert(doc("doc_half"));
      tx.documents.update("doc_keep", { name: "changed" });
      throw new Error("boom");
    });
    const ok = store.write((tx) => tx.documents.insert(doc("doc_ok")));
    await expect(failing).rejects.toThrow("boom");
    await ok;
    const ids = await store.read((tx) => tx.documents.list().map((d) => d.id).sort());
    expect(ids).toEqual(["doc_keep", "doc_ok"]);
    expect(await store.read((tx) => tx.documents.get("doc_keep")?.name)).toBe("doc_keep.pdf");
    const reopened = await openStore(home);
    expect(await reopened.read((tx) => tx.documents.count())).toBe(2);
  });

  it("returns copies, so callers cannot change the catalogue by mutating results", async () => {
    await store.write((tx) => tx.documents.insert(doc("doc_c", { metadata: { x: 1 } })));
    const got = await store.read((tx) => tx.documents.get("doc_c")!);
    got.metadata.x = 2;
    expect(await store.read((tx) => tx.documents.get("doc_c")!.metadata.x)).toBe(1);
  });

  it("rejects duplicate ids", async () => {
    await store.write((tx) => tx.documents.insert(doc("doc_d")));
    await expect(store.write((tx) => tx.documents.insert(doc("doc_d")))).rejects.toThrow(/Duplicate/);
  });

  it("coalesces concurrent writes and loses none", async () => {
    await Promise.all(Array.from({ length: 300 }, (_, i) => store.write((tx) => tx.documents.insert(doc(`doc_${i}`)))));
    const reopened = await openStore(home);
    expect(await reopened.read((tx) => tx.documents.count())).toBe(300);
  });

  it("sees another instance's writes (re-reads a changed catalogue)", async () => {
    const other = await openStore(home);
    await other.write((tx) => tx.documents.insert(doc("doc_other")));
    expect(await store.read((tx) => tx.documents.get("doc_other")?.id)).toBe("doc_other");
    await store.write((tx) => tx.documents.update("doc_other", { name: "renamed" }));
    expect(await other.read((tx) => tx.documents.get("doc_other")?.name)).toBe("renamed");
  });

  it("two processes creating 200 records each at once lose no write", async () => {
    const writer = path.resolve("test/fixtures/store-writer.ts");
    const child = (tag: string) => run(process.execPath, ["--import", "tsx", writer, home, tag, "200"]);
    await Promise.all([child("a"), child("b")]);
    const reopened = await openStore(home);
    const ids = await reopened.read((tx) => tx.documents.list().map((d) => d.id));
    expect(ids).toHaveLength(400);
    expect(ids.filter((id) => id.startsWith("doc_a_"))).toHaveLength(200);
    expect(ids.filter((id) => id.startsWith("doc_b_"))).toHaveLength(200);
  });

  it("writes blobs atomically and removes a document folder", async () => {
    await store.blobs.writeJson("doc_b", "tree.json", { a: 1 });
    expect(await store.blobs.readJson("doc_b", "tree.json")).toEqual({ a: 1 });
    expect((await fs.readdir(store.blobs.dir("doc_b"))).filter((f) => f.endsWith(".tmp"))).toEqual([]);
    await store.blobs.removeAll("doc_b");
    expect(await store.blobs.exists("doc_b")).toBe(false);
  });

  it("refuses blob names and ids that could escape the document folder", () => {
    expect(() => store.blobs.path("../etc", "x")).toThrow();
    expect(() => store.blobs.path("doc_1", "../../catalog.json")).toThrow();
    expect(() => store.blobs.path("doc_1", "a/b")).toThrow();
  });
});
