import { describe, expect, it } from "vitest";
import { describeDocument, distinctSentences } from "../../../src/indexing/summary/index.ts";
import { filingLead } from "../../../src/indexing/summary/filing-lead.ts";
import type { TreeNode } from "../../../src/indexing/tree-types.ts";

const node = (title: string, text: string, nodes: TreeNode[] = []): TreeNode => ({ title, node_id: "", text, nodes });

const cover10K = [
  "UNITED STATES",
  "SECURITIES AND EXCHANGE COMMISSION",
  "Washington, D.C. 20549",
  "FORM 10-K",
  "ANNUAL REPORT PURSUANT TO SECTION 13 OR 15(d) OF THE SECURITIES EXCHANGE ACT OF 1934",
  "For the fiscal year ended December 31, 2022",
  "Commission file number 1-3285",
  "ACME WIDGETS CORPORATION",
  "State of Incorporation: Delaware",
].join("\n");

const cover8K = [
  "FORM 8-K",
  "CURRENT REPORT",
  "Date of report (Date of earliest event reported): May 20, 2022 (May 18, 2022)",
  "Globex Retail, Inc.",
  "(Exact name of registrant as specified in charter)",
].join("\n");

const business =
  "Acme designs and sells industrial widgets to manufacturers in forty countries. Its largest segment supplies automotive plants with precision fasteners. Revenue grew in every region during the year.";

describe("document descriptions", () => {
  it("start a 10-K with company, form and period", () => {
    const tree = [node("Cover", cover10K), node("Item 1. Business", business)];
    expect(filingLead(tree)).toBe("ACME WIDGETS CORPORATION: annual report on Form 10-K for the fiscal year ended December 31, 2022.");
    expect(describeDocument(tree)).toMatch(/^ACME WIDGETS CORPORATION: annual report on Form 10-K for the fiscal year ended December 31, 2022\. /);
  });

  it("start an 8-K with the company named above its caption and the report date", () => {
    const tree = [node("Cover", cover8K), node("Item 2.02 Results of Operations", business)];
    expect(describeDocument(tree)).toMatch(/^Globex Retail, Inc\.: current report on Form 8-K dated May 20, 2022\. /);
  });

  it("leave documents that are not filings alone", () => {
    const tree = [node("Introduction", `This paper mentions FORM 10-K once. ${business}`)];
    expect(filingLead(tree)).toBeNull();
    expect(describeDocument(tree)).not.toMatch(/Form 10-K for/);
  });

  it("never repeat a sentence, nor one that says nearly the same", () => {
    const repeated = "The most comparable GAAP measures are net income and diluted earnings per share for the period.";
    const tree = [
      node("Overview", `${repeated} ${business}`),
      node("Segment A", `The most comparable GAAP measures are net income and diluted earnings per share for the quarter. ${repeated}`),
      node("Segment B", repeated),
    ];
    const description = describeDocument(tree);
    expect(description.match(/most comparable GAAP measures/g)?.length).toBe(1);
    expect(distinctSentences(["A b c d e f g h.", "A b c d e f x y.", "Something else entirely here."])).toEqual(["A b c d e f g h.", "Something else entirely here."]);
  });
});
