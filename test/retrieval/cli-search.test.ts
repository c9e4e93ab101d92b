// `treeindex search` as a user runs it: a child process on a PDF file, and on a stored doc_id.
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { PAGES_BLOB, TREE_BLOB } from "../../src/core/documents/index-job.ts";
import { nowIso } from "../../src/core/ids.ts";
import { indexPdf } from "../../src/indexing/pdf/index.ts";
import { DEFAULT_USER_NAME, UserService } from "../../src/core/users.ts";
import { openStore } from "../../src/store/index.ts";
import { makeTempHome } from "../helpers/server.ts";
import { annualReportPdf, REPORT_FACTS } from "./fixtures.ts";

const exec = promisify(execFile);
// The binary as users run it: the compiled build when fresh (npm install builds it), else the sources via tsx.
const CLI = path.resolve("bin/treeindex.js");

async function cli(args: string[]) {
  try {
    const { stdout, stderr } = await exec(process.execPath, [CLI, ...args]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe("treeindex search", () => {
  it("searches a PDF file and a stored document, as text or JSON", async () => {
    const home = await makeTempHome();
    const file = path.join(home, "report.pdf");
    const bytes = await annualReportPdf();
    await fs.writeFile(file, bytes);

    const text = await cli(["search", file, "net sales fiscal 2023", "--limit", "2"]);
    expect(text.code).toBe(0);
    // The best page comes first, with the passage that matched as its snippet.
    expect(text.stdout).toMatch(new RegExp(`pages to read first:\\n  p\\.${REPORT_FACTS.revenuePage}  .*Net sales were \\$4,213 million`));
    expect(text.stdout).toMatch(/1\. \[\d{4}\] 1 Business {2}\(pages 2-3; score [\d.]+\)/);
    expect(text.stdout).toContain(`p.${REPORT_FACTS.revenuePage}: Net sales were $4,213 million`);

    // A stored, completed document of the local user (the CLI's), addressed by id in --home.
    const indexed = await indexPdf(bytes, { addSummaries: true });
    const store = await openStore(home);
    const local = await new UserService(store).ensureUser(DEFAULT_USER_NAME);
    await store.blobs.writeJson("doc_cli_1", TREE_BLOB, indexed.tree);
    await store.blobs.writeJson("doc_cli_1", PAGES_BLOB, indexed.pageTexts);
    await store.write(async (tx) => {
      const base = { owner: local.id, description: "", createdAt: nowIso(), pageNum: 8, metadata: {}, folderId: null, format: "pdf" as const, options: {} };
      await tx.documents.insert({ ...base, id: "doc_cli_1", name: "report.pdf", status: "completed" });
      await tx.documents.insert({ ...base, id: "doc_cli_2", name: "busy.pdf", status: "processing" });
    });
    await store.close();
    const json = await cli(["--home", home, "search", "doc_cli_1", "ransomware suppliers", "--json"]);
    expect(json.code).toBe(0);
    const out = JSON.parse(json.stdout);
    expect(out.doc).toBe("report.pdf (doc_cli_1)");
    expect(out.nodes[0]).toMatchObject({ title: "2.2 Cybersecurity risks", start_index: REPORT_FACTS.riskCyberPage });
    expect(out.pages[0]).toBe(REPORT_FACTS.riskCyberPage);

    const busy = await cli(["--home", home, "search", "doc_cli_2", "x"]);
    expect(busy.code).toBe(1);
    expect(busy.stderr).toMatch(/not retrieval_ready \(status processing\)/);
    const unknown = await cli(["--home", home, "search", "doc_nope", "x"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/neither a file nor a document/);
    expect(unknown.stdout).toBe("");
    const badLimit = await cli(["search", file, "x", "--limit", "0"]);
    expect(badLimit.code).toBe(1);
    expect(badLimit.stderr).toMatch(/--limit must be/);
    await fs.rm(home, { recursive: true, force: true });
  }, 60_000);
});
