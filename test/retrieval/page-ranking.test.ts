/**
 * The page ranking's parts, on generated documents (never the dev set): pages a question
 * names, financial statements recognised by their heading and figures, the concept
 * vocabulary, rank fusion, and an answer whose nodes follow the page ranking.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { financialIntent, statementOfPage, type StatementKind } from "../../src/core/retrieval/financial-statements.ts";
import { LexicalIndex } from "../../src/core/retrieval/lexical-index.ts";
import { captionsOnPage, referencedCaptions, referencedPages } from "../../src/core/retrieval/page-references.ts";
import { fusePages, reciprocalRankFusion } from "../../src/core/retrieval/page-ranking.ts";
import { indexPdf } from "../../src/indexing/pdf/index.ts";
import { makePdf } from "../helpers/pdf.ts";

const figures = (label: string, n: number) => Array.from({ length: n }, (_, i) => `${label} ${i + 1} ${(i + 3) * 1117} ${(i + 2) * 991}`);

/** A small filing: prose, a balance sheet, an income statement, a cash flow statement, a note. */
function filingPdf(): Promise<Uint8Array> {
  const prose = "Management believes the company is well positioned for growth in its core markets this year.";
  return makePdf([
    { lines: ["# Annual Report", prose, prose] },
    { lines: ["# Management Discussion", "Sales grew in every region. Our strategy focuses on customers.", prose] },
    { lines: ["Consolidated Balance Sheets", "(In millions)", "Total current assets 5,310 4,980", "Total current liabilities 3,120 3,050", ...figures("Line", 10)] },
    { lines: ["Consolidated Statements of Operations", "(In millions, except per share data)", "Net sales 14,082 11,303", "Cost of sales 9,019 7,772", ...figures("Item", 10)] },
    { lines: ["Consolidated Statements of Cash Flows", "(In millions)", "Purchases of property and equipment (1,604) (1,377)", ...figures("Flow", 10)] },
    { lines: ["# Notes", "Note 1 Summary of significant accounting policies. Revenue is recognised on shipment.", prose] },
  ]);
}

describe("pages a question names", () => {
  it("reads page numbers, ranges, slides, ordinals and the cover", () => {
    expect(referencedPages("Format the date mentioned on page 14 as YYYY-MM-DD.", 20)).toEqual([14]);
    expect(referencedPages("How many figures are provided in Pages 5-7?", 20)).toEqual([5, 6, 7]);
    expect(referencedPages("Which group is largest in Slide 4?", 20)).toEqual([4]);
    expect(referencedPages("What is the email on the second page?", 20)).toEqual([2]);
    expect(referencedPages("What court is noted on the cover page?", 20)).toEqual([1]);
    expect(referencedPages("What is on the last page?", 12)).toEqual([12]);
    expect(referencedPages("What were sales in 2023?", 20)).toEqual([]);
    expect(referencedPages("see page 99", 20)).toEqual([]);
    expect(referencedPages("pages 1-300", 500)).toHaveLength(10);
  });
});

describe("figures and tables a question names", () => {
  it("reads Figure N, Fig. N, Table N and ordinals, and finds caption lines on pages", () => {
    expect(referencedCaptions("What does Figure 3 show, and Table 2?")).toEqual(["figure 3", "table 2"]);
    expect(referencedCaptions("Which names are in the first figure?")).toEqual(["figure 1"]);
    expect(referencedCaptions("What changed in fig. 12?")).toEqual(["figure 12"]);
    expect(captionsOnPage("Results\nFigure 3: Accuracy by model size.\nAs figure 2 shows, ...\nTABLE 4. Datasets")).toEqual(["figure 3", "table 4"]);
  });
});

describe("financial statements", () => {
  it("recognises a statement page by its heading and figures, not a page that only mentions it", () => {
    expect(statementOfPage(["Consolidated Balance Sheets", "(In millions)", ...figures("Row", 10)].join("\n"))).toBe("balance_sheet");
    expect(statementOfPage(["ACME INC.", "CONSOLIDATED STATEMENTS OF CASH FLOWS", ...figures("Row", 10)].join("\n"))).toBe("cash_flow_statement");
    expect(statementOfPage(["Statements of Consolidated Income", ...figures("Row", 10)].join("\n"))).toBe("income_statement");
    expect(statementOfPage(["Consolidated Statements of Comprehensive Income", ...figures("Row", 10)].join("\n"))).toBeNull();
    expect(statementOfPage("Consolidated Balance Sheets\nSee the notes for how we present the balance sheet.")).toBeNull();
    expect(statementOfPage(["Risk factors", "Our balance sheets could weaken.", ...figures("Row", 10)].join("\n"))).toBeNull();
  });

  it("maps a question to the statements it needs and the words filings use", () => {
    expect(financialIntent("Is the company a capital-intensive business based on FY2022 data?")).toMatchObject({ statements: ["cash_flow_statement", "income_statement"], named: false });
    expect(financialIntent("Is the company a capital-intensive business?").expansions).toContain("purchases of property and equipment");
    expect(financialIntent("Using the cash flow statement, what was free cash flow?")).toMatchObject({ statements: ["cash_flow_statement"], named: true });
    expect(financialIntent("Does it have positive working capital?").statements).toEqual(["balance_sheet"]);
    expect(financialIntent("Who is the new chief executive?")).toEqual({ statements: [], named: false, expansions: [] });
  });
});

describe("rank fusion", () => {
  it("adds reciprocal ranks across lists", () => {
    const scores = reciprocalRankFusion([[3, 1], [1, 2]]);
    expect([...scores].sort((a, b) => b[1] - a[1]).map(([p]) => p)).toEqual([1, 3, 2]);
  });

  it("puts named pages first, named statements next, concept statements after the best lexical page, and fills to five", () => {
    const statementPages = new Map<StatementKind, number[]>([["balance_sheet", [9]]]);
    const base = { pageCount: 12, treePages: [4, 5], bm25Pages: [5, 6], statementPages };
    const concept = fusePages({ ...base, referenced: [], intent: { statements: ["balance_sheet"], named: false, expansions: [] } });
    expect(concept.map((p) => p.page)).toEqual([5, 9, 4, 6, 1]);
    const named = fusePages({ ...base, referenced: [], intent: { statements: ["balance_sheet"], named: true, expansions: [] } });
    expect(named[0].page).toBe(9);
    const referenced = fusePages({ ...base, referenced: [11], intent: { statements: [], named: false, expansions: [] } });
    // The named page, then the one after it (a printed number one behind the physical page), then the best lexical page.
    expect(referenced.map((p) => p.page).slice(0, 3)).toEqual([11, 12, 5]);
    const captioned = fusePages({ ...base, referenced: [], captioned: [8], intent: { statements: [], named: false, expansions: [] } });
    expect(captioned[0].page).toBe(8);
    expect(concept.at(-1)).toEqual({ page: 1, score: 0 }); // filled up to five pages
  });
});

describe("page-ranked answers on a generated filing", () => {
  let index: LexicalIndex;
  beforeAll(async () => {
    const indexed = await indexPdf(await filingPdf(), { addSummaries: true });
    index = new LexicalIndex(indexed.tree, indexed.pageTexts);
  }, 60_000);

  it("finds the statement pages a question needs even without shared words", () => {
    expect(index.statementPages.get("balance_sheet")).toEqual([3]);
    expect(index.statementPages.get("income_statement")).toEqual([4]);
    expect(index.statementPages.get("cash_flow_statement")).toEqual([5]);
    expect(index.search("Does the company have positive working capital?").pages.slice(0, 2)).toContain(3);
    expect(index.search("How capital intensive is the business?").pages.slice(0, 3)).toEqual(expect.arrayContaining([4, 5]));
  });

  it("widens the query with the vocabulary: capex meets 'purchases of property and equipment'", () => {
    const ranked = index.search("What was capex last year?").rankedPages;
    expect(ranked[0].page).toBe(5);
    expect(ranked[0].snippet).toMatch(/Purchases of property and equipment/);
  });

  it("answers with nodes whose passages meet the pages in rank order", () => {
    const { nodes, rankedPages } = index.answer("Using the balance sheet and income statement, what is the current ratio?");
    const reading = [...new Set(nodes.flatMap((n) => n.passages.map((p) => p.page)))];
    expect(reading).toEqual(rankedPages.slice(0, reading.length).map((p) => p.page));
    expect(reading.slice(0, 2)).toEqual([3, 4]);
  });

  it("a question that names a page gets that page first", () => {
    expect(index.search("What does page 6 say about revenue recognition?").pages[0]).toBe(6);
  });
});
