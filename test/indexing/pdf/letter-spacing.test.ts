/**
 * Letter-spaced titles: read as one letter per word ("A B S T R A C T"), they are joined back
 * into their words, found as headings, and searchable as words; spaced letters that spell no
 * words (a table of glyphs, a row of column letters) and short words are left alone.
 */
import { describe, expect, it } from "vitest";
import { indexPdf } from "../../../src/indexing/pdf/index.ts";
import { joinLetterSpacing } from "../../../src/indexing/pdf/letter-spacing.ts";
import type { Line, PageText } from "../../../src/indexing/pdf/types.ts";
import { preorder } from "./tree-checks.ts";
import { buildPdf, type Run } from "./heading-class-builder.ts";

const line = (text: string, y = 700): Line => ({ text, x: 60, y, w: 300, size: 10, font: "f1", oneFont: true, mono: false });
const pages = (...texts: string[][]): PageText[] => texts.map((lines) => ({ width: 612, height: 792, lines: lines.map((t, k) => line(t, 700 - 14 * k)) }));

describe("joinLetterSpacing", () => {
  it("joins spaced letters into the words the document uses elsewhere", () => {
    const doc = pages(["L I S T O F F I G U R E S", "The list of figures names every figure of the report."], ["S o u r c e c o d e o f exteps", "The source code of the package."]);
    expect(joinLetterSpacing(doc)).toBe(2);
    expect(doc[0].lines[0].text).toBe("LIST OF FIGURES");
    expect(doc[1].lines[0].text).toBe("Source code of exteps");
    // The other lines are as they were.
    expect(doc[0].lines[1].text).toBe("The list of figures names every figure of the report.");
  });

  it("joins spaced letters beyond ASCII, set between other whitespace", () => {
    // Spelled by the words of the body lines, which the vocabulary reads beside ASCII lines.
    const doc = pages(["É T U D E\tD E S\u00a0D É C H E T S", "\tΣ Ύ Ν Ο Ψ Η", "Une étude des déchets.", "Σύνοψη του θέματος.", "𝐀 𝐁 𝐂 𝐃 𝐄", "Plain ASCII text, and 𝐀𝐁𝐂𝐃𝐄."]);
    expect(joinLetterSpacing(doc)).toBe(3);
    // Three letters between a tab and a no-break space are no run ("D E S"); the others are.
    expect(doc[0].lines.map((l) => l.text).slice(0, 2)).toEqual(["ÉTUDE\tD E S\u00a0DÉCHETS", "\tΣΎΝΟΨΗ"]);
    // Astral letters are two code units each: no piece of one, so no spaced run (as always).
    expect(doc[0].lines[4].text).toBe("𝐀 𝐁 𝐂 𝐃 𝐄");
  });

  it("reads spaced letters that spell no word of the document as one word when they look like one", () => {
    const doc = pages(["A C K N O W L E D G M E N T S", "Some body text."]);
    joinLetterSpacing(doc);
    expect(doc[0].lines[0].text).toBe("ACKNOWLEDGMENTS");
  });

  it("leaves glyph tables, short words, formulas and column letters alone", () => {
    const texts = ["2 Ă Ē Ģ Ĳ ł Œ Ţ Ų", "il y a un chat ici", "x y z", "a b c d e f", "A B C D E F", "Body text with a few words."];
    const doc = pages(texts);
    expect(joinLetterSpacing(doc)).toBe(0);
    expect(doc[0].lines.map((l) => l.text)).toEqual(texts);
  });

  it("joins the line's opening run too", () => {
    const doc = pages(["1. I n t r o d u c t i o n", "An introduction to the package."]);
    doc[0].lines[0].lead = { text: "1. I n t r o d u c t i o n", font: "f2", size: 14 };
    joinLetterSpacing(doc);
    expect(doc[0].lines[0].text).toBe("1. Introduction");
    expect(doc[0].lines[0].lead?.text).toBe("1. Introduction");
  });
});

describe("a thesis whose chapter titles are letter-spaced capitals", () => {
  const text = (n: number) => `Sentence ${n} reports the methods and the results of this work on the problem.`;
  const chapter = (title: string, first: number): Run[] => [
    { text: title, x: 60, y: 740, size: 14, tracking: 4 },
    ...Array.from({ length: 12 }, (_, k): Run => ({ text: text(first + k), x: 60, y: 700 - 14 * k, size: 10 })),
  ];

  it("finds each spaced title as a chapter at its page, titled in words", async () => {
    const data = await buildPdf([chapter("INTRODUCTION", 1), chapter("METHODS AND RESULTS", 20), chapter("Summary", 40)]);
    const doc = await indexPdf(data, { addSummaries: false, ignoreOutline: true });
    const rows = preorder(doc.tree).map((f) => `${f.depth} ${f.node.title} [${f.node.start_index}]`);
    expect(rows).toEqual(["1 INTRODUCTION [1]", "1 METHODS AND RESULTS [2]", "1 Summary [3]"]);
    // The page text holds the words too (what search reads).
    expect(doc.pageTexts?.[1]).toContain("METHODS AND RESULTS");
  });

  it("keeps the words of a spaced title apart though the document spells them nowhere else", async () => {
    // Each letter is its own item; the gap between words is the tracking and a word space.
    const data = await buildPdf([chapter("QUARTERLY FIGURES BY REGION", 1), chapter("WHY TRACKED TYPE", 20), chapter("Closing Remarks", 40)]);
    const doc = await indexPdf(data, { addSummaries: false, ignoreOutline: true });
    const rows = preorder(doc.tree).map((f) => `${f.depth} ${f.node.title} [${f.node.start_index}]`);
    expect(rows).toEqual(["1 QUARTERLY FIGURES BY REGION [1]", "1 WHY TRACKED TYPE [2]", "1 Closing Remarks [3]"]);
  });
});
