/**
 * A thesis class that sets the titles of its front matter, its contents and its lists in the
 * text's own type, in spaced capitals: "ABSTRACT" and "ZUSAMMENFASSUNG" on one page before the
 * contents, and the list of figures, the list of tables and the acronyms on one page after it.
 * The contents list none of them. Each is a section: set as the contents' title (or the first
 * list's) is, in capitals, and as far above the text after it (printed-toc.ts frontSections).
 */
import { describe, expect, it } from "vitest";
import { indexPdf } from "../../../src/indexing/pdf/index.ts";
import { bodyText, buildPdf, type Run } from "./heading-class-builder.ts";
import { preorder } from "./tree-checks.ts";

const text = (first: number, n: number, top: number): Run[] => bodyText(first, n, top, { x: 72, size: 10.9, pitch: 14 });
/** A title in the text's face and size, letter-spaced: only its capitals and space set it apart. */
const spaced = (title: string, y: number, x = 72): Run => ({ text: title, x, y, size: 10.9, tracking: 2 });
const entry = (label: string, page: number, y: number, x = 72): Run => ({ text: `${label} ${".".repeat(40)} ${page}`, x, y, size: 10.9 });
const chapter = (title: string): Run => ({ text: title, x: 72, y: 740, size: 17.2, bold: true });

const pages: Run[][] = [
  [{ text: "A Study of Ordinary Sentences", x: 306, y: 600, size: 24, bold: true, centred: true }, { text: "Doctoral thesis", x: 306, y: 560, size: 14, centred: true }],
  [spaced("ABSTRACT", 740), ...text(1, 6, 700), spaced("ZUSAMMENFASSUNG", 560), ...text(10, 5, 520)],
  [spaced("PUBLICATIONS", 740), ...text(20, 8, 700)],
  [
    spaced("CONTENTS", 740),
    entry("1 Introduction", 6, 700),
    entry("1.1 Background", 6, 686, 88),
    entry("2 Methods", 7, 666),
    entry("2.1 Sampling", 7, 652, 88),
    entry("3 Results", 8, 632),
    entry("3.1 Findings", 8, 618, 88),
  ],
  [
    spaced("LIST OF FIGURES", 740),
    entry("Figure 1.1 A first sketch", 6, 700),
    entry("Figure 2.1 The sample", 7, 686),
    spaced("LIST OF TABLES", 630),
    entry("Table 3.1 Counts of sentences", 8, 590),
    spaced("ACRONYMS", 520),
    { text: "API Application Programming Interface", x: 72, y: 480, size: 10.9 },
    { text: "UML Unified Modeling Language", x: 72, y: 466, size: 10.9 },
  ],
  [chapter("1 Introduction"), ...text(30, 4, 700), { text: "1.1 Background", x: 72, y: 630, size: 12, bold: true }, ...text(40, 6, 606)],
  [chapter("2 Methods"), ...text(50, 4, 700), { text: "2.1 Sampling", x: 72, y: 630, size: 12, bold: true }, ...text(60, 6, 606)],
  [chapter("3 Results"), ...text(70, 4, 700), { text: "3.1 Findings", x: 72, y: 630, size: 12, bold: true }, ...text(80, 6, 606)],
];

describe("front matter and lists titled in the text's own type", () => {
  it("makes each title before and after the contents a section on its page", async () => {
    const doc = await indexPdf(await buildPdf(pages), { addSummaries: false, ignoreOutline: true });
    const rows = preorder(doc.tree).map((f) => `${f.depth} ${f.node.title} [${f.node.start_index}]`);
    expect(doc.tocSource).toBe("printed_toc");
    for (const [title, page] of [
      ["ABSTRACT", 2],
      ["ZUSAMMENFASSUNG", 2],
      ["PUBLICATIONS", 3],
      ["CONTENTS", 4],
      ["LIST OF FIGURES", 5],
      ["LIST OF TABLES", 5],
      ["ACRONYMS", 5],
    ] as const) {
      expect(rows).toContain(`1 ${title} [${page}]`);
    }
    // The listed sections keep their places after them, and no entry of a list is a section.
    expect(rows.slice(-6)).toEqual(["1 1 Introduction [6]", "2 1.1 Background [6]", "1 2 Methods [7]", "2 2.1 Sampling [7]", "1 3 Results [8]", "2 3.1 Findings [8]"]);
    expect(rows.filter((r) => /Figure|Table 3|API|UML|Doctoral/.test(r))).toEqual([]);
  });
});
