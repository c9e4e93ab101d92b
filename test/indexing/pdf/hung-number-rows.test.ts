/**
 * A row of a table whose number stands apart from a long description (a filing's exhibit
 * index: "10.24   Protocol of Cereal Partners Worldwide, dated November 21, 1989, and") is
 * no heading, though a section number hung in the margin reads as the same two cells. The
 * lines are built as extraction gives them (two cells; the index centred on the page), so the
 * test sees what the rule sees.
 */
import { describe, expect, it } from "vitest";
import { layoutHeadings } from "../../../src/indexing/pdf/layout-headings.ts";
import { computeLayoutStats } from "../../../src/indexing/pdf/layout/layout-stats.ts";
import type { Line, PageText } from "../../../src/indexing/pdf/types.ts";

const PROSE = [
  "The company sells its products through retailers and distributors in many countries,",
  "and its results depend on the prices of the grains and oils that it buys each season.",
  "Sales grew in the year as prices rose, while the volume of goods sold fell slightly.",
  "The board reviews the plans each year and reports to the shareholders on the results.",
];
const ROWS = [
  "3.1 Amended and Restated Certificate of Incorporation of the Company (incorporated herein by",
  "10.1 Compensation Plan for Non-Employee Directors (incorporated herein by reference to Exhibit",
  "10.2 Protocol of Cereal Partners Worldwide, dated November 21, 1989, and Addendum No. 1 to",
  "10.3 Stock Compensation Plan of the Company as amended through the second of October, and",
  "31.1 Certification of Chief Executive Officer pursuant to Section 302 of the Sarbanes-Oxley Act of",
  "31.2 Certification of Chief Financial Officer pursuant to Section 302 of the Sarbanes-Oxley Act of",
  "32.1 Certification of Chief Executive Officer pursuant to Section 906 of the Sarbanes-Oxley Act of",
  "32.2 Certification of Chief Financial Officer pursuant to Section 906 of the Sarbanes-Oxley Act of",
];

const line = (text: string, y: number, extra: Partial<Line> = {}): Line => ({ text, x: 72, y, w: 468, size: 10, font: "body", oneFont: true, mono: false, ...extra });

function prose(top: number, n: number): Line[] {
  return Array.from({ length: n }, (_, i) => line(PROSE[i % PROSE.length], top - 12 * i));
}

/** A page of prose under a hung-number heading, then the index: each row centred in the text
 * block, its number a cell apart, its description running on to an indented second line. */
function pages(): PageText[] {
  const heading = (text: string, y: number): Line => line(text, y, { font: "bold", size: 12, cells: 2, x: 40, w: 200 });
  // (The index comes under section 4: a row "3.1" right under a section "3" would read as its
  // first sub-section by its number alone.)
  const first = [heading("1 Business", 740), ...prose(720, 12), heading("2 Properties", 560), ...prose(540, 12)];
  const second = [heading("4 Exhibits", 740), ...prose(720, 3)];
  ROWS.forEach((text, k) => {
    const y = 670 - 30 * k;
    second.push(line(text, y, { x: 196, w: 220, cells: 2, centred: "plain" }));
    second.push(line("to the Company's Quarterly Report on Form 10-Q for the fiscal quarter.", y - 10, { x: 224, w: 190 }));
  });
  second.push(...prose(400, 10));
  return [first, second].map((lines) => ({ lines, width: 612, height: 792 }));
}

describe("rows of an exhibit index after hung-number headings", () => {
  it("are no headings; the hung-number sections are", () => {
    const doc = pages();
    const titles = layoutHeadings(doc, computeLayoutStats(doc)).map((h) => h.title);
    expect(titles).toEqual(["1 Business", "2 Properties", "4 Exhibits"]);
  });
});
