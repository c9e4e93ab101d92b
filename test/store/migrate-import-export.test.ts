/**
 * `treeindex migrate`, `import` and `export` through the CLI binary: a file store with
 * indexed documents, folders, metadata and keys moves into PostgreSQL, where a server
 * serves it unchanged (the old key still works), and back out into a new file store.
 */
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore, type Store } from "../../src/store/index.ts";
import { makePdf } from "../helpers/pdf.ts";
import { startTestPostgres, type TestPostgres } from "../helpers/postgres.ts";
import { json, makeTempHome, startTestServer, uploadFile, waitForStatus, type TestServer } from "../helpers/server.ts";

const exec = promisify(execFile);
const CLI = path.resolve("bin/treeindex.js");

async function cli(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await exec(process.execPath, [CLI, ...args], { env: { ...process.env, TREEINDEX_DATABASE_URL: "", ...env } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

let postgres: TestPostgres;
let source: TestServer;
let url: string;
const docs: Record<string, string> = {};
let folderId: string;
const cleanup: string[] = [];

beforeAll(async () => {
  postgres = await startTestPostgres();
  url = await postgres.createDatabase();
  source = await startTestServer({ TREEINDEX_DATABASE_URL: "" });
  const folder = await json(await source.api("/folder", { method: "POST", body: JSON.stringify({ name: "Reports" }), headers: { "content-type": "application/json" } }));
  folderId = folder.id;
  const pdf = await makePdf([{ lines: ["# 1 Scope", "The scope of this report is the whole year of work and results."] }, { lines: ["# 2 Results", "Results were good across every line of the business."] }]);
  docs.pdf = (await json(await uploadFile(source, "report.pdf", pdf, { folder_id: folderId, metadata: JSON.stringify({ year: 2024 }) }))).doc_id;
  docs.md = (await json(await uploadFile(source, "notes.md", "# Notes\n\nSome notes.\n\n## Details\n\nMore text here.\n"))).doc_id;
  for (const id of Object.values(docs)) expect((await waitForStatus(source, id)).status).toBe("completed");
}, 120_000);

afterAll(async () => {
  await source?.close();
  await postgres?.stop();
  for (const dir of cleanup) await fs.rm(dir, { recursive: true, force: true });
});

type Snapshot = { records: Record<"users" | "apiKeys" | "documents" | "folders" | "jobs", unknown[]>; blobs: Record<string, string[]> };

/** Records as stored (JSON: a field set to undefined in memory is absent on disk and in the database) and blobs. */
async function snapshot(store: Store): Promise<Snapshot> {
  const records = await store.read(async (tx) => ({
    users: await tx.users.find(undefined, { sort: [["id", 1]] }),
    apiKeys: await tx.apiKeys.find(undefined, { sort: [["id", 1]] }),
    documents: await tx.documents.find(undefined, { sort: [["id", 1]] }),
    folders: await tx.folders.find(undefined, { sort: [["id", 1]] }),
    jobs: await tx.jobs.find(undefined, { sort: [["id", 1]] }),
  }));
  const blobs: Record<string, string[]> = {};
  for (const id of Object.values(docs)) {
    blobs[id] = [];
    for (const name of await store.blobs.names(id)) blobs[id].push(`${name}:${(await store.blobs.read(id, name))!.toString("base64")}`);
  }
  return { records: JSON.parse(JSON.stringify(records)), blobs };
}

describe("moving a file store into PostgreSQL and back", () => {
  it("migrate applies the migrations once and says so; it needs a database URL", async () => {
    const first = await cli(["migrate"], { TREEINDEX_DATABASE_URL: url });
    expect(first).toMatchObject({ code: 0, stdout: "" });
    expect(first.stderr).toMatch(/applied migrations 1, 2/);
    expect((await cli(["migrate"], { TREEINDEX_DATABASE_URL: url })).stderr).toMatch(/up to date/);
    const none = await cli(["migrate"], {});
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/needs TREEINDEX_DATABASE_URL/);
  });

  it("import copies everything; a server on the database serves it with the old key; a second import is refused", async () => {
    const imported = await cli(["import", "--from", source.home], { TREEINDEX_DATABASE_URL: url });
    expect(imported.stderr).toMatch(/copied \d+ records and \d+ blobs/);
    expect(imported.code).toBe(0);
    const again = await cli(["import", "--from", source.home], { TREEINDEX_DATABASE_URL: url });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/not empty/);
    const missing = await cli(["import", "--from", path.join(source.home, "nope")], { TREEINDEX_DATABASE_URL: url });
    expect(missing.stderr).toMatch(/no file store here/);

    const onPg = await startTestServer({ TREEINDEX_DATABASE_URL: url });
    try {
      for (const id of Object.values(docs)) {
        const original = await json(await source.api(`/doc/${id}?type=tree`));
        const moved = await json(await onPg.api(`/doc/${id}?type=tree`, { key: source.key }));
        expect(moved).toEqual(original);
      }
      const listed = await json(await onPg.api(`/docs?folder_id=${folderId}&metadata_filter=${encodeURIComponent('{"year":2024}')}`, { key: source.key }));
      expect(listed.documents.map((d: { id: string }) => d.id)).toEqual([docs.pdf]);
      const fromSource = await source.services.store.read((tx) => tx.documents.count());
      expect(await onPg.services.store.read((tx) => tx.documents.count())).toBe(fromSource);
    } finally {
      await onPg.services.close();
      await onPg.server.close();
    }
  });

  it("export writes the database into a new file store equal to the original", async () => {
    const target = await makeTempHome("treeindex-export-");
    cleanup.push(target);
    const exported = await cli(["export", "--to", target], { TREEINDEX_DATABASE_URL: url });
    expect(exported.code).toBe(0);
    const copy = await openStore(target);
    const database = await openStore(target, { databaseUrl: url });
    try {
      const exportedState = await snapshot(copy);
      // Everything the database holds (also the key the server on it created) ...
      expect(exportedState).toEqual(await snapshot(database));
      // ... and the original documents, folders, users and blobs, byte for byte.
      const original = await snapshot(source.services.store);
      for (const name of ["documents", "folders", "users"] as const) expect(exportedState.records[name]).toEqual(original.records[name]);
      expect(exportedState.blobs).toEqual(original.blobs);
    } finally {
      await copy.close();
      await database.close();
    }
    const refused = await cli(["export", "--to", target], { TREEINDEX_DATABASE_URL: url });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/not empty/);
  });
});
