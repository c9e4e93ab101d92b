import { execFile, spawn } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { twoChapterPdf } from "./helpers/pdf.ts";
import { makeTempHome } from "./helpers/server.ts";

const exec = promisify(execFile);
// The binary as users run it: the compiled build when fresh (npm install builds it), else the sources via tsx.
const CLI = path.resolve("bin/treeindex.js");

async function cli(args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await exec(process.execPath, [CLI, ...args], { env: { ...process.env, ...env } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe("CLI", () => {
  it("--help lists the commands on stdout (so it pipes into a pager), each command's help has an example", async () => {
    const r = await cli(["--help"]);
    expect(r.code).toBe(0);
    for (const command of ["serve", "mcp", "index", "keys", "add", "list", "tree", "pages", "search"]) expect(r.stdout).toContain(command);
    for (const command of ["add", "list", "tree", "pages", "search", "index"]) {
      const help = await cli([command, "--help"]);
      expect(help.code, command).toBe(0);
      expect(help.stdout, command).toMatch(/Examples?:\n  treeindex /);
    }
  }, 120_000);

  it("add stores and indexes files as the local user; list, tree, pages and search read them without re-indexing", async () => {
    const home = await makeTempHome();
    const pdf = path.join(home, "two.pdf");
    await fs.writeFile(pdf, await twoChapterPdf());
    const md = path.join(home, "notes.md");
    await fs.writeFile(md, "# Notes\n\nSome text about widgets.\n\n## Details\n\nMore about widget gears.\n");
    const env = { TREEINDEX_HOME: path.join(home, "store"), TREEINDEX_WORKERS: "1" };
    const added = await cli(["add", pdf, md], env);
    expect(added.code, added.stderr).toBe(0);
    const rows = added.stdout.trim().split("\n").map((l) => l.split("\t"));
    expect(rows.map((r) => [r[1], r[2]])).toEqual([["completed", "two.pdf"], ["completed", "notes.md"]]);
    const pdfId = rows[0][0];
    expect(pdfId).toMatch(/^doc_/);

    const list = await cli(["list"], env);
    expect(list.stdout).toContain(`${pdfId}\tcompleted\t4\ttwo.pdf`);
    const tree = await cli(["tree", "two.pdf", "--depth", "1"], env);
    expect(tree.code, tree.stderr).toBe(0);
    expect(tree.stdout).toMatch(/^two\.pdf \(doc_\w+\), 4 pages/);
    expect(tree.stdout).toMatch(/Introduction.*\[\d{4}\] p\.\d/);
    const pages = await cli(["pages", pdfId, "2-3"], env);
    expect(pages.stdout).toMatch(/--- page 2 ---[\s\S]*--- page 3 ---/);
    const search = await cli(["search", "notes", "widget gears"], env);
    expect(search.code, search.stderr).toBe(0);
    expect(search.stdout).toMatch(/Details/);

    // Clean one-line errors.
    const missing = await cli(["add", path.join(home, "nope.pdf")], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toBe(`treeindex: ${path.join(home, "nope.pdf")}: no such file`);
    const unknown = await cli(["tree", "nothing-like-this"], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim().split("\n")).toHaveLength(1);
    const indexMissing = await cli(["index", path.join(home, "nope.pdf")]);
    expect(indexMissing.stderr.trim()).toBe(`treeindex: ${path.join(home, "nope.pdf")}: no such file`);
    await fs.rm(home, { recursive: true, force: true });
  }, 180_000);

  it("index prints the tree JSON of a PDF on stdout, in the API's node shape", async () => {
    const home = await makeTempHome();
    const file = path.join(home, "two.pdf");
    await fs.writeFile(file, await twoChapterPdf());
    const full = await cli(["index", file, "--summary"]);
    expect(full.code).toBe(0);
    const out = JSON.parse(full.stdout);
    expect(out).toMatchObject({ doc_name: "two.pdf", page_count: 4 });
    const titles = JSON.stringify(out.result.map((n: { title: string }) => n.title));
    expect(titles).toMatch(/Introduction.*Methods/);
    expect(out.result[0]).toHaveProperty("text");
    expect(out.result[0]).toHaveProperty("summary");
    expect(out.result[0]).toHaveProperty("page_index");
    const bare = JSON.parse((await cli(["index", file, "--no-text", "--older"])).stdout);
    expect(bare.result[0]).not.toHaveProperty("text");
    expect(bare.result[0]).toHaveProperty("end_index");
    const notPdf = await cli(["index", path.resolve("package.json")]);
    expect(notPdf.code).toBe(1);
    expect(notPdf.stdout).toBe("");
    expect(notPdf.stderr).toMatch(/accepted: PDF, Markdown/);
    await fs.rm(home, { recursive: true, force: true });
  });

  it("index prints the tree of a Markdown file (POST /markdown's shape), with thinning", async () => {
    const home = await makeTempHome();
    const file = path.join(home, "notes.md");
    await fs.writeFile(file, "intro\n\n# A\ntext\n\n## B\nmore\n");
    const r = await cli(["index", file]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.doc_name).toBe("notes");
    expect(out.structure.map((n: { title: string; line_num: number }) => [n.title, n.line_num])).toEqual([["notes", 1], ["A", 3]]);
    expect(out.structure[1].nodes[0]).toMatchObject({ title: "B", node_id: "0002", line_num: 6, text: "## B\nmore\n" });
    const thin = JSON.parse((await cli(["index", file, "--thinning", "1000", "--no-text"])).stdout);
    expect(thin.structure[1].nodes).toEqual([]);
    expect(thin.structure[1]).not.toHaveProperty("text");
    const bad = await cli(["index", file, "--thinning", "lots"]);
    expect(bad.code).toBe(2);
    await fs.rm(home, { recursive: true, force: true });
  });

  it("index OCRs the scanned pages of a PDF (as the service does), unless --no-ocr", async () => {
    const file = path.resolve("test/fixtures/pdf/mixed-scan.pdf");
    const r = await cli(["index", file]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.ocr_pages).toEqual([2]);
    expect(r.stderr).toMatch(/OCR of 1 page/);
    const onPage2 = out.result.filter((n: { page_index: number }) => n.page_index === 2).map((n: { text: string }) => n.text).join(" ");
    expect(onPage2).toMatch(/interactively/);
    const skipped = JSON.parse((await cli(["index", file, "--no-ocr"])).stdout);
    expect(skipped.ocr_pages).toBeUndefined();
  }, 120_000);

  it("unknown commands and bad flags print usage and exit 2", async () => {
    const unknown = await cli(["frobnicate"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown command/);
    expect(unknown.stderr).toMatch(/Usage: treeindex/);
    const badFlag = await cli(["serve", "--no-such-flag"]);
    expect(badFlag.code).toBe(2);
    expect(badFlag.stderr).toMatch(/unknown option/);
  });

  it("an invalid variable exits 1 with a one-line message naming it", async () => {
    const r = await cli(["serve"], { TREEINDEX_PORT: "abc" });
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toMatch(/TREEINDEX_PORT/);
  });

  it("keys create prints a key once, list shows it, revoke disables it", async () => {
    const home = await makeTempHome();
    const created = await cli(["keys", "create", "--user", "carol", "--home", home]);
    expect(created.code).toBe(0);
    const key = created.stdout.trim();
    expect(key).toMatch(/^ti_/);
    const list = await cli(["keys", "list", "--json", "--home", home]);
    const keys = JSON.parse(list.stdout);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ userName: "carol" });
    expect(list.stdout).not.toContain(key);
    const revoked = await cli(["keys", "revoke", keys[0].id, "--home", home]);
    expect(revoked.code).toBe(0);
    const after = JSON.parse((await cli(["keys", "list", "--json", "--home", home])).stdout);
    expect(after[0].revokedAt).toBeTruthy();
    expect((await cli(["keys", "revoke", "key_nope", "--home", home])).code).toBe(1);
    await fs.rm(home, { recursive: true, force: true });
  });

  it("serve on a fresh home creates a key, prints it with a curl line, and the key works", async () => {
    const home = await makeTempHome();
    const child = spawn(process.execPath, [CLI, "serve", "--port", "0"], {
      env: { ...process.env, TREEINDEX_HOME: home, TREEINDEX_API_KEY: "" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    await new Promise<void>((resolve, reject) => {
      child.stderr.on("data", (d) => {
        stderr += d;
        if (/curl .*openapi\.json/.test(stderr)) resolve();
      });
      child.once("exit", () => reject(new Error(stderr)));
    });
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stderr)![1];
    // stderr is not a terminal here: every line is a JSON log line, the key's included.
    const lines = stderr.trim().split("\n").map((line) => JSON.parse(line) as { msg: string; api_key?: string; try?: string });
    const created = lines.find((l) => l.api_key)!;
    const key = created.api_key!;
    expect(key).toMatch(/^ti_/);
    expect(created.try).toBe(`curl -s -H "api_key: ${key}" ${url}/openapi.json`);
    expect((await fetch(`${url}/openapi.json`, { headers: { api_key: key } })).status).toBe(200);
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    expect(stdout).toBe(""); // logs and the key go to stderr only
    await fs.rm(home, { recursive: true, force: true });
  });
});
