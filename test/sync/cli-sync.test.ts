/**
 * `treeindex sync DIR` as users run it: prints the totals (stdout), lists skipped and failed
 * files (stderr), exits 1 when a file failed; run again, it finds nothing to do.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { runCli } from "../helpers/cli.ts";

let home: string;
let dir: string;

beforeAll(async () => {
  home = await fs.mkdtemp(path.join(os.tmpdir(), "treeindex-cli-sync-home-"));
  dir = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), "treeindex-cli-sync-")));
  await fs.mkdir(path.join(dir, "sub"));
  await fs.writeFile(path.join(dir, "a.md"), "# Alpha\n\nAbout the aardvark.\n");
  await fs.writeFile(path.join(dir, "sub", "b.txt"), "Beta\n\nAbout the badger.\n");
  await fs.writeFile(path.join(dir, "photo.jpg"), Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]));
  // A PDF by its first bytes that no reader can open: its indexing fails.
  await fs.writeFile(path.join(dir, "broken.pdf"), "%PDF-1.7\nthis is not a PDF body at all\n");
});

afterAll(async () => {
  await fs.rm(home, { recursive: true, force: true });
  await fs.rm(dir, { recursive: true, force: true });
});

it("prints the totals, lists skipped and failed files, exits 1 on a failure; a second run has nothing to do", async () => {
  const env = { TREEINDEX_HOME: home, TREEINDEX_WORKERS: "1" };
  const first = await runCli(["sync", dir], { env });
  expect(first.code, first.stderr).toBe(1);
  expect(first.stdout).toMatch(new RegExp(`^${dir} -> folder fld_\\w+: 3 added, 0 re-indexed, 0 moved, 0 deleted, 0 unchanged, 1 skipped, 1 failed\\n$`));
  expect(first.stderr).toMatch(/skipped photo\.jpg: unsupported format/);
  expect(first.stderr).toMatch(/broken\.pdf: indexing failed/);

  await fs.rm(path.join(dir, "broken.pdf"));
  const second = await runCli(["sync", dir, "--json"], { env });
  expect(second.code, second.stderr).toBe(0);
  expect(JSON.parse(second.stdout)).toMatchObject({ root: dir, added: 0, updated: 0, moved: 0, deleted: 1, unchanged: 3, skipped: [], failed: [], failed_documents: [] });
  const listed = await runCli(["list"], { env });
  expect(listed.stdout.trim().split("\n").map((l) => l.split("\t").slice(1, 2).concat(l.split("\t").slice(3)))).toEqual(expect.arrayContaining([["completed", "a.md"], ["completed", "b.txt"]]));
}, 120_000);
