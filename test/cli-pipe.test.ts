// `treeindex list | head -1`: commands whose output reader has gone end quietly (exit 0, no
// EPIPE stack trace). The binary as users run it (bin/treeindex.js: the compiled build when
// fresh, `npm run build`), with its stdout pipe closed before it writes.
import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli, runCliWithClosedStdout } from "./helpers/cli.ts";
import { twoChapterPdf } from "./helpers/pdf.ts";
import { makeTempHome } from "./helpers/server.ts";

let dir: string;
let env: Record<string, string>;

beforeAll(async () => {
  dir = await makeTempHome("treeindex-cli-pipe-");
  env = { TREEINDEX_HOME: path.join(dir, "store"), TREEINDEX_WORKERS: "1" };
  await fs.writeFile(path.join(dir, "two.pdf"), await twoChapterPdf());
  await fs.writeFile(path.join(dir, "notes.md"), "# Notes\n\nSome text about widget gears.\n");
  const added = await runCli(["add", path.join(dir, "two.pdf"), path.join(dir, "notes.md")], { env });
  expect(added.code, added.stderr).toBe(0);
}, 120_000);
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe("a closed output pipe", () => {
  it.each([
    { args: ["list"] },
    { args: ["list", "--json"] },
    { args: ["tree", "two.pdf"] },
    { args: ["pages", "two.pdf", "1-4"] },
    { args: ["search", "widget gears"] },
    { args: ["search", "two.pdf", "Methods"] },
  ])("treeindex $args ends with exit 0 and no stack trace", async ({ args }) => {
    const r = await runCliWithClosedStdout(args, { env });
    expect(r.stderr).not.toMatch(/EPIPE|Error:|\n\s+at /);
    expect(r.signal).toBeNull();
    expect(r.code).toBe(0);
  }, 60_000);

  it("add with its output gone still stores and indexes the file", async () => {
    await fs.writeFile(path.join(dir, "later.md"), "# Later\n\nWritten after the others.\n");
    const r = await runCliWithClosedStdout(["add", path.join(dir, "later.md")], { env });
    expect(r.stderr).not.toMatch(/EPIPE|Error:|\n\s+at /);
    expect(r.code).toBe(0);
    const list = await runCli(["list"], { env });
    expect(list.stdout).toMatch(/\tcompleted\t0\tlater\.md$/m);
  }, 120_000);
});
