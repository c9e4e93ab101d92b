/**
 * R-intro (113 pages, embedded outline of 145 entries, page labels i..iv, 1..) end to end:
 * the outline path, the printed-contents path with the outline ignored, and the tree rules.
 */
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { indexPdf } from "../../../src/indexing/pdf/index.ts";
import type { IndexedDocument } from "../../../src/indexing/tree-types.ts";
import { bodyLines, concatenatedText, expectTreeInvariants, preorder } from "./tree-checks.ts";

const data = new Uint8Array(readFileSync(new URL("../../fixtures/pdf/R-intro.pdf", import.meta.url)));

/** The outline's chapters and their physical pages (read off the PDF's bookmarks). */
const CHAPTERS: [string, number][] = [
  ["Preface", 7],
  ["1 Introduction and preliminaries", 8],
  ["2 Simple manipulations; numbers and vectors", 14],
  ["3 Objects, their modes and attributes", 20],
  ["4 Ordered and unordered factors", 23],
  ["5 Arrays and matrices", 26],
  ["6 Lists and data frames", 35],
  ["7 Reading data from files", 39],
  ["8 Probability distributions", 42],
  ["9 Grouping, loops and conditional execution", 49],
  ["10 Writing your own functions", 51],
  ["11 Statistical models in R", 61],
  ["12 Graphical procedures", 74],
  ["13 Packages", 89],
  ["14 OS facilities", 91],
  ["A A sample session", 94],
  ["B Invoking R", 98],
  ["C The command-line editor", 106],
  ["D Function and variable index", 108],
  ["E Concept index", 111],
  ["F References", 113],
];

let doc: IndexedDocument;
let noOutline: IndexedDocument;

beforeAll(async () => {
  doc = await indexPdf(data, { addSummaries: true, addDescription: true });
  noOutline = await indexPdf(data, { ignoreOutline: true });
}, 60_000);

describe("R-intro with its outline", () => {
  it("uses the outline and counts physical pages", () => {
    expect(doc.tocSource).toBe("outline");
    expect(doc.pageCount).toBe(113);
  });

  it("has the outline's chapters at the top level, at their physical pages", () => {
    // The first node holds the cover and contents pages that precede "Preface".
    const [lead, ...chapters] = doc.tree;
    expect(lead.start_index).toBe(1);
    expect(lead.text).toContain("Table of Contents");
    expect(chapters.map((n) => [n.title, n.start_index])).toEqual(CHAPTERS);
  });

  it("nests sections under chapters with the outline's depth", () => {
    const ch1 = doc.tree[2];
    expect(ch1.nodes.map((n) => n.title)).toContain("The R environment");
    expect(ch1.nodes).toHaveLength(11);
    const ch5 = doc.tree.find((n) => n.title === "5 Arrays and matrices")!;
    const matrix = ch5.nodes.find((n) => n.title === "Matrix facilities")!;
    expect(matrix.nodes.length).toBe(5); // 5.7.1 .. 5.7.5
  });

  it("follows the tree rules (ids, ranges, end_index over subtrees)", () => {
    expectTreeInvariants(doc);
    const ch2 = doc.tree.find((n) => n.title.startsWith("2 Simple"))!;
    expect(ch2.end_index).toBe(19); // chapter 3 opens page 20
    expect(ch2.end_index).toBe(Math.max(...ch2.nodes.map((c) => c.end_index!)));
  });

  it("reproduces the body text exactly once when node texts are concatenated", async () => {
    const lines = await bodyLines(data);
    expect(concatenatedText(doc)).toBe(lines.join("\n"));
    // Running heads ("Chapter 1: Introduction and preliminaries 3") were stripped.
    expect(concatenatedText(doc)).not.toMatch(/^Chapter 1: Introduction and preliminaries \d+$/m);
  });

  it("gives two sections on one page different texts, each from its own heading", () => {
    const onPage8 = preorder(doc.tree).filter((f) => f.node.start_index === 8).map((f) => f.node);
    expect(onPage8.length).toBeGreaterThanOrEqual(3);
    const texts = onPage8.map((n) => n.text);
    expect(new Set(texts).size).toBe(texts.length);
    const env = onPage8.find((n) => n.title === "The R environment")!;
    expect(env.text.split("\n")[0]).toBe("1.1 The R environment");
    expect(env.text).toContain("integrated suite of software facilities");
    expect(env.text).not.toContain("1.2 Related software and documentation");
  });

  it("summarises every node, never repeating the parent's summary, within the cap", async () => {
    const { countTokens } = await import("../../../src/indexing/tokens.ts");
    for (const { node, parent } of preorder(doc.tree)) {
      expect(node.summary, node.title).toBeTruthy();
      expect(countTokens(node.summary!)).toBeLessThanOrEqual(85);
      if (parent) expect(node.summary).not.toBe(parent.summary);
    }
    expect(doc.description).toMatch(/Sections: /);
    expect(countTokens(doc.description!)).toBeLessThanOrEqual(125);
  });
});

describe("R-intro with the outline ignored", () => {
  it("falls back to the printed contents and finds the same chapters at the same pages", () => {
    expect(noOutline.tocSource).toBe("printed_toc");
    const chapters = noOutline.tree.filter((n) => /^(\d+ |Appendix [A-F] |Preface)/.test(n.title));
    expect(chapters.map((n) => n.start_index)).toEqual(CHAPTERS.map(([, p]) => p));
    expectTreeInvariants(noOutline);
  });

  it("takes section levels from the contents' indentation", () => {
    const ch5 = noOutline.tree.find((n) => n.title.startsWith("5 Arrays"))!;
    const matrix = ch5.nodes.find((n) => n.title.startsWith("5.7 Matrix facilities"))!;
    expect(matrix.nodes.map((n) => n.title.split(" ")[0])).toEqual(["5.7.1", "5.7.2", "5.7.3", "5.7.4", "5.7.5"]);
  });
});
