// The CLI over a library larger than the old 200-document cap: `treeindex add` of many
// files in one process (the library index follows each completed job before the process
// exits), `treeindex search "question"` over all of them, and `treeindex reindex` after the
// index file is lost. Real processes on a temporary home.
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const exec = promisify(execFile);
const CLI = path.resolve("bin/treeindex.js");
const NOTES = 210;
let home: string;
let dir: string;

async function cli(args: string[]): Promise<{ stdout: string; stderr: string }> {
  return exec(process.execPath, [CLI, ...args], { env: { ...process.env, TREEINDEX_HOME: home, TREEINDEX_LOG_LEVEL: "silent" }, maxBuffer: 16 * 1024 * 1024 });
}

beforeAll(async () => {
  home = await fs.mkdtemp(path.join(os.tmpdir(), "treeindex-cli-library-"));
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "treeindex-cli-notes-"));
  const files: string[] = [];
  for (let i = 0; i < NOTES; i++) {
    const file = path.join(dir, `note-${i}.md`);
    await fs.writeFile(file, `# Garden note ${i}\n\nWater the beds on day ${i}; the hose and the pump need a check.\n`);
    files.push(file);
  }
  await cli(["add", ...files]);
  const last = path.join(dir, "orchard.md");
  await fs.writeFile(last, "# Orchard\n\n## Grafting\n\nThe Bramley apple trees were grafted onto M26 rootstock in 2019.\n");
  await cli(["add", last]);
}, 600_000);
afterAll(async () => {
  await fs.rm(home, { recursive: true, force: true });
  await fs.rm(dir, { recursive: true, force: true });
});

describe("treeindex search without a document", () => {
  it(`searches all ${NOTES + 1} documents and finds the answer in the newest`, async () => {
    const { stdout } = await cli(["search", "--json", "Which rootstock were the Bramley apple trees grafted onto?"]);
    const result = JSON.parse(stdout);
    expect(result.searched).toEqual({ documents: NOTES + 1, of: NOTES + 1 });
    expect(result.documents[0].doc_name).toBe("orchard.md");
    const text = await cli(["search", "Bramley rootstock"]);
    expect(text.stdout).toContain(`${NOTES + 1} of ${NOTES + 1} documents searched`);
    expect(text.stdout).toContain("orchard.md");
  });

  it("rebuilds the library index with `treeindex reindex` after its file is lost", async () => {
    for (const suffix of ["", "-wal", "-shm"]) await fs.rm(path.join(home, `library.sqlite${suffix}`), { force: true });
    const { stderr } = await cli(["reindex"]);
    expect(stderr).toMatch(new RegExp(`library index rebuilt: ${NOTES + 1} documents`));
    const { stdout } = await cli(["search", "--json", "Bramley rootstock"]);
    expect(JSON.parse(stdout).documents[0].doc_name).toBe("orchard.md");
  });

  it("narrows by --filter and refuses a filter outside the GET /docs language", async () => {
    await expect(cli(["search", "--filter", '{"$where":"1"}', "Bramley"])).rejects.toThrow(/--filter/);
    const { stdout } = await cli(["search", "--json", "--filter", '{"kind":"none"}', "Bramley"]);
    expect(JSON.parse(stdout).documents).toEqual([]);
  });
});
