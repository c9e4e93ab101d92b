// `treeindex tree` of a tree too big for one part: the header says which part is shown and
// how to get the rest; `--part N` shows another part, `--all` the whole tree.
import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "./helpers/cli.ts";
import { makeTempHome } from "./helpers/server.ts";

const CHAPTERS = 30;
const SECTIONS = 25;
const TOTAL = CHAPTERS * (SECTIONS + 1);
let dir: string;
let env: Record<string, string>;
const tree = (...args: string[]) => runCli(["tree", "garden.md", ...args], { env });
/** Outline lines (after the header). */
const body = (stdout: string) => stdout.trimEnd().split("\n").slice(1);

beforeAll(async () => {
  dir = await makeTempHome("treeindex-cli-tree-");
  env = { TREEINDEX_HOME: path.join(dir, "store"), TREEINDEX_WORKERS: "1" };
  const lines: string[] = [];
  for (let c = 0; c < CHAPTERS; c++) {
    lines.push(`# Chapter ${c} about the configuration of gardens and orchards`, "", `Intro ${c}.`, "");
    for (let s = 0; s < SECTIONS; s++) lines.push(`## Section ${c}.${s} on watering schedules, pruning and grafting of fruit trees`, "", `Text ${c} ${s}.`, "");
  }
  await fs.writeFile(path.join(dir, "garden.md"), lines.join("\n"));
  const added = await runCli(["add", path.join(dir, "garden.md")], { env });
  expect(added.code, added.stderr).toBe(0);
}, 120_000);
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe("treeindex tree of a big tree", () => {
  it("says when it shows one part, and --part N / --all show the rest", async () => {
    const json = JSON.parse((await tree("--json")).stdout);
    expect(json.parts).toBeGreaterThan(1);
    const parts: number = json.parts;

    const first = await tree();
    expect(first.code, first.stderr).toBe(0);
    const header = first.stdout.split("\n")[0];
    const shown = body(first.stdout).length;
    expect(shown).toBeLessThan(TOTAL);
    expect(header).toContain(`${TOTAL} sections; part 1 of ${parts}, ${shown} sections shown (--part 2 for the next, --all for the whole tree)`);

    // Every part, one after the other, is the whole outline once.
    const all: string[] = [];
    for (let part = 1; part <= parts; part++) {
      const r = await tree("--part", String(part));
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout.split("\n")[0]).toContain(`part ${part} of ${parts}`);
      all.push(...body(r.stdout));
    }
    expect(all).toHaveLength(TOTAL);
    expect(all[0]).toMatch(/^Chapter 0 about/);

    const whole = await tree("--all");
    expect(whole.code, whole.stderr).toBe(0);
    expect(whole.stdout.split("\n")[0]).toBe(`garden.md (${json.doc_id}), ${TOTAL} sections`);
    expect(body(whole.stdout)).toEqual(all);

    const beyond = await tree("--part", String(parts + 1));
    expect(beyond.code).toBe(1);
    expect(beyond.stderr.trim()).toBe(`treeindex: part must be between 1 and ${parts} for this request`);
    expect((await tree("--all", "--part", "2")).code).toBe(2);
  }, 120_000);
});
