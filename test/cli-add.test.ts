// `treeindex add` of several files where one is not a document: every file gets its own
// line (the good ones their ids, the bad one an error naming it), exit 1, and running the
// same command again stores nothing twice. Real processes on a temporary home.
import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "./helpers/cli.ts";
import { twoChapterPdf } from "./helpers/pdf.ts";
import { makeTempHome } from "./helpers/server.ts";

let dir: string;
let env: Record<string, string>;
const add = (...args: string[]) => runCli(["add", ...args], { env, cwd: dir });

beforeAll(async () => {
  dir = await makeTempHome("treeindex-cli-add-");
  env = { TREEINDEX_HOME: path.join(dir, "store"), TREEINDEX_WORKERS: "1" };
  await fs.writeFile(path.join(dir, "a.pdf"), await twoChapterPdf());
  // A spreadsheet: not a document treeindex reads (web pages are, since issue #38).
  await fs.writeFile(path.join(dir, "b.csv"), "name,count\nwidgets,3\n");
  await fs.writeFile(path.join(dir, "c.md"), "# Notes\n\nSome text about widgets.\n");
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe("treeindex add FILE...", () => {
  it("reports each file on its own line, names the file that failed, exits 1, and a retry duplicates nothing", async () => {
    const first = await add("a.pdf", "b.csv", "c.md", "missing.md");
    expect(first.code).toBe(1);
    const rows = first.stdout.trim().split("\n").map((line) => line.split("\t"));
    expect(rows.map((r) => [r[1], r[2]])).toEqual([["completed", "a.pdf"], ["completed", "c.md"]]);
    for (const r of rows) expect(r[0]).toMatch(/^doc_\w+$/);
    const errors = first.stderr.trim().split("\n").filter((l) => l.startsWith("treeindex: "));
    expect(errors).toEqual([expect.stringMatching(/^treeindex: b\.csv: Unsupported file/), "treeindex: missing.md: no such file"]);

    // The same command again: the files stored the first time are those documents, not copies (a_1.pdf).
    const again = await add("a.pdf", "b.csv", "c.md");
    expect(again.code).toBe(1);
    const againRows = again.stdout.trim().split("\n").map((line) => line.split("\t"));
    expect(againRows.map((r) => r[0])).toEqual(rows.map((r) => r[0]));
    expect(againRows.map((r) => r.at(-1))).toEqual(["(already stored)", "(already stored)"]);
    expect(again.stderr).toMatch(/^treeindex: b\.csv: /m);
    const list = await runCli(["list"], { env });
    expect(list.stdout.trim().split("\n").map((l) => l.split("\t")[3]).sort()).toEqual(["a.pdf", "c.md"]);

    // A file with the same name but other content is a new document (named as uploads are).
    await fs.writeFile(path.join(dir, "c.md"), "# Notes\n\nOther text now.\n");
    const changed = await add("c.md");
    expect(changed.code, changed.stderr).toBe(0);
    expect(changed.stdout).toMatch(/^doc_\w+\tcompleted\tc_1\.md/);
  }, 180_000);

  it("--json prints one object per file and line, errors included", async () => {
    await fs.copyFile(path.join(dir, "a.pdf"), path.join(dir, "d.pdf"));
    const r = await add("--json", "d.pdf", "b.csv");
    expect(r.code).toBe(1);
    const lines = r.stdout.trim().split("\n").map((l) => JSON.parse(l));
    expect(lines).toEqual([
      { file: "d.pdf", name: "d.pdf", doc_id: expect.stringMatching(/^doc_/), status: "completed", page_count: 4 },
      { file: "b.csv", error: expect.stringMatching(/^Unsupported file/) },
    ]);
    expect(r.stderr).not.toMatch(/treeindex: /);
  }, 120_000);
});
