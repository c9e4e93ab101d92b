import fs from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore } from "../../src/store/index.ts";
import { PgStore, migrate } from "../../src/store/postgres/index.ts";
import { startTestPostgres, type TestPostgres } from "../helpers/postgres.ts";
import { makeTempHome } from "../helpers/server.ts";
import pg from "pg";
import { doc, storeContract } from "./store-contract.ts";

let server: TestPostgres;
let scratch: string;

beforeAll(async () => {
  server = await startTestPostgres();
  scratch = await makeTempHome("treeindex-pg-scratch-");
});
afterAll(async () => {
  await server?.stop();
  await fs.rm(scratch, { recursive: true, force: true });
});

storeContract("PostgreSQL store", {
  create: () => server.createDatabase(),
  open: (url) => openStore(scratch, { databaseUrl: url }),
  destroy: (url) => server.dropDatabase(url),
});

describe("PostgreSQL store specifics", () => {
  it("applies each migration once, also when servers start together", async () => {
    const url = await server.createDatabase();
    const stores = await Promise.all([PgStore.open(url, scratch), PgStore.open(url, scratch), PgStore.open(url, scratch)]);
    const pool = new pg.Pool({ connectionString: url });
    // pool.end() resolves before its connections have closed; one still closing when the
    // database is dropped (WITH FORCE) errs, and a pool with no listener would throw that.
    pool.on("error", () => undefined);
    expect(await migrate(pool)).toEqual([]); // nothing left to apply
    const { rows } = await pool.query("SELECT version, name FROM treeindex_migrations ORDER BY version");
    expect(rows).toEqual([{ version: 1, name: "catalogue" }, { version: 2, name: "documents_owner" }, { version: 3, name: "blobs_written_at" }, { version: 4, name: "library" }, { version: 5, name: "watched_roots" }]);
    await pool.end();
    await Promise.all(stores.map((s) => s.close()));
    await server.dropDatabase(url);
  });

  it("says which database it cannot reach, never the password", async () => {
    const error = await openStore(scratch, { databaseUrl: "postgres://me:s3cret@127.0.0.1:1/nowhere" }).catch((e: Error) => e);
    expect((error as Error).message).toMatch(/^Cannot open the PostgreSQL store at 127\.0\.0\.1:1\/nowhere \(TREEINDEX_DATABASE_URL\): .*ECONNREFUSED/);
    expect((error as Error).message).not.toMatch(/s3cret/);
  });

  it("keeps strings with U+0000 (dropped) and removes fields patched to undefined", async () => {
    const url = await server.createDatabase();
    const store = await openStore(scratch, { databaseUrl: url });
    await store.write((tx) => tx.documents.insert(doc("doc_nul", { description: "a\0b", error: "old" })));
    await store.write((tx) => tx.documents.update("doc_nul", { error: undefined }));
    const got = await store.read((tx) => tx.documents.get("doc_nul"));
    expect(got?.description).toBe("ab");
    expect(got && "error" in got).toBe(false);
    await store.close();
    await server.dropDatabase(url);
  });

  it("survives the database dropping a connection it holds mid-transaction: the transaction fails, the process lives, the next one reconnects", async () => {
    const url = await server.createDatabase();
    const store = await openStore(scratch, { databaseUrl: url, onWarning: () => undefined });
    await store.write((tx) => tx.documents.insert(doc("doc_before")));
    const admin = new pg.Client({ connectionString: server.adminUrl });
    await admin.connect();
    const dbName = new URL(url).pathname.slice(1);
    const terminateAll = () => admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()", [dbName]);
    // Between two statements the connection is idle in our transaction, and no query is
    // there to receive the error: only a listener on the borrowed connection hears it.
    const failed = await store
      .write(async (tx) => {
        await tx.documents.get("doc_before");
        await terminateAll();
        await new Promise((r) => setTimeout(r, 300));
        await tx.documents.insert(doc("doc_lost"));
      })
      .catch((e: Error) => e);
    expect(failed).toBeInstanceOf(Error);
    // The dead connection was not handed back: the next transactions (more than one, on
    // whatever connections the pool has) work.
    for (let i = 0; i < 12; i++) await store.write((tx) => tx.documents.insert(doc(`doc_after_${i}`)));
    const ids = await store.read(async (tx) => (await tx.documents.find({})).map((d) => d.id).sort());
    expect(ids).not.toContain("doc_lost");
    expect(ids).toContain("doc_before");
    expect(ids).toContain("doc_after_11");
    await admin.end();
    await store.close();
    await server.dropDatabase(url);
  });
});
