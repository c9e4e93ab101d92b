// The CLI on the new formats: `treeindex index` prints a PPTX's tree with slides as pages and
// a DOCX's with paragraph numbers; `treeindex add` stores a DOCX as one document (not a ZIP
// import) and, run again, finds it stored. Real processes on a temporary home.
import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reportDocx } from "./fixtures/formats/docx.ts";
import { buildPptx } from "./fixtures/formats/pptx.ts";
import { textPicture } from "./fixtures/formats/text-picture.ts";
import { runCli } from "./helpers/cli.ts";
import { makeTempHome } from "./helpers/server.ts";

let dir: string;
let env: Record<string, string>;

beforeAll(async () => {
  dir = await makeTempHome("treeindex-cli-formats-");
  env = { TREEINDEX_HOME: path.join(dir, "store"), TREEINDEX_WORKERS: "1" };
  await fs.writeFile(path.join(dir, "report.docx"), await reportDocx());
  await fs.writeFile(path.join(dir, "deck.pptx"), buildPptx([{ title: "Plan", bullets: ["Ship it"] }, { title: "Risks", bullets: ["Late parts"] }]));
  await fs.writeFile(path.join(dir, "scanned.pptx"), buildPptx([{ title: "Cover" }, { picture: await textPicture(["Turbine revenue doubled"]) }]));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe("treeindex index / add on DOCX and PPTX", () => {
  it("index prints the tree in GET /doc's shape", async () => {
    const deck = await runCli(["index", "deck.pptx"], { env, cwd: dir });
    expect(deck.code, deck.stderr).toBe(0);
    const out = JSON.parse(deck.stdout);
    expect(out).toMatchObject({ doc_name: "deck.pptx", page_count: 2, toc_source: "slides" });
    expect(out.result.map((n: { title: string; page_index: number }) => [n.title, n.page_index])).toEqual([["Plan", 1], ["Risks", 2]]);
    const report = JSON.parse((await runCli(["index", "report.docx", "--no-text"], { env, cwd: dir })).stdout);
    expect(report.toc_source).toBe("heading_styles");
    expect(report.result[1]).toMatchObject({ title: "Overview", line_num: 2 });
    expect(report.result[1]).not.toHaveProperty("text");
  }, 60_000);

  it("add stores a DOCX as one document, and a second run reports it stored", async () => {
    const first = await runCli(["add", "report.docx"], { env, cwd: dir });
    expect(first.code, first.stderr).toBe(0);
    const [id, status, name] = first.stdout.trim().split("\t");
    expect([status, name]).toEqual(["completed", "report.docx"]);
    const again = await runCli(["add", "report.docx"], { env, cwd: dir });
    expect(again.stdout.trim().split("\t")[0]).toBe(id);
    expect(again.stdout).toContain("(already stored)");
  }, 120_000);

  it("index OCRs a slide that is only a picture of text (and leaves it empty with --no-ocr)", async () => {
    const read = await runCli(["index", "scanned.pptx", "--pretty"], { env, cwd: dir });
    expect(read.code, read.stderr).toBe(0);
    const out = JSON.parse(read.stdout);
    expect(out.ocr_pages).toEqual([2]);
    expect(out.result[1].text).toMatch(/Turbine revenue doubled/);
    const skipped = JSON.parse((await runCli(["index", "scanned.pptx", "--no-ocr"], { env, cwd: dir })).stdout);
    expect(skipped.ocr_pages).toBeUndefined();
    expect(skipped.result[1].title).toBe("Slide 2");
  }, 120_000);
});
