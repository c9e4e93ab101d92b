/**
 * MCP sync_folder and sync_status through a real SDK client on `treeindex mcp` (stdio, the
 * read profile a desktop client's config uses), with TREEINDEX_WATCH: a folder outside the
 * allowed roots is refused like process_document's files; a folder inside is synced once
 * (skipped files with reasons), then watched; the TREEINDEX_WATCH folder is kept indexed
 * by the stdio server itself. Nothing but protocol may reach stdout (the client would fail).
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, expect, it } from "vitest";
import { storeEnv } from "../helpers/test-store.ts";
import { failed, ok } from "./harness.ts";
import { until as waitUntil } from "../helpers/until.ts";

const CLI = path.resolve("bin/treeindex.js");

let home: string;
let allowed: string;
let outside: string;
let client: Client;
let state: Awaited<ReturnType<typeof storeEnv>>;

const until = <T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 40_000) => waitUntil(what, probe, timeoutMs, 250);

beforeAll(async () => {
  home = await fs.mkdtemp(path.join(os.tmpdir(), "treeindex-mcp-sync-home-"));
  allowed = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), "treeindex-mcp-sync-")));
  outside = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), "treeindex-mcp-outside-")));
  await fs.mkdir(path.join(allowed, "papers", "drafts"), { recursive: true });
  await fs.mkdir(path.join(allowed, "notes"));
  await fs.writeFile(path.join(allowed, "papers", "a.md"), "# Alpha\n\nAbout the aardvark.\n");
  await fs.writeFile(path.join(allowed, "papers", "drafts", "b.md"), "# Beta\n\nAbout the badger.\n");
  await fs.writeFile(path.join(allowed, "papers", "c.txt"), "Gamma\n\nAbout the caracal.\n");
  await fs.writeFile(path.join(allowed, "papers", "sheet.xlsx"), "not read");
  await fs.writeFile(path.join(allowed, "notes", "n.md"), "# Note\n\nAbout the newt.\n");
  state = await storeEnv();
  const env = {
    ...(process.env as Record<string, string>),
    TREEINDEX_HOME: home,
    TREEINDEX_ALLOWED_ROOTS: allowed,
    TREEINDEX_WATCH: path.join(allowed, "notes"),
    TREEINDEX_WORKERS: "1",
    TREEINDEX_LOG_LEVEL: "info",
    ...state.env,
  };
  client = new Client({ name: "sync-test", version: "1.0.0" });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI, "mcp", "--tools", "read"], env, stderr: "pipe" }));
});

afterAll(async () => {
  await client?.close();
  await state?.drop();
  for (const dir of [home, allowed, outside]) if (dir) await fs.rm(dir, { recursive: true, force: true });
});

it("sync_folder refuses a folder outside the allowed roots, as process_document does", async () => {
  const refused = failed(await client.callTool({ name: "sync_folder", arguments: { path: outside } }), "FORBIDDEN_PATH");
  expect(refused.error).toMatch(/outside the allowed folders/);
  // A link inside the allowed roots that leads outside is refused too (links resolved first).
  await fs.symlink(outside, path.join(allowed, "escape"));
  failed(await client.callTool({ name: "sync_folder", arguments: { path: path.join(allowed, "escape") } }), "FORBIDDEN_PATH");
  await fs.rm(path.join(allowed, "escape"));
});

it("sync_folder syncs once, then watches; sync_status shows files, pending and skipped files with reasons", async () => {
  const papers = path.join(allowed, "papers");
  const once = ok(await client.callTool({ name: "sync_folder", arguments: { path: papers } }));
  expect(once.report).toMatchObject({ root: papers, added: 3, updated: 0, deleted: 0, failed: [] });
  expect(once.report.skipped).toEqual([{ path: "sheet.xlsx", reason: expect.stringMatching(/unsupported/) }]);
  expect(once.status).toMatchObject({ path: papers, watched: false, files: 3, skipped: 1 });

  // Again: nothing changed, nothing done.
  const again = ok(await client.callTool({ name: "sync_folder", arguments: { path: papers } }));
  expect(again.report).toMatchObject({ added: 0, updated: 0, moved: 0, deleted: 0, unchanged: 4, skipped: [] });

  const watched = ok(await client.callTool({ name: "sync_folder", arguments: { path: papers, watch: true } }));
  expect(watched.status).toMatchObject({ folder_id: once.status.folder_id, watched: true, held_here: true });
  await fs.writeFile(path.join(papers, "d.md"), "# Delta\n\nAbout the dingo.\n");
  const status = await until("the new file is indexed", async () => {
    const { roots } = ok(await client.callTool({ name: "sync_status", arguments: {} }));
    const root = roots.find((r: { path: string }) => r.path === papers);
    return root?.files === 4 && root.pending === 0 ? roots : undefined;
  });
  const byPath = Object.fromEntries(status.map((r: { path: string }) => [r.path, r]));
  expect(byPath[papers]).toMatchObject({ skipped: 1, skipped_files: [{ path: "sheet.xlsx", reason: expect.stringMatching(/unsupported/) }] });
  // TREEINDEX_WATCH: the stdio server keeps its folder indexed on its own.
  expect(byPath[path.join(allowed, "notes")]).toMatchObject({ files: 1, watched: true, held_here: true });
  const folders = ok(await client.callTool({ name: "list_folders", arguments: { parent_folder_id: once.status.folder_id } }));
  expect(folders.folders.map((f: { name: string }) => f.name)).toEqual(["drafts"]);
  // The library index follows the catalogue a moment after a document completes (the
  // answer's `searched` says how many it held): wait for the search, not for the status.
  const found = await until("the new file is searchable", async () => {
    const answer = ok(await client.callTool({ name: "search_documents", arguments: { query: "dingo" } }));
    return answer.documents.length ? answer : undefined;
  });
  expect(found.documents[0]).toMatchObject({ doc_name: "d.md" });
});
