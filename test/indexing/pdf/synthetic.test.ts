/**
 * Generated PDFs (tools/fixtures/pdf/builders.ts) for each tree source and for scale.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { indexPdf } from "../../../src/indexing/pdf/index.ts";
import { buildCasedHeadingsPdf, buildManyPagesPdf } from "../../../tools/fixtures/pdf/builders.ts";
import { bodyLines, concatenatedText, expectTreeInvariants, preorder } from "./tree-checks.ts";

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../../fixtures/pdf/${name}`, import.meta.url)));

describe("layout headings (no outline, no contents page)", () => {
  it("builds the tree from numbered headings set in larger type", async () => {
    const data = fixture("layout-headings.pdf");
    const doc = await indexPdf(data);
    expect(doc.tocSource).toBe("layout");
    const titles = preorder(doc.tree).map((f) => `${"  ".repeat(f.depth - 1)}${f.node.title} [${f.node.start_index}-${f.node.end_index}]`);
    expect(titles).toEqual([
      "Field Guide to Test Documents [1-1]",
      "1 Introduction [1-2]",
      "  1.1 Scope [1-1]",
      "  1.2 Terms [2-2]",
      "2 Methods [2-3]",
      "  2.1 Sampling [3-3]",
      "  2.2 Measurement [3-3]",
      "3 Results [4-4]",
    ]);
    expectTreeInvariants(doc);
    expect(concatenatedText(doc)).toBe((await bodyLines(data)).join("\n"));
  });

  it("strips the running header and page numbers but keeps the same words set as the title", async () => {
    const doc = await indexPdf(fixture("layout-headings.pdf"));
    const all = concatenatedText(doc).split("\n");
    expect(all.filter((l) => l === "Field Guide to Test Documents")).toHaveLength(1); // the 22 pt title
    expect(all.some((l) => /^\d+$/.test(l))).toBe(false); // footers
  });

  it("splits two sections that share a page at the heading line", async () => {
    const doc = await indexPdf(fixture("layout-headings.pdf"));
    const flat = preorder(doc.tree).map((f) => f.node);
    const terms = flat.find((n) => n.title === "1.2 Terms")!;
    const methods = flat.find((n) => n.title === "2 Methods")!;
    expect(terms.start_index).toBe(methods.start_index);
    expect(terms.text.startsWith("1.2 Terms\n")).toBe(true);
    expect(methods.text.startsWith("2 Methods\n")).toBe(true);
    expect(terms.text).not.toContain("2 Methods");
    expect(terms.text).toContain("terms");
    expect(methods.text).toContain("methods");
  });
});

describe("headings in the body size (press release)", () => {
  it("nests mixed-case bold headings under the capitalised ones of the same style", async () => {
    const doc = await indexPdf(await buildCasedHeadingsPdf());
    expect(doc.tocSource).toBe("layout");
    expect(doc.tree.map((n) => [n.title, n.start_index, n.nodes.map((c) => c.title)])).toEqual([
      ["SEGMENT RESULTS", 1, ["Entertainment", "Sports"]],
      ["OTHER FINANCIAL INFORMATION", 4, ["Income Taxes", "Capital Expenditures"]],
    ]);
    expectTreeInvariants(doc);
  });
});

describe("printed contents page", () => {
  it("maps printed page numbers to physical pages and takes levels from indentation", async () => {
    const doc = await indexPdf(fixture("printed-toc.pdf"));
    expect(doc.tocSource).toBe("printed_toc");
    const titles = preorder(doc.tree).map((f) => `${"  ".repeat(f.depth - 1)}${f.node.title} [${f.node.start_index}]`);
    expect(titles).toEqual([
      "Operations Handbook [1]",
      "Contents [2]",
      "1 Getting Started [3]",
      "  1.1 Installing the Tools [3]",
      "  1.2 First Run [4]",
      "2 Daily Use [5]",
      "  2.1 Backups and Restores [6]",
      "3 Troubleshooting [7]",
      "  3.1 Reading the Logs [7]",
      "  3.2 Asking for Help [8]",
    ]);
    expectTreeInvariants(doc);
  });
});

describe("no text", () => {
  it("indexes a one-page PDF without text into one empty node and says why", async () => {
    const doc = await indexPdf(fixture("no-text.pdf"), { addSummaries: true, addDescription: true });
    expect(doc.pageCount).toBe(1);
    expect(doc.tocSource).toBe("page_groups");
    expect(doc.tree).toHaveLength(1);
    expect(doc.tree[0]).toMatchObject({ node_id: "0000", start_index: 1, end_index: 1, text: "" });
    expect(doc.warnings?.join(" ")).toMatch(/no text layer/i);
    expect(typeof doc.description).toBe("string");
  });
});

describe("scale", () => {
  it("indexes a 2000-page PDF page by page", async () => {
    const data = await buildManyPagesPdf(2000);
    const progress: number[] = [];
    const doc = await indexPdf(data, { onProgress: (done, total) => progress.push(done / total) });
    expect(doc.pageCount).toBe(2000);
    expect(doc.tocSource).toBe("layout");
    const chapters = doc.tree.filter((n) => /^\d+ Chapter starting on page/.test(n.title));
    expect(chapters).toHaveLength(200);
    expect(chapters[57].start_index).toBe(571);
    expect(chapters[199].end_index).toBe(2000);
    expect(progress.at(-1)).toBe(1);
    expect(progress.length).toBeGreaterThanOrEqual(2000);
    expectTreeInvariants(doc);
  }, 180_000);
});
