/**
 * Run-in titles that nothing but space sets apart: LaTeX's \paragraph sets its title in the
 * headings' bold, then an em of space, then the paragraph, with no period, colon or dash; a
 * reference's option names in lower case among them ("domain"), their paragraph going on
 * beneath at its left edge. Bold words that open a sentence take a word space and stay
 * emphasis; a description list's lower-case label ("bgcolor") stands as far from its
 * description, which goes on indented, and is no title either.
 */
import { describe, expect, it } from "vitest";
import { layoutRows as outline } from "./tree-checks.ts";
import { buildPdf, type Run, sentence } from "./heading-class-builder.ts";

const text = (from: number, n: number, top: number): Run[] => Array.from({ length: n }, (_, i) => ({ text: sentence(from + i), x: 60, y: top - 13 * i, size: 10 }));
const heading = (title: string, size: number, y: number): Run => ({ text: title, x: 60, y, size, bold: true });
const EM = 10;
/** A paragraph opening with a bold lead, `gap` points before its text, then two more lines. */
const led = (lead: string, gap: number, y: number, n: number): Run[] => [
  { text: lead, x: 60, y, size: 10, bold: true },
  { text: "specifies the value the option takes when the caller gives none at all", x: 0, y, size: 10, after: true, gap },
  ...text(n, 2, y - 13),
];
/** A description list's item: its label, an em, the description, going on indented beneath. */
const item = (label: string, y: number, n: number): Run[] => [
  { text: label, x: 60, y, size: 10, bold: true },
  { text: "the colour the box is filled with when the caller gives none at all", x: 0, y, size: 10, after: true, gap: EM },
  ...text(n, 2, y - 13).map((r) => ({ ...r, x: 90, text: r.text.slice(0, 70) })),
];

describe("run-in titles set apart from their paragraph by an em of space alone", () => {
  const pages: Run[][] = [
    [heading("Cookie parsing", 14, 740), ...text(1, 4, 715), heading("Options", 10, 650), ...text(10, 2, 632), ...led("Decode", EM, 590, 20), ...led("Always", 2.5, 540, 30), ...led("Returns", EM, 490, 40)],
    [...led("domain", EM, 740, 50), ...text(60, 3, 700), heading("Serialising", 14, 640), ...text(70, 4, 615), heading("Options", 10, 550), ...text(80, 2, 532), ...led("Max age", EM, 490, 90), ...item("bgcolor", 440, 95)],
  ];

  it("makes each spaced title a node under the displayed heading of its face, and no node of bold words opening a sentence or of a lower-case label", async () => {
    expect(await outline(await buildPdf(pages))).toEqual([
      "1 Cookie parsing [1]",
      "2 Options [1]",
      "3 Decode [1]",
      "3 Returns [1]",
      "3 domain [2]",
      "1 Serialising [2]",
      "2 Options [2]",
      "3 Max age [2]",
    ]);
  });
});
