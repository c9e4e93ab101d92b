// Lexical tree search over real trees: a generated report indexed by the project's own PDF
// indexer (exact pages from its page texts), R-intro.pdf, and a Markdown-shaped tree.
import fs from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { LexicalIndex } from "../../src/core/retrieval/lexical-index.ts";
import { analyse, tokenize } from "../../src/core/retrieval/terms.ts";
import { indexPdf } from "../../src/indexing/pdf/index.ts";
import type { IndexedDocument, TreeNode } from "../../src/indexing/tree-types.ts";
import { REPORT_FACTS, annualReportPdf } from "./fixtures.ts";

let report: IndexedDocument;
let reportIndex: LexicalIndex;
let rIntro: LexicalIndex;
beforeAll(async () => {
  report = await indexPdf(await annualReportPdf(), { addSummaries: true });
  reportIndex = new LexicalIndex(report.tree, report.pageTexts);
  const r = await indexPdf(new Uint8Array(await fs.readFile(path.resolve("test/fixtures/pdf/R-intro.pdf"))), { addSummaries: true });
  rIntro = new LexicalIndex(r.tree, r.pageTexts);
}, 60_000);

describe("terms", () => {
  it("keeps numbers and codes whole and as parts, drops stop words, stems plurals", () => {
    expect(tokenize("Item 7A, 10-K and $4,213.5")).toEqual(["Item", "7A", "10-K", "10", "K", "and", "4,213.5"]);
    expect(analyse("What were the operating leases in 10-K Item 7A?")).toEqual(["operat", "lease", "10-k", "10", "item", "7a"]);
    expect(analyse("$4,213 million")).toEqual(["4213", "million"]);
  });
});

describe("lexical search", () => {
  it("finds a figure on the second page of a two-page section, with its physical page", () => {
    const result = reportIndex.search("What were net sales in fiscal 2023?");
    expect(result.nodes[0].title).toBe("1 Business");
    expect(result.nodes[0].passages[0]).toMatchObject({ page: REPORT_FACTS.revenuePage });
    expect(result.nodes[0].passages[0].text).toContain("$4,213 million");
    expect(result.pages[0]).toBe(REPORT_FACTS.revenuePage);
  });

  it("matches codes such as Item 7A and note numbers", () => {
    expect(reportIndex.search("Item 7A market risk disclosures").nodes[0].title).toMatch(/^Item 7A/);
    const lease = reportIndex.search("note 12 operating lease liabilities");
    expect(lease.nodes[0].title).toBe("4 Notes to the Financial Statements");
    expect(lease.pages[0]).toBe(REPORT_FACTS.leasePage);
  });

  it("ranks the subsection that matches, and lets its parent rank through it", () => {
    const result = reportIndex.search("ransomware attacks on suppliers");
    expect(result.nodes[0]).toMatchObject({ title: "2.2 Cybersecurity risks", path: ["2 Risk Factors"] });
    expect(result.pages[0]).toBe(REPORT_FACTS.riskCyberPage);
    // The parent has no matching text of its own but scores through its child.
    const parentOnly = reportIndex.search("risk factors cybersecurity breach");
    const ids = parentOnly.nodes.map((n) => n.title);
    expect(ids.slice(0, 2)).toEqual(expect.arrayContaining(["2.2 Cybersecurity risks"]));
  });

  it("prefers the exact phrase over the same words scattered", () => {
    const index = new LexicalIndex(tree([
      ["0000", "Scattered", "The rate was set by the board. Interest in the product grew. Swap meets are popular."],
      ["0001", "Phrase", "The company entered an interest rate swap with a bank last year."],
    ]));
    expect(index.search('"interest rate swap"').nodes[0].title).toBe("Phrase");
  });

  it("returns nothing for a query of stop words only", () => {
    expect(reportIndex.search("what is the").nodes).toEqual([]);
  });

  it("gives Markdown passages a line and no page", () => {
    const index = new LexicalIndex([{ title: "Setup", node_id: "0000", line_num: 10, text: "Setup\nInstall the package with npm.\nThen run the server.", nodes: [] }]);
    const hit = index.search("install package").nodes[0].passages[0];
    expect(hit).toMatchObject({ page: null, line: 10 });
  });

  it("estimates pages when page texts are missing (trees from older indexers)", () => {
    const index = new LexicalIndex(report.tree);
    const hit = index.search("net sales fiscal 2023").nodes[0].passages[0];
    expect([2, 3]).toContain(hit.page);
  });

  it("finds R-intro sections by topic, with their pages", () => {
    const removal = rIntro.search("How do I remove objects from the workspace?");
    expect(removal.nodes[0].title).toBe("Data permanency and removing objects");
    expect(removal.pages.slice(0, 3)).toContain(12);
    expect(rIntro.search("generalized linear models glm family").nodes.map((n) => n.title)).toContain("Generalized linear models");
  });

  it("passagesOf gives the chosen node's best passages, or its opening ones", () => {
    const best = reportIndex.passagesOf("0001", "net sales 2023");
    expect(best[0].page).toBe(3);
    const opening = reportIndex.passagesOf("0005", "zebra");
    expect(opening[0].text).toMatch(/^3 Management Discussion/);
    expect(reportIndex.passagesOf("9999", "x")).toEqual([]);
  });
});

describe("asynchronous build", () => {
  it("gives the same results as the synchronous one and lets other work run meanwhile", async () => {
    const r = await indexPdf(new Uint8Array(await fs.readFile(path.resolve("test/fixtures/pdf/R-intro.pdf"))), { addSummaries: true });
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    // Slices of 0 ms: the build gives way at every step (by default only once 10 ms are used up,
    // which a document of this size may never reach).
    const built = await LexicalIndex.build(r.tree, r.pageTexts, { sliceMs: 0 });
    clearInterval(timer);
    // A build that never yields would let no timer run before it finished.
    expect(ticks).toBeGreaterThan(2);
    const sync = new LexicalIndex(r.tree, r.pageTexts);
    for (const q of ["remove objects workspace", "glm family binomial", "attach detach data frames"]) {
      expect(built.search(q)).toEqual(sync.search(q));
    }
  });
});

function tree(rows: [string, string, string][]): TreeNode[] {
  return rows.map(([node_id, title, text]) => ({ node_id, title, text, start_index: 1, end_index: 1, nodes: [] }));
}
