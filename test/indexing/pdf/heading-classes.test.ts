/**
 * Trees of PDFs without an outline, one generated PDF per class of heading that real
 * documents use: a two-column paper with numbered headings, a deep printed contents page
 * with lettered levels, run-in headings, a heading on the same baseline as text, and a
 * filing whose contents lists PARTs and Items. Each test asserts titles, pages and levels.
 */
import { describe, expect, it } from "vitest";
import { indexPdf } from "../../../src/indexing/pdf/index.ts";
import { preorder } from "./tree-checks.ts";
import { type Bookmark, buildPdf, type LabelRange, type Run, timesWidth } from "./heading-class-builder.ts";

/** "depth title [page]" for every node, in document order. */
async function outline(data: Uint8Array): Promise<{ source: string; rows: string[] }> {
  const doc = await indexPdf(data, { addSummaries: false, ignoreOutline: true });
  return { source: doc.tocSource, rows: preorder(doc.tree).map((f) => `${f.depth} ${f.node.title} [${f.node.start_index}]`) };
}

const sentence = (n: number) => `This is sentence ${n} of ordinary body text that keeps going across the whole line.`;
const columnText = (n: number) => `column text ${n} of a paper goes on`;
/** A contents page: its title, then one line per listed title with leaders and its page. */
const contentsPage = (listed: [string, number][]): Run[] => [
  { text: "Contents", x: 60, y: 780, size: 14, bold: true },
  ...listed.map(([title, page], i): Run => ({ text: `${title} ${".".repeat(40)} ${page}`, x: 60, y: 740 - i * 20, size: 10 })),
];
/** `n` lines of body text at the left margin from baseline `top` down. */
const bodyLines = (from: number, n: number, top: number, size = 10, pitch = 13): Run[] =>
  Array.from({ length: n }, (_, i) => ({ text: sentence(from + i), x: 60, y: top - pitch * i, size }));
/** `n` lines of a word processor's 12 pt text at the left margin from `top` down (legal outlines). */
const legalText = (from: number, n: number, top: number): Run[] => Array.from({ length: n }, (_, i) => ({ text: sentence(from + i), x: 72, y: top - 15 * i, size: 12 }));
/** A label line ("A. Options") in that text's own type, at indent `x`. */
const legalLabel = (t: string, x: number, y: number): Run => ({ text: t, x, y, size: 12 });
/** A page opening with `title` in 16 pt bold over six lines of text. */
const titledPage = (title: string, k: number): Run[] => [{ text: title, x: 60, y: 760, size: 16, bold: true }, ...bodyLines(k * 10, 6, 730)];
/** One titled page per title, the k-th's text numbered from `first + k`. */
const titledPages = (titles: string[], first = 1): Run[][] => titles.map((t, k) => titledPage(t, first + k));
/**
 * The body pages after a one-page contents (pages 2 on): each heading in bold at its size on
 * its page, with `lines` lines of text under it.
 */
function bodyPages(headings: { title: string; page: number; size: number }[], lines = 4): Run[][] {
  const pages: Run[][] = [];
  for (let p = 2; p <= Math.max(...headings.map((h) => h.page)); p++) {
    const runs: Run[] = [];
    let y = 760;
    for (const h of headings.filter((h) => h.page === p)) {
      runs.push({ text: h.title, x: 60, y, size: h.size, bold: true });
      y -= h.size + 16;
      for (let k = 1; k <= lines; k++, y -= 14) runs.push({ text: sentence(p * 10 + k + y), x: 60, y, size: 10 });
      y -= 10;
    }
    pages.push(runs);
  }
  return pages;
}

describe("two-column paper with numbered headings", () => {
  // Two columns of 11 pt text; section headings 12 pt bold (one point above the text, as in
  // ACL papers), subsections 11 pt bold.
  const column = (x: number, blocks: (string | { h: string; size: number })[]): Run[] => {
    const runs: Run[] = [];
    let y = 740;
    for (const b of blocks) {
      if (typeof b === "string") {
        runs.push({ text: b, x, y, size: 11 });
        y -= 13;
      } else {
        y -= 8;
        runs.push({ text: b.h, x, y, size: b.size, bold: true });
        y -= 18;
      }
    }
    return runs;
  };
  const prose = (from: number, n: number) => Array.from({ length: n }, (_, i) => columnText(from + i));
  const pages: Run[][] = [
    [
      { text: "A Study of Generated Papers", x: 150, y: 790, size: 18, bold: true },
      ...column(50, [{ h: "Abstract", size: 12 }, ...prose(1, 12), { h: "1 Introduction", size: 12 }, ...prose(20, 20)]),
      ...column(310, [...prose(40, 14), { h: "2 Method", size: 12 }, ...prose(60, 8), { h: "2.1 Data", size: 11 }, ...prose(70, 10)]),
    ],
    [
      ...column(50, [...prose(100, 16), { h: "2.2 Training", size: 11 }, ...prose(120, 18)]),
      ...column(310, [...prose(140, 10), { h: "3 Results", size: 12 }, ...prose(160, 24)]),
    ],
    [
      ...column(50, [...prose(200, 20), { h: "A Appendix", size: 12 }, ...prose(230, 16)]),
      ...column(310, [...prose(260, 36)]),
    ],
  ];

  it("finds every numbered heading at its page and level, reading each column in turn", async () => {
    const { source, rows } = await outline(await buildPdf(pages));
    expect(source).toBe("layout");
    const sections = rows.filter((r) => !/A Study of Generated Papers/.test(r));
    expect(sections).toEqual(["1 Abstract [1]", "1 1 Introduction [1]", "1 2 Method [1]", "2 2.1 Data [1]", "2 2.2 Training [2]", "1 3 Results [2]", "1 A Appendix [3]"]);
  });
});

describe("printed contents several levels deep (I., A., 1., a.)", () => {
  const entries: [number, string, number][] = [
    [0, "I. Introduction", 2],
    [1, "A. Background", 2],
    [1, "B. Summary of the Rule", 3],
    [2, "1. Scope of the Rule", 3],
    [2, "2. Definitions", 4],
    [3, "a. Retail Customer", 4],
    [3, "b. Recommendation", 5],
    [0, "II. Discussion", 5],
    [1, "A. Comments Received", 6],
  ];
  const contents: Run[] = [{ text: "Table of Contents", x: 60, y: 780, size: 14, bold: true }];
  entries.forEach(([depth, title, page], i) => {
    const y = 740 - i * 20;
    contents.push({ text: `${title} ${".".repeat(40 - depth * 4)} ${page}`, x: 60 + depth * 18, y, size: 10 });
  });
  // Body pages: the same headings, bold at body size, with prose between them.
  const body = new Map<number, Run[]>();
  for (const [, title, page] of entries) {
    const runs = body.get(page) ?? [];
    const y = 760 - runs.length * 16;
    runs.push({ text: title, x: 60, y, size: 10, bold: true });
    for (let k = 1; k <= 4; k++) runs.push({ text: sentence(page * 10 + k), x: 60, y: y - 14 * k, size: 10 });
    body.set(page, runs);
  }
  // Space the runs out: each heading block takes 5 rows.
  for (const runs of body.values()) {
    let y = 760;
    for (const r of runs) {
      if (r.bold) y -= 10;
      r.y = y;
      y -= 14;
    }
  }
  const pages: Run[][] = [contents, ...[2, 3, 4, 5, 6].map((p) => body.get(p)!)];

  it("keeps every level of the contents and finds each entry at its body page", async () => {
    const { source, rows } = await outline(await buildPdf(pages));
    expect(source).toBe("printed_toc");
    expect(rows.filter((r) => !/Table of Contents/.test(r))).toEqual([
      "1 I. Introduction [2]",
      "2 A. Background [2]",
      "2 B. Summary of the Rule [3]",
      "3 1. Scope of the Rule [3]",
      "3 2. Definitions [4]",
      "4 a. Retail Customer [4]",
      "4 b. Recommendation [5]",
      "1 II. Discussion [5]",
      "2 A. Comments Received [6]",
    ]);
  });
});

describe("run-in headings in a long note", () => {
  // A 10-K style note: one real heading, then paragraphs that open with a bold phrase.
  const para = (lead: string, y: number): Run[] => [
    { text: lead, x: 60, y, size: 10, bold: true },
    { text: "The Company is a defendant in several actions described in this paragraph.", x: 0, y, size: 10, after: true },
    { text: sentence(y), x: 60, y: y - 13, size: 10 },
    { text: sentence(y + 1) + " It ends here.", x: 60, y: y - 26, size: 10 },
  ];
  /** A note's titled page: two sentences, then two paragraphs opening with `leads`. */
  const notePage = (title: string, leads: [string, string]): Run[] => [
    { text: title, x: 60, y: 780, size: 13, bold: true },
    { text: sentence(1), x: 60, y: 750, size: 10 },
    { text: sentence(2) + " Done.", x: 60, y: 737, size: 10 },
    ...para(leads[0], 710),
    ...para(leads[1], 640),
  ];
  /** The next note, which closes the last one. */
  const nextNote = (title: string): Run[] => [{ text: title, x: 60, y: 780, size: 13, bold: true }, { text: sentence(4), x: 60, y: 750, size: 10 }];
  const pages: Run[][] = [
    notePage("Note 12. Commitments and Contingencies", ["Product Liability Litigation.", "Environmental Matters."]),
    [...para("Securities Class Action.", 760), { text: sentence(3) + " Done.", x: 60, y: 700, size: 10 }],
    nextNote("Note 13. Income Taxes"),
  ];

  it("makes each bold run-in phrase a child node titled by the phrase, not by the sentence", async () => {
    const { rows } = await outline(await buildPdf(pages));
    expect(rows).toEqual([
      "1 Note 12. Commitments and Contingencies [1]",
      "2 Product Liability Litigation [1]",
      "2 Environmental Matters [1]",
      "2 Securities Class Action [2]",
      "1 Note 13. Income Taxes [3]",
    ]);
  });

  it("closes a run-in title after the question mark or quote that ends its words", async () => {
    // A converter sets its period after the title's own close: "Why not? ." run together.
    const closed: Run[][] = [notePage("Note 14. Questions and Events", ["Does the Company lease its offices?.", "Event: 'close'."]), nextNote("Note 15. Income Taxes")];
    const { rows } = await outline(await buildPdf(closed));
    expect(rows).toEqual(["1 Note 14. Questions and Events [1]", "2 Does the Company lease its offices? [1]", "2 Event: 'close' [1]", "1 Note 15. Income Taxes [2]"]);
  });
});

describe("a heading on the same baseline as text", () => {
  // "2.3 Structures" set in bold at the left margin, the paragraph starting on its baseline
  // after a wide gap: one line of text in the PDF, two things for the reader.
  const prose = (from: number, to: number, top: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => ({ text: sentence(from + i), x: 60, y: top - 13 * (i + 1), size: 10 }));
  const pages: Run[][] = [
    [{ text: "A Short Manual", x: 200, y: 760, size: 20, bold: true }, ...prose(1, 6, 720)],
    [
      { text: "2 Data Types", x: 60, y: 780, size: 14, bold: true },
      ...prose(1, 3, 760),
      { text: "2.1 Vectors", x: 60, y: 690, size: 11, bold: true },
      ...prose(4, 6, 690),
    ],
    [
      { text: "2.2 Lists", x: 60, y: 760, size: 11, bold: true },
      ...prose(7, 8, 760),
      { text: "2.3 Structures", x: 60, y: 700, size: 11, bold: true },
      { text: "A structure groups named fields of different types together.", x: 180, y: 700, size: 10 },
      ...prose(9, 10, 700),
    ],
    [{ text: "3 Functions", x: 60, y: 780, size: 14, bold: true }, ...prose(11, 13, 760)],
  ];

  it("splits the heading from the text beside it", async () => {
    const { rows } = await outline(await buildPdf(pages));
    expect(rows).toEqual(["1 A Short Manual [1]", "1 2 Data Types [2]", "2 2.1 Vectors [2]", "2 2.2 Lists [3]", "2 2.3 Structures [3]", "1 3 Functions [4]"]);
  });
});

/** A body page of a filing: each heading in bold, five lines of prose under it. */
function bodyPage(heads: string[]): Run[] {
  const runs: Run[] = [];
  let y = 770;
  for (const h of heads) {
    runs.push({ text: h, x: 60, y, size: 10, bold: true });
    y -= 18;
    for (let k = 0; k < 5; k++) ((runs.push({ text: sentence(y), x: 60, y, size: 10 })), (y -= 13));
    y -= 8;
  }
  return runs;
}

/** A filing: a cover, the contents page, then one body page per list of headings, each
 * body page printing its number (physical page - 1) at the foot. */
function filingPages(contents: Run[], bodies: string[][]): Run[][] {
  const pages: Run[][] = [[{ text: "ANNUAL REPORT ON FORM 10-K", x: 180, y: 700, size: 16, bold: true }], contents, ...bodies.map(bodyPage)];
  for (const [i, runs] of pages.entries()) if (i >= 2) runs.push({ text: String(i), x: 290, y: 30, size: 9 });
  return pages;
}

/** Body pages of a short 10-K whose Item 5 prints its whole, two-line title (contents tests). */
const LONG_ITEM5_BODIES = [
  ["PART I", "Item 1. Business"],
  ["Item 2. Properties"],
  ["PART II", "Item 5. Market for Registrant's Common Equity, Related Stockholder Matters and Issuer Purchases of Equity Securities"],
  ["Item 7. Management's Discussion and Analysis"],
];

describe("a filing whose contents lists PARTs and Items", () => {
  const toc: [string, string | null][] = [
    ["PART I", null],
    ["Item 1. Business", "2"],
    ["Item 1A. Risk Factors", "3"],
    ["Item 2. Properties", "4"],
    ["PART II", null],
    ["Item 5. Market for Registrant's Common Equity", "5"],
    ["Item 7. Management's Discussion and Analysis", "6"],
    ["Item 8. Financial Statements and Supplementary Data", "7"],
  ];
  const contents: Run[] = [{ text: "TABLE OF CONTENTS", x: 220, y: 780, size: 12, bold: true }];
  toc.forEach(([title, page], i) => contents.push({ text: page ? `${title}     ${page}` : title, x: 60, y: 740 - 22 * i, size: 10, bold: !page }));
  // Printed page numbers are physical page - 1 (a cover page comes first); PART II is printed
  // on the page of Item 5, above it.
  const pages = filingPages(contents, [
    ["PART I", "Item 1. Business"],
    ["Item 1A. Risk Factors"],
    ["Item 2. Properties"],
    ["PART II", "Item 5. Market for Registrant's Common Equity"],
    ["Item 7. Management's Discussion and Analysis"],
    ["Item 8. Financial Statements and Supplementary Data"],
  ]);

  const expected = [
    "1 PART I [3]",
    "2 Item 1. Business [3]",
    "2 Item 1A. Risk Factors [4]",
    "2 Item 2. Properties [5]",
    "1 PART II [6]",
    "2 Item 5. Market for Registrant's Common Equity [6]",
    "2 Item 7. Management's Discussion and Analysis [7]",
    "2 Item 8. Financial Statements and Supplementary Data [8]",
  ];

  it("makes each PART and Item a node at the body page where it begins, Items under their PART", async () => {
    const { source, rows } = await outline(await buildPdf(pages));
    expect(source).toBe("printed_toc");
    expect(rows.filter((r) => /PART|Item/.test(r))).toEqual(expected);
  });

  it("reads the same contents titled INDEX, as many filers title it, as contents (its pages climb, an index's do not)", async () => {
    const titledIndex = pages.map((page, i) => (i === 1 ? page.map((r) => (r.text === "TABLE OF CONTENTS" ? { ...r, text: "INDEX" } : r)) : page));
    expect(titledIndex[1].some((r) => r.text === "INDEX")).toBe(true);
    const { source, rows } = await outline(await buildPdf(titledIndex));
    expect(source).toBe("printed_toc");
    expect(rows.filter((r) => /PART|Item/.test(r))).toEqual(expected);
  });
});

describe("a filing contents page with a Page column head, items marked N/A and the signatures at the Items' indent", () => {
  // "PART I ........ Page" runs the full width, like a wrapped title's first half; a row of
  // column heads ("Item No." ... "Page") stands over it; and the contents lists an Item as
  // N/A that the body never prints.
  const contents: Run[] = [
    { text: "TABLE OF CONTENTS", x: 220, y: 780, size: 12, bold: true },
    { text: "Item No.", x: 60, y: 758, size: 10 },
    { text: "Page", x: 500, y: 758, size: 10 },
    { text: "PART I", x: 60, y: 740, size: 10 },
    { text: "Page", x: 500, y: 740, size: 10 },
    { text: "Item 1. Business     2", x: 70, y: 718, size: 10 },
    { text: "Item 1A. Risk Factors     3", x: 70, y: 696, size: 10 },
    { text: "Item 1B. Unresolved Staff Comments     N/A", x: 70, y: 674, size: 10 },
    { text: "Item 2. Properties     4", x: 70, y: 652, size: 10 },
    { text: "PART II     5", x: 60, y: 630, size: 10 },
    { text: "Item 5. Market for Registrant's Common Equity     5", x: 70, y: 608, size: 10 },
    { text: "Item 7. Management's Discussion and Analysis     6", x: 70, y: 586, size: 10 },
    // Listed, as many filers do, with the Items' indent.
    { text: "Signatures     7", x: 70, y: 564, size: 10 },
  ];
  const pages = filingPages(contents, [
    ["PART I", "Item 1. Business"],
    ["Item 1A. Risk Factors"],
    ["Item 2. Properties"],
    ["PART II", "Item 5. Market for Registrant's Common Equity"],
    ["Item 7. Management's Discussion and Analysis"],
    ["Signatures"],
  ]);

  it("keeps PART I apart from Item 1, makes no node of the N/A item or the column heads, and sets the signatures beside the PARTs", async () => {
    const { source, rows } = await outline(await buildPdf(pages));
    expect(source).toBe("printed_toc");
    expect(rows.filter((r) => /PART|Item|Signatures/.test(r))).toEqual([
      "1 PART I [3]",
      "2 Item 1. Business [3]",
      "2 Item 1A. Risk Factors [4]",
      "2 Item 2. Properties [5]",
      "1 PART II [6]",
      "2 Item 5. Market for Registrant's Common Equity [6]",
      "2 Item 7. Management's Discussion and Analysis [7]",
      // A section of the form beside the PARTs, not a part of PART II.
      "1 Signatures [8]",
    ]);
  });
});

describe("two heading faces at one size (bold over bold italic)", () => {
  // A report set in 10 pt: chapter titles 14 pt bold; below them section headings in 10 pt
  // bold, and under those sub-headings in 10 pt bold italic, the same size.
  const page = (blocks: (string | { h: string; size: number; face: "bold" | "boldItalic" })[]): Run[] => {
    const runs: Run[] = [];
    let y = 740;
    for (const b of blocks) {
      if (typeof b === "string") {
        runs.push({ text: b, x: 72, y, size: 10 });
        y -= 12;
      } else {
        y -= 8;
        runs.push({ text: b.h, x: 72, y, size: b.size, [b.face]: true });
        y -= 18;
      }
    }
    return runs;
  };
  const text = (n: number) => Array.from({ length: n }, (_, i) => sentence(i + 1));
  const chapter = (h: string) => ({ h, size: 14, face: "bold" as const });
  const section = (h: string) => ({ h, size: 10, face: "bold" as const });
  const sub = (h: string) => ({ h, size: 10, face: "boldItalic" as const });
  const pages = [
    page([chapter("Our Business"), ...text(4), section("General"), ...text(5), sub("Consumer Group"), ...text(6), sub("Business Group"), ...text(6)]),
    page([section("Products and Services"), ...text(5), sub("Wireless"), ...text(8), sub("Broadband"), ...text(8), section("Distribution"), ...text(10)]),
    page([chapter("Risks"), ...text(4), section("Operational Risks"), ...text(6), sub("Network Outages"), ...text(8), section("Financial Risks"), ...text(8)]),
  ];

  it("nests the bold italic headings under the bold ones, which nest under the chapters", async () => {
    const { rows } = await outline(await buildPdf(pages));
    expect(rows).toEqual([
      "1 Our Business [1]",
      "2 General [1]",
      "3 Consumer Group [1]",
      "3 Business Group [1]",
      "2 Products and Services [2]",
      "3 Wireless [2]",
      "3 Broadband [2]",
      "2 Distribution [2]",
      "1 Risks [3]",
      "2 Operational Risks [3]",
      "3 Network Outages [3]",
      "2 Financial Risks [3]",
    ]);
  });
});

describe("a contents page in two columns, indented alike, with page ranges", () => {
  // An appliance manual: chapters at the column's edge, their sections indented 14 pt, in
  // two columns; the right column goes on with the left one's last chapter. Some entries
  // span pages ("4-5").
  const toc: [string, number, boolean][] = [
    ["Safety", 3, false],
    ["Parts and Features", 4, false],
    ["Before Using It", 6, false],
    ["Unpacking", 6, true],
    ["Installing", 7, true],
    ["Leveling", 7, true],
    ["Using It", 8, false],
    ["Setting the controls", 8, true],
    ["Changing the settings", 9, true],
    ["Adjusting the shelves", 9, true],
    ["Removing the bins", 10, true],
    ["Using the crisper", 10, true],
    // The right column goes on with "Using It".
    ["Using the ice maker", 11, true],
    ["Saving energy", 11, true],
    ["Care", 12, false],
    ["Cleaning", 12, true],
    ["Moving", 13, true],
    ["Food Storage", 14, false],
    ["Fresh food", 14, true],
    ["Frozen food", 15, true],
    ["Troubleshooting", 16, false],
    ["Warranty", 17, false],
  ];
  const LEFT = 12;
  const ranges: Record<string, string> = { "Parts and Features": "4-5", Cleaning: "12-13" };
  const contents: Run[] = [{ text: "CONTENTS", x: 260, y: 760, size: 14, bold: true }];
  toc.forEach(([title, page, indented], i) => {
    const right = i >= LEFT;
    const x = (right ? 320 : 72) + (indented ? 14 : 0);
    const y = 720 - 16 * (right ? i - LEFT : i);
    contents.push({ text: `${title} ....................... ${ranges[title] ?? page}`, x, y, size: 10 });
  });
  // Physical page = printed page + 1 (a cover first). The body sets every title as a plain
  // line of body text, so the levels can only come from the contents page.
  const body = (titles: [string, boolean][]): Run[] => {
    const runs: Run[] = [];
    let y = 740;
    for (const [t] of titles) {
      runs.push({ text: t, x: 72, y, size: 10 });
      y -= 28;
      for (let k = 0; k < 6; k++, y -= 13) runs.push({ text: sentence(k), x: 72, y, size: 10 });
    }
    return runs;
  };
  const byPage = new Map<number, [string, boolean][]>();
  for (const [t, p, indented] of toc) byPage.set(p + 1, [...(byPage.get(p + 1) ?? []), [t, !indented]]);
  const pages: Run[][] = [[{ text: "OWNER'S MANUAL", x: 200, y: 600, size: 24, bold: true }], contents];
  for (let p = 3; p <= 18; p++) pages.push([...body(byPage.get(p) ?? []), ...(byPage.has(p) ? [] : [{ text: sentence(p), x: 72, y: 700, size: 10 }]), { text: String(p - 1), x: 300, y: 30, size: 9 }]);

  it("gives both columns' indents the same levels and reads ranges as their first page", async () => {
    const { source, rows } = await outline(await buildPdf(pages));
    expect(source).toBe("printed_toc");
    const listed = rows.filter((r) => toc.some(([t]) => r.includes(` ${t} [`)));
    expect(listed).toEqual(toc.map(([t, p, indented]) => `${indented ? 2 : 1} ${t} [${p + 1}]`));
  });
});

describe("financial statement notes with continuing sections and two notes side by side", () => {
  // Notes in 12 pt bold; a note's long sections may use the Notes' own style ("Consumer loan
  // portfolio" continues Note 2) or another face of their size ("Use of Estimates", bold
  // italic); sub-headings in 10 pt bold; a note's title wraps onto a lower-case line; two
  // pages set two headings side by side in columns the page does not otherwise show (two
  // notes; a note's last section beside the next note).
  const block = (x: number, y: number, heading: { text: string; size: number; italic?: boolean } | null, lines: number, short = false): Run[] => {
    const runs: Run[] = [];
    if (heading) {
      runs.push({ text: heading.text, x, y, size: heading.size, bold: !heading.italic, boldItalic: heading.italic });
      y -= 18;
    }
    for (let k = 0; k < lines; k++, y -= 12) runs.push({ text: short ? `Short column text ${k} here.` : sentence(k), x, y, size: 10 });
    return runs;
  };
  const note = (text: string) => ({ text, size: 12 });
  const sub = (text: string) => ({ text, size: 10 });
  const pages: Run[][] = [
    [...block(72, 740, { text: "Quarterly Report", size: 16 }, 20)],
    [...block(72, 740, note("Note 1 – Basis of presentation"), 8), ...block(72, 620, sub("Consolidation"), 8), ...block(72, 500, { text: "Use of Estimates", size: 12, italic: true }, 8)],
    [...block(72, 740, note("Note 2 – Loans and allowance for"), 0), ...block(72, 726, note("credit losses"), 12), ...block(72, 540, sub("Loan accounting"), 8)],
    [...block(72, 740, note("Consumer loan portfolio"), 8), ...block(72, 620, sub("Auto loans"), 8)],
    [...block(72, 740, note("Note 3 – Deposits"), 3, true), ...block(330, 740, note("Note 4 – Leases"), 3, true), ...block(72, 600, null, 10)],
    [...block(72, 740, note("Lease expense"), 3, true), ...block(330, 740, note("Note 5 – Litigation"), 3, true), ...block(72, 600, null, 10)],
  ];

  it("nests the continuing sections under their note, joins a wrapped note title, and splits headings side by side", async () => {
    const { rows } = await outline(await buildPdf(pages));
    expect(rows).toEqual([
      "1 Quarterly Report [1]",
      "2 Note 1 – Basis of presentation [2]",
      "3 Consolidation [2]",
      "3 Use of Estimates [2]",
      "2 Note 2 – Loans and allowance for credit losses [3]",
      "3 Loan accounting [3]",
      "3 Consumer loan portfolio [4]",
      "4 Auto loans [4]",
      "2 Note 3 – Deposits [5]",
      "2 Note 4 – Leases [5]",
      "3 Lease expense [6]",
      "2 Note 5 – Litigation [6]",
    ]);
  });
});

describe("sub-headings in the face a filing also sets its table totals in", () => {
  // Body 9 pt; sub-headings 9 pt bold; each table's header and total rows bold too, and
  // there are more bold table rows than headings. The rows must not outvote the headings.
  const headings = ["Exchange Offers", "Tender Offers", "Repayments and Redemptions", "Issuances", "Interest Rate Swaps", "Treasury Rate Locks"];
  const page = (k: number): Run[] => {
    const runs: Run[] = [];
    let y = 740;
    for (const h of headings.slice(k * 2, k * 2 + 2)) {
      y -= 10;
      runs.push({ text: h, x: 50, y, size: 9, bold: true });
      y -= 14;
      for (let i = 0; i < 5; i++, y -= 11) runs.push({ text: sentence(i), x: 50, y, size: 9 });
      y -= 6;
      runs.push({ text: "Principal Amount", x: 380, y, size: 9, bold: true }, { text: "Amount Paid", x: 480, y, size: 9, bold: true });
      y -= 11;
      for (let i = 0; i < 3; i++, y -= 11) runs.push({ text: `Series ${i + 1} notes due 203${i}`, x: 50, y, size: 9 }, { text: `${(i + 2) * 311}`, x: 400, y, size: 9 }, { text: `${(i + 3) * 97}`, x: 500, y, size: 9 });
      runs.push({ text: "Total", x: 50, y, size: 9, bold: true }, { text: "$ 4,480", x: 400, y, size: 9, bold: true }, { text: "$ 4,664", x: 500, y, size: 9, bold: true });
      y -= 11;
      runs.push({ text: "Total net of fees", x: 50, y, size: 9, bold: true }, { text: "$ 4,401", x: 400, y, size: 9, bold: true }, { text: "$ 4,590", x: 500, y, size: 9, bold: true });
      y -= 20;
    }
    return runs;
  };

  it("finds every sub-heading at its page", async () => {
    const { rows } = await outline(await buildPdf([page(0), page(1), page(2)]));
    expect(rows.map((r) => r.replace(/^\d+ /, ""))).toEqual(headings.map((h, i) => `${h} [${Math.floor(i / 2) + 1}]`));
  });
});

describe("a filing contents entry wrapped with a hanging indent", () => {
  // "Item 5." then its title; the title's second line hangs under the title, 60 pt in, and
  // carries the page number.
  const contents: Run[] = [
    { text: "TABLE OF CONTENTS", x: 220, y: 780, size: 12, bold: true },
    { text: "PART I", x: 60, y: 740, size: 10 },
    { text: "Item 1.   Business     2", x: 60, y: 718, size: 10 },
    { text: "Item 2.   Properties     3", x: 60, y: 696, size: 10 },
    { text: "PART II", x: 60, y: 674, size: 10 },
    { text: "Item 5.   Market for Registrant's Common Equity, Related Stockholder Matters and Issuer Purchases of", x: 60, y: 652, size: 10 },
    { text: "Equity Securities     4", x: 120, y: 640, size: 10 },
    { text: "Item 7.   Management's Discussion and Analysis     5", x: 60, y: 618, size: 10 },
  ];
  const pages = filingPages(contents, LONG_ITEM5_BODIES);

  it("joins the two lines into one title at the body page", async () => {
    const { source, rows } = await outline(await buildPdf(pages));
    expect(source).toBe("printed_toc");
    expect(rows.filter((r) => /Item 5|Equity Securities/.test(r))).toEqual(["2 Item 5. Market for Registrant's Common Equity, Related Stockholder Matters and Issuer Purchases of Equity Securities [5]"]);
  });
});

describe("emphasis that is not a section title", () => {
  // 11 pt body text, 14 pt bold section headings; inside the sections, an 11 pt bold
  // lead-in sentence wrapped over two lines that introduces a list with a colon, and an
  // 11 pt bold label "Chapter Text" whose paragraph follows at once in the body face.
  const body = (from: number, n: number, y0: number): Run[] => Array.from({ length: n }, (_, i) => ({ text: sentence(from + i), x: 60, y: y0 - i * 14, size: 11 }));
  const pages: Run[][] = [
    [{ text: "1 Overview", x: 60, y: 760, size: 14, bold: true }, ...body(1, 20, 730), { text: "2 Terms of the Award", x: 60, y: 420, size: 14, bold: true }, ...body(30, 8, 390)],
    [
      { text: "By signing or electronically accepting this Agreement, you hereby acknowledge, understand, agree", x: 60, y: 760, size: 11, bold: true },
      { text: "to, and accept the following:", x: 60, y: 746, size: 11, bold: true },
      { text: "1. Grant of Restricted Stock. The company has granted the shares set forth above to you.", x: 60, y: 722, size: 11 },
      { text: "2. Plan Governs. The shares and this agreement are subject to the terms of the plan.", x: 60, y: 708, size: 11 },
      ...body(50, 10, 684),
      { text: "Chapter Text", x: 60, y: 520, size: 11, bold: true },
      { text: "Each chapter assesses the state of the science in terms of observed and projected", x: 60, y: 506, size: 11 },
      { text: "impacts on health, and summarizes the authors' assessment of the risks.", x: 60, y: 492, size: 11 },
      ...body(70, 8, 470),
    ],
    [{ text: "3 Results", x: 60, y: 760, size: 14, bold: true }, ...body(90, 30, 730)],
  ];

  it("keeps a wrapped lead-in ending in a colon out of the tree, and does not read \"Chapter Text\" as a chapter number over its paragraph", async () => {
    const { rows } = await outline(await buildPdf(pages));
    expect(rows.some((r) => /By signing/.test(r))).toBe(false);
    expect(rows.some((r) => /Chapter Text Each/.test(r))).toBe(false);
    expect(rows.filter((r) => /^\d \d /.test(r))).toEqual(["1 1 Overview [1]", "1 2 Terms of the Award [1]", "1 3 Results [3]"]);
  });
  it("does not title a section by the first line of a paragraph set in bold", async () => {
    // 10 pt body, 12 pt bold headings, 11 pt bold sub-headings, and a paragraph of three
    // lines set like the sub-headings (its first line alone is shaped like a heading).
    const small = (from: number, n: number, y0: number): Run[] => Array.from({ length: n }, (_, i) => ({ text: sentence(from + i), x: 60, y: y0 - i * 13, size: 10 }));
    const bold: Run[][] = [
      [{ text: "Course Overview", x: 60, y: 760, size: 12, bold: true }, ...small(1, 12, 736), { text: "Basic Course Information", x: 60, y: 560, size: 11, bold: true }, ...small(60, 8, 540)],
      [
        { text: "This course is the third year of the logistics and business management pathway that is connected w/", x: 60, y: 760, size: 11, bold: true },
        { text: "University Department of Business and Public Administration in Supply Chain and Transportation", x: 60, y: 747, size: 11, bold: true },
        { text: "management. The overview for this course continues from the second year course of the pathway", x: 60, y: 734, size: 11, bold: true },
        ...small(20, 12, 710),
        { text: "Course Objectives", x: 60, y: 500, size: 12, bold: true },
        ...small(40, 6, 476),
        { text: "Grading Policy", x: 60, y: 380, size: 11, bold: true },
        ...small(80, 6, 360),
      ],
    ];
    const { rows } = await outline(await buildPdf(bold));
    expect(rows).toEqual(["1 Course Overview [1]", "2 Basic Course Information [1]", "1 Course Objectives [2]", "2 Grading Policy [2]"]);
  });
});

describe("web pages printed from a browser and bound into one file", () => {
  // Each page carries the browser's stamps: the date and the web page's title at the top,
  // its address at the foot. Three web pages over five PDF pages, each with its own 16 pt
  // title and 12 pt bold sections.
  const stamp = (title: string, url: string): Run[] => [
    { text: `6/3/2020 ${title}`, x: 26, y: 770, size: 8 },
    { text: url, x: 26, y: 17, size: 8 },
  ];
  const page = (title: string, url: string, runs: Run[]): Run[] => [...stamp(title, url), ...runs];
  const text = (from: number, n: number, y0: number): Run[] => Array.from({ length: n }, (_, i) => ({ text: sentence(from + i), x: 60, y: y0 - i * 14, size: 10 }));
  const pages: Run[][] = [
    page("Getting Started - Help Center - Example", "https://help.example.org/start", [{ text: "Getting Started", x: 60, y: 720, size: 16, bold: true }, ...text(1, 10, 690), { text: "Create an Account", x: 60, y: 520, size: 12, bold: true }, ...text(20, 10, 496)]),
    page("Getting Started - Help Center - Example", "https://help.example.org/start", [...text(40, 20, 720)]),
    page("Billing - Help Center - Example", "https://help.example.org/billing", [{ text: "Billing", x: 60, y: 720, size: 16, bold: true }, ...text(60, 10, 690), { text: "Invoices", x: 60, y: 520, size: 12, bold: true }, ...text(80, 10, 496)]),
    page("Privacy Settings - Help Center - Example", "https://help.example.org/privacy", [{ text: "Privacy Settings", x: 60, y: 720, size: 16, bold: true }, ...text(100, 10, 690), { text: "Sharing Data", x: 60, y: 520, size: 12, bold: true }, ...text(120, 10, 496)]),
    page("Privacy Settings - Help Center - Example", "https://help.example.org/privacy", [{ text: "Deleting Data", x: 60, y: 720, size: 12, bold: true }, ...text(140, 20, 696)]),
  ];

  it("makes each web page a top-level node titled by the browser's title, with its own headings below and no stamps in the text", async () => {
    const doc = await indexPdf(await buildPdf(pages), { addSummaries: false, ignoreOutline: true });
    const rows = preorder(doc.tree).map((f) => `${f.depth} ${f.node.title} [${f.node.start_index}]`);
    expect(rows.filter((r) => r.startsWith("1 "))).toEqual([
      "1 Getting Started - Help Center - Example [1]",
      "1 Billing - Help Center - Example [3]",
      "1 Privacy Settings - Help Center - Example [4]",
    ]);
    expect(rows).toContain("3 Create an Account [1]");
    expect(rows).toContain("3 Deleting Data [5]");
    const texts = preorder(doc.tree).map((f) => f.node.text ?? "").join("\n");
    expect(texts).not.toMatch(/6\/3\/2020|https:\/\/help\.example\.org/);
  });

  it("one web page printed alone keeps its own headings on top, and loses its stamps", async () => {
    const one = pages.slice(0, 2);
    const doc = await indexPdf(await buildPdf(one), { addSummaries: false, ignoreOutline: true });
    const rows = preorder(doc.tree).map((f) => `${f.depth} ${f.node.title} [${f.node.start_index}]`);
    expect(rows).toEqual(["1 Getting Started [1]", "2 Create an Account [1]"]);
    expect(preorder(doc.tree).map((f) => f.node.text ?? "").join("\n")).not.toMatch(/6\/3\/2020|https:/);
  });
});

describe("a heading beside a figure whose caption is read just before it", () => {
  // A data sheet: a narrow text column on the left, a figure on the right. The figure's
  // caption sits a few points above the next heading of the text column, so in reading
  // order the heading follows the caption at less than a line's distance.
  const narrow = (n: number) => `text ${n} of the data sheet goes on here`;
  const column = (from: number, count: number, top: number) =>
    Array.from({ length: count }, (_, i) => ({ text: narrow(from + i), x: 60, y: top - 13 * i, size: 10 }));
  const pages: Run[][] = [
    [{ text: "Controller Data Sheet", x: 200, y: 760, size: 20, bold: true }, { text: "Operating Conditions", x: 60, y: 700, size: 12, bold: true }, ...column(1, 20, 680)],
    [
      { text: "Programming", x: 60, y: 760, size: 12, bold: true },
      ...column(21, 25, 740),
      // The figure: small labels, then its caption, all right of the text column.
      { text: "VCC", x: 420, y: 560, size: 6 },
      { text: "P2.7", x: 470, y: 520, size: 6 },
      { text: "ALE/PROG", x: 400, y: 470, size: 6 },
      { text: "Figure 3. Programming the Lock Bit", x: 360, y: 400, size: 11, bold: true },
      { text: "Erasure Characteristics", x: 60, y: 393, size: 12, bold: true },
      ...column(46, 10, 373),
    ],
    [{ text: "Program Verification", x: 60, y: 760, size: 12, bold: true }, ...column(56, 12, 740)],
  ];

  it("still opens a section at the heading, set apart from the text above it in its own column", async () => {
    const { rows } = await outline(await buildPdf(pages));
    expect(rows).toContain("1 Erasure Characteristics [2]");
    expect(rows.filter((r) => !r.includes("Figure 3"))).toEqual([
      "1 Controller Data Sheet [1]",
      "1 Operating Conditions [1]",
      "1 Programming [2]",
      "1 Erasure Characteristics [2]",
      "1 Program Verification [3]",
    ]);
  });
});

describe("titles that break off on \"of\" or \"to\" and go on in the next line", () => {
  // A contents entry whose page number sits on its first line and whose title ends on the
  // line below; and exhibit headings centred over two lines, the second opening with
  // "Section 906", which alone would read as a numbered section of its own.
  const contents: Run[] = [
    { text: "TABLE OF CONTENTS", x: 220, y: 780, size: 12, bold: true },
    { text: "PART I", x: 60, y: 740, size: 10 },
    { text: "Item 1. Business     2", x: 60, y: 718, size: 10 },
    { text: "Item 2. Properties     3", x: 60, y: 696, size: 10 },
    { text: "PART II", x: 60, y: 674, size: 10 },
    { text: "Item 5. Market for Registrant's Common Equity, Related Stockholder Matters and Issuer Purchases of     4", x: 60, y: 652, size: 10 },
    { text: "Equity Securities", x: 100, y: 640, size: 10 },
    { text: "Item 7. Management's Discussion and Analysis     5", x: 60, y: 618, size: 10 },
    { text: "Exhibits     6", x: 60, y: 596, size: 10 },
  ];
  const pages = filingPages(contents, LONG_ITEM5_BODIES);
  const exhibit = (officer: string): Run[] => [
    { text: "Exhibits", x: 60, y: 780, size: 10, bold: true },
    { text: `Certification by the ${officer} Pursuant to`, x: 171, y: 740, size: 10, bold: true },
    { text: "Section 906 of the Sarbanes-Oxley Act of 2002", x: 199, y: 728, size: 10, bold: true },
    ...Array.from({ length: 6 }, (_, k) => ({ text: sentence(k), x: 60, y: 700 - 13 * k, size: 10 })),
  ];
  pages.push(exhibit("Chief Executive Officer"), exhibit("Chief Financial Officer").slice(1));
  pages[pages.length - 2].push({ text: String(pages.length - 2), x: 290, y: 30, size: 9 });
  pages[pages.length - 1].push({ text: String(pages.length - 1), x: 290, y: 30, size: 9 });

  it("keeps the whole title of the contents entry and of each exhibit heading", async () => {
    const { source, rows } = await outline(await buildPdf(pages));
    expect(source).toBe("printed_toc");
    const titles = rows.map((r) => r.replace(/^\d+ /, ""));
    expect(titles).toContain("Item 5. Market for Registrant's Common Equity, Related Stockholder Matters and Issuer Purchases of Equity Securities [5]");
    expect(titles).toContain("Certification by the Chief Executive Officer Pursuant to Section 906 of the Sarbanes-Oxley Act of 2002 [7]");
    expect(titles).toContain("Certification by the Chief Financial Officer Pursuant to Section 906 of the Sarbanes-Oxley Act of 2002 [8]");
    expect(titles.filter((t) => /^Section 906/.test(t))).toEqual([]);
  });
});

describe("headings that share their lines or their style with what is not their title", () => {
  // A plan exhibit whose numbered section title (bold, after a regular "6.1") runs into its
  // paragraph on the same line; a table caption with bold column heads beside and under it;
  // a heading in capitals over a sub-heading in the same face; an exhibit label in the
  // margin over its centred title; a statement title over its units note.
  const prose = (from: number, n: number, top: number) => bodyLines(from, n, top);
  const pages: Run[][] = [
    [
      { text: "SUPPLEMENTAL RETIREMENT PLAN", x: 160, y: 770, size: 16, bold: true },
      { text: "ARTICLE SIX", x: 270, y: 730, size: 10, bold: true },
      { text: "Distributions", x: 275, y: 716, size: 10, bold: true },
      { text: "6.1", x: 60, y: 690, size: 10 },
      { text: "Merger of the Supplemental Investment Plan and the Supplemental Retirement Plan.", x: 0, y: 690, size: 10, bold: true, after: true },
      { text: "Effective May 1, 2004, the", x: 0, y: 690, size: 10, after: true },
      ...prose(1, 4, 677),
      { text: "ARTICLE SEVEN", x: 265, y: 600, size: 10, bold: true },
      { text: "Administration", x: 272, y: 586, size: 10, bold: true },
      ...prose(10, 4, 560),
    ],
    [
      { text: "NEW ACCOUNTING STANDARDS", x: 60, y: 770, size: 10, bold: true },
      { text: "Recently Adopted Accounting Standards", x: 60, y: 752, size: 10, bold: true },
      ...prose(20, 3, 736),
      { text: "Recently Issued Accounting Standards, Not Adopted as of June 30, 2024", x: 60, y: 690, size: 10, bold: true },
      { text: "Effect on the", x: 480, y: 677, size: 10, bold: true },
      { text: "Standard/Description", x: 150, y: 673, size: 10, bold: true },
      { text: "Effective Date", x: 330, y: 673, size: 10, bold: true },
      { text: "Financial Statements", x: 470, y: 669, size: 10, bold: true },
      { text: "In June 2022, the board issued guidance on restrictions.", x: 60, y: 650, size: 9 },
      { text: "January 1, 2024", x: 330, y: 650, size: 9 },
      { text: "We are assessing the impact.", x: 470, y: 650, size: 9 },
      ...prose(30, 4, 620),
    ],
    [
      { text: "EXHIBIT 95", x: 500, y: 770, size: 10, bold: true },
      { text: "MINE SAFETY DISCLOSURES", x: 230, y: 758, size: 10, bold: true },
      ...prose(40, 4, 730),
      { text: "CONSOLIDATED BALANCE SHEETS", x: 225, y: 650, size: 10, bold: true },
      { text: "(In thousands, except par value)", x: 240, y: 638, size: 10, bold: true },
      ...prose(50, 4, 610),
    ],
  ];

  // The rest of the filing sets its headings in the same bold face, one line each.
  const topics = ["Liquidity", "Capital Resources", "Market Risk", "Legal Matters", "Taxes", "Pensions", "Leases", "Goodwill", "Revenue", "Segments"];
  for (let k = 0; k < 5; k++) {
    pages.push([
      ...prose(100 + 10 * k, 3 + k, 770),
      { text: topics[2 * k], x: 60, y: 720 - 13 * k, size: 10, bold: true },
      ...prose(105 + 10 * k, 8, 700 - 13 * k),
      { text: topics[2 * k + 1], x: 60, y: 580 - 13 * k, size: 10, bold: true },
      ...prose(110 + 10 * k, 8, 560 - 13 * k),
    ]);
  }

  it("ends each title where the title ends, and makes no title of a column head or a units note", async () => {
    const { rows } = await outline(await buildPdf(pages));
    const titles = rows.map((r) => r.replace(/^\d+ /, ""));
    expect(titles).toContain("ARTICLE SIX Distributions [1]");
    expect(titles).toContain("6.1 Merger of the Supplemental Investment Plan and the Supplemental Retirement Plan [1]");
    expect(titles).toContain("NEW ACCOUNTING STANDARDS [2]");
    expect(titles).toContain("Recently Adopted Accounting Standards [2]");
    expect(titles).toContain("Recently Issued Accounting Standards, Not Adopted as of June 30, 2024 [2]");
    expect(titles).toContain("EXHIBIT 95 MINE SAFETY DISCLOSURES [3]");
    expect(titles).toContain("CONSOLIDATED BALANCE SHEETS [3]");
    expect(titles.filter((t) => /Effective May|Effect on the|Financial Statements|In thousands/.test(t))).toEqual([]);
  });
});

describe("a filing whose bookmarks point a PART at its contents page and an Item past its first section", () => {
  // As some 10-Qs are bookmarked: PART I points at the contents page; MD&A (Item 2) comes
  // first in the body with no heading of its own, and its bookmark points at its second
  // section while its first ("Consolidated Financial Highlights") is bookmarked beside it.
  // The printed contents lists that section under Item 2. Each page prints its own number.
  const prose = (from: number, n: number, top: number) => bodyLines(from, n, top);
  const entry = (text: string, page: string, y: number, x = 60): Run[] => [{ text, x, y, size: 10 }, ...(page ? [{ text: page, x: 540, y, size: 10 }] : [])];
  const pages: Run[][] = [
    [{ text: "QUARTERLY REPORT ON FORM 10-Q", x: 160, y: 700, size: 16, bold: true }],
    [
      { text: "TABLE OF CONTENTS", x: 230, y: 770, size: 12, bold: true },
      ...entry("Part I - Financial information", "Page", 740),
      ...entry("Item 1. Financial Statements.", "", 722),
      ...entry("Consolidated statements of income", "5", 708, 80),
      ...entry("Item 2. Management's Discussion and Analysis.", "", 690),
      ...entry("Consolidated Financial Highlights", "3", 676, 80),
      ...entry("Introduction", "4", 662, 80),
      ...entry("Item 3. Quantitative and Qualitative Disclosures About Market Risk.", "6", 644),
      ...entry("Part II - Other information", "", 626),
      ...entry("Item 1. Legal Proceedings.", "6", 608),
      ...entry("Item 1A. Risk Factors.", "6", 590),
      ...entry("Item 6. Exhibits.", "7", 572),
    ],
    [{ text: "Consolidated Financial Highlights", x: 60, y: 770, size: 12, bold: true }, ...prose(1, 12, 740)],
    [{ text: "Introduction", x: 60, y: 770, size: 12, bold: true }, ...prose(20, 12, 740)],
    [{ text: "Consolidated statements of income", x: 60, y: 770, size: 12, bold: true }, ...prose(40, 12, 740)],
    [
      { text: "Item 3. Quantitative and Qualitative Disclosures About Market Risk.", x: 60, y: 770, size: 10, bold: true },
      ...prose(60, 3, 752),
      { text: "Part II - Other Information", x: 60, y: 700, size: 12, bold: true },
      { text: "Item 1. Legal Proceedings.", x: 60, y: 680, size: 10, bold: true },
      ...prose(70, 3, 662),
      { text: "Item 1A. Risk Factors.", x: 60, y: 610, size: 10, bold: true },
      ...prose(80, 3, 592),
    ],
    [{ text: "Item 6. Exhibits.", x: 60, y: 770, size: 10, bold: true }, ...prose(90, 3, 752)],
  ];
  for (const [i, runs] of pages.entries()) if (i >= 2) runs.push({ text: String(i + 1), x: 300, y: 30, size: 9 });
  const bookmarks: Bookmark[] = [
    { title: "Cover", page: 0 },
    { title: "Table of contents", page: 1 },
    {
      title: "Part I - Financial information",
      page: 1,
      children: [
        { title: "Consolidated Financial Highlights", page: 2 },
        { title: "Item 2. Management's Discussion and Analysis.", page: 3, children: [{ title: "Introduction", page: 3 }] },
        { title: "Item 1. Financial Statements.", page: 4 },
        { title: "Item 3. Quantitative and Qualitative Disclosures About Market Risk.", page: 5 },
      ],
    },
    {
      title: "Part II - Other information",
      page: 5,
      children: [
        { title: "Item 1. Legal Proceedings.", page: 5 },
        { title: "Item 1A. Risk Factors.", page: 5 },
        { title: "Item 6. Exhibits.", page: 6 },
      ],
    },
  ];

  it("starts PART I and Item 2 where the printed contents says they begin, with the section bookmarked beside Item 2 under it", async () => {
    const doc = await indexPdf(await buildPdf(pages, bookmarks), { addSummaries: false });
    expect(doc.tocSource).toBe("outline");
    const rows = preorder(doc.tree).map((f) => `${f.depth} ${f.node.title} [${f.node.start_index}]`);
    expect(rows).toEqual([
      "1 Cover [1]",
      "1 Table of contents [2]",
      "1 Part I - Financial information [3]",
      "2 Item 2. Management's Discussion and Analysis. [3]",
      "3 Consolidated Financial Highlights [3]",
      "3 Introduction [4]",
      "2 Item 1. Financial Statements. [5]",
      "2 Item 3. Quantitative and Qualitative Disclosures About Market Risk. [6]",
      "1 Part II - Other information [6]",
      "2 Item 1. Legal Proceedings. [6]",
      "2 Item 1A. Risk Factors. [6]",
      "2 Item 6. Exhibits. [7]",
    ]);
  });
});

describe("a risk-factor caption wrapped over long lines and across a page break", () => {
  // Captions in bold one point above 9 pt body text, some wrapped over two lines; one runs
  // over three, its middle line twenty words long, and its last line opens the next page.
  const body = (from: number, n: number, top: number) => bodyLines(from, n, top, 9, 11);
  const caption = (k: number, top: number): Run[] =>
    k <= 3
      ? [{ text: `Changes in market number ${k} could reduce the demand for our products`, x: 60, y: top, size: 10, bold: true }, ...body(10 * k, 6, top - 16)]
      : [
          { text: `Changes in market number ${k} and in its rules could reduce the demand for our`, x: 60, y: top, size: 10, bold: true },
          { text: "products and harm our results of operations.", x: 60, y: top - 12, size: 10, bold: true },
          ...body(10 * k, 6, top - 28),
        ];
  const longCaption = [
    "If we are not able to take advantage of developments in technology and address changing consumer",
    "demand on a timely basis, or if the deployment of our new network is delayed or hindered for any reason, we",
    "may experience a decline in the demand for our services and experience reduced profits.",
  ];
  const pages: Run[][] = [
    [
      { text: "Item 1A. Risk Factors", x: 60, y: 770, size: 12, bold: true },
      ...caption(1, 740),
      ...caption(2, 640),
      ...caption(3, 540),
      { text: longCaption[0], x: 60, y: 384, size: 10, bold: true },
      { text: longCaption[1], x: 60, y: 372, size: 10, bold: true },
    ],
    [{ text: longCaption[2], x: 60, y: 770, size: 10, bold: true }, ...body(40, 6, 755), ...caption(4, 670), ...caption(5, 570)],
    [
      { text: "Item 2. Properties", x: 60, y: 770, size: 12, bold: true },
      ...body(90, 10, 750),
      { text: "Item 3. Legal Proceedings", x: 60, y: 620, size: 12, bold: true },
      ...body(100, 10, 600),
    ],
  ];

  it("makes one node of the whole caption, at the page where it starts", async () => {
    const { rows } = await outline(await buildPdf(pages));
    const titles = rows.map((r) => r.replace(/^\d+ /, ""));
    expect(titles).toContain(`${longCaption.join(" ")} [1]`);
    expect(titles).toContain("Changes in market number 4 and in its rules could reduce the demand for our products and harm our results of operations. [2]");
    expect(titles.filter((t) => /^(demand|may experience|products)/.test(t))).toEqual([]);
  });
});

describe("numbered section headings in small capitals (Times-based conference templates)", () => {
  // One column of 10 pt text; sections "1 INTRODUCTION" in small capitals at 10 pt (each
  // word's first letter 10 pt, the rest 8 pt capitals, same font as the text), centred.
  const section = (title: string, y: number): Run => ({ text: title, x: 250, y, size: 10, smallCaps: true });
  const pages: Run[][] = [
    [{ text: "Generated Conference Paper", x: 200, y: 750, size: 16, bold: true }, ...bodyLines(1, 6, 700), section("1 Introduction", 610), ...bodyLines(10, 20, 590)],
    [...bodyLines(40, 10, 740), section("2 Related Work", 600), ...bodyLines(60, 18, 580)],
    [section("3 System Design", 740), ...bodyLines(80, 14, 720), section("4 Evaluation", 520), ...bodyLines(100, 12, 500)],
    [...bodyLines(120, 8, 740), section("5 Conclusion", 620), ...bodyLines(130, 6, 600)],
  ];

  it("reads each small-capital heading as one title at its page", async () => {
    const { source, rows } = await outline(await buildPdf(pages));
    expect(source).toBe("layout");
    const sections = rows.filter((r) => !/Generated Conference Paper/.test(r));
    expect(sections).toEqual(["1 1 INTRODUCTION [1]", "1 2 RELATED WORK [2]", "1 3 SYSTEM DESIGN [3]", "1 4 EVALUATION [3]", "1 5 CONCLUSION [4]"]);
  });
});

describe("a manual with three heading levels told apart only by size", () => {
  // Unnumbered bold headings at 16, 13 and 11.5 pt over 10 pt text: the size alone gives the level.
  const h = (text: string, size: number, y: number): Run => ({ text, x: 60, y, size, bold: true });
  const pages: Run[][] = [
    [h("Getting Started", 16, 740), ...bodyLines(1, 5, 715), h("Installing the Device", 13, 640), ...bodyLines(10, 5, 620), h("Checking the Package", 11.5, 545), ...bodyLines(20, 8, 525)],
    [h("Connecting the Cables", 11.5, 740), ...bodyLines(30, 8, 720), h("First Use", 13, 600), ...bodyLines(40, 10, 580)],
    [h("Everyday Care", 16, 740), ...bodyLines(50, 6, 715), h("Cleaning", 13, 620), ...bodyLines(60, 6, 600), h("Outer Surfaces", 11.5, 510), ...bodyLines(70, 5, 490), h("Filters", 11.5, 410), ...bodyLines(80, 5, 390)],
    [h("Troubleshooting", 16, 740), ...bodyLines(90, 12, 715)],
  ];

  it("nests the three sizes as three levels, each heading at its page", async () => {
    const { source, rows } = await outline(await buildPdf(pages));
    expect(source).toBe("layout");
    expect(rows).toEqual([
      "1 Getting Started [1]", "2 Installing the Device [1]", "3 Checking the Package [1]", "3 Connecting the Cables [2]", "2 First Use [2]",
      "1 Everyday Care [3]", "2 Cleaning [3]", "3 Outer Surfaces [3]", "3 Filters [3]", "1 Troubleshooting [4]",
    ]);
  });
});

describe("body-font lettered and roman headings below a printed contents", () => {
  // The contents lists I., A. and 1.; the body goes on to a., b. and (i), (ii), set exactly
  // like the text (same font and size), told apart only by numbering and standing alone.
  const listed: [number, string, number][] = [
    [0, "I. Introduction", 2],
    [1, "A. Background", 2],
    [2, "1. Scope of the Rule", 2],
    [2, "2. Definitions", 5],
    [0, "II. Economic Analysis", 6],
  ];
  const contents: Run[] = [{ text: "Table of Contents", x: 60, y: 780, size: 14, bold: true }];
  listed.forEach(([depth, title, page], i) => contents.push({ text: `${title} ${".".repeat(40 - depth * 4)} ${page}`, x: 60 + depth * 18, y: 740 - i * 20, size: 10 }));
  const heading = (text: string, y: number, size = 12): Run => ({ text, x: 60, y, size, bold: true });
  const plain = (text: string, y: number, x = 60): Run => ({ text, x, y, size: 10 });
  const para = (n: number, top: number, lines = 3): Run[] => Array.from({ length: lines }, (_, k) => plain(k === lines - 1 ? `${sentence(n + k)} Done.` : sentence(n + k), top - 13 * k));
  const pages: Run[][] = [
    contents,
    [heading("I. Introduction", 770, 13), ...para(1, 750), heading("A. Background", 690), ...para(10, 670), heading("1. Scope of the Rule", 610, 11), ...para(20, 590),
      plain("a. Covered Persons", 540), ...para(30, 520), plain("(i) Broker-Dealers", 470, 72), ...para(40, 450)],
    [plain("(ii) Investment Advisers", 770, 72), ...para(50, 750, 6), plain("b. Exempt Transactions", 650), ...para(60, 630, 8)],
    [...para(70, 770, 5), plain("c. Compliance Dates. The rule applies to all covered persons from the first day of", 690), ...para(80, 677, 4)],
    // A list inside a sentence has the same labels and is no heading.
    [heading("2. Definitions", 770, 11), plain("For the purposes of this section, the following terms apply to every filer:", 745),
      plain("a. the term issuer means any person who issues or proposes to issue securities;", 732), plain("b. the term dealer means any person engaged in the business of buying;", 719),
      ...para(90, 700, 4)],
    [heading("II. Economic Analysis", 770, 13), ...para(100, 750, 8)],
  ];

  it("nests the lettered headings under the last listed entry and the roman ones under them, at their pages", async () => {
    const { source, rows } = await outline(await buildPdf(pages));
    expect(source).toBe("printed_toc");
    expect(rows.filter((r) => !/Table of Contents/.test(r))).toEqual([
      "1 I. Introduction [2]",
      "2 A. Background [2]",
      "3 1. Scope of the Rule [2]",
      "4 a. Covered Persons [2]",
      "5 (i) Broker-Dealers [2]",
      "5 (ii) Investment Advisers [3]",
      "4 b. Exempt Transactions [3]",
      "4 c. Compliance Dates [4]",
      "3 2. Definitions [5]",
      "1 II. Economic Analysis [6]",
    ]);
  });
});

describe("a printed contents that leaves a section out", () => {
  // The contents lists 2 and 2.2 but not 2.1 (lost to a wrapped or unreadable entry); the
  // body sets 2.1 in the same style as the sections the contents does list.
  const listed: [number, string, number][] = [
    [0, "1 Introduction", 2],
    [1, "1.1 Motivation", 2],
    [1, "1.2 Outline of the Report", 3],
    [0, "2 Methods", 4],
    [1, "2.2 Measurements", 5],
    [0, "3 Results", 6],
  ];
  const contents: Run[] = [{ text: "Contents", x: 60, y: 780, size: 14, bold: true }];
  listed.forEach(([depth, title, page], i) => contents.push({ text: `${title} ${".".repeat(40 - depth * 4)} ${page}`, x: 60 + depth * 18, y: 740 - i * 20, size: 10 }));
  const chapter = (text: string, y: number): Run => ({ text, x: 60, y, size: 16, bold: true });
  const section = (text: string, y: number): Run => ({ text, x: 60, y, size: 12, bold: true });
  const pages: Run[][] = [
    contents,
    [chapter("1 Introduction", 760), ...bodyLines(1, 5, 730), section("1.1 Motivation", 640), ...bodyLines(10, 8, 615)],
    [section("1.2 Outline of the Report", 760), ...bodyLines(20, 12, 735)],
    [chapter("2 Methods", 760), ...bodyLines(30, 5, 730), section("2.1 Sampling Design", 640), ...bodyLines(40, 8, 615)],
    [section("2.2 Measurements", 760), ...bodyLines(50, 12, 735)],
    [chapter("3 Results", 760), ...bodyLines(60, 12, 730)],
  ];

  it("adds the unlisted section at the level of the listed sections in its style", async () => {
    const { source, rows } = await outline(await buildPdf(pages));
    expect(source).toBe("printed_toc");
    expect(rows.filter((r) => !/^1 Contents/.test(r))).toEqual([
      "1 1 Introduction [2]",
      "2 1.1 Motivation [2]",
      "2 1.2 Outline of the Report [3]",
      "1 2 Methods [4]",
      "2 2.1 Sampling Design [4]",
      "2 2.2 Measurements [5]",
      "1 3 Results [6]",
    ]);
  });
});

describe("an outline in legal numbering set in the body font, without a contents page", () => {
  // I., A., 1. and a. open short lines at four indents, in the font and size of the text;
  // only the numbering and the indents tell the levels apart. The numbered list under 1. is
  // a sentence list (long, lower case) and stays text.
  const at = (text: string, indent: number, y: number): Run => ({ text, x: 60 + indent * 24, y, size: 11 });
  const para = (n: number, top: number, lines = 3): Run[] => Array.from({ length: lines }, (_, k) => ({ text: k === lines - 1 ? `${sentence(n + k)} Done.` : sentence(n + k), x: 60, y: top - 14 * k, size: 11 }));
  const pages: Run[][] = [
    [{ text: "Services Agreement", x: 220, y: 780, size: 11 }, at("I. Definitions", 0, 740), ...para(1, 720), at("A. Services", 1, 670), at("1. The provider delivers the services described in each order form within thirty days of signing it.", 2, 650),
      at("2. The customer gives the provider access to the premises, systems and staff that the services need.", 2, 636), ...para(10, 618, 1), at("B. Fees", 1, 600), ...para(20, 580),
      at("1. Invoices", 2, 530), ...para(30, 510), at("2. Late Payment", 2, 460), ...para(40, 440)],
    [at("a. Interest", 3, 760), ...para(50, 740), at("b. Suspension of Services", 3, 690), ...para(60, 670), at("II. Term and Termination", 0, 620), ...para(70, 600),
      at("A. Term", 1, 550), ...para(80, 530), at("B. Termination for Cause", 1, 480), ...para(90, 460, 6)],
    [at("III. Miscellaneous", 0, 760), ...para(100, 740, 8)],
  ];

  it("reads the labels as four levels by their numbering and indents", async () => {
    const { source, rows } = await outline(await buildPdf(pages));
    expect(source).toBe("layout");
    expect(rows.filter((r) => !/Services Agreement/.test(r))).toEqual([
      "1 I. Definitions [1]",
      "2 A. Services [1]",
      "2 B. Fees [1]",
      "3 1. Invoices [1]",
      "3 2. Late Payment [1]",
      "4 a. Interest [2]",
      "4 b. Suspension of Services [2]",
      "1 II. Term and Termination [2]",
      "2 A. Term [2]",
      "2 B. Termination for Cause [2]",
      "1 III. Miscellaneous [3]",
    ]);
  });
});

describe("numbered headings in a face the text also uses for emphasis", () => {
  // Sub-sections "1.1 ..." in bold at body size, and whole bold sentences in the same face
  // inside paragraphs: the face is mostly not headings, but its numbered lines count on.
  const h = (text: string, y: number): Run => ({ text, x: 60, y, size: 10, bold: true });
  const warning = (n: number, y: number): Run => ({ text: `Warning ${n}: never open the housing while the unit is connected to the mains, as parts inside carry a dangerous voltage.`, x: 60, y, size: 10, bold: true });
  const block = (title: string, n: number, top: number): Run[] => [h(title, top), ...bodyLines(n, 3, top - 16), warning(n, top - 55), ...bodyLines(n + 10, 2, top - 68)];
  const pages: Run[][] = [
    [{ text: "Installation Guide", x: 200, y: 780, size: 18, bold: true }, ...block("1.1 Unpacking", 1, 740), ...block("1.2 Mounting the Unit", 20, 620), ...block("1.3 Wiring", 40, 500)],
    [...block("2.1 First Start", 60, 760), ...block("2.2 Settings Menu", 80, 640), warning(99, 520), warning(98, 505), ...bodyLines(100, 4, 480)],
  ];

  it("finds each numbered heading, and makes no heading of the emphasised sentences", async () => {
    const { rows } = await outline(await buildPdf(pages));
    expect(rows.filter((r) => !/Installation Guide/.test(r))).toEqual(["1 1.1 Unpacking [1]", "1 1.2 Mounting the Unit [1]", "1 1.3 Wiring [1]", "1 2.1 First Start [2]", "1 2.2 Settings Menu [2]"]);
  });
});

describe("a short document dense with headings (a README typeset on four pages)", () => {
  // 4 pages, each a 14 pt section and eight 12 pt subsections with three lines of text: 36
  // headings, more than a cap on headings (30, or three per page) once let through.
  const h = (text: string, size: number, y: number): Run => ({ text, x: 60, y, size, bold: true });
  const SECTIONS = ["Installing", "Usage", "Options", "Errors"];
  const TOPICS = ["Packages", "Sources", "Paths", "Names", "Limits", "Streams", "Closing", "Examples"];
  const page = (section: number): Run[] => [
    h(`${section} ${SECTIONS[section - 1]}`, 14, 770),
    ...bodyLines(section * 100, 2, 748),
    ...Array.from({ length: 8 }, (_, i) => [h(`${section}.${i + 1} ${TOPICS[i]} of ${SECTIONS[section - 1].toLowerCase()}`, 12, 705 - i * 80), ...bodyLines(section * 100 + 10 + i * 3, 3, 687 - i * 80)]).flat(),
  ];
  const pages: Run[][] = [page(1), page(2), page(3), page(4)];

  it("keeps every subsection under its section, at its page", async () => {
    const { source, rows } = await outline(await buildPdf(pages));
    expect(source).toBe("layout");
    const expected = [1, 2, 3, 4].flatMap((s) => [`1 ${s} ${SECTIONS[s - 1]} [${s}]`, ...TOPICS.map((t, i) => `2 ${s}.${i + 1} ${t} of ${SECTIONS[s - 1].toLowerCase()} [${s}]`)]);
    expect(rows).toEqual(expected);
  });
});

describe("API headings: a label in the heading face, the name in a larger-than-text code face", () => {
  // "Interface: PiscinaTask" as a browser prints `## Interface: \`PiscinaTask\``: the label in
  // bold at 16 pt, the name in Courier at 13.6 pt, over 11 pt text; one name with an
  // optional argument in brackets.
  const heading = (label: string, name: string, y: number): Run[] => [
    { text: label, x: 60, y, size: 16, bold: true },
    { text: name, x: 0, y, size: 13.6, mono: true, after: true },
  ];
  const text = (from: number, n: number, top: number): Run[] => bodyLines(from, n, top, 11, 15);
  const pages: Run[][] = [
    [...heading("Class:", "Pool", 760), ...text(1, 4, 735), ...heading("Constructor:", "new Pool([options])", 650), ...text(10, 5, 625), ...heading("Interface:", "PoolTask", 520), ...text(20, 6, 495)],
    [...heading("Interface:", "PoolWorker", 760), ...text(30, 6, 735), ...heading("Method:", "run(task)", 620), ...text(40, 8, 595)],
  ];

  it("titles each section by the whole line, label and name, at its page", async () => {
    const { rows } = await outline(await buildPdf(pages));
    expect(rows).toEqual(["1 Class: Pool [1]", "1 Constructor: new Pool([options]) [1]", "1 Interface: PoolTask [1]", "1 Interface: PoolWorker [2]", "1 Method: run(task) [2]"]);
  });
});

describe("run-in subsections whose number is set in the text's font (AMS classes)", () => {
  // "2.1. Scope. The text ...": the number in roman like the text, the title in bold, the
  // paragraph running on after it; sections are bold 12 pt lines of their own.
  const para = (number: string, title: string, y: number): Run[] => [
    { text: number, x: 60, y, size: 10 },
    { text: title, x: 0, y, size: 10, bold: true, after: true },
    { text: "The method described in this paragraph applies to every case we consider.", x: 0, y, size: 10, after: true },
    { text: sentence(y), x: 60, y: y - 13, size: 10 },
    { text: sentence(y + 1) + " It ends here.", x: 60, y: y - 26, size: 10 },
  ];
  const pages: Run[][] = [
    [
      { text: "1. Definitions", x: 60, y: 780, size: 12, bold: true },
      { text: sentence(1), x: 60, y: 755, size: 10 },
      { text: sentence(2) + " Done.", x: 60, y: 742, size: 10 },
      ...para("1.1.", "Continued fractions.", 715),
      ...para("1.2.", "Boxed formulas.", 650),
    ],
    [...para("1.3.", "Dots.", 760), { text: "2. Results", x: 60, y: 680, size: 12, bold: true }, { text: sentence(3), x: 60, y: 655, size: 10 }, ...para("2.1.", "Smash.", 630)],
  ];

  it("makes each numbered bold phrase a child node titled by number and phrase", async () => {
    const { rows } = await outline(await buildPdf(pages));
    expect(rows).toEqual(["1 1. Definitions [1]", "2 1.1. Continued fractions [1]", "2 1.2. Boxed formulas [1]", "2 1.3. Dots [2]", "1 2. Results [2]", "2 2.1. Smash [2]"]);
  });
});

describe("the letter headings of a back-of-book index", () => {
  // Two chapters (14 pt bold), a figure whose panels are labelled A-F in bold, then an index
  // in two columns over two pages: each letter bold and alone on its line, the entries in the
  // text face ("gear, 3, 7") — the columns' lines share baselines, as an index's do.
  const chapter = (title: string, from: number): Run[] => [{ text: title, x: 60, y: 740, size: 14, bold: true }, ...bodyLines(from, 30, 715)];
  const figure: Run[] = [
    { text: "2 Figures", x: 60, y: 740, size: 14, bold: true },
    ...bodyLines(300, 6, 715),
    // Six panels, two by three, labelled row by row: read column by column they nearly rise
    // as an index's letters do (A C E, B D F), but they are few and on one page.
    ...["A", "B", "C", "D", "E", "F"].map((label, i) => ({ text: label, x: 80 + 240 * (i % 2), y: 620 - 40 * Math.floor(i / 2), size: 10, bold: true })),
    ...bodyLines(320, 14, 520),
  ];
  const words = ["anchor", "bearing", "cam", "damper", "escapement", "flange", "gear", "hub", "idler", "jack", "key", "lever", "motor", "nut", "orifice", "piston"];
  const indexColumns = (letters: string[], x0: number, x1: number, top: number): Run[] => {
    const runs: Run[] = [];
    const column = (x: number, group: string[]) => {
      let y = top;
      for (const letter of group) {
        y -= 10;
        runs.push({ text: letter, x: x + 60, y, size: 10, bold: true });
        y -= 14;
        for (const w of words.filter((w) => w[0].toUpperCase() === letter)) {
          for (const suffix of ["", " assembly", " housing"]) {
            runs.push({ text: `${w}${suffix}, ${(w.length * 3) % 17 + 1}`, x, y, size: 9 });
            y -= 11;
          }
        }
      }
    };
    const half = Math.ceil(letters.length / 2);
    column(x0, letters.slice(0, half));
    column(x1, letters.slice(half));
    return runs;
  };
  const pages: Run[][] = [
    chapter("1 Gears", 1),
    figure,
    chapter("3 Motors", 400),
    [{ text: "Index", x: 60, y: 740, size: 14, bold: true }, ...indexColumns(["A", "B", "C", "D", "E", "F", "G", "H"], 60, 320, 720)],
    indexColumns(["I", "J", "K", "L", "M", "N", "O", "P"], 60, 320, 760),
  ];

  it("makes each letter a child of the index at its page, and no heading of the figure's panel labels", async () => {
    const { source, rows } = await outline(await buildPdf(pages));
    expect(source).toBe("layout");
    expect(rows.slice(0, 4)).toEqual(["1 1 Gears [1]", "1 2 Figures [2]", "1 3 Motors [3]", "1 Index [4]"]);
    // The two columns' letters share baselines, so they come in line order (A, E, B, F, ...):
    // each at its page, one level below the index.
    expect(rows.slice(4).sort()).toEqual([
      ...["A", "B", "C", "D", "E", "F", "G", "H"].map((l) => `2 ${l} [4]`),
      ...["I", "J", "K", "L", "M", "N", "O", "P"].map((l) => `2 ${l} [5]`),
    ]);
  });
});

describe("back matter that the printed contents leaves out", () => {
  // The contents lists the two chapters only; after chapter 2 the body sets "References" and
  // "Index" in the chapters' style, and the index heads its letters in bold.
  const listed: [string, number][] = [
    ["1 Introduction", 2],
    ["2 Methods", 3],
    ["3 Results", 4],
  ];
  const contents = contentsPage(listed);
  const chapter = (text: string, y: number): Run => ({ text, x: 60, y, size: 16, bold: true });
  const section = (text: string, y: number): Run => ({ text, x: 60, y, size: 12, bold: true });
  const letters = ["A", "B", "C", "D", "E", "F"];
  const indexPage = (group: string[], top: number): Run[] =>
    group.flatMap((letter, i) => [
      { text: letter, x: 60, y: top - i * 80, size: 11, bold: true },
      ...["gear", "hub", "nut"].map((w, k) => ({ text: `${letter.toLowerCase()}${w}, ${k + 2}`, x: 60, y: top - i * 80 - 18 - k * 12, size: 9 })),
    ]);
  const pages: Run[][] = [
    contents,
    [chapter("1 Introduction", 760), ...bodyLines(1, 30, 730)],
    [chapter("2 Methods", 760), ...bodyLines(40, 30, 730)],
    // A running head above the chapter's own heading repeats its title: the heading is not its own child.
    [{ text: "3 Results", x: 270, y: 785, size: 9 }, chapter("3 Results", 760), ...bodyLines(80, 5, 730), section("3.1 Yields", 640), ...bodyLines(90, 8, 615)],
    [chapter("References", 760), ...bodyLines(110, 12, 730)],
    [chapter("Index", 760), ...indexPage(letters.slice(0, 3), 720)],
    indexPage(letters.slice(3), 760),
  ];

  it("puts References and Index beside the chapters, not under the last section, with the index's letters under it", async () => {
    // (and a chapter whose title a running head repeats above it has no child of its own title)
    const { source, rows } = await outline(await buildPdf(pages));
    expect(source).toBe("printed_toc");
    expect(rows.filter((r) => !/^1 Contents/.test(r))).toEqual([
      "1 1 Introduction [2]",
      "1 2 Methods [3]",
      "1 3 Results [4]",
      "2 3.1 Yields [4]",
      "1 References [5]",
      "1 Index [6]",
      "2 A [6]",
      "2 B [6]",
      "2 C [6]",
      "2 D [7]",
      "2 E [7]",
      "2 F [7]",
    ]);
  });
});

describe("a manuscript with line numbers in the margin (set for review)", () => {
  // Every line of text has a small number in the left margin (in a face of its own), counting
  // down the page on the line's baseline, so each is read on its line ("14 2. Methods").
  let n = 0;
  const numbered = (runs: Run[]): Run[] => runs.flatMap((r) => [{ text: String(++n), x: 30, y: r.y, size: 7, mono: true }, r]);
  const pages: Run[][] = [
    numbered([{ text: "1. Introduction", x: 60, y: 740, size: 12, bold: true }, ...bodyLines(1, 20, 715), { text: "2. Methods", x: 60, y: 430, size: 12, bold: true }, ...bodyLines(30, 12, 405)]),
    numbered([...bodyLines(50, 10, 740), { text: "3. Results", x: 60, y: 590, size: 12, bold: true }, ...bodyLines(70, 20, 565)]),
  ];

  it("finds each numbered heading without its line number, and leaves the numbers out of the text", async () => {
    const doc = await indexPdf(await buildPdf(pages), { addSummaries: false, ignoreOutline: true });
    expect(preorder(doc.tree).map((f) => `${f.depth} ${f.node.title} [${f.node.start_index}]`)).toEqual(["1 1. Introduction [1]", "1 2. Methods [1]", "1 3. Results [2]"]);
    const methods = preorder(doc.tree).find((f) => f.node.title === "2. Methods")!.node;
    expect(methods.text).toMatch(/^2\. Methods\n/);
    expect(methods.text).not.toMatch(/^\d+$/m);
  });
});

describe("sub-sections numbered on from the sections found, in the text's size and a code face", () => {
  // An API manual: sections and subsections in larger bold type; their sub-sections at the
  // text's size, the number in bold and the name in a code face, or run into their paragraph.
  // Only the numbering (1.1 then 1.1.1, 1.1.2; 1.2 then 1.2.1) marks them.
  const pages: Run[][] = [
    [
      { text: "1 Usage", x: 60, y: 740, size: 14, bold: true },
      ...bodyLines(1, 6, 715),
      { text: "1.1 Options", x: 60, y: 625, size: 12, bold: true },
      ...bodyLines(10, 6, 600),
      { text: "1.1.1", x: 60, y: 512, size: 10, bold: true },
      { text: "parseArgs", x: 0, y: 512, size: 10, mono: true, after: true },
      ...bodyLines(20, 4, 494),
      // A line inside a paragraph that happens to open with the next number is text.
      { text: "1.1.2 is the release that added the flag; it is described below as well.", x: 60, y: 442, size: 10 },
      ...bodyLines(30, 8, 429),
    ],
    [
      // The running head names the section that begins further down this page.
      { text: "1.2 Errors", x: 60, y: 770, size: 8 },
      { text: "1.1.2", x: 60, y: 740, size: 10, bold: true },
      { text: "formatHelp", x: 0, y: 740, size: 10, mono: true, after: true },
      ...bodyLines(40, 6, 722),
      { text: "1.2 Errors", x: 60, y: 630, size: 12, bold: true },
      ...bodyLines(50, 5, 605),
      { text: "1.2.1 ErrorCode.", x: 60, y: 520, size: 10, bold: true },
      { text: "Each error carries a code that names what went wrong and where.", x: 0, y: 520, size: 10, after: true },
      ...bodyLines(60, 3, 507),
      // A signature too long for the line wraps under its name, broken with a hyphen.
      { text: "1.2.2", x: 60, y: 462, size: 10, bold: true },
      { text: "Formatter.prototype.describeError(error[, re-", x: 0, y: 462, size: 10, mono: true, after: true },
      { text: "turnStack])", x: 88, y: 450, size: 10, mono: true },
      ...bodyLines(64, 2, 432),
      { text: "2 Reference", x: 60, y: 380, size: 14, bold: true },
      ...bodyLines(70, 8, 355),
    ],
  ];

  it("finds each numbered sub-section at its page and level, wrapped titles whole, and not the running head or a sentence", async () => {
    const { source, rows } = await outline(await buildPdf(pages));
    expect(source).toBe("layout");
    expect(rows).toEqual(["1 1 Usage [1]", "2 1.1 Options [1]", "3 1.1.1 parseArgs [1]", "3 1.1.2 formatHelp [2]", "2 1.2 Errors [2]", "3 1.2.1 ErrorCode [2]", "3 1.2.2 Formatter.prototype.describeError(error[, returnStack]) [2]", "1 2 Reference [2]"]);
  });
});

describe("a package manual whose code listings hold more text than its prose", () => {
  // Sections in 12 pt bold; options described in paragraphs that open with a bold run-in
  // title; a listing after each paragraph, set smaller in a code face, with more characters
  // than the prose. The prose, not the code, is the text the headings stand out from.
  const listing = (y: number): Run[] =>
    Array.from({ length: 5 }, (_, i) => ({ text: `\\setoption{key${i}=value, width=\\linewidth, height=\\textheight} % line ${i} of the example`, x: 72, y: y - 11 * i, size: 9, mono: true }));
  const option = (lead: string, y: number): Run[] => [
    { text: lead, x: 60, y, size: 10, bold: true },
    { text: "This option changes how the package sets its pages.", x: 0, y, size: 10, after: true },
    { text: sentence(y) + " It ends here.", x: 60, y: y - 13, size: 10 },
    ...listing(y - 34),
  ];
  const pages: Run[][] = [
    [
      { text: "1 Options", x: 60, y: 760, size: 12, bold: true },
      ...option("Margins.", 730),
      ...option("Columns.", 600),
      ...option("Fonts.", 470),
      ...option("Colours.", 340),
    ],
    [{ text: "2 Commands", x: 60, y: 760, size: 12, bold: true }, ...option("Boxes.", 730), ...option("Rules.", 600)],
  ];

  it("finds the run-in titles under their sections", async () => {
    const { rows } = await outline(await buildPdf(pages));
    expect(rows).toEqual(["1 1 Options [1]", "2 Margins [1]", "2 Columns [1]", "2 Fonts [1]", "2 Colours [1]", "1 2 Commands [2]", "2 Boxes [2]", "2 Rules [2]"]);
  });
});

describe("a short manual whose index, with leaders and page numbers, shares a page with its last section", () => {
  // Index entries look like contents entries (a title, leaders, a page number); read as a
  // contents page, the page's own headings would be skipped. Their alphabetical order and
  // the several pages of one entry tell them apart.
  const entries = ["\\alpha", "\\beta", "colour (key)", "\\define", "fonts", "\\gamma", "margins (key)", "\\newpage", "\\setoption", "width (key)"];
  const index: Run[] = entries.map((e, i) => ({ text: `${e} . . . . . . . . . . . . ${i % 3 === 0 ? `${1 + (i % 2)}, 3` : String(1 + (i % 3))}`, x: 60, y: 420 - 12 * i, size: 9 }));
  const pages: Run[][] = [
    [{ text: "1 Introduction", x: 60, y: 740, size: 14, bold: true }, ...bodyLines(1, 30, 715)],
    [{ text: "2 Options", x: 60, y: 740, size: 14, bold: true }, ...bodyLines(40, 30, 715)],
    [{ text: "3 Usage", x: 60, y: 740, size: 14, bold: true }, ...bodyLines(80, 16, 715), { text: "Index", x: 60, y: 450, size: 14, bold: true }, ...index],
  ];

  it("keeps the page's headings, the index's among them", async () => {
    const { rows } = await outline(await buildPdf(pages));
    expect(rows).toEqual(["1 1 Introduction [1]", "1 2 Options [2]", "1 3 Usage [3]", "1 Index [3]"]);
  });
});

describe("legal numbering in the body font over names set in a code face", () => {
  // A word processor's outline numbering (I., A., 1.) at the text's size, each level at its own
  // indent, over API names set smaller in a code face: nothing but the labels marks the
  // headings, the names start in lower case, and one title is no title at all ("Event: <m>;").
  const item = (label: string, name: string, x: number, y: number): Run[] => [
    { text: label, x, y, size: 12 },
    { text: name, x: 0, y, size: 10, mono: true, after: true },
  ];
  const pages: Run[][] = [
    [
      { text: "I. Promises API", x: 72, y: 740, size: 12 },
      ...legalText(1, 2, 715),
      ...item("A.", "Class: inspector.Session", 108, 670),
      ...legalText(10, 2, 645),
      ...item("1.", "new inspector.Session()", 144, 600),
      ...legalText(20, 2, 575),
      ...item("2.", "Event: <inspector-protocol-method>;", 144, 530),
      ...legalText(30, 2, 505),
      ...item("3.", "session.connect()", 144, 460),
      ...legalText(40, 3, 435),
      ...item("B.", "Class: inspector.Network", 108, 375),
      ...legalText(50, 3, 350),
    ],
    [
      { text: "II. Callback API", x: 72, y: 740, size: 12 },
      ...legalText(60, 2, 715),
      ...item("A.", "inspector.close()", 108, 670),
      ...legalText(70, 2, 645),
      ...item("B.", "inspector.open([port])", 108, 600),
      ...legalText(80, 6, 575),
    ],
  ];

  it("reads the labels as the outline, names in lower case among them, past a title it cannot read", async () => {
    const { source, rows } = await outline(await buildPdf(pages));
    expect(source).toBe("layout");
    expect(rows).toEqual([
      "1 I. Promises API [1]",
      "2 A. Class: inspector.Session [1]",
      "3 1. new inspector.Session() [1]",
      "3 3. session.connect() [1]",
      "2 B. Class: inspector.Network [1]",
      "1 II. Callback API [2]",
      "2 A. inspector.close() [2]",
      "2 B. inspector.open([port]) [2]",
    ]);
  });
});

describe("sub-sections centred in the text's own size and face", () => {
  // A reference manual: sections in 12 pt bold at the margin; their entries centred over the
  // text in its own size, in the text's face or a code face (names in lower case). Centring
  // is all that marks them. A centred caption and a centred running head above the text
  // block are not sections.
  const pages = async (): Promise<Run[][]> => {
    // Sentences 10-99 are all one width: the text block runs from 60 to 60 + that width.
    const middle = 60 + (await timesWidth(sentence(10), 10)) / 2;
    const entry = (text: string, y: number, mono = false): Run => ({ text, x: middle, y, size: 10, centred: true, mono });
    const head = (text: string): Run => ({ text, x: middle, y: 770, size: 10, centred: true });
    return [
      [
        { text: "1 Cursor", x: 60, y: 740, size: 12, bold: true },
        ...bodyLines(10, 4, 715),
        entry("cursorTo(x, y)", 650, true),
        ...bodyLines(14, 5, 625),
        entry("Returns", 545),
        ...bodyLines(19, 4, 520),
        entry("Figure 1: Where the cursor moves", 455),
        ...bodyLines(23, 6, 430),
      ],
      [
        head("1 Cursor"),
        ...bodyLines(30, 3, 740),
        entry("cursorMove(x, y)", 685, true),
        ...bodyLines(33, 5, 660),
        entry("Returns", 580),
        ...bodyLines(38, 4, 555),
        { text: "2 Screen", x: 60, y: 480, size: 12, bold: true },
        ...bodyLines(42, 4, 455),
        entry("eraseScreen", 390, true),
        ...bodyLines(46, 6, 365),
      ],
      [head("2 Screen"), ...bodyLines(52, 8, 740), entry("Scrolling", 620), ...bodyLines(60, 10, 595)],
    ];
  };

  it("finds each centred entry under its section at its page, and not the caption or the running head", async () => {
    const { source, rows } = await outline(await buildPdf(await pages()));
    expect(source).toBe("layout");
    expect(rows).toEqual([
      "1 1 Cursor [1]",
      "2 cursorTo(x, y) [1]",
      "3 Returns [1]",
      "2 cursorMove(x, y) [2]",
      "3 Returns [2]",
      "1 2 Screen [2]",
      "2 eraseScreen [2]",
      "3 Scrolling [3]",
    ]);
  });
});

describe("API entries in a bold code face at the text's size, beside listings and an option list", () => {
  // A word processor's API manual: sections in 12 pt bold; each entry's heading is the name
  // alone in bold code at the text's size, then prose or a bulleted list of parameters at the
  // same margin. Listings use the regular code face, which holds more of the code. A short
  // list of command-line options in the bold code face, each described in an indented
  // paragraph, is a list, not sections (a long one makes the face a list's, not headings').
  const listing = (y: number, n = 3): Run[] => Array.from({ length: n }, (_, i) => ({ text: `const value${i} = compute(input, { level: ${i} }); // step ${i}`, x: 72, y: y - 11 * i, size: 10, mono: true }));
  const entry = (name: string, y: number): Run[] => [
    { text: name, x: 60, y, size: 10, monoBold: true },
    { text: "• options {Object} settings for the call", x: 78, y: y - 18, size: 10 },
    ...bodyLines(y, 2, y - 34),
    ...listing(y - 66),
  ];
  const option = (name: string, y: number): Run[] => [
    { text: name, x: 60, y, size: 10, monoBold: true },
    { text: `Sets ${name.replace(/^-+/, "")} for the whole run and keeps it for every later call.`, x: 80, y: y - 15, size: 10 },
  ];
  const pages: Run[][] = [
    [
      { text: "1 Streams", x: 60, y: 740, size: 12, bold: true },
      ...bodyLines(10, 3, 715),
      ...entry("zlib.close([callback])", 660),
      ...entry("zlib.flush([kind, ]callback)", 550),
      ...entry("zlib.reset()", 440),
      ...bodyLines(40, 8, 330),
    ],
    [
      { text: "2 Command line", x: 60, y: 740, size: 12, bold: true },
      ...bodyLines(50, 3, 715),
      ...option("--level", 660),
      ...option("--strategy", 620),
      ...bodyLines(60, 6, 500),
      { text: "3 Constants", x: 60, y: 400, size: 12, bold: true },
      ...bodyLines(70, 3, 375),
      ...entry("zlib.constants", 320),
    ],
  ];

  it("makes each name an entry under its section, and no entry of an option with its description indented", async () => {
    const { source, rows } = await outline(await buildPdf(pages));
    expect(source).toBe("layout");
    expect(rows).toEqual([
      "1 1 Streams [1]",
      "2 zlib.close([callback]) [1]",
      "2 zlib.flush([kind, ]callback) [1]",
      "2 zlib.reset() [1]",
      "1 2 Command line [2]",
      "1 3 Constants [2]",
      "2 zlib.constants [2]",
    ]);
  });
});

describe("a report whose chapters print their number on a line of its own above the title", () => {
  // The contents lists "2 Usage"; the body sets "Chapter 2" over "Usage" in the chapter face,
  // so the listed chapter is located at its title line, one line after "Chapter 2". Sections
  // in a smaller bold face sit under each chapter.
  const listed: [string, number][] = [
    ["1 Installation", 2],
    ["2 Usage", 3],
    ["3 License", 4],
  ];
  const contents = contentsPage(listed);
  const chapter = (n: number, title: string): Run[] => [
    { text: `Chapter ${n}`, x: 60, y: 740, size: 18, bold: true },
    { text: title, x: 60, y: 700, size: 22, bold: true },
  ];
  const section = (text: string, y: number): Run => ({ text, x: 60, y, size: 12, bold: true });
  const pages: Run[][] = [
    contents,
    [...chapter(1, "Installation"), ...bodyLines(10, 6, 660), section("1.1 Requirements", 570), ...bodyLines(20, 10, 545)],
    [...chapter(2, "Usage"), ...bodyLines(30, 6, 660), section("2.1 Options", 570), ...bodyLines(40, 10, 545)],
    [...chapter(3, "License"), ...bodyLines(50, 12, 660)],
  ];

  it("makes no section of the chapter label under the chapter before it", async () => {
    const { source, rows } = await outline(await buildPdf(pages));
    expect(source).toBe("printed_toc");
    expect(rows.filter((r) => !/^1 Contents/.test(r))).toEqual(["1 1 Installation [2]", "2 1.1 Requirements [2]", "1 2 Usage [3]", "2 2.1 Options [3]", "1 3 License [4]"]);
  });
});

describe("a contents list with a running head over its second page and a list of tables below it", () => {
  // Two contents pages: the second carries the running head "CONTENTS 2" (which reads like an
  // entry: a title and a number) and ends with "List of Tables" in the contents title's size,
  // followed by table captions with their pages (which read like entries too). The list is a
  // section of its own, titled as the contents are, on that page (printed-toc.ts frontSections).
  const entry = (text: string, page: number, y: number, x = 60): Run => ({ text: `${text} ${".".repeat(40)} ${page}`, x, y, size: 10 });
  const chapter = (text: string, y: number): Run => ({ text, x: 60, y, size: 16, bold: true });
  const section = (text: string, y: number): Run => ({ text, x: 60, y, size: 12, bold: true });
  const pages: Run[][] = [
    [
      { text: "Contents", x: 60, y: 780, size: 14, bold: true },
      entry("1 Introduction", 3, 740),
      entry("1.1 Scope", 3, 720, 75),
      entry("1.2 Terms", 4, 700, 75),
    ],
    [
      { text: "CONTENTS 2", x: 60, y: 785, size: 8 },
      entry("2 Methods", 5, 740),
      entry("2.1 Samples", 5, 720, 75),
      entry("2.2 Yields", 6, 700, 75),
      entry("2.3 Costs", 6, 680, 75),
      entry("2.4 Limits", 6, 660, 75),
      entry("2.5 Risks", 6, 640, 75),
      { text: "List of Tables", x: 60, y: 600, size: 14, bold: true },
      entry("1 Samples by site", 5, 570),
      entry("2 Yields by year", 6, 550),
    ],
    [chapter("1 Introduction", 760), ...bodyLines(1, 5, 730), section("1.1 Scope", 650), ...bodyLines(10, 20, 625)],
    [section("1.2 Terms", 760), ...bodyLines(30, 30, 735)],
    [chapter("2 Methods", 760), ...bodyLines(60, 5, 730), section("2.1 Samples", 650), ...bodyLines(70, 5, 625), { text: "Table 1: Samples by site", x: 60, y: 540, size: 10 }, ...bodyLines(80, 10, 520)],
    [section("2.2 Yields", 760), ...bodyLines(90, 5, 735), { text: "Table 2: Yields by year", x: 60, y: 660, size: 10 }, ...bodyLines(100, 5, 640), section("2.3 Costs", 560), ...bodyLines(110, 5, 535), section("2.4 Limits", 460), ...bodyLines(120, 5, 435), section("2.5 Risks", 360), ...bodyLines(130, 5, 335)],
  ];

  it("reads neither the running head nor the table captions as sections, and keeps the chapters at the top", async () => {
    const { source, rows } = await outline(await buildPdf(pages));
    expect(source).toBe("printed_toc");
    expect(rows).toEqual([
      "1 Contents [1]",
      "1 List of Tables [2]",
      "1 1 Introduction [3]",
      "2 1.1 Scope [3]",
      "2 1.2 Terms [4]",
      "1 2 Methods [5]",
      "2 2.1 Samples [5]",
      "2 2.2 Yields [6]",
      "2 2.3 Costs [6]",
      "2 2.4 Limits [6]",
      "2 2.5 Risks [6]",
    ]);
  });
});

describe("an agreement's clauses numbered in its own type and run into their paragraphs", () => {
  // A report with bold numbered sections, then an exhibit set a size larger than the report's
  // text whose clauses open "N. Title. Sentence ...": only their numbering counts on, and the
  // clause's title ends at its period.
  const sectionHeading = (text: string, y: number): Run => ({ text, x: 60, y, size: 14, bold: true });
  const clauseNames = ["Definitions", "Grant of Units", "Vesting", "Adjustments", "Transferability", "Governing Law"];
  const clause = (n: number, top: number): Run[] => [
    { text: `${n}. ${clauseNames[n - 1]}. The parties agree that the terms of this clause apply to the award in full and`, x: 80, y: top, size: 11 },
    ...[1, 2, 3].map((k) => ({ text: `without exception, as line ${k} of clause ${n} says at some length for the reader to follow along.`, x: 60, y: top - 14 * k, size: 11 })),
  ];
  const pages: Run[][] = [
    [{ text: "Annual Report", x: 220, y: 780, size: 18, bold: true }, sectionHeading("1 Overview", 740), ...bodyLines(1, 40, 715)],
    [sectionHeading("2 Results", 760), ...bodyLines(50, 40, 735)],
    [sectionHeading("3 Award Terms", 760), ...clause(1, 720), ...clause(2, 650), ...clause(3, 580), ...bodyLines(100, 10, 510)],
    [...clause(4, 760), ...clause(5, 690), ...clause(6, 620), ...bodyLines(120, 10, 550)],
  ];

  it("titles each clause by its number and name, not by the sentence after it", async () => {
    const { rows } = await outline(await buildPdf(pages));
    const clauses = rows.filter((r) => /^\d+ \d\. /.test(r));
    expect(clauses.map((r) => r.replace(/^\d+ /, ""))).toEqual([
      "1. Definitions [3]",
      "2. Grant of Units [3]",
      "3. Vesting [3]",
      "4. Adjustments [4]",
      "5. Transferability [4]",
      "6. Governing Law [4]",
    ]);
  });
});

describe("one level of roman-numbered sections in the body font, with code listings between", () => {
  // A README exported from a word processor: "I. Installation" ... "VI. License" open lines of
  // their own in the text's font and size, and nothing else marks them. Paragraphs are short
  // and spaced apart, so the usual distance between two lines of text is a paragraph's; a
  // label under a code listing (set smaller, ending without punctuation) is a line's space
  // below it.
  const para = (n: number, top: number, lines = 1): Run[] => Array.from({ length: lines }, (_, k) => ({ text: sentence(n + k), x: 72, y: top - 14 * k, size: 12 }));
  const code = (text: string, y: number): Run => ({ text, x: 72, y, size: 10, mono: true });
  const label = (text: string, y: number): Run => ({ text, x: 72, y, size: 12 });
  const pages: Run[][] = [
    [
      { text: "fetch-kit", x: 250, y: 740, size: 24 },
      ...para(1, 700), ...para(2, 678), ...para(3, 656, 2),
      label("I. Installation", 610), ...para(10, 588), code("$ npm install fetch-kit", 566),
      label("II. Usage", 540), ...para(20, 518), ...para(21, 496), code("const kit = require('fetch-kit')", 474), code("kit.get(url)", 462),
      label("III. Options", 436), ...para(30, 414), ...para(31, 392), ...para(32, 370, 2), ...para(34, 326),
    ],
    [
      label("IV. Errors", 740), ...para(40, 718), ...para(41, 696), code("kit.on('error', report)", 674),
      label("V. Running Tests", 648), code("$ npm test", 626),
      label("VI. License", 600), ...para(50, 578), ...para(51, 556), ...para(52, 534, 2),
    ],
  ];

  it("reads the labels as the document's sections, those under a code listing too", async () => {
    const { source, rows } = await outline(await buildPdf(pages));
    expect(source).toBe("layout");
    expect(rows.filter((r) => !/fetch-kit/.test(r))).toEqual(["1 I. Installation [1]", "1 II. Usage [1]", "1 III. Options [1]", "1 IV. Errors [2]", "1 V. Running Tests [2]", "1 VI. License [2]"]);
  });

  it("reads a roman label whose title starts in lower case (a package's name) as a heading", async () => {
    const named: Run[][] = [
      [
        label("I. fetch-kit", 740), ...para(1, 718), ...para(2, 696),
        { text: "A. Users", x: 108, y: 660, size: 12 }, ...para(10, 638), ...para(11, 616),
        { text: "B. How to Use", x: 108, y: 580, size: 12 }, ...para(20, 558), ...para(21, 536),
        label("II. License", 500), ...para(30, 478), ...para(31, 456, 3),
      ],
    ];
    const { source, rows } = await outline(await buildPdf(named));
    expect(source).toBe("layout");
    expect(rows).toEqual(["1 I. fetch-kit [1]", "2 A. Users [1]", "2 B. How to Use [1]", "1 II. License [1]"]);
  });

  it("leaves a numbered list of short steps as text: its items follow one another", async () => {
    // Each step ends in a period, so each opens a block as a heading would.
    const steps = ["Open the box.", "Take out the unit.", "Plug in the cable.", "Switch the unit on.", "Wait for the light."];
    const list: Run[][] = [[{ text: "Quick Start", x: 240, y: 740, size: 24 }, ...para(1, 700), ...para(2, 678), ...steps.map((s, i) => label(`${i + 1}. ${s}`, 650 - 14 * i)), ...para(10, 560), ...para(11, 538), ...para(12, 516, 3)]];
    const { rows } = await outline(await buildPdf(list));
    expect(rows.some((r) => /Open the box|Switch the unit/.test(r))).toBe(false);
  });
});

describe("lettered sub-sections in a face the text also uses for whole sentences (IEEE style)", () => {
  // Sections "I. Introduction" in bold at 12 pt; sub-sections "A. Features" in the face the
  // paper also sets its quoted sentences in, at the text's size: most lines of that face are
  // sentences, so the face alone is no heading style, but its letters count on (A, B, C, and
  // again A under the next section).
  const section = (text: string, y: number): Run => ({ text, x: 60, y, size: 12, bold: true });
  const sub = (text: string, y: number): Run => ({ text, x: 60, y, size: 10, boldItalic: true });
  const quote = (n: number, y: number): Run => ({ text: `Quoted sentence ${n} is set in the emphasis face across the whole width of the column.`, x: 60, y, size: 10, boldItalic: true });
  const block = (title: string, n: number, top: number): Run[] => [sub(title, top), ...bodyLines(n, 2, top - 14), quote(n, top - 40), quote(n + 1, top - 53), ...bodyLines(n + 5, 2, top - 66)];
  const pages: Run[][] = [
    [section("I. Introduction", 760), ...bodyLines(1, 3, 740), ...block("A. Scope", 10, 690), ...block("B. Related Work", 20, 590), ...block("C. Outline", 30, 490), ...bodyLines(40, 3, 390)],
    [section("II. Method", 760), ...bodyLines(50, 3, 740), ...block("A. Data", 60, 690), ...block("B. Model", 70, 590), ...bodyLines(80, 4, 490)],
  ];

  it("finds each lettered sub-section under its section, and no quoted sentence", async () => {
    const { rows } = await outline(await buildPdf(pages));
    expect(rows).toEqual(["1 I. Introduction [1]", "2 A. Scope [1]", "2 B. Related Work [1]", "2 C. Outline [1]", "1 II. Method [2]", "2 A. Data [2]", "2 B. Model [2]"]);
  });
});

describe("run-in subsections whose titles hold a name in a code face", () => {
  // "1.1. Why is .toMatch deprecated? The ...": number and title in bold, a code name in the
  // middle of the title breaks the bold run, the paragraph runs on after the title's end.
  const para = (runs: Run[], y: number): Run[] => [
    ...runs.map((r, i): Run => (i === 0 ? { ...r, x: 60, y, size: 10 } : { ...r, x: 0, y, size: 10, after: true })),
    { text: sentence(y), x: 60, y: y - 13, size: 10 },
    { text: sentence(y + 1) + " It ends here.", x: 60, y: y - 26, size: 10 },
  ];
  const pages: Run[][] = [
    [
      { text: "1. Usage", x: 60, y: 780, size: 12, bold: true },
      { text: sentence(1), x: 60, y: 755, size: 10 },
      { text: sentence(2) + " Done.", x: 60, y: 742, size: 10 },
      ...para([{ text: "1.1. Why is", bold: true }, { text: ".toMatch", mono: true }, { text: "deprecated?", bold: true }, { text: "The method described here is kept for older code bases." }] as Run[], 715),
      ...para([{ text: "1.2. Jest and", bold: true }, { text: "eslint-plugin-jest.", mono: true }, { text: "If you use both of them, the rule below turns the warning off." }] as Run[], 650),
      ...para([{ text: "1.3. Matchers", bold: true }, { text: "Every matcher takes a type argument or a value of that type." }] as Run[], 585),
    ],
  ];

  it("titles each subsection by its whole title, the code name too, and not by the sentence after it", async () => {
    const { rows } = await outline(await buildPdf(pages));
    expect(rows).toEqual(["1 1. Usage [1]", "2 1.1. Why is .toMatch deprecated? [1]", "2 1.2. Jest and eslint-plugin-jest [1]", "2 1.3. Matchers [1]"]);
  });
});

describe("a printed contents whose last entry is set larger at the chapters' indent", () => {
  // The "Index" entry at the end of a LaTeX contents comes in the chapters' indent but in
  // larger type; it holds nothing, so it sits beside the chapters, not above them.
  const entries: [number, string, number, number][] = [
    [0, "1 Introduction", 2, 10],
    [1, "1.1 Scope", 2, 10],
    [1, "1.2 Terms", 3, 10],
    [0, "2 Usage", 3, 10],
    [1, "2.1 Options", 4, 10],
    [0, "3 Examples", 4, 10],
    [0, "Index", 5, 12],
  ];
  const contents: Run[] = [{ text: "Contents", x: 60, y: 780, size: 14, bold: true }];
  entries.forEach(([depth, title, page, size], i) => {
    contents.push({ text: `${title} ${".".repeat(40 - depth * 4)} ${page}`, x: 60 + depth * 18, y: 740 - i * 20, size, bold: size > 10 });
  });
  const pages: Run[][] = [contents, ...bodyPages(entries.map(([depth, title, page]) => ({ title, page, size: depth === 0 ? 14 : 12 })))];

  it("keeps the chapters at the top level with the larger entry beside them", async () => {
    const { source, rows } = await outline(await buildPdf(pages));
    expect(source).toBe("printed_toc");
    expect(rows).toEqual(["1 Contents [1]", "1 1 Introduction [2]", "2 1.1 Scope [2]", "2 1.2 Terms [3]", "1 2 Usage [3]", "2 2.1 Options [4]", "1 3 Examples [4]", "1 Index [5]"]);
  });
});

describe("a printed contents that hangs chapter numbers left of the Parts", () => {
  // Some book classes hang a chapter's number in the margin, so "1 Arguments" starts left of
  // "Part I The Essentials"; the Parts still hold the chapters.
  const entries: [string, number, boolean][] = [
    ["Welcome", 2, false],
    ["Part I The Essentials", 2, true],
    ["1 Arguments", 3, false],
    ["2 Colour", 3, false],
    ["Part II Graphics objects", 4, true],
    ["3 Lines", 4, false],
    ["4 Curves", 5, false],
  ];
  const contents: Run[] = [{ text: "Contents", x: 200, y: 780, size: 14, bold: true }];
  entries.forEach(([title, page, part], i) => {
    contents.push({ text: `${title} ${".".repeat(30)} ${page}`, x: part || title === "Welcome" ? 80 : 66, y: 740 - i * 20, size: part || title === "Welcome" ? 12 : 10, bold: part });
  });
  const pages: Run[][] = [contents, ...bodyPages(entries.map(([title, page, part]) => ({ title, page, size: part ? 20 : 14 })))];

  it("nests the chapters under their Part", async () => {
    const { source, rows } = await outline(await buildPdf(pages));
    expect(source).toBe("printed_toc");
    expect(rows).toEqual(["1 Contents [1]", "1 Welcome [2]", "1 Part I The Essentials [2]", "2 1 Arguments [3]", "2 2 Colour [3]", "1 Part II Graphics objects [4]", "2 3 Lines [4]", "2 4 Curves [5]"]);
  });
});

describe("a printed contents set flat, every entry at one indent and size", () => {
  // Some classes list "1", "1.1" and "1.2.1" all at the left margin in one type; the numbers
  // alone tell the levels.
  const entries: [string, number][] = [
    ["1 Introduction", 2],
    ["1.1 Installation", 2],
    ["1.2 Changelog", 2],
    ["1.2.1 Version two", 3],
    ["1.2.2 Version one", 3],
    ["2 Usage", 4],
    ["2.1 Options", 4],
  ];
  const contents: Run[] = [{ text: "Contents", x: 60, y: 780, size: 14, bold: true }];
  entries.forEach(([title, page], i) => contents.push({ text: `${title} ${".".repeat(30)} ${page}`, x: 60, y: 740 - i * 20, size: 10 }));
  // Larger type for shallower numbers, as the body sets them.
  const pages: Run[][] = [contents, ...bodyPages(entries.map(([title, page]) => ({ title, page, size: 16 - 2 * title.split(" ")[0].split(".").length })), 3)];

  it("nests the entries by their numbers", async () => {
    const { source, rows } = await outline(await buildPdf(pages));
    expect(source).toBe("printed_toc");
    expect(rows).toEqual(["1 Contents [1]", "1 1 Introduction [2]", "2 1.1 Installation [2]", "2 1.2 Changelog [2]", "3 1.2.1 Version two [3]", "3 1.2.2 Version one [3]", "1 2 Usage [4]", "2 2.1 Options [4]"]);
  });
});

describe("a thesis whose contents list its front matter by roman page labels", () => {
  // Cover and approval pages numbered 1 to 3 by the page labels, front matter i to iii, the
  // body from 1 again. The contents list the abstract and acknowledgements (before them, on
  // pages i and ii) and the list of tables (after them) among their first lines; the body's
  // page numbers repeat the cover's labels.
  const entry = (text: string, page: string, y: number, x = 60): Run => ({ text: `${text} ${". ".repeat(30)} ${page}`, x, y, size: 11 });
  const title = (text: string, y = 760): Run => ({ text, x: 200, y, size: 14, bold: true });
  const labels: LabelRange[] = [
    { from: 0, style: "D" },
    { from: 3, style: "r" },
    { from: 7, style: "D" },
  ];
  const pages: Run[][] = [
    [{ text: "A Study of Generated Theses", x: 160, y: 600, size: 20, bold: true }],
    [{ text: "Approved by the committee", x: 200, y: 600, size: 12 }],
    [{ text: "For my family", x: 250, y: 600, size: 12 }],
    [title("ABSTRACT"), ...bodyLines(1, 12, 720, 11, 24)],
    [title("ACKNOWLEDGEMENTS"), ...bodyLines(20, 6, 720, 11, 24)],
    [
      title("TABLE OF CONTENTS"),
      entry("ABSTRACT", "i", 720),
      entry("ACKNOWLEDGEMENTS", "ii", 700),
      entry("LIST OF TABLES", "iv", 680),
      entry("1. INTRODUCTION", "1", 660),
      entry("1.1. Background", "1", 640, 78),
      entry("1.2. Aims", "2", 620, 78),
      entry("2. METHOD", "3", 600),
      entry("2.1. Samples", "3", 580, 78),
      entry("REFERENCES", "4", 560),
    ],
    [title("LIST OF TABLES"), { text: "Table Page", x: 60, y: 720, size: 11 }, entry("1.1. Samples by site", "3", 700)],
    [title("1. INTRODUCTION"), ...bodyLines(40, 4, 720, 11, 24), { text: "1.1. Background", x: 60, y: 600, size: 11, bold: true }, ...bodyLines(50, 10, 570, 11, 24)],
    [{ text: "1.2. Aims", x: 60, y: 760, size: 11, bold: true }, ...bodyLines(60, 20, 730, 11, 24)],
    [title("2. METHOD"), ...bodyLines(80, 4, 720, 11, 24), { text: "2.1. Samples", x: 60, y: 600, size: 11, bold: true }, ...bodyLines(90, 10, 570, 11, 24)],
    [title("REFERENCES"), ...bodyLines(100, 8, 720, 11, 24)],
  ];

  it("finds the front matter before the contents and the body sections at the body's pages", async () => {
    const { source, rows } = await outline(await buildPdf(pages, undefined, labels));
    expect(source).toBe("printed_toc");
    expect(rows).toEqual([
      "1 A Study of Generated Theses [1]",
      "1 ABSTRACT [4]",
      "1 ACKNOWLEDGEMENTS [5]",
      "1 TABLE OF CONTENTS [6]",
      "1 LIST OF TABLES [7]",
      "1 1. INTRODUCTION [8]",
      "2 1.1. Background [8]",
      "2 1.2. Aims [9]",
      "1 2. METHOD [10]",
      "2 2.1. Samples [10]",
      "1 REFERENCES [11]",
    ]);
  });
});

describe("a report whose page labels number the front pages 1 to 6 and the body from 1 again", () => {
  // The contents (on the second page) list the body's pages; "1" to "3" are the labels of
  // the cover and front pages too, and of the body's first pages.
  const entry = (text: string, page: number, y: number, x = 60): Run => ({ text: `${text} ${". ".repeat(30)} ${page}`, x, y, size: 11 });
  const labels: LabelRange[] = [
    { from: 0, style: "D" },
    { from: 6, style: "D" },
  ];
  const front = (title: string, from: number): Run[] => [{ text: title, x: 60, y: 760, size: 16, bold: true }, ...bodyLines(from, 10, 720, 11, 24)];
  const pages: Run[][] = [
    [{ text: "Annual Survey of Generated Reports", x: 120, y: 600, size: 20, bold: true }],
    [{ text: "Contents", x: 60, y: 760, size: 16, bold: true }, entry("1 Overview", 1, 720), entry("1.1 Scope", 1, 700, 78), entry("2 Design", 2, 680), entry("3 Results", 3, 660)],
    bodyLines(1, 20, 760, 11, 24),
    bodyLines(20, 20, 760, 11, 24),
    bodyLines(40, 20, 760, 11, 24),
    [],
    [...front("1 Overview", 60), { text: "1.1 Scope", x: 60, y: 450, size: 13, bold: true }, ...bodyLines(80, 4, 420, 11, 24)],
    front("2 Design", 100),
    front("3 Results", 120),
  ];

  it("finds each listed section at the body page that bears its label", async () => {
    const { source, rows } = await outline(await buildPdf(pages, undefined, labels));
    expect(source).toBe("printed_toc");
    expect(rows).toEqual(["1 Annual Survey of Generated Reports [1]", "1 Contents [2]", "1 1 Overview [7]", "2 1.1 Scope [7]", "1 2 Design [8]", "1 3 Results [9]"]);
  });
});

describe("an API reference whose every function has its Parameters and Returns", () => {
  // Five functions, each with the same two sub-headings; then a table over four pages whose
  // label "Rates (continued)" repeats in the sub-headings' face with no heading in between.
  const fn = (name: string, top: number): Run[] => [
    { text: name, x: 60, y: top, size: 14, bold: true },
    ...bodyLines(top, 2, top - 24, 10, 14),
    { text: "Parameters", x: 60, y: top - 70, size: 12, bold: true },
    ...bodyLines(top + 1, 3, top - 90, 10, 14),
    { text: "Returns", x: 60, y: top - 150, size: 12, bold: true },
    ...bodyLines(top + 2, 2, top - 170, 10, 14),
  ];
  const row = (k: number, y: number): Run => ({ text: `Region ${k}      ${k * 3}.0      ${k * 7}.5      ${k + 1}.25`, x: 60, y, size: 10 });
  const tablePage = (from: number, labelY: number): Run[] => [
    ...bodyLines(from, 3, 760, 10, 14),
    { text: "Rates (continued)", x: 60, y: labelY, size: 12, bold: true },
    ...Array.from({ length: 12 }, (_, k) => row(from + k, labelY - 20 - 14 * k)),
  ];
  const pages: Run[][] = [
    [{ text: "Widget API", x: 240, y: 780, size: 20, bold: true }, ...fn("createWidget(options)", 730), ...fn("destroyWidget(widget)", 480)],
    [...fn("moveWidget(widget, x, y)", 760), ...fn("resizeWidget(widget, size)", 510)],
    [...fn("listWidgets()", 760), { text: "Rate tables", x: 60, y: 520, size: 14, bold: true }, ...bodyLines(200, 8, 495, 10, 14)],
    tablePage(300, 700),
    tablePage(320, 680),
    tablePage(340, 690),
    tablePage(360, 670),
  ];

  it("makes each function's Parameters and Returns its children, and no node of the repeated table label", async () => {
    const { rows } = await outline(await buildPdf(pages));
    const fns = ["createWidget(options) [1]", "destroyWidget(widget) [1]", "moveWidget(widget, x, y) [2]", "resizeWidget(widget, size) [2]", "listWidgets() [3]"];
    expect(rows).toEqual([
      "1 Widget API [1]",
      ...fns.flatMap((f) => [`1 ${f}`, `2 Parameters [${f.slice(-2, -1)}]`, `2 Returns [${f.slice(-2, -1)}]`]),
      "1 Rate tables [3]",
    ]);
  });
});

describe("legal numbering in the body font with lettered option names in lower case", () => {
  // I. > A. > 1. > a. at four indents in the text's own type; the options under "1. Options"
  // are lettered names in lower case, each over its paragraph. A list lettered the same way,
  // one short item per line, is no heading.
  const pages: Run[][] = [
    [
      legalLabel("I. Installation", 72, 740),
      ...legalText(1, 2, 715),
      legalLabel("II. API", 72, 670),
      ...legalText(10, 2, 645),
      legalLabel("A. send(req, path)", 108, 600),
      ...legalText(20, 2, 575),
      legalLabel("1. Options", 144, 530),
      ...legalText(30, 2, 505),
      legalLabel("a. acceptRanges", 180, 460),
      ...legalText(40, 2, 435),
      legalLabel("b. cacheControl", 180, 390),
      ...legalText(50, 2, 365),
      legalLabel("c. dotfiles", 180, 320),
      ...legalText(60, 2, 295),
    ],
    [
      legalLabel("2. Events", 144, 740),
      ...legalText(70, 2, 715),
      legalLabel("a. apples", 180, 670),
      legalLabel("b. pears", 180, 655),
      legalLabel("c. plums", 180, 640),
      ...legalText(80, 2, 615),
      legalLabel("B. send.mime", 108, 570),
      ...legalText(85, 2, 545),
      legalLabel("III. Caching", 72, 500),
      ...legalText(90, 4, 475),
    ],
  ];

  it("makes each lettered option a node under Options, and no node of the list's items", async () => {
    const { rows } = await outline(await buildPdf(pages));
    expect(rows).toEqual([
      "1 I. Installation [1]",
      "1 II. API [1]",
      "2 A. send(req, path) [1]",
      "3 1. Options [1]",
      "4 a. acceptRanges [1]",
      "4 b. cacheControl [1]",
      "4 c. dotfiles [1]",
      "3 2. Events [2]",
      "2 B. send.mime [2]",
      "1 III. Caching [2]",
    ]);
  });
});

describe("a short manual whose two-column index is read row by row, its columns a line apart", () => {
  // The index's columns do not share baselines (a letter head in one shifts the other), so
  // the page shows no gutter and its rows alternate between the columns: entries with leaders
  // and page numbers, out of alphabetical order. The letter heads ("A", "D") mark it an index.
  const left = ["alpha (key)", "anchor", "beta (key)", "\\box", "colour (key)", "\\centre"];
  const right = ["define (key)", "\\dots", "fonts", "\\frame", "gamma (key)", "\\grid"];
  const entry = (e: string, x: number, y: number, page: number): Run => ({ text: `${e} . . . . . . . . . . . . ${page}`, x, y, size: 9 });
  const index: Run[] = [
    { text: "A", x: 60, y: 420, size: 10, bold: true },
    { text: "D", x: 320, y: 413, size: 10, bold: true },
    ...left.map((e, i) => entry(e, 60, 406 - 14 * i, 1 + (i % 3))),
    ...right.map((e, i) => entry(e, 320, 399 - 14 * i, 1 + ((i + 1) % 3))),
  ];
  const pages: Run[][] = [
    [{ text: "1 Introduction", x: 60, y: 740, size: 14, bold: true }, ...bodyLines(1, 30, 715)],
    [{ text: "2 Options", x: 60, y: 740, size: 14, bold: true }, ...bodyLines(40, 30, 715)],
    [{ text: "3 Usage", x: 60, y: 740, size: 14, bold: true }, ...bodyLines(80, 16, 715), { text: "Index", x: 60, y: 450, size: 14, bold: true }, ...index],
  ];

  it("reads no contents page in it and keeps the headings", async () => {
    const { source, rows } = await outline(await buildPdf(pages));
    expect(source).toBe("layout");
    expect(rows.slice(0, 4)).toEqual(["1 1 Introduction [1]", "1 2 Options [2]", "1 3 Usage [3]", "1 Index [3]"]);
  });
});

describe("a journal paper's italic lettered sub-sections and numbered run-in headings closed by a colon", () => {
  // IEEE-style: "A. Title" in italics at the text's size on a line of its own, and below it
  // "1) Title: text ...", the title in italics run into its paragraph after a colon. A
  // sub-section's paragraph may open in lower case (a program's name); a run-in title whose
  // paragraph is a listing stands alone on its line, even right under the last line of the
  // entry before it.
  const runIn = (title: string, y: number): Run[] => [
    { text: title, x: 60, y, size: 10, italic: true },
    { text: "Prints what the option does and then the program exits.", x: 0, y, size: 10, after: true },
    { text: sentence(y) + " It ends here.", x: 60, y: y - 13, size: 10 },
  ];
  const pages: Run[][] = [
    [
      { text: "I. Introduction", x: 60, y: 760, size: 12, bold: true },
      ...bodyLines(1, 3, 738),
      { text: "A. Ignored files", x: 60, y: 683, size: 10, italic: true },
      { text: "ts-node transforms certain files and ignores others, as this section explains.", x: 60, y: 670, size: 10 },
      ...bodyLines(4, 2, 657),
      { text: "B. Options", x: 60, y: 611, size: 10, italic: true },
      { text: "1) Printing help:", x: 60, y: 596, size: 10, italic: true },
      { text: "ts-node --help", x: 70, y: 583, size: 10, mono: true },
      ...runIn("2) version:", 565),
      ...bodyLines(6, 3, 532),
    ],
    [
      { text: "II. Results", x: 60, y: 760, size: 12, bold: true },
      ...bodyLines(10, 3, 738),
      { text: "A. Setup", x: 60, y: 683, size: 10, italic: true },
      ...runIn("1) Hardware:", 670),
      // An entry's closing line mostly in italics ("Default: false Environment: ..."), and the
      // next entry's title alone on the line right under it, at the text's pitch.
      { text: "Default:", x: 60, y: 644, size: 10, italic: true },
      { text: "false", x: 0, y: 644, size: 10, after: true },
      { text: "Environment:", x: 0, y: 644, size: 10, italic: true, after: true },
      { text: "HW=1", x: 0, y: 644, size: 10, mono: true, after: true },
      { text: "2) Software:", x: 60, y: 631, size: 10, italic: true },
      { text: "ts-node --version", x: 70, y: 618, size: 10, mono: true },
      ...bodyLines(14, 3, 600),
    ],
  ];

  it("finds each lettered sub-section, not joined to the run-in heading under it, and each run-in title without its colon", async () => {
    const { rows } = await outline(await buildPdf(pages));
    expect(rows).toEqual([
      "1 I. Introduction [1]",
      "2 A. Ignored files [1]",
      "2 B. Options [1]",
      "3 1) Printing help [1]",
      "3 2) version [1]",
      "1 II. Results [2]",
      "2 A. Setup [2]",
      "3 1) Hardware [2]",
      "3 2) Software [2]",
    ]);
  });
});

describe("bold headings at the text's size over code listings", () => {
  // A README set by a word processor: headings bold at the text's size, several of them
  // followed at once by a listing that opens in lower case ("npm install ..."). A bold
  // sentence that stops on "with" runs on into its command and is no heading.
  const code = (text: string, y: number): Run => ({ text, x: 72, y, size: 10, mono: true });
  const para = (n: number, y: number): Run[] => [
    { text: sentence(n), x: 60, y, size: 10 },
    { text: sentence(n + 1) + " It ends here.", x: 60, y: y - 13, size: 10 },
  ];
  const pages: Run[][] = [
    [
      { text: "Installation", x: 60, y: 760, size: 10, bold: true },
      code("npm install --global xml-js", 745),
      ...para(1, 725),
      { text: "Quick start", x: 60, y: 680, size: 10, bold: true },
      code("var convert = require('xml-js');", 665),
      code("var result = convert.xml2json(xml);", 653),
      ...para(3, 633),
      { text: "Upgrading", x: 60, y: 588, size: 10, bold: true },
      ...para(5, 573),
      { text: "Then install the command line tool with", x: 60, y: 535, size: 10, bold: true },
      code("npm install xml-js-cli", 522),
      ...para(7, 502),
    ],
    [
      { text: "Options", x: 60, y: 760, size: 10, bold: true },
      ...para(9, 745),
      { text: "Testing", x: 60, y: 700, size: 10, bold: true },
      code("npm test", 685),
      ...para(11, 665),
    ],
  ];

  it("finds each heading that a listing follows, and no heading in the sentence that runs on into its command", async () => {
    const { rows } = await outline(await buildPdf(pages));
    expect(rows).toEqual(["1 Installation [1]", "1 Quick start [1]", "1 Upgrading [1]", "1 Options [2]", "1 Testing [2]"]);
  });
});

describe("numbered headings whose names are mostly code", () => {
  // "3.2 Dialog [cmdk-dialog] [cmdk-overlay]": the number and first word in the bold heading
  // face, the element names after them in bold code, which holds most of the line's letters.
  // The text is 11 pt, the headings 12 pt: a code face one point larger is no heading face
  // by its size alone.
  const heading = (number: string, words: string, code: string | null, y: number): Run[] => [
    { text: `${number} ${words}`, x: 60, y, size: 12, bold: true },
    ...(code ? [{ text: code, x: 0, y, size: 12, monoBold: true, after: true }] : []),
  ];
  const pages: Run[][] = [
    [
      { text: "3 Parts and styling", x: 60, y: 760, size: 14, bold: true },
      ...bodyLines(1, 3, 735, 11, 14),
      ...heading("3.1", "Overview", null, 690),
      ...bodyLines(4, 4, 668, 11, 14),
      ...heading("3.2", "Dialog", "[cmdk-dialog] [cmdk-overlay]", 600),
      ...bodyLines(8, 4, 578, 11, 14),
      ...heading("3.3", "Input", "[cmdk-input-element]", 510),
      ...bodyLines(12, 4, 488, 11, 14),
    ],
    [
      ...heading("3.4", "Styling", null, 760),
      ...bodyLines(16, 4, 738, 11, 14),
      ...heading("3.5", "List", "[cmdk-list-sizer]", 670),
      ...bodyLines(20, 4, 648, 11, 14),
      { text: "4 Examples", x: 60, y: 580, size: 14, bold: true },
      ...bodyLines(24, 3, 555, 11, 14),
    ],
  ];

  it("finds each such heading, in the level of its fellows, titled by the whole line", async () => {
    const { rows } = await outline(await buildPdf(pages));
    expect(rows).toEqual([
      "1 3 Parts and styling [1]",
      "2 3.1 Overview [1]",
      "2 3.2 Dialog [cmdk-dialog] [cmdk-overlay] [1]",
      "2 3.3 Input [cmdk-input-element] [1]",
      "2 3.4 Styling [2]",
      "2 3.5 List [cmdk-list-sizer] [2]",
      "1 4 Examples [2]",
    ]);
  });
});

describe("section headings set smaller than the text (physics journals)", () => {
  // REVTeX sets "II. GETTING STARTED" centred and "A. Wires and gates" flush left in bold a
  // point smaller than the 10 pt text. Small italic notes under figures, unnumbered, are no
  // headings.
  const section = (title: string, y: number): Run => ({ text: title, x: 306, y, size: 9, bold: true, centred: true });
  const sub = (title: string, y: number): Run => ({ text: title, x: 60, y, size: 9, bold: true });
  const note = (y: number): Run => ({ text: "Drawn with the default spacing", x: 60, y, size: 9, boldItalic: true });
  const pages: Run[][] = [
    [
      section("I. INTRODUCTION", 760),
      ...bodyLines(1, 4, 740),
      section("II. GETTING STARTED", 670),
      ...bodyLines(5, 3, 650),
      sub("A. Wires and gates", 600),
      ...bodyLines(8, 3, 585),
      note(540),
      ...bodyLines(11, 2, 520),
    ],
    [
      sub("B. Vertical wires", 760),
      ...bodyLines(13, 4, 745),
      note(690),
      ...bodyLines(17, 2, 670),
      section("III. SPECIAL COMMANDS", 620),
      ...bodyLines(19, 4, 600),
      sub("A. Spacing", 540),
      ...bodyLines(23, 3, 525),
    ],
  ];

  it("finds the numbered small headings at two levels, and no heading in the small notes", async () => {
    const { rows } = await outline(await buildPdf(pages));
    expect(rows).toEqual([
      "1 I. INTRODUCTION [1]",
      "1 II. GETTING STARTED [1]",
      "2 A. Wires and gates [1]",
      "2 B. Vertical wires [2]",
      "1 III. SPECIAL COMMANDS [2]",
      "2 A. Spacing [2]",
    ]);
  });
});

describe("API sub-sections named by their signatures at the text's size", () => {
  // "2.3 openReadStream(entry, [options], callback)" in bold at the 11 pt text's size: the
  // name starts in lower case, its optional arguments stand in brackets, a long signature
  // wraps after a comma, and some names are bare properties ("2.5 isOpen").
  const sub = (title: string, y: number): Run => ({ text: title, x: 60, y, size: 11, bold: true });
  const pages: Run[][] = [
    [
      { text: "2 API", x: 60, y: 760, size: 14, bold: true },
      ...bodyLines(1, 3, 735, 11, 14),
      sub("2.1 readEntry()", 680),
      ...bodyLines(4, 3, 658, 11, 14),
      sub("2.2 openReadStream(entry, [options], callback)", 600),
      ...bodyLines(7, 3, 578, 11, 14),
      sub("2.3 openReadStreamLowLevel(fileDataStart, compressedSize,", 520),
      sub("relativeStart, relativeEnd, decrypt, callback)", 506),
      ...bodyLines(10, 3, 484, 11, 14),
      sub("2.4 Class: ZipFile", 426),
      ...bodyLines(13, 3, 404, 11, 14),
    ],
    [
      sub("2.5 isOpen", 760),
      ...bodyLines(16, 3, 738, 11, 14),
      sub("2.6 entryCount", 680),
      ...bodyLines(19, 3, 658, 11, 14),
      { text: "3 Limitations", x: 60, y: 600, size: 14, bold: true },
      ...bodyLines(22, 4, 575, 11, 14),
    ],
  ];

  it("finds each signature as a heading under its section, the wrapped one whole", async () => {
    const { rows } = await outline(await buildPdf(pages));
    expect(rows).toEqual([
      "1 2 API [1]",
      "2 2.1 readEntry() [1]",
      "2 2.2 openReadStream(entry, [options], callback) [1]",
      "2 2.3 openReadStreamLowLevel(fileDataStart, compressedSize, relativeStart, relativeEnd, decrypt, callback) [1]",
      "2 2.4 Class: ZipFile [1]",
      "2 2.5 isOpen [2]",
      "2 2.6 entryCount [2]",
      "1 3 Limitations [2]",
    ]);
  });
});

describe("legal numbering in the body font over method names that open with a dot", () => {
  // A chained API documented as ".parse()", ".name": the name after the label starts with a
  // period, which is no sentence's end.
  const pages: Run[][] = [
    [
      legalLabel("I. Usage", 72, 740),
      ...legalText(1, 2, 715),
      legalLabel("II. Commands", 72, 670),
      ...legalText(10, 2, 645),
      legalLabel("A. .name", 108, 600),
      ...legalText(20, 2, 575),
      legalLabel("B. .usage", 108, 530),
      ...legalText(30, 2, 505),
      legalLabel("C. .parse() and .parseAsync()", 108, 460),
      ...legalText(40, 2, 435),
    ],
    [
      legalLabel("1. .lock(file, [options])", 144, 740),
      ...legalText(50, 2, 715),
      legalLabel("2. .unlock(file, [options])", 144, 670),
      ...legalText(60, 2, 645),
      legalLabel("III. Help", 72, 600),
      ...legalText(70, 4, 575),
    ],
  ];

  it("reads each dotted name as a heading at its label's level", async () => {
    const { rows } = await outline(await buildPdf(pages));
    expect(rows).toEqual([
      "1 I. Usage [1]",
      "1 II. Commands [1]",
      "2 A. .name [1]",
      "2 B. .usage [1]",
      "2 C. .parse() and .parseAsync() [1]",
      "3 1. .lock(file, [options]) [2]",
      "3 2. .unlock(file, [options]) [2]",
      "1 III. Help [2]",
    ]);
  });
});

describe("an option reference whose page holds more numbered run-in headings than a page of headings may", () => {
  // Fourteen options on one page, "1) project: ..." in italics run into their paragraphs
  // under two lettered sub-sections: past the page's limit on headings, but numbered 1) to 7)
  // and again from 1), as headings count and a table's cells do not.
  const runIn = (title: string, y: number): Run[] => [
    { text: title, x: 60, y, size: 10, italic: true },
    { text: "Sets what the option does and how the program reads it.", x: 0, y, size: 10, after: true },
    { text: `${sentence(y)} It ends here.`, x: 60, y: y - 12, size: 10 },
  ];
  const names = ["help", "version", "eval", "print", "interactive", "esm", "cwd"];
  const group = (letter: string, title: string, top: number, prefix: string): Run[] => [
    { text: `${letter}. ${title}`, x: 60, y: top, size: 10, italic: true },
    ...names.flatMap((n, i) => runIn(`${i + 1}) ${prefix}${n}:`, top - 16 - 28 * i)),
  ];
  const pages: Run[][] = [
    [
      { text: "I. Options", x: 60, y: 770, size: 12, bold: true },
      ...bodyLines(1, 2, 752),
      ...group("A", "CLI Options", 718, ""),
      ...group("B", "TSConfig Options", 506, "ts-"),
      ...bodyLines(3, 2, 290),
    ],
    [
      { text: "II. Recipes", x: 60, y: 760, size: 12, bold: true },
      ...bodyLines(5, 2, 738),
      { text: "A. Watching", x: 60, y: 700, size: 10, italic: true },
      ...bodyLines(7, 4, 686),
    ],
  ];

  it("keeps every numbered run-in heading of the page, under its sub-section", async () => {
    const { rows } = await outline(await buildPdf(pages));
    expect(rows).toEqual([
      "1 I. Options [1]",
      "2 A. CLI Options [1]",
      ...names.map((n, i) => `3 ${i + 1}) ${n} [1]`),
      "2 B. TSConfig Options [1]",
      ...names.map((n, i) => `3 ${i + 1}) ts-${n} [1]`),
      "1 II. Recipes [2]",
      "2 A. Watching [2]",
    ]);
  });
});

describe("a short paper whose sub-sections all stand on its first page", () => {
  // Styles seen only on the first page are a title page's (title, authors): level 1, ranking
  // nothing. Italic sub-sections that come after the first section heading there are no
  // title page's, though no later page shows their face.
  const pages: Run[][] = [
    [
      { text: "A Study of Options", x: 306, y: 770, size: 16, bold: true, centred: true },
      { text: "I. Options", x: 60, y: 730, size: 12, bold: true },
      ...bodyLines(1, 4, 712),
      { text: "A. Command line", x: 60, y: 650, size: 10, italic: true },
      ...bodyLines(10, 6, 636),
      { text: "B. Configuration files", x: 60, y: 540, size: 10, italic: true },
      ...bodyLines(20, 6, 526),
    ],
    [{ text: "II. Recipes", x: 60, y: 760, size: 12, bold: true }, ...bodyLines(30, 5, 738)],
  ];

  it("nests the sub-sections under their section and keeps the title apart", async () => {
    const { rows } = await outline(await buildPdf(pages));
    expect(rows).toEqual(["1 A Study of Options [1]", "1 I. Options [1]", "2 A. Command line [1]", "2 B. Configuration files [1]", "1 II. Recipes [2]"]);
  });
});

describe("an index titled larger than the numbered sections it follows (ltxdoc)", () => {
  // LaTeX package documentation sets "Index" at 20 pt after sections numbered 1, 2, 3 at
  // 14 pt: it is their sibling, not a parent above them all. A book's unnumbered chapter
  // titles at the size of its "Bibliography" keep ranking above its sections, numbered 1, 2
  // again in each chapter.
  const pages: Run[][] = [
    [
      { text: "The widgets package", x: 306, y: 760, size: 17, centred: true },
      { text: "1 Introduction", x: 60, y: 700, size: 14, bold: true },
      ...bodyLines(1, 4, 680),
      { text: "1.1 Loading", x: 60, y: 620, size: 12, bold: true },
      ...bodyLines(5, 4, 602),
    ],
    [{ text: "2 Implementation", x: 60, y: 760, size: 14, bold: true }, ...bodyLines(10, 4, 740), { text: "2.1 Options", x: 60, y: 680, size: 12, bold: true }, ...bodyLines(15, 4, 662)],
    [{ text: "Index", x: 60, y: 760, size: 20, bold: true }, ...bodyLines(20, 6, 730)],
  ];
  const book: Run[][] = [
    [{ text: "Getting Started", x: 60, y: 760, size: 20, bold: true }, ...bodyLines(1, 4, 730), { text: "1 Loading", x: 60, y: 670, size: 14, bold: true }, ...bodyLines(5, 4, 650)],
    [{ text: "Going Further", x: 60, y: 760, size: 20, bold: true }, ...bodyLines(10, 4, 730), { text: "1 Options", x: 60, y: 670, size: 14, bold: true }, ...bodyLines(15, 4, 650)],
    [{ text: "Bibliography", x: 60, y: 760, size: 20, bold: true }, ...bodyLines(20, 6, 730)],
  ];

  it("sets the index level with the numbered sections", async () => {
    const { rows } = await outline(await buildPdf(pages));
    expect(rows).toEqual(["1 The widgets package [1]", "1 1 Introduction [1]", "2 1.1 Loading [1]", "1 2 Implementation [2]", "2 2.1 Options [2]", "1 Index [3]"]);
  });

  it("leaves a bibliography beside unnumbered chapters of its own size", async () => {
    const { rows } = await outline(await buildPdf(book));
    expect(rows).toEqual(["1 Getting Started [1]", "2 1 Loading [1]", "1 Going Further [2]", "2 1 Options [2]", "1 Bibliography [3]"]);
  });
});

describe("contents titled in the document's own language", () => {
  // A Portuguese report: "Sumário" over its entries, set without leaders, each with its page.
  const chapters: [string, number][] = [
    ["1 Escopo", 2],
    ["2 Considerações iniciais", 3],
    ["3 Estrutura do documento", 4],
    ["4 Configurações gerais", 5],
  ];
  const listed: Run[][] = [
    [{ text: "Sumário", x: 60, y: 760, size: 16, bold: true }, ...chapters.map(([t, p], i): Run => ({ text: `${t}   ${p}`, x: 60, y: 720 - 20 * i, size: 10 }))],
    ...chapters.map(([t], k) => titledPage(t, k)),
  ];
  // Its entries without page numbers: a list of what follows, not a contents page to read.
  const unnumbered: Run[][] = [
    [{ text: "Relatório técnico", x: 306, y: 700, size: 24, bold: true, centred: true }, ...bodyLines(90, 3, 660)],
    [
      { text: "Sumário", x: 60, y: 760, size: 16, bold: true },
      ...chapters.map(([t], i): Run => ({ text: t, x: 60, y: 720 - 20 * i, size: 12, bold: true })),
    ],
    ...chapters.map(([t], k) => titledPage(t, k)),
  ];

  it("reads a contents page titled 'Sumário' whose entries have no leaders", async () => {
    const { source, rows } = await outline(await buildPdf(listed));
    expect(source).toBe("printed_toc");
    expect(rows).toEqual(["1 Sumário [1]", "1 1 Escopo [2]", "1 2 Considerações iniciais [3]", "1 3 Estrutura do documento [4]", "1 4 Configurações gerais [5]"]);
  });

  it("keeps the contents title and none of its unnumbered entries", async () => {
    const { source, rows } = await outline(await buildPdf(unnumbered));
    expect(source).toBe("layout");
    expect(rows).toEqual(["1 Relatório técnico [1]", "1 Sumário [2]", "1 1 Escopo [3]", "1 2 Considerações iniciais [4]", "1 3 Estrutura do documento [5]", "1 4 Configurações gerais [6]"]);
  });
});

describe("lists of figures and tables after the contents", () => {
  const listPage = (title: string, captions: string[]): Run[] => [
    { text: title, x: 60, y: 780, size: 14, bold: true },
    ...captions.map((c, i): Run => ({ text: `${c} ${".".repeat(30)} ${i + 4}`, x: 60, y: 740 - 20 * i, size: 10 })),
  ];

  it("makes the contents and each list a section, and no caption a heading", async () => {
    const pages: Run[][] = [
      contentsPage([["1 Introduction", 4], ["2 Methods", 5], ["3 Results", 6]]),
      listPage("List of Figures", ["1 Setup of the trial", "2 Results by group"]),
      listPage("List of Tables", ["1 Sample sizes", "2 Outcomes"]),
      ...titledPages(["1 Introduction", "2 Methods", "3 Results"]),
    ];
    const { source, rows } = await outline(await buildPdf(pages));
    expect(source).toBe("printed_toc");
    expect(rows).toEqual(["1 Contents [1]", "1 List of Figures [2]", "1 List of Tables [3]", "1 1 Introduction [4]", "1 2 Methods [5]", "1 3 Results [6]"]);
  });

  it("knows a German list of figures for a list, not more contents", async () => {
    const pages: Run[][] = [
      [{ text: "Inhaltsverzeichnis", x: 60, y: 780, size: 14, bold: true }, ...[["1 Einleitung", 3], ["2 Methoden", 4], ["3 Ergebnisse", 5]].map(([t, p], i): Run => ({ text: `${t} ${".".repeat(40)} ${p}`, x: 60, y: 740 - 20 * i, size: 10 }))],
      listPage("Abbildungsverzeichnis", ["1 Aufbau des Versuchs", "2 Ergebnisse nach Gruppe", "3 Verlauf der Messung"]),
      ...titledPages(["1 Einleitung", "2 Methoden", "3 Ergebnisse"]),
    ];
    const { rows } = await outline(await buildPdf(pages));
    expect(rows).toEqual(["1 Inhaltsverzeichnis [1]", "1 Abbildungsverzeichnis [2]", "1 1 Einleitung [3]", "1 2 Methoden [4]", "1 3 Ergebnisse [5]"]);
  });
});

describe("a list of symbols before the contents (a thesis's front matter)", () => {
  // Each symbol with leaders and the page it is first used on: numbers out of the contents'
  // order. Read as more contents, its entries would come before the first chapter and push
  // every section after it to the pages they name.
  const symbols = [["h Elevation", 6], ["p Pressure", 7], ["v Velocity", 5], ["r Density", 7], ["a Pitch angle", 6], ["b Yaw angle", 7]] as const;

  it("makes the list a section of its own and places each chapter on its page", async () => {
    const pages: Run[][] = [
      [{ text: "A Study of Flows", x: 306, y: 700, size: 24, bold: true, centred: true }, ...bodyLines(90, 3, 660)],
      [{ text: "List of Symbols", x: 60, y: 780, size: 14, bold: true }, ...symbols.map(([t, p], i): Run => ({ text: `${t} ${".".repeat(40)} ${p}`, x: 60, y: 740 - 20 * i, size: 10 }))],
      contentsPage([["1 Introduction", 4], ["2 Methods", 5], ["3 Results", 6], ["4 Discussion", 7]]),
      ...titledPages(["1 Introduction", "2 Methods", "3 Results", "4 Discussion"]),
    ];
    const { source, rows } = await outline(await buildPdf(pages));
    expect(source).toBe("printed_toc");
    expect(rows).toEqual(["1 A Study of Flows [1]", "1 List of Symbols [2]", "1 Contents [3]", "1 1 Introduction [4]", "1 2 Methods [5]", "1 3 Results [6]", "1 4 Discussion [7]"]);
  });
});

describe("a contents page that the text does not bear out", () => {
  // Its titles are not the headings' (a draft's contents, out of date): the headings are read
  // from the page, and the contents page still heads a section of its own.
  it("keeps the contents as a section beside the headings read from the page", async () => {
    const pages: Run[][] = [
      [{ text: "Annual Review", x: 306, y: 700, size: 24, bold: true, centred: true }, ...bodyLines(90, 3, 660)],
      contentsPage([["Overview of the year", 3], ["Our people", 4], ["Finances in brief", 5]]),
      ...titledPages(["A year of change", "The team", "Money matters"]),
    ];
    const { source, rows } = await outline(await buildPdf(pages));
    expect(source).toBe("layout");
    expect(rows).toEqual(["1 Annual Review [1]", "1 Contents [2]", "1 A year of change [3]", "1 The team [4]", "1 Money matters [5]"]);
  });
});

describe("a short manual whose contents share its first page with the title and abstract (ltxdoc)", () => {
  // The title, author, date and an abstract of several lines come first; the contents'
  // title stands well below the page's first lines.
  const firstPage = (listed: Run[], date = "2024/01/01"): Run[] => [
    { text: "The widget package", x: 306, y: 740, size: 17, centred: true },
    { text: "Jane Doe", x: 306, y: 712, size: 10, centred: true },
    { text: date, x: 306, y: 694, size: 10, centred: true },
    { text: "Abstract", x: 306, y: 664, size: 10, bold: true, centred: true },
    ...bodyLines(1, 5, 646),
    { text: "Contents", x: 60, y: 560, size: 14, bold: true },
    ...listed,
  ];
  const entry = (t: string, p: number, i: number, x = 60): Run => ({ text: `${t} ${".".repeat(40)} ${p}`, x, y: 530 - 18 * i, size: 10 });
  /** The first page, then a section's title and its text under the contents. */
  const firstPageWithSection = (listed: Run[], heading: string): Run[] => [
    ...firstPage(listed),
    { text: heading, x: 60, y: 440, size: 16, bold: true },
    ...bodyLines(50, 5, 410),
  ];

  it("makes the contents a section of the first page", async () => {
    const pages: Run[][] = [
      firstPage([entry("1 Introduction", 2, 0), entry("2 Usage", 3, 1), entry("3 Options", 4, 2)]),
      ...titledPages(["1 Introduction", "2 Usage", "3 Options"]),
    ];
    const { source, rows } = await outline(await buildPdf(pages));
    expect(source).toBe("printed_toc");
    expect(rows).toEqual(["1 The widget package [1]", "1 Contents [1]", "1 1 Introduction [2]", "1 2 Usage [3]", "1 3 Options [4]"]);
  });

  it("reads no entry above the contents' title: a date written out ends like one (\"3 July 2022\")", async () => {
    const pages: Run[][] = [
      firstPage([entry("1 Introduction", 2, 0), entry("2 Usage", 3, 1), entry("3 Options", 4, 2)], "3 July 2022"),
      ...titledPages(["1 Introduction", "2 Usage", "3 Options"]),
    ];
    const { source, rows } = await outline(await buildPdf(pages));
    expect(source).toBe("printed_toc");
    expect(rows).toEqual(["1 The widget package [1]", "1 Contents [1]", "1 1 Introduction [2]", "1 2 Usage [3]", "1 3 Options [4]"]);
  });

  it("starts the first listed section under the contents on their page (no page break after them)", async () => {
    // \tableofcontents followed by the text: "1 Introduction", listed on page 1, stands below
    // the last entry of page 1; the contents are borne out by the pages after it.
    const pages: Run[][] = [
      firstPageWithSection([entry("1 Introduction", 1, 0), entry("2 Usage", 2, 1), entry("3 Options", 3, 2)], "1 Introduction"),
      ...titledPages(["2 Usage", "3 Options"], 2),
    ];
    const { source, rows } = await outline(await buildPdf(pages));
    expect(source).toBe("printed_toc");
    expect(rows).toEqual(["1 The widget package [1]", "1 Contents [1]", "1 1 Introduction [1]", "1 2 Usage [2]", "1 3 Options [3]"]);
  });

  it("reads the sections that follow the contents on their page when the contents are not borne out", async () => {
    // The contents are a draft's (their titles are not the headings'); the first section
    // starts on the first page, under them.
    const pages: Run[][] = [
      firstPageWithSection([entry("1 Overview", 1, 0), entry("2 Installing", 2, 1), entry("3 Settings", 3, 2)], "1 Getting started"),
      ...titledPages(["2 Usage", "3 Options"], 2),
    ];
    const { source, rows } = await outline(await buildPdf(pages));
    expect(source).toBe("layout");
    expect(rows).toEqual(["1 The widget package [1]", "1 Abstract [1]", "1 Contents [1]", "1 1 Getting started [1]", "1 2 Usage [2]", "1 3 Options [3]"]);
  });

  it("reads no heading in the contents' last lines run over to a page of their own", async () => {
    // Chapters listed in bold without leaders, sections with leaders; the last chapter's
    // entries fall on the next page, too few to judge it a contents page.
    const chapter = (t: string, p: number, y: number): Run => ({ text: `${t} ${p}`, x: 60, y, size: 12, bold: true });
    const section = (t: string, p: number, y: number): Run => ({ text: `${t} ${".".repeat(40)} ${p}`, x: 75, y, size: 10 });
    const pages: Run[][] = [
      [
        { text: "Contents", x: 60, y: 780, size: 14, bold: true },
        chapter("1 Introduction", 3, 740), section("1.1 Scope", 3, 722),
        chapter("2 Usage", 4, 700), section("2.1 Loading", 4, 682),
        chapter("3 Options", 5, 660), section("3.1 Colours", 5, 642),
      ],
      [chapter("4 Examples", 6, 780), section("4.1 A first example", 6, 762)],
      ...[["1 Introduction", "1.1 Scope"], ["2 Usage", "2.1 Loading"], ["3 Options", "3.1 Colours"], ["4 Examples", "4.1 A first example"]].map(([c, sub], k): Run[] => [
        ...titledPage(c, k),
        { text: sub, x: 60, y: 620, size: 12, bold: true },
        ...bodyLines(k * 10 + 100, 4, 600),
      ]),
    ];
    const { source, rows } = await outline(await buildPdf(pages));
    expect(source).toBe("printed_toc");
    expect(rows).toEqual([
      "1 Contents [1]",
      ...["1 Introduction", "1.1 Scope", "2 Usage", "2.1 Loading", "3 Options", "3.1 Colours", "4 Examples", "4.1 A first example"].map((t, i) => `${i % 2 + 1} ${t} [${Math.floor(i / 2) + 3}]`),
    ]);
  });

  it("sets a section found between the contents and the first listed chapter beside the contents", async () => {
    // A preface the contents do not list, on the page after them.
    const pages: Run[][] = [
      firstPage([entry("1 Introduction", 3, 0), entry("2 Usage", 4, 1), entry("3 Options", 5, 2)]),
      ...titledPages(["Preface", "1 Introduction", "2 Usage", "3 Options"], 0),
    ];
    const { rows } = await outline(await buildPdf(pages));
    expect(rows).toEqual(["1 The widget package [1]", "1 Contents [1]", "1 Preface [2]", "1 1 Introduction [3]", "1 2 Usage [4]", "1 3 Options [5]"]);
  });
});

describe("section numbers in the text's own type as the only mark of the headings", () => {
  // A plain document: "1 Introduction", "1.1 Scope", "2.2.1 Building" set exactly like the
  // text, each over a paragraph.
  const page = (heads: string[], from: number): Run[] => {
    const runs: Run[] = [];
    let y = 760;
    heads.forEach((t, k) => {
      runs.push({ text: t, x: 60, y: (y -= 10), size: 10 });
      y -= 20;
      for (let j = 0; j < 4; j++, y -= 13) runs.push({ text: sentence(from + k * 4 + j) + (j === 3 ? " End." : ""), x: 60, y, size: 10 });
    });
    return runs;
  };
  const heads = [["1 Introduction", "1.1 Scope of this guide", "1.2 Terms used"], ["2 Installing the tool", "2.1 From a package", "2.2 From source", "2.2.1 Building"], ["3 Using it", "3.1 First steps", "3.2 Options"]];

  it("reads the numbers as an outline, each level by its number's parts", async () => {
    const { source, rows } = await outline(await buildPdf(heads.map((h, p) => page(h, p * 20))));
    expect(source).toBe("layout");
    expect(rows).toEqual(heads.flatMap((h, p) => h.map((t) => `${t.split(" ")[0].split(".").length} ${t} [${p + 1}]`)));
  });

  it("leaves numbered steps of one level as text", async () => {
    const steps = [["1 Open the box", "2 Take out the tool", "3 Plug it in"], ["4 Switch it on", "5 Wait for the light"]];
    const { rows } = await outline(await buildPdf(steps.map((h, p) => page(h, p * 20))));
    expect(rows.some((r) => /Open the box|Plug it in|Switch it on/.test(r))).toBe(false);
  });
});

describe("running heads that name the section, with the page number set apart", () => {
  // Each page after the first is headed by its section's number and title in the sections'
  // bold, the page number at the right margin: words that change from page to page, so the
  // header strip keeps them.
  const headed = (head: string | null, folio: number, body: Run[]): Run[] => [
    ...(head ? [{ text: head, x: 60, y: 780, size: 12, bold: true }, { text: String(folio), x: 540, y: 780, size: 12, bold: true }] : []),
    ...body,
  ];
  const section = (t: string, top: number, from: number): Run[] => [{ text: t, x: 60, y: top, size: 12, bold: true }, ...bodyLines(from, 8, top - 24)];
  const pages: Run[][] = [
    headed(null, 1, [{ text: "The Widget Manual", x: 306, y: 760, size: 20, bold: true, centred: true }, ...section("1 Getting started", 700, 1)]),
    headed("1 Getting started", 2, [...bodyLines(20, 10, 740), ...section("2 Loading", 580, 30)]),
    headed("2 Loading", 3, [...bodyLines(40, 10, 740), ...section("3 Options", 580, 50)]),
    headed("3 Options", 4, [...bodyLines(60, 10, 740), ...section("4 Examples", 580, 70)]),
    headed("4 Examples", 5, bodyLines(80, 20, 740)),
  ];

  it("makes no section of a running head", async () => {
    const { rows } = await outline(await buildPdf(pages));
    expect(rows).toEqual(["1 The Widget Manual [1]", "1 1 Getting started [1]", "1 2 Loading [2]", "1 3 Options [3]", "1 4 Examples [4]"]);
  });
});

describe("headings that differ only in a number, each under a numbered section of its own", () => {
  // A release history: "1.2 Release 24" then "Changes in Release 24" beneath it, for five
  // releases. Headings repeated often are page furniture unless a heading of their own stands
  // between each two; the numbered sections that stand there repeat too once their numbers
  // are set aside, but a numbered heading is never furniture.
  const releases = [25, 24, 23, 22, 21];
  // Each release opens after the end of the previous one's text, lower on each page (a
  // heading at the same place atop every page would be a running head).
  const pages = (): Run[][] => [
    [{ text: "1 Releases", x: 60, y: 760, size: 16, bold: true }, ...bodyLines(1, 6, 730)],
    ...releases.map((n, k): Run[] => [
      ...bodyLines(k * 20, 2 + k, 760),
      { text: `1.${k + 1} Release ${n}`, x: 60, y: 720 - 13 * k, size: 14, bold: true },
      { text: `Changes in Release ${n}`, x: 60, y: 690 - 13 * k, size: 12, bold: true },
      ...bodyLines(k * 20 + 10, 5, 665 - 13 * k),
    ]),
  ];

  it("keeps each release's changes as a heading under its release", async () => {
    const { rows } = await outline(await buildPdf(pages()));
    expect(rows).toEqual([
      // The first page's heading names the document: its node is the first of the top level.
      "1 1 Releases [1]",
      ...releases.flatMap((n, k) => [`1 1.${k + 1} Release ${n} [${k + 2}]`, `2 Changes in Release ${n} [${k + 2}]`]),
    ]);
  });
});

describe("numbered paragraphs run into their text in a literate program (code is most of the type)", () => {
  // A package's documented source: listings in Courier 10 pt are most of the type, the prose
  // between them is Times 11 pt, sections are bold 14 and 12 pt lines, and the level below
  // runs in: "1.1.1 Attribute Renderers" in bold, then the paragraph in roman with no period
  // between them.
  const code = (from: number, n: number, top: number): Run[] =>
    Array.from({ length: n }, (_, i) => ({ text: `\\prop_gput:Nnx \\g_default_options_prop { option${from + i} } { false }`, x: 72, y: top - 12 * i, size: 10, mono: true }));
  const prose = (text: string, y: number): Run => ({ text, x: 60, y, size: 11 });
  const runIn = (title: string, text: string, y: number): Run[] => [
    { text: title, x: 60, y, size: 11, bold: true },
    { text, x: 0, y, size: 11, after: true },
  ];
  const pages: Run[][] = [
    [
      { text: "1 Interfaces", x: 60, y: 770, size: 14, bold: true },
      prose("The macros below are defined by the package and may be redefined by users.", 745),
      ...code(1, 12, 725),
      { text: "1.1 Token Renderers", x: 60, y: 570, size: 12, bold: true },
      prose("These macros represent the parsed tokens of the input document in the output.", 548),
      ...code(20, 10, 528),
      ...runIn("1.1.1 Attribute Renderers", "The following macros are only produced when the option", 395),
      prose("is enabled in the options of the converter and its user interface.", 381),
      ...code(40, 14, 360),
    ],
    [
      ...code(60, 10, 760),
      ...runIn("1.1.2 Block Quote Renderers", "The blockquote macros mark the start and the end of", 630),
      prose("a quotation in the input document, one begin and one end macro for each.", 616),
      ...code(80, 8, 595),
      ...runIn("1.1.3 Code Span Renderers", "The code span macro represents inline code in the", 490),
      prose("input document, its one argument the code as the user typed it there.", 476),
      ...code(90, 5, 455),
      { text: "1.2 Options", x: 60, y: 380, size: 12, bold: true },
      prose("Options of the package change the way the input document is converted.", 358),
      ...code(100, 14, 338),
    ],
    [
      { text: "2 Implementation", x: 60, y: 770, size: 14, bold: true },
      prose("The implementation follows, in the order the converter runs its steps.", 745),
      ...code(120, 20, 725),
    ],
  ];

  it("titles each run-in paragraph by its number and bold title, not the sentence after it", async () => {
    const { rows } = await outline(await buildPdf(pages));
    expect(rows).toEqual(["1 1 Interfaces [1]", "2 1.1 Token Renderers [1]", "3 1.1.1 Attribute Renderers [1]", "3 1.1.2 Block Quote Renderers [2]", "3 1.1.3 Code Span Renderers [2]", "2 1.2 Options [2]", "1 2 Implementation [3]"]);
  });
});

describe("numbered paragraphs run in after an em in their sub-section's face, their line ending in a command's name", () => {
  // A package manual's four levels: chapters and sections larger, sub-sections ("1.1.1 Cache
  // Options") alone in bold a point above the 10 pt text, and beneath them \\paragraph titles
  // in that same bold run into their text after an em of space ("1.1.1.1 Finalizing and
  // Freezing the Cache", then "The" and a long command name in the code face before the line
  // wraps). No period closes such a title and too few words follow it on its line to read as
  // a sentence: the em alone closes it.
  const prose = (n: number, top: number, count: number): Run[] => Array.from({ length: count }, (_, i) => ({ text: sentence(n + i), x: 60, y: top - 13 * i, size: 10 }));
  const sub = (title: string, y: number, n: number): Run[] => [{ text: title, x: 60, y, size: 10.9, bold: true }, ...prose(n, y - 18, 2)];
  const runIn = (title: string, command: string, y: number, n: number): Run[] => [
    { text: title, x: 60, y, size: 10.9, bold: true },
    { text: "The", x: 0, y, size: 10, after: true, gap: 10.9 },
    { text: `\\markdownRenderer${command}`, x: 0, y, size: 10, mono: true, after: true },
    ...prose(n, y - 13, 2),
  ];
  const pages: Run[][] = [
    [
      { text: "1 Interfaces", x: 60, y: 770, size: 14.4, bold: true },
      ...prose(1, 745, 2),
      { text: "1.1 Options", x: 60, y: 700, size: 12, bold: true },
      ...prose(5, 678, 2),
      ...sub("1.1.1 Cache Options", 640, 10),
      ...runIn("1.1.1.1 Finalizing and Freezing the Cache", "FinalizeCache", 590, 20),
      ...runIn("1.1.1.2 File and Directory Names", "CacheDir", 540, 30),
      ...sub("1.1.2 Miscellaneous Options", 480, 40),
      ...runIn("1.1.2.1 Stripping the Percent Signs", "StripPercentSigns", 430, 50),
      ...prose(60, 390, 6),
    ],
    [
      { text: "1.2 Renderers", x: 60, y: 770, size: 12, bold: true },
      ...prose(70, 748, 2),
      ...sub("1.2.1 Block Renderers", 710, 80),
      ...runIn("1.2.1.1 Block Quote Renderers", "BlockQuoteBegin", 660, 90),
      ...runIn("1.2.1.2 Bullet List Renderers", "UlBeginTight", 610, 100),
      ...sub("1.2.2 Inline Renderers", 550, 110),
      ...runIn("1.2.2.1 Code Span Renderers", "CodeSpanAttributeContextBegin", 500, 120),
      ...prose(130, 460, 6),
    ],
    [{ text: "2 Implementation", x: 60, y: 770, size: 14.4, bold: true }, ...prose(140, 745, 12)],
  ];

  it("titles each paragraph by its number and bold title alone, beneath its sub-section", async () => {
    const { rows } = await outline(await buildPdf(pages));
    expect(rows).toEqual([
      "1 1 Interfaces [1]",
      "2 1.1 Options [1]",
      "3 1.1.1 Cache Options [1]",
      "4 1.1.1.1 Finalizing and Freezing the Cache [1]",
      "4 1.1.1.2 File and Directory Names [1]",
      "3 1.1.2 Miscellaneous Options [1]",
      "4 1.1.2.1 Stripping the Percent Signs [1]",
      "2 1.2 Renderers [2]",
      "3 1.2.1 Block Renderers [2]",
      "4 1.2.1.1 Block Quote Renderers [2]",
      "4 1.2.1.2 Bullet List Renderers [2]",
      "3 1.2.2 Inline Renderers [2]",
      "4 1.2.2.1 Code Span Renderers [2]",
      "1 2 Implementation [3]",
    ]);
  });
});

describe("section numbers hung in the left margin, the titles at the text's edge", () => {
  // A style sheet that hangs each heading's number in the margin: the number at the page's
  // left edge, the title and all text 40 pt further in, so number and title read as two cells
  // of one line. Sections bold at 12 pt, sub-sections bold at the text's 11 pt.
  const text = (from: number, n: number, top: number): Run[] =>
    Array.from({ length: n }, (_, i) => ({ text: sentence(from + i), x: 100, y: top - 15 * i, size: 11 }));
  const hung = (number: string, title: string, y: number, size: number): Run[] => [
    { text: number, x: 60, y, size, bold: true },
    { text: title, x: 100, y, size, bold: true },
  ];
  const pages: Run[][] = [
    [...hung("1", "Installation", 760, 12), ...text(1, 3, 735), ...hung("2", "Usage", 670, 12), ...text(10, 5, 645), ...hung("2.1", "Windows notes", 560, 11), ...text(20, 6, 535)],
    [...hung("2.2", "Browser support", 760, 11), ...text(30, 5, 735), ...hung("3", "Output streams", 640, 12), ...text(40, 8, 615)],
    [...hung("4", "Extending the logger", 760, 12), ...text(50, 4, 735), ...hung("4.1", "Custom formatters", 660, 11), ...text(60, 6, 635), ...hung("5", "License", 520, 12), ...text(70, 3, 495)],
  ];

  it("finds each hung-number heading at its page and level", async () => {
    const { rows } = await outline(await buildPdf(pages));
    expect(rows).toEqual([
      "1 1 Installation [1]",
      "1 2 Usage [1]",
      "2 2.1 Windows notes [1]",
      "2 2.2 Browser support [2]",
      "1 3 Output streams [2]",
      "1 4 Extending the logger [3]",
      "2 4.1 Custom formatters [3]",
      "1 5 License [3]",
    ]);
  });
});

describe("numbered function headings in a bold code face smaller than the text, parameters listed beneath", () => {
  // An API reference printed from HTML: "2.1.1 new URL(input)" with the number in bold serif
  // and the name in bold Courier at 0.85 of the heading's size (smaller than the 10 pt
  // text); the listings in regular Courier at 8 pt hold the most code; under each function
  // its parameters, indented.
  const prose = (t: string, y: number): Run => ({ text: t, x: 60, y, size: 10 });
  const code = (from: number, n: number, top: number): Run[] =>
    Array.from({ length: n }, (_, i) => ({ text: `const value${from + i} = compute(input, ${from + i}); // step ${from + i} of the example`, x: 60, y: top - 11 * i, size: 8, mono: true }));
  const fn = (number: string, name: string, param: string, y: number): Run[] => [
    { text: number, x: 60, y, size: 10.5, bold: true },
    { text: name, x: 0, y, size: 8.5, monoBold: true, after: true },
    { text: `${param} {string} The value the function reads, as the caller gives it.`, x: 76, y: y - 22, size: 10 },
  ];
  const pages: Run[][] = [
    [
      { text: "2 The URL API", x: 60, y: 760, size: 15, bold: true },
      prose("The module parses and formats addresses in the way that web browsers do.", 735),
      { text: "2.1 Class: URL", x: 60, y: 700, size: 12, bold: true },
      prose("Browser-compatible class, implemented by following the published standard.", 678),
      ...fn("2.1.1", "new URL(input[, base])", "input", 640),
      prose("Creates a new object by parsing the input relative to the base it is given.", 594),
      ...code(1, 8, 572),
      ...fn("2.1.2", "url.hostname(value)", "value", 470),
      prose("Gets and sets the host name portion of the address, without its port.", 424),
      ...code(20, 8, 402),
    ],
    [
      ...fn("2.1.3", "url.pathname(value)", "value", 760),
      prose("Gets and sets the path portion of the address, from its first slash.", 714),
      ...code(40, 8, 692),
      { text: "2.2 Class: URLSearchParams", x: 60, y: 590, size: 12, bold: true },
      prose("The class gives read and write access to the query of an address.", 568),
      ...fn("2.2.1", "params.append(name, value)", "name", 530),
      prose("Appends a new name and value pair to the query string of the address.", 484),
      ...code(60, 10, 462),
    ],
    [
      { text: "3 The Legacy API", x: 60, y: 760, size: 15, bold: true },
      prose("The legacy interface is kept for the programs written before the class.", 735),
      ...code(80, 12, 713),
    ],
  ];

  it("finds each numbered function at its page and level, under its class", async () => {
    const { rows } = await outline(await buildPdf(pages));
    expect(rows).toEqual([
      "1 2 The URL API [1]",
      "2 2.1 Class: URL [1]",
      "3 2.1.1 new URL(input[, base]) [1]",
      "3 2.1.2 url.hostname(value) [1]",
      "3 2.1.3 url.pathname(value) [2]",
      "2 2.2 Class: URLSearchParams [2]",
      "3 2.2.1 params.append(name, value) [2]",
      "1 3 The Legacy API [3]",
    ]);
  });
});

describe("headings naming code set at the word processor's fixed code size, the code most of the line", () => {
  // A word processor's export: headings in bold Times at 16 and 13 pt over 11 pt text, and
  // code, in headings as in the text, always in 10 pt Courier. "No require.extensions" holds
  // more code than words, so its dominant type is the listings' and not its heading style.
  const prose = (n: number, y: number): Run => ({ text: `${sentence(n).slice(0, 60)} as the loader does.`, x: 60, y, size: 11 });
  const code = (from: number, n: number, top: number): Run[] =>
    Array.from({ length: n }, (_, i) => ({ text: `const mod${from + i} = await import("./part${from + i}.js");`, x: 72, y: top - 12 * i, size: 10, mono: true }));
  const heading = (size: number, y: number, ...parts: string[]): Run[] =>
    parts.map((t, i): Run => (i % 2 === 0 ? { text: t, x: 60, y, size, bold: true, after: i > 0 } : { text: t, x: 0, y, size: 10, mono: true, after: true }));
  const pages: Run[][] = [
    [
      ...heading(16, 760, "Modules in the runtime"),
      prose(1, 735),
      prose(2, 721),
      ...heading(13, 690, "Loading", "package.json"),
      prose(3, 668),
      // A sentence naming code is text, whatever face holds most of its letters.
      { text: "Use", x: 60, y: 654, size: 11 },
      { text: "require.resolve(request)", x: 0, y: 654, size: 10, mono: true, after: true },
      { text: "instead.", x: 0, y: 654, size: 11, after: true },
      ...code(1, 6, 630),
      ...heading(13, 540, "No", "require.extensions"),
      prose(4, 518),
      prose(5, 504),
      ...code(10, 6, 480),
    ],
    [
      ...heading(16, 760, "Differences from", "require"),
      prose(6, 735),
      ...heading(13, 700, "No", "__filename", "or", "__dirname"),
      prose(7, 678),
      ...code(20, 6, 654),
      ...heading(13, 570, "Resolving", "import.meta.resolve"),
      prose(8, 548),
      prose(9, 534),
    ],
  ];

  it("finds each heading at its page and level by the type of its words", async () => {
    const { rows } = await outline(await buildPdf(pages));
    expect(rows).toEqual([
      "1 Modules in the runtime [1]",
      "2 Loading package.json [1]",
      "2 No require.extensions [1]",
      "1 Differences from require [2]",
      "2 No __filename or __dirname [2]",
      "2 Resolving import.meta.resolve [2]",
    ]);
  });

  it("reads a numbered heading that is all code by its number's type", async () => {
    // "3.1 CompileContext": the number in the bold heading type, the name in the 10 pt code.
    const numbered: Run[][] = [
      [
        ...heading(16, 760, "3. Types"),
        prose(1, 735),
        ...heading(13, 700, "3.1", "CompileContext"),
        prose(2, 678),
        ...code(1, 6, 654),
        ...heading(13, 570, "3.2", "TokenizeContext"),
        prose(3, 548),
        prose(4, 534),
      ],
      [...heading(16, 760, "4. Security"), prose(5, 735), prose(6, 721), ...heading(13, 690, "4.1", "allowDangerousHtml"), prose(7, 668), ...code(10, 6, 644)],
    ];
    const { rows } = await outline(await buildPdf(numbered));
    expect(rows).toEqual(["1 3. Types [1]", "2 3.1 CompileContext [1]", "2 3.2 TokenizeContext [1]", "1 4. Security [2]", "2 4.1 allowDangerousHtml [2]"]);
  });

  it("keeps a code heading in its code face when the code is not smaller than the number beside it", async () => {
    // A typeset manual whose function headings are bold code at 12 pt, numbered in a smaller
    // roman: the code is the heading's face, and the number's type says nothing of the line.
    const fn = (number: string, name: string, y: number): Run[] => [
      { text: number, x: 60, y, size: 9.5 },
      { text: name, x: 0, y, size: 12, monoBold: true, after: true },
    ];
    const manual: Run[][] = [
      [
        ...heading(16, 760, "5 API"),
        prose(1, 735),
        ...fn("5.1", "encode(text: string): number[]", 700),
        prose(2, 678),
        ...code(1, 6, 654),
        ...fn("5.2", "decode(tokens: number[]): string", 570),
        prose(3, 548),
        prose(4, 534),
      ],
      [...fn("5.3", "countTokens(text: string): number", 760), prose(5, 738), ...code(10, 6, 714), ...heading(16, 620, "6 Models"), prose(6, 598), prose(7, 584)],
    ];
    const { rows } = await outline(await buildPdf(manual));
    expect(rows).toEqual([
      "1 5 API [1]",
      "2 5.1 encode(text: string): number[] [1]",
      "2 5.2 decode(tokens: number[]): string [1]",
      "2 5.3 countTokens(text: string): number [2]",
      "1 6 Models [2]",
    ]);
  });
});

describe("subsection headings naming code in a fixed-pitch face scaled larger than their words", () => {
  // Times with Courier scaled up to its x-height: text at 10.9 pt, code at 11.5 pt in the text
  // and in headings alike; sections bold at 12.8 pt, subsections bold at 10.6 pt. A subsection
  // naming a long command holds more code than words, so without reading its words' type it
  // looks like a line of a listing and is no heading.
  const prose = (n: number, y: number): Run => ({ text: `${sentence(n).slice(0, 64)} as the package does.`, x: 60, y, size: 10.9 });
  const listing = (from: number, n: number, top: number): Run[] =>
    Array.from({ length: n }, (_, i) => ({ text: `\\setcounter{tocdepth}{${from + i}}\\relax`, x: 72, y: top - 13 * i, size: 11.5, mono: true }));
  const section = (t: string, y: number): Run => ({ text: t, x: 60, y, size: 12.8, bold: true });
  const subsection = (y: number, ...parts: string[]): Run[] =>
    parts.map((t, i): Run => (i % 2 === 0 ? { text: t, x: i === 0 ? 60 : 0, y, size: 10.6, bold: true, after: i > 0 } : { text: t, x: 0, y, size: 11.5, mono: true, after: true }));
  const pages: Run[][] = [
    [
      section("16. Empty contents", 760),
      prose(1, 735),
      prose(2, 721),
      ...subsection(690, "16.1. The", "\\etocchecksemptiness", "command"),
      prose(3, 668),
      prose(4, 654),
      ...listing(1, 5, 630),
      ...subsection(540, "16.2. Depth of the contents"),
      prose(5, 518),
      prose(6, 504),
      ...listing(10, 5, 480),
    ],
    [
      ...subsection(760, "16.3. The", "\\etocnotocifnotoc", "command"),
      prose(7, 738),
      prose(8, 724),
      ...listing(20, 6, 700),
      section("17. Adding to the contents file", 600),
      prose(9, 575),
      prose(10, 561),
      ...listing(30, 6, 537),
    ],
  ];

  it("reads each subsection by its words' type, at its page and level", async () => {
    const { rows } = await outline(await buildPdf(pages));
    expect(rows).toEqual([
      "1 16. Empty contents [1]",
      "2 16.1. The \\etocchecksemptiness command [1]",
      "2 16.2. Depth of the contents [1]",
      "2 16.3. The \\etocnotocifnotoc command [2]",
      "1 17. Adding to the contents file [2]",
    ]);
  });
});

describe("unnumbered headings in capitals set smaller than the text (a web page's option names)", () => {
  // A documentation site prints its deepest headings in bold capitals a point under its 10 pt
  // text: "DECODE" over the option's paragraph. Capitals, not a number, set them apart.
  const h = (text: string, size: number, y: number): Run => ({ text, x: 60, y, size, bold: true });
  const pages: Run[][] = [
    [h("Cookie Parser", 16, 740), ...bodyLines(1, 4, 715), h("Options", 13, 650), ...bodyLines(10, 3, 630), h("DECODE", 9, 585), ...bodyLines(20, 4, 570), h("DOMAIN", 9, 505), ...bodyLines(30, 4, 490)],
    [h("EXPIRES", 9, 740), ...bodyLines(40, 4, 725), h("HTTPONLY", 9, 660), ...bodyLines(50, 4, 645), h("Serializing", 13, 580), ...bodyLines(60, 4, 560)],
    [h("PATH", 9, 740), ...bodyLines(70, 4, 725), h("SECURE", 9, 660), ...bodyLines(80, 4, 645), h("License", 13, 580), ...bodyLines(90, 6, 560)],
  ];

  it("makes each capitalised name a heading under its section, at its page", async () => {
    const { source, rows } = await outline(await buildPdf(pages));
    expect(source).toBe("layout");
    expect(rows).toEqual([
      // The name set once, large, on the first page titles the document beside its sections.
      "1 Cookie Parser [1]", "1 Options [1]", "2 DECODE [1]", "2 DOMAIN [1]", "2 EXPIRES [2]", "2 HTTPONLY [2]", "1 Serializing [2]", "2 PATH [3]", "2 SECURE [3]", "1 License [3]",
    ]);
  });
});

describe("a thesis's front matter before its contents, set in the contents' title face", () => {
  // A book class sets the abstract and acknowledgements as unnumbered chapters in the face of
  // "Contents" itself; the contents list only the numbered chapters after them.
  const chapter = (text: string): Run => ({ text, x: 60, y: 740, size: 20, bold: true });
  const titlePage: Run[] = [
    // The cover's title in the same face twice: a title, not front matter.
    { text: "Trees of Generated", x: 306, y: 600, size: 20, bold: true, centred: true },
    { text: "Documents", x: 306, y: 575, size: 20, bold: true, centred: true },
    { text: "A thesis by A. Author", x: 306, y: 500, size: 12, centred: true },
  ];
  const thanks: Run[] = ["I thank my advisor for years of patient reading and advice,", "my colleagues for the many evenings spent on the corpus,", "and my family for everything else that mattered."].map(
    (text, i) => ({ text, x: 60, y: 694 - 13 * i, size: 10 }),
  );
  const contents: Run[] = [
    chapter("Contents"),
    ...[["1 Introduction", 5], ["2 Methods", 6], ["3 Results", 7]].map(([t, p], i): Run => ({ text: `${t} ${".".repeat(40)} ${p}`, x: 60, y: 700 - i * 20, size: 10 })),
  ];
  const pages: Run[][] = [
    titlePage,
    // Each page's text starts at its own height, and the acknowledgements are prose of their
    // own: sentences alike at one height on page after page read as running heads.
    [chapter("Abstract"), ...bodyLines(1, 8, 700)],
    [chapter("Acknowledgements"), ...thanks],
    contents,
    [chapter("1 Introduction"), ...bodyLines(20, 12, 688)],
    [chapter("2 Methods"), ...bodyLines(40, 12, 682)],
    [chapter("3 Results"), ...bodyLines(60, 12, 676)],
  ];

  it("heads a section with each front-matter title, at its page, beside the listed chapters", async () => {
    const { source, rows } = await outline(await buildPdf(pages));
    expect(source).toBe("printed_toc");
    expect(rows.filter((r) => !/Trees of Generated/.test(r))).toEqual([
      "1 Abstract [2]", "1 Acknowledgements [3]", "1 Contents [4]", "1 1 Introduction [5]", "1 2 Methods [6]", "1 3 Results [7]",
    ]);
  });
});

describe("numbered section heads in capitals in the text's own type (a journal class)", () => {
  // An astronomy journal's class sets "1. INTRODUCTION" in the text's font and size, in
  // capitals; its subsections "1.1. Data" in italics. Only the capitals set the sections apart.
  const caps = (text: string, y: number): Run => ({ text, x: 60, y, size: 10 });
  const sub = (text: string, y: number): Run => ({ text, x: 60, y, size: 10, italic: true });
  const pages: Run[][] = [
    [caps("1. INTRODUCTION", 740), ...bodyLines(1, 8, 722), sub("1.1. Earlier surveys", 606), ...bodyLines(10, 8, 588), caps("2. OBSERVATIONS AND DATA", 470), ...bodyLines(20, 8, 452)],
    [sub("2.1. Photometry", 740), ...bodyLines(30, 10, 722), sub("2.2. Spectra", 580), ...bodyLines(40, 8, 562), caps("3. RESULTS", 444), ...bodyLines(50, 8, 426)],
    [sub("3.1. Light curves", 740), ...bodyLines(60, 10, 722), caps("4. DISCUSSION OF THE LIGHT CURVES", 580), caps("AND THE SPECTRA", 567), ...bodyLines(70, 12, 549)],
  ];

  it("makes each numbered line in capitals a section over its italic subsections", async () => {
    const { source, rows } = await outline(await buildPdf(pages));
    expect(source).toBe("layout");
    expect(rows).toEqual([
      "1 1. INTRODUCTION [1]", "2 1.1. Earlier surveys [1]", "1 2. OBSERVATIONS AND DATA [1]", "2 2.1. Photometry [2]", "2 2.2. Spectra [2]",
      "1 3. RESULTS [2]", "2 3.1. Light curves [3]", "1 4. DISCUSSION OF THE LIGHT CURVES AND THE SPECTRA [3]",
    ]);
  });

  it("also where the number or letter comes from another face than the title's capitals", async () => {
    // pdfTeX may set a heading's number from another font resource than its words: the
    // label's face carries no other letters of the line.
    const labelled = (label: string, text: string, y: number): Run[] => [{ text: label, x: 60, y, size: 10, bold: true }, { text, after: true, x: 0, y, size: 10 }];
    const apart: Run[][] = [
      [caps("1. INTRODUCTION", 740), ...bodyLines(1, 8, 722), sub("1.1. Earlier surveys", 606), ...bodyLines(10, 8, 588), ...labelled("2.", "OBSERVATIONS AND DATA", 470), ...bodyLines(20, 8, 452)],
      [sub("2.1. Photometry", 740), ...bodyLines(30, 10, 722), ...labelled("3.", "RESULTS", 580), ...bodyLines(40, 8, 562)],
      [caps("APPENDIX", 740), ...labelled("A.", "DATA TABLES", 710), ...bodyLines(50, 8, 692), ...labelled("B.", "CODE AVAILABILITY", 574), ...bodyLines(60, 8, 556)],
    ];
    const { source, rows } = await outline(await buildPdf(apart));
    expect(source).toBe("layout");
    expect(rows).toEqual([
      "1 1. INTRODUCTION [1]", "2 1.1. Earlier surveys [1]", "1 2. OBSERVATIONS AND DATA [1]", "2 2.1. Photometry [2]", "1 3. RESULTS [2]", "1 A. DATA TABLES [3]", "1 B. CODE AVAILABILITY [3]",
    ]);
  });
});

describe("names in lower case heading sections at the text's size (a web page's properties and methods)", () => {
  // A README printed from a browser sets its h3 in bold at the text's size; under "API" each
  // names a property or method as it is written (".enabled", "modify"). A list of options
  // beside them sets its terms the same way, each with its description indented beneath it:
  // entries of a list, not sections.
  const h = (text: string, size: number, y: number): Run => ({ text, x: 60, y, size, bold: true });
  const term = (text: string, y: number): Run[] => [h(text, 10, y), { text: `Sets the ${text} of the logger, off unless named here.`, x: 80, y: y - 13, size: 10 }];
  const pages: Run[][] = [
    [h("Diagnostics", 16, 740), ...bodyLines(1, 4, 715), h("Usage", 13, 650), ...bodyLines(10, 3, 630), h("Production builds", 10, 585), ...bodyLines(20, 4, 566)],
    [h("API", 13, 740), ...bodyLines(30, 3, 720), h(".enabled", 10, 672), ...bodyLines(40, 4, 653), h("modify", 10, 586), ...bodyLines(50, 4, 567), h("process.env", 10, 500), ...bodyLines(60, 3, 481)],
    [h("Options", 13, 740), { text: "The logger reads these options:", x: 60, y: 720, size: 10 }, ...term("force", 700), ...term("colors", 674), ...bodyLines(70, 4, 636), h("License", 13, 540), ...bodyLines(80, 4, 520)],
  ];

  it("makes each lone name a heading under its section, and no term of the list one", async () => {
    const { source, rows } = await outline(await buildPdf(pages));
    expect(source).toBe("layout");
    expect(rows).toEqual([
      "1 Diagnostics [1]", "1 Usage [1]", "2 Production builds [1]", "1 API [2]", "2 .enabled [2]", "2 modify [2]", "2 process.env [2]", "1 Options [3]", "1 License [3]",
    ]);
  });
});

describe("an author's e-mail and web addresses under a paper's title", () => {
  // Under the title a paper gives its author's e-mail and home page, in a face and size of
  // their own: set apart like a heading, but an address is never a section's title.
  const pages: Run[][] = [
    [
      { text: "Knots in Generated Documents", x: 306, y: 740, size: 18, bold: true, centred: true },
      { text: "A. Author", x: 306, y: 712, size: 12, centred: true },
      { text: "author@example.org", x: 306, y: 696, size: 12, mono: true, centred: true },
      { text: "https://example.org/knots", x: 306, y: 680, size: 12, mono: true, centred: true },
      { text: "1 Introduction", x: 60, y: 640, size: 14, bold: true },
      ...bodyLines(1, 10, 618),
    ],
    [{ text: "2 Drawing knots", x: 60, y: 740, size: 14, bold: true }, ...bodyLines(20, 12, 718), { text: "3 Tying knots", x: 60, y: 540, size: 14, bold: true }, ...bodyLines(40, 8, 518)],
  ];

  it("heads no section with an address", async () => {
    const { source, rows } = await outline(await buildPdf(pages));
    expect(source).toBe("layout");
    expect(rows.filter((r) => /@|:\/\//.test(r))).toEqual([]);
    expect(rows.filter((r) => /\d [123] /.test(r))).toEqual(["1 1 Introduction [1]", "1 2 Drawing knots [2]", "1 3 Tying knots [2]"]);
  });
});

describe("a long section title wrapped after a comma", () => {
  // A manual's section titles name several commands and run onto a second line, breaking
  // after a comma: "3 The commands \\tocname, \\tocnumber," over "and \\toclink".
  const h = (text: string, y: number): Run => ({ text, x: 60, y, size: 14, bold: true });
  const pages: Run[][] = [
    [h("1 Introduction", 740), ...bodyLines(1, 12, 716), h("2 Usage", 540), ...bodyLines(20, 10, 516)],
    [h("3 The commands \\tocname, \\tocnumber,", 740), h("and \\toclink", 723), ...bodyLines(40, 12, 699), h("4 Options", 520), ...bodyLines(60, 10, 496)],
  ];

  it("reads both lines as one title at its page", async () => {
    const { source, rows } = await outline(await buildPdf(pages));
    expect(source).toBe("layout");
    expect(rows).toEqual(["1 1 Introduction [1]", "1 2 Usage [1]", "1 3 The commands \\tocname, \\tocnumber, and \\toclink [2]", "1 4 Options [2]"]);
  });
});

describe("a reference page dense with short entries at the text's size", () => {
  // A reference manual gives each function a bold heading at the text's size over a line or
  // two of description; one page may hold fifteen of them.
  const names = ["open", "close", "read", "write", "seek", "tell", "flush", "sync", "stat", "chmod", "chown", "rename", "unlink", "mkdir", "rmdir"];
  const entries: Run[] = names.flatMap((name, k): Run[] => [
    { text: `Function ${name[0].toUpperCase()}${name.slice(1)}`, x: 60, y: 760 - 46 * k, size: 10, bold: true },
    { text: `Calls ${name} on the file handle ${k} and returns its status to the caller.`, x: 60, y: 746 - 46 * k, size: 10 },
  ]);
  const pages: Run[][] = [
    [{ text: "Files", x: 60, y: 740, size: 16, bold: true }, ...bodyLines(1, 30, 712)],
    entries,
    [{ text: "Errors", x: 60, y: 740, size: 16, bold: true }, ...bodyLines(40, 30, 712)],
  ];

  it("keeps every entry of the page a heading", async () => {
    const { source, rows } = await outline(await buildPdf(pages));
    expect(source).toBe("layout");
    expect(rows).toEqual([
      "1 Files [1]",
      ...names.map((n) => `2 Function ${n[0].toUpperCase()}${n.slice(1)} [2]`),
      "1 Errors [3]",
    ]);
  });
});

describe("a title at the text's size wrapped before its last word", () => {
  // A newsletter sets its items' titles in bold at the text's size; one runs a word past the
  // column ("Prevent spurious spaces when reading table of contents" over "data"). The lower-case
  // second line is the title's end, not a sentence going on: the paragraph follows in the text's face.
  const h = (text: string, y: number): Run => ({ text, x: 60, y, size: 10, bold: true });
  const pages: Run[][] = [
    [h("Error message corrected", 740), ...bodyLines(1, 10, 726), h("Fixed fatal link error with hyperref", 580), ...bodyLines(20, 10, 566)],
    [h("Prevent spurious spaces when reading table of contents", 740), h("data", 727), ...bodyLines(40, 10, 713), h("Guarding the fill in doc", 560), ...bodyLines(60, 10, 546)],
  ];

  it("reads both lines as one title", async () => {
    const { source, rows } = await outline(await buildPdf(pages));
    expect(source).toBe("layout");
    expect(rows).toEqual([
      "1 Error message corrected [1]",
      "1 Fixed fatal link error with hyperref [1]",
      "1 Prevent spurious spaces when reading table of contents data [2]",
      "1 Guarding the fill in doc [2]",
    ]);
  });
});

describe("a series of headings named by their numbers", () => {
  // A library's reference heads a section with each algorithm it provides ("SHA256",
  // "SHA384": more digits than letters); a guide numbers its steps ("Step 1", "Step 2").
  // Two or more of a series share a page, which a running head never does.
  const h = (text: string, y: number, size = 12): Run => ({ text, x: 60, y, size, bold: true });
  const entry = (name: string, top: number, k: number): Run[] => [h(name, top), ...bodyLines(k, 3, top - 20)];
  const reference: Run[][] = [
    [h("Message digests", 740, 16), ...bodyLines(1, 6, 712), ...entry("SHA1", 620, 10), ...entry("SHA256", 540, 20)],
    [...entry("SHA384", 740, 30), ...entry("SHA512", 660, 40), h("Utilities", 560, 16), ...bodyLines(50, 6, 532)],
  ];
  const guide: Run[][] = [
    [h("Installing", 740, 16), ...bodyLines(1, 6, 712), ...entry("Step 1", 620, 10), ...entry("Step 2", 540, 20)],
    [...entry("Step 3", 740, 30), ...entry("Step 4", 660, 40), h("Using it", 560, 16), ...bodyLines(50, 6, 532)],
  ];

  it("finds each algorithm's section, however many digits its name holds", async () => {
    const { source, rows } = await outline(await buildPdf(reference));
    expect(source).toBe("layout");
    expect(rows).toEqual(["1 Message digests [1]", "2 SHA1 [1]", "2 SHA256 [1]", "2 SHA384 [2]", "2 SHA512 [2]", "1 Utilities [2]"]);
  });

  it("finds each numbered step, not dropped as a running head", async () => {
    const { source, rows } = await outline(await buildPdf(guide));
    expect(source).toBe("layout");
    expect(rows).toEqual(["1 Installing [1]", "2 Step 1 [1]", "2 Step 2 [1]", "2 Step 3 [2]", "2 Step 4 [2]", "1 Using it [2]"]);
  });
  it("leaves out the labels of figures set the same way", async () => {
    const figures = guide.map((page) => page.map((r) => (/^Step \d$/.test(r.text) ? { ...r, text: r.text.replace("Step", "Figure") } : r)));
    const { source, rows } = await outline(await buildPdf(figures));
    expect(source).toBe("layout");
    expect(rows).toEqual(["1 Installing [1]", "1 Using it [2]"]);
  });
});

describe("run-in titles alone on their line, closed by a period, over a listing", () => {
  // titlesec's run-in headings: "Creating. Text ..." in bold runs into its paragraph, but when
  // the paragraph opens with a listing the title stands alone ("Mutex API." over code). In a
  // document that runs titles into paragraphs in that face, the lone line is a heading too.
  const runIn = (title: string, y: number): Run[] => [
    { text: title, x: 75, y, size: 10, bold: true },
    { text: "This explains what the call does and when to use it.", x: 0, y, size: 10, after: true },
    { text: sentence(y) + " It ends here.", x: 60, y: y - 13, size: 10 },
  ];
  const code = (text: string, y: number): Run => ({ text, x: 60, y, size: 10, mono: true });
  const pages: Run[][] = [
    [
      { text: "Usage", x: 60, y: 760, size: 14, bold: true },
      ...bodyLines(1, 3, 738),
      ...runIn("Installing.", 692),
      ...bodyLines(4, 2, 666),
      { text: "Mutex API.", x: 75, y: 620, size: 10, bold: true },
      code("const mutex = new Mutex();", 600),
      code("await mutex.runExclusive(work);", 587),
      ...bodyLines(8, 3, 565),
    ],
    [
      ...runIn("Releasing.", 760),
      ...bodyLines(12, 2, 734),
      { text: "Semaphore API.", x: 75, y: 690, size: 10, bold: true },
      code("const semaphore = new Semaphore(2);", 670),
      ...bodyLines(16, 2, 650),
      // Labels in the same bold over their listings: this face is no heading style of its own.
      { text: "CommonJS:", x: 75, y: 620, size: 10, bold: true },
      code("const { Mutex } = require('async-mutex');", 600),
      { text: "ES6:", x: 75, y: 580, size: 10, bold: true },
      code("import { Mutex } from 'async-mutex';", 560),
      { text: "TypeScript:", x: 75, y: 540, size: 10, bold: true },
      code("import { Mutex, MutexInterface } from 'async-mutex';", 520),
      { text: "Errors", x: 60, y: 480, size: 14, bold: true },
      ...bodyLines(20, 3, 458),
    ],
  ];

  it("finds the titles alone and the titles run in, without their periods", async () => {
    const { source, rows } = await outline(await buildPdf(pages));
    expect(source).toBe("layout");
    expect(rows).toEqual(["1 Usage [1]", "2 Installing [1]", "2 Mutex API [1]", "2 Releasing [2]", "2 Semaphore API [2]", "1 Errors [2]"]);
  });

  it("leaves a bold sentence alone where the document runs no titles into paragraphs in bold", async () => {
    const item = (text: string, y: number): Run => ({ text, x: 70, y, size: 10 });
    const label = (text: string, y: number): Run => ({ text, x: 60, y, size: 10, bold: true });
    const plain: Run[][] = [
      [
        { text: "Usage", x: 60, y: 760, size: 14, bold: true },
        ...bodyLines(1, 3, 738),
        { text: "The package provides the following symbols.", x: 60, y: 692, size: 10, bold: true },
        item("• alpha, a Greek letter", 677),
        item("• beta, another one", 664),
        ...bodyLines(4, 3, 640),
        label("CommonJS:", 590),
        code("const symbols = require('symbols');", 575),
        label("ES6:", 550),
        code("import symbols from 'symbols';", 535),
        label("TypeScript:", 510),
        code("import type { Symbols } from 'symbols';", 495),
      ],
      [{ text: "Errors", x: 60, y: 760, size: 14, bold: true }, ...bodyLines(8, 3, 738)],
    ];
    const { rows } = await outline(await buildPdf(plain));
    expect(rows).toEqual(["1 Usage [1]", "1 Errors [2]"]);
  });
});

describe("a second face's headings opening under a heading of the first face", () => {
  // Sub-sections in italics at the text's size under sections in bold at that size: the
  // italic headings start right under a bold one ("Current messages" over "Sample message"),
  // though no bold heading comes back after them to enclose them.
  const bold = (text: string, y: number): Run => ({ text, x: 60, y, size: 10, bold: true });
  const italic = (text: string, y: number): Run => ({ text, x: 60, y, size: 10, italic: true });
  const pages: Run[][] = [
    [
      { text: "Promoting content", x: 60, y: 760, size: 14, bold: true },
      ...bodyLines(1, 3, 738),
      bold("How to add messages", 690),
      ...bodyLines(4, 3, 675),
      bold("Current messages", 620),
      italic("Sample message", 600),
      ...bodyLines(7, 3, 585),
      italic("A great runtime for servers", 540),
      ...bodyLines(10, 3, 525),
    ],
    [
      italic("Type stripping", 760),
      ...bodyLines(13, 3, 745),
      italic("Do I need this dependency", 700),
      ...bodyLines(16, 3, 685),
      { text: "Contributing", x: 60, y: 630, size: 14, bold: true },
      ...bodyLines(19, 3, 608),
    ],
  ];

  it("nests the second face's headings under the first face's", async () => {
    const { source, rows } = await outline(await buildPdf(pages));
    expect(source).toBe("layout");
    expect(rows).toEqual([
      "1 Promoting content [1]",
      "2 How to add messages [1]",
      "2 Current messages [1]",
      "3 Sample message [1]",
      "3 A great runtime for servers [1]",
      "3 Type stripping [2]",
      "3 Do I need this dependency [2]",
      "1 Contributing [2]",
    ]);
  });
});

describe("headings that name a type with its arguments or a markup declaration", () => {
  // A README's headings printed large: "Generator<string, void>" and "<!DOCTYPE" hold the
  // signs a formula holds, but as names; the same signs in a line of the text are not headings.
  const h = (text: string, y: number): Run => ({ text, x: 60, y, size: 14, bold: true });
  const pages: Run[][] = [
    [h("1 Usage", 760), ...bodyLines(1, 4, 738), h("2 The Generator<string, void> returned", 660), ...bodyLines(5, 4, 638)],
    [h("3 Regarding <!DOCTYPE and <!ENTITY", 760), ...bodyLines(9, 4, 738), { text: "where a < b and b > c hold", x: 60, y: 660, size: 10 }, ...bodyLines(13, 3, 647), h("4 Options", 590), ...bodyLines(16, 3, 568)],
  ];

  it("finds them, titles whole", async () => {
    const { source, rows } = await outline(await buildPdf(pages));
    expect(source).toBe("layout");
    expect(rows).toEqual(["1 1 Usage [1]", "1 2 The Generator<string, void> returned [1]", "1 3 Regarding <!DOCTYPE and <!ENTITY [2]", "1 4 Options [2]"]);
  });
});

describe("lettered sub-sections naming functions, their paragraphs indented", () => {
  // A journal class's sub-sections in italics at the text's size ("A. Overview"); one names a
  // function in a code face ("B. parse(text[, options])") and its paragraph opens indented as
  // every paragraph does. A label numbers a section: the indented line under it is no
  // definition list's description.
  const sub = (label: string, name: string, y: number): Run[] => [
    { text: label, x: 60, y, size: 10, italic: true },
    { text: name, x: 0, y, size: 10, monoBold: true, after: true },
  ];
  const para = (from: number, top: number): Run[] => [
    { text: sentence(from), x: 70, y: top, size: 10 },
    ...bodyLines(from + 1, 2, top - 13),
  ];
  const pages: Run[][] = [
    [
      { text: "I. Interface", x: 60, y: 760, size: 12, bold: true },
      ...bodyLines(1, 3, 738),
      { text: "A. Overview", x: 60, y: 690, size: 10, italic: true },
      ...para(4, 675),
      { text: "const tree = parse(source);", x: 70, y: 625, size: 10, mono: true },
      { text: "console.log(format(tree));", x: 70, y: 612, size: 10, mono: true },
      ...bodyLines(8, 2, 592),
      ...sub("B.", "parse(text[, options])", 555),
      ...para(10, 540),
      ...sub("C.", "format(tree)", 480),
      ...para(14, 465),
    ],
    [{ text: "II. Results", x: 60, y: 760, size: 12, bold: true }, ...bodyLines(20, 3, 738), { text: "A. Speed", x: 60, y: 690, size: 10, italic: true }, ...para(24, 675)],
  ];

  it("finds each function's sub-section", async () => {
    const { source, rows } = await outline(await buildPdf(pages));
    expect(source).toBe("layout");
    expect(rows).toEqual([
      "1 I. Interface [1]",
      "2 A. Overview [1]",
      "2 B. parse(text[, options]) [1]",
      "2 C. format(tree) [1]",
      "1 II. Results [2]",
      "2 A. Speed [2]",
    ]);
  });
});

describe("names of code heading a reference, in a code face smaller than the text", () => {
  // A README printed from a browser: sections in 14 pt bold over 11 pt text; each API entry's
  // heading is its name alone in bold code at 9.5 pt (code in a heading is set smaller than the
  // heading's words), some in capitals (constants); an entry's "Parameters" in 11 pt bold.
  // Listings and code in sentences use the regular code face.
  const text = (from: number, n: number, y: number): Run[] => Array.from({ length: n }, (_, i) => ({ text: sentence(from + i), x: 60, y: y - 15 * i, size: 11 }));
  const listing = (y: number): Run[] => Array.from({ length: 4 }, (_, i) => ({ text: `visit(tree, 'text', function (node, index) { step(${i}) })`, x: 60, y: y - 12 * i, size: 8.5, mono: true }));
  const codeInSentence = (y: number, face: Pick<Run, "mono" | "monoBold">): Run[] => [
    { text: "The walker calls", x: 60, y, size: 11 },
    { text: "visitor", after: true, x: 0, y, size: 9.5, ...face },
    { text: "on every node of the tree it is given, in order.", after: true, x: 0, y, size: 11 },
  ];
  const entry = (name: string, y: number, face: Pick<Run, "mono" | "monoBold">): Run[] => [{ text: name, x: 60, y, size: 9.5, monoBold: true }, ...codeInSentence(y - 24, face), ...text(y, 1, y - 39)];
  const pages = (face: Pick<Run, "mono" | "monoBold">): Run[][] => [
    [
      { text: "Use", x: 60, y: 750, size: 14, bold: true },
      ...text(1, 3, 725),
      ...listing(670),
      { text: "API", x: 60, y: 600, size: 14, bold: true },
      ...text(10, 2, 575),
      ...entry("visit(tree[, test], visitor)", 530, face),
      ...entry("CONTINUE", 460, face),
      ...entry("EXIT", 390, face),
      ...listing(320),
    ],
    [
      ...entry("Visitor", 750, face),
      { text: "Parameters", x: 60, y: 680, size: 11, bold: true },
      ...text(30, 2, 655),
      ...entry("VisitorResult", 600, face),
      ...listing(530),
      { text: "Related", x: 60, y: 460, size: 14, bold: true },
      ...text(40, 3, 435),
    ],
  ];

  it("makes each name a section under the one its first entry comes under, capitals or not, above its own sub-sections", async () => {
    const { source, rows } = await outline(await buildPdf(pages({ mono: true })));
    expect(source).toBe("layout");
    expect(rows).toEqual([
      "1 Use [1]",
      "1 API [1]",
      "2 visit(tree[, test], visitor) [1]",
      "2 CONTINUE [1]",
      "2 EXIT [1]",
      "2 Visitor [2]",
      "3 Parameters [2]",
      "2 VisitorResult [2]",
      "1 Related [2]",
    ]);
  });

  it("leaves the names alone where the document sets that face inside sentences too", async () => {
    const { rows } = await outline(await buildPdf(pages({ monoBold: true })));
    expect(rows.filter((r) => /visit\(|CONTINUE|EXIT|Visitor/.test(r))).toEqual([]);
  });
});

describe("headings with an arrow between two words (an upgrade guide's sections)", () => {
  // A README's "Upgrade 4.x -> 5.x" sections in bold at the text's size, centred as titlesec
  // centres them, under a larger "Upgrading"; the arrow reads as "to", not as a formula's sign.
  const h = (text: string, y: number): Run => ({ text, x: 306, y, size: 10, bold: true, centred: true });
  const pages: Run[][] = [
    [{ text: "Upgrading", x: 60, y: 740, size: 14, bold: true }, ...bodyLines(1, 4, 715), h("Upgrade 4.x -> 5.x", 650), ...bodyLines(10, 6, 630), h("Upgrade 3.x -> 4.x", 540), ...bodyLines(20, 6, 520)],
    [h("Upgrade 2.x -> 3.x", 740), ...bodyLines(30, 6, 720), { text: "License", x: 60, y: 620, size: 14, bold: true }, ...bodyLines(40, 4, 595)],
  ];

  it("makes each upgrade step a section under the guide", async () => {
    const { source, rows } = await outline(await buildPdf(pages));
    expect(source).toBe("layout");
    expect(rows).toEqual(["1 Upgrading [1]", "2 Upgrade 4.x -> 5.x [1]", "2 Upgrade 3.x -> 4.x [1]", "2 Upgrade 2.x -> 3.x [2]", "1 License [2]"]);
  });
});
