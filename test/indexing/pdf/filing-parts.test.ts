/**
 * Filings: Items under their PART, and a PART the headings lost found in the body.
 * A generated 10-K-like PDF whose PARTs and Items are all set as same-size headings, with
 * "PART II" only as a plain line of text before Item 5.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { indexPdf } from "../../../src/indexing/pdf/index.ts";
import type { TreeNode } from "../../../src/indexing/tree-types.ts";
import { makePdf } from "../../helpers/pdf.ts";

const para = "The company describes this matter in ordinary sentences of body text for the reader here.";

function filingPdf(): Promise<Uint8Array> {
  return makePdf([
    { lines: ["# Annual Report on Form 10-K", para] },
    { lines: ["# PART I", "# Item 1. Business", para, para] },
    { lines: ["# Item 1A. Risk Factors", para, para] },
    { lines: ["# Item 2. Properties", para, "# Item 3. Legal Proceedings", para] },
    // PART II is only a line of text here, as when the heading styles lose it.
    { lines: ["PART II", "# Item 5. Market for Common Equity", para, para] },
    { lines: ["# Item 7. Management's Discussion and Analysis", para, para] },
    { lines: ["# Item 8. Financial Statements", para, para] },
  ]);
}

let tree: TreeNode[];
beforeAll(async () => {
  tree = (await indexPdf(await filingPdf(), { addSummaries: false })).tree;
}, 60_000);

const find = (title: RegExp) => {
  const walk = (nodes: TreeNode[], depth: number): [TreeNode, number] | undefined => {
    for (const n of nodes) {
      if (title.test(n.title)) return [n, depth];
      const inner = walk(n.nodes, depth + 1);
      if (inner) return inner;
    }
    return undefined;
  };
  return walk(tree, 1);
};

describe("PARTs and Items of a filing", () => {
  it("puts the Items under their PART", () => {
    const [partI, depth] = find(/^PART I$/)!;
    expect(partI.nodes.map((n) => n.title)).toEqual(["Item 1. Business", "Item 1A. Risk Factors", "Item 2. Properties", "Item 3. Legal Proceedings"]);
    expect(find(/^Item 1\. Business/)![1]).toBe(depth + 1);
  });

  it("finds the lost PART II in the body, at its page, with its Items", () => {
    const [partII, depth] = find(/^PART II$/)!;
    expect(partII.start_index).toBe(5);
    expect(partII.nodes.map((n) => n.title)).toEqual(["Item 5. Market for Common Equity", "Item 7. Management's Discussion and Analysis", "Item 8. Financial Statements"]);
    expect(depth).toBe(find(/^PART I$/)![1]);
  });
});

describe("shapeFilingParts on headings from a flat contents page", () => {
  const line = (text: string) => ({ text, x: 72, y: 700, w: 300, size: 10, font: "f1", oneFont: true, mono: false });
  const heading = (title: string, level: number, page: number, line = 0) => ({ title, level, page, line });
  const pages = [
    { lines: [line("Item 1. Business"), line("text")], width: 612, height: 792 },
    { lines: [line("Item 2. Properties"), line("text")], width: 612, height: 792 },
    { lines: [line("Part II, Item 7 of this report discusses our results in more detail for readers."), line("PART II — OTHER INFORMATION"), line("Item 5. Market")], width: 612, height: 792 },
    { lines: [line("Item 7. MD&A"), line("Results"), line("SIGNATURES")], width: 612, height: 792 },
  ];
  const flat = [
    heading("PART I", 1, 0),
    heading("Item 1. Business", 1, 0),
    heading("Item 2. Properties", 1, 1),
    heading("Item 5. Market", 1, 2, 2),
    heading("Item 7. MD&A", 1, 3),
    heading("Results", 2, 3, 1),
    heading("SIGNATURES", 1, 3, 2),
  ];

  it("inserts the PART line found between two Items (not a sentence that mentions a part) and nests the Items", async () => {
    const { shapeFilingParts } = await import("../../../src/indexing/pdf/filing-parts.ts");
    const shaped = shapeFilingParts(flat, pages).map((h) => `${h.level} ${h.title} @${h.page}:${h.line}`);
    expect(shaped).toEqual([
      "1 PART I @0:0",
      "2 Item 1. Business @0:0",
      "2 Item 2. Properties @1:0",
      "1 PART II — OTHER INFORMATION @2:1",
      "2 Item 5. Market @2:2",
      "2 Item 7. MD&A @3:0",
      "3 Results @3:1",
      "1 SIGNATURES @3:2",
    ]);
  });

  it("moves SIGNATURES set under the last Item up to the PARTs, with what follows it, keeping its nesting", async () => {
    const { shapeFilingParts } = await import("../../../src/indexing/pdf/filing-parts.ts");
    const nested = [
      heading("PART I", 1, 0),
      heading("Item 1. Business", 2, 0),
      heading("Item 1A. Risk Factors", 2, 0, 1),
      heading("Item 2. Properties", 2, 1),
      heading("Signatures", 3, 3),
      heading("Power of Attorney", 4, 3, 1),
      heading("Exhibit 31.1", 3, 3, 2),
    ];
    const shaped = shapeFilingParts(nested, pages).map((h) => `${h.level} ${h.title}`);
    expect(shaped.slice(4)).toEqual(["1 Signatures", "2 Power of Attorney", "1 Exhibit 31.1"]);
    // Something after it set higher than it: the levels say too little, nothing moves.
    const higher = [...nested.slice(0, 6), heading("Notes to Financial Statements", 2, 3, 2)];
    expect(shapeFilingParts(higher, pages)).toEqual(higher);
  });

  it("drops a bare PART or Item label that repeats one already opened (a running head), within its PART only", async () => {
    const { dropRunningDivisionLabels } = await import("../../../src/indexing/pdf/filing-parts.ts");
    const headings = [
      heading("PART I", 1, 2),
      heading("Item 1. Financial Statements", 2, 2),
      heading("Item 2. Management's Discussion and Analysis", 2, 20),
      heading("Item 2", 3, 21), // the running head of Item 2's second page
      heading("PART II", 1, 40),
      heading("Item 1", 2, 40), // a 10-Q's PART II numbers its Items from 1 again: a real label
      heading("Legal Proceedings", 3, 40),
      heading("Item 6. Exhibits", 2, 41),
      heading("PART II", 3, 42), // running heads of the exhibit list's pages
      heading("Item 6", 4, 42),
      heading("PART I, II", 3, 43),
    ];
    expect(dropRunningDivisionLabels(headings).map((x) => `${x.title} @${x.page}`)).toEqual([
      "PART I @2",
      "Item 1. Financial Statements @2",
      "Item 2. Management's Discussion and Analysis @20",
      "PART II @40",
      "Item 1 @40",
      "Legal Proceedings @40",
      "Item 6. Exhibits @41",
    ]);
    // Not a filing (fewer than three Items): nothing is dropped.
    const plain = [heading("Part I", 1, 0), heading("Item 1", 2, 1), heading("Item 1", 2, 2)];
    expect(dropRunningDivisionLabels(plain)).toEqual(plain);
  });

  it("leaves documents without Items alone", async () => {
    const { shapeFilingParts } = await import("../../../src/indexing/pdf/filing-parts.ts");
    const plain = [heading("Part I", 1, 0), heading("Chapter 1", 1, 0, 1)];
    expect(shapeFilingParts(plain, pages)).toEqual(plain);
  });
});
