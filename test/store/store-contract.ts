/**
 * The contract every Store implementation must keep, written against the `Store` interface
 * only: the file store runs it today (file-store.test.ts), the PostgreSQL store will run it
 * unchanged. `open(home)` opens a second, independent instance on the same state each time
 * it is called (as a second process would).
 */
import fs from "node:fs/promises";
import { describe, expect, it } from "vitest";
import type { DocumentRecord, FolderRecord, Store } from "../../src/store/index.ts";

export interface StoreFactory {
  /** A fresh, empty state; returns its handle for `open`. */
  create(): Promise<string>;
  open(home: string): Promise<Store>;
  destroy(home: string): Promise<void>;
}

export function doc(id: string, extra: Partial<DocumentRecord> = {}): DocumentRecord {
  return {
    id, owner: "usr_a", name: `${id}.pdf`, description: "", status: "queued", createdAt: new Date().toISOString(),
    pageNum: 0, metadata: {}, folderId: null, format: "pdf", options: {}, ...extra,
  };
}

function folder(id: string): FolderRecord {
  return { id, owner: "usr_a", name: id, description: null, parentFolderId: null, createdAt: new Date().toISOString() };
}

/**
 * `writers` clients insert `perWriter` folders each, one write per folder, while `readers`
 * clients list folders in a loop until the writers are done. Returns the acknowledged ids.
 */
export async function writersAndReaders(writeTo: Store[], readFrom: Store[], writers: number, perWriter: number, readers: number, tag = "f"): Promise<string[]> {
  const acknowledged: string[] = [];
  let writing = true;
  const readerLoops = Array.from({ length: readers }, async (_, r) => {
    const store = readFrom[r % readFrom.length];
    while (writing) {
      await store.read((tx) => tx.folders.count());
      await new Promise((res) => setImmediate(res));
    }
  });
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      const store = writeTo[w % writeTo.length];
      for (let i = 0; i < perWriter; i++) {
        const id = `fld_${tag}_${w}_${i}`;
        await store.write((tx) => tx.folders.insert(folder(id)));
        acknowledged.push(id);
      }
    }),
  );
  writing = false;
  await Promise.all(readerLoops);
  return acknowledged;
}

export function storeContract(name: string, factory: StoreFactory): void {
  describe(`Store contract: ${name}`, () => {
    async function withStore(fn: (store: Store, home: string) => Promise<void>): Promise<void> {
      const home = await factory.create();
      const store = await factory.open(home);
      try {
        await fn(store, home);
      } finally {
        await store.close();
        await factory.destroy(home);
      }
    }

    it("keeps blobs: read back, listed, replaced whole, copied to a local path, removed with the document", () =>
      withStore(async (store, home) => {
        const big = Buffer.alloc(2_500_000, 7); // over one PostgreSQL chunk
        await store.blobs.write("doc_b", "original.pdf", big);
        await store.blobs.writeJson("doc_b", "tree.json", { a: 1 });
        await store.blobs.write("doc_b", "empty.txt", "");
        await store.blobs.write("doc_other", "tree.json", "x");
        expect(Buffer.compare((await store.blobs.read("doc_b", "original.pdf"))!, big)).toBe(0);
        expect(await store.blobs.readJson("doc_b", "tree.json")).toEqual({ a: 1 });
        expect((await store.blobs.read("doc_b", "empty.txt"))?.length).toBe(0);
        expect(await store.blobs.read("doc_b", "missing.json")).toBeUndefined();
        expect(await store.blobs.names("doc_b")).toEqual(["empty.txt", "original.pdf", "tree.json"]);
        expect(await store.blobs.exists("doc_b", "tree.json")).toBe(true);
        expect(await store.blobs.exists("doc_b", "nope.json")).toBe(false);
        await store.blobs.writeJson("doc_b", "tree.json", { a: 2 });
        expect(await store.blobs.readJson("doc_b", "tree.json")).toEqual({ a: 2 });
        // Another instance sees the same blobs; worker threads get a readable file.
        const again = await factory.open(home);
        const local = await again.blobs.localPath("doc_b", "original.pdf");
        expect(Buffer.compare(await fs.readFile(local), big)).toBe(0);
        await again.close();
        await store.blobs.removeAll("doc_b");
        expect(await store.blobs.exists("doc_b")).toBe(false);
        expect(await store.blobs.names("doc_b")).toEqual([]);
        expect(await store.blobs.read("doc_other", "tree.json")).toBeDefined();
        await store.blobs.removeAll("doc_b"); // idempotent
      }));

    it("refuses blob names and document ids that could escape their place", () =>
      withStore(async (store) => {
        await expect(store.blobs.write("../etc", "x", "x")).rejects.toThrow(/Invalid document id/);
        await expect(store.blobs.write("doc_1", "../../catalog.json", "x")).rejects.toThrow(/Invalid blob name/);
        await expect(store.blobs.read("doc_1", "a/b")).rejects.toThrow(/Invalid blob name/);
        await expect(store.blobs.localPath("doc_1", "..")).rejects.toThrow();
      }));

    it("keeps a write for a new instance", () =>
      withStore(async (store, home) => {
        await store.write((tx) => tx.documents.insert(doc("doc_1", { metadata: { a: 1 } })));
        const again = await factory.open(home);
        expect(await again.read(async (tx) => (await tx.documents.get("doc_1"))?.metadata)).toEqual({ a: 1 });
        await again.close();
      }));

    it("rolls back every change of a transaction that throws, and keeps the others of the batch", () =>
      withStore(async (store, home) => {
        await store.write((tx) => tx.documents.insert(doc("doc_keep")));
        const failing = store.write(async (tx) => {
          await tx.documents.insert(doc("doc_half"));
          await tx.documents.update("doc_keep", { name: "changed" });
          throw new Error("boom");
        });
        const ok = store.write((tx) => tx.documents.insert(doc("doc_ok")));
        await expect(failing).rejects.toThrow("boom");
        await ok;
        expect(await store.read(async (tx) => (await tx.documents.find()).map((d) => d.id).sort())).toEqual(["doc_keep", "doc_ok"]);
        expect(await store.read(async (tx) => (await tx.documents.get("doc_keep"))?.name)).toBe("doc_keep.pdf");
        const reopened = await factory.open(home);
        expect(await reopened.read((tx) => tx.documents.count())).toBe(2);
        await reopened.close();
      }));


    // The file store keeps each table's records and counts between reads; every kind of
    // change, a rolled-back one and another instance's included, must show in the next read.
    it("counts and finds see every insert, update, delete and rollback at once", () =>
      withStore(async (store, home) => {
        const completed = { owner: "usr_a", status: "completed" };
        const read = () => store.read(async (tx) => ({ all: await tx.documents.count({ owner: "usr_a" }), done: await tx.documents.count(completed), ids: (await tx.documents.find(completed)).map((d) => d.id).sort() }));
        expect(await read()).toEqual({ all: 0, done: 0, ids: [] });
        await store.write((tx) => tx.documents.insert(doc("doc_1", { status: "completed" })));
        expect(await read()).toEqual({ all: 1, done: 1, ids: ["doc_1"] });
        await store.write((tx) => tx.documents.insert(doc("doc_2")));
        expect(await read()).toEqual({ all: 2, done: 1, ids: ["doc_1"] });
        await store.write((tx) => tx.documents.update("doc_2", { status: "completed" }));
        expect(await read()).toEqual({ all: 2, done: 2, ids: ["doc_1", "doc_2"] });
        await expect(store.write(async (tx) => {
          await tx.documents.remove("doc_1");
          await tx.documents.update("doc_2", { status: "failed" });
          await tx.documents.insert(doc("doc_3", { status: "completed" }));
          expect(await tx.documents.count(completed)).toBe(1); // the transaction sees its own changes
          throw new Error("rolled back");
        })).rejects.toThrow("rolled back");
        expect(await read()).toEqual({ all: 2, done: 2, ids: ["doc_1", "doc_2"] });
        await store.write((tx) => tx.documents.remove("doc_1"));
        expect(await read()).toEqual({ all: 1, done: 1, ids: ["doc_2"] });
        const other = await factory.open(home);
        await other.write((tx) => tx.documents.insert(doc("doc_4", { status: "completed" })));
        expect(await read()).toEqual({ all: 2, done: 2, ids: ["doc_2", "doc_4"] });
        await other.close();
      }));
    it("returns copies, so callers cannot change the store by mutating results", () =>
      withStore(async (store) => {
        await store.write((tx) => tx.documents.insert(doc("doc_c", { metadata: { x: 1 } })));
        const got = (await store.read((tx) => tx.documents.get("doc_c")))!;
        got.metadata.x = 2;
        expect((await store.read((tx) => tx.documents.get("doc_c")))!.metadata.x).toBe(1);
      }));

    it("rejects duplicate ids", () =>
      withStore(async (store) => {
        await store.write((tx) => tx.documents.insert(doc("doc_d")));
        await expect(store.write((tx) => tx.documents.insert(doc("doc_d")))).rejects.toThrow(/Duplicate/);
      }));

    it("loses none of 300 concurrent writes", () =>
      withStore(async (store, home) => {
        await Promise.all(Array.from({ length: 300 }, (_, i) => store.write((tx) => tx.documents.insert(doc(`doc_${i}`)))));
        const reopened = await factory.open(home);
        expect(await reopened.read((tx) => tx.documents.count())).toBe(300);
        await reopened.close();
      }));

    it("shows one instance's writes to another instance's reads and writes", () =>
      withStore(async (store, home) => {
        const other = await factory.open(home);
        await other.write((tx) => tx.documents.insert(doc("doc_other")));
        expect(await store.read(async (tx) => (await tx.documents.get("doc_other"))?.id)).toBe("doc_other");
        await store.write((tx) => tx.documents.update("doc_other", { name: "renamed" }));
        expect(await other.read(async (tx) => (await tx.documents.get("doc_other"))?.name)).toBe("renamed");
        await other.close();
      }));

    it("8 writers and 4 readers on one instance: every acknowledged write is kept", () =>
      withStore(async (store, home) => {
        // A catalogue of some size makes each save take long enough for reads to overlap it.
        await store.write(async (tx) => { for (let i = 0; i < 2_000; i++) await tx.documents.insert(doc(`doc_bulk_${i}`)); });
        const acknowledged = await writersAndReaders([store], [store], 8, 60, 4);
        const reopened = await factory.open(home);
        const present = new Set(await reopened.read(async (tx) => (await tx.folders.find()).map((f) => f.id)));
        expect(acknowledged.filter((id) => !present.has(id))).toEqual([]);
        expect(present.size).toBe(480);
        await reopened.close();
      }));

    it("writers and readers spread over two instances: every acknowledged write is seen by both", () =>
      withStore(async (store, home) => {
        const other = await factory.open(home);
        await store.write(async (tx) => { for (let i = 0; i < 2_000; i++) await tx.documents.insert(doc(`doc_bulk_${i}`)); });
        const acknowledged = await writersAndReaders([store, other], [other, store], 8, 40, 4);
        for (const view of [store, other]) {
          const present = new Set(await view.read(async (tx) => (await tx.folders.find()).map((f) => f.id)));
          expect(acknowledged.filter((id) => !present.has(id))).toEqual([]);
        }
        await other.close();
      }));
  });
}
