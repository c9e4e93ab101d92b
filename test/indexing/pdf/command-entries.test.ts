/**
 * A LaTeX package manual's command entries: each command's syntax set out into the left
 * margin in a code face of its own ("\swapargs{<token1>}{<token2>}"), its description at the
 * text's left edge beneath it, and the manual bookmarking each command by its name. Two
 * commands of one entry stand one under the other, each its own. A name set in the margin
 * beside its paragraph's first line (ltxdoc's \DescribeMacro) shares that line and is no
 * entry, nor is a name in the listings' own face (a listing's index of the macros it defines),
 * nor a syntax shown inside the text.
 */
import { describe, expect, it } from "vitest";
import { layoutRows as outline } from "./tree-checks.ts";
import { buildPdf, type Run, sentence } from "./heading-class-builder.ts";

const LEFT = 128;
const text = (from: number, n: number, top: number): Run[] => Array.from({ length: n }, (_, i) => ({ text: sentence(from + i).slice(0, 70), x: LEFT, y: top - 13 * i, size: 10 }));
const section = (title: string, y: number): Run => ({ text: title, x: LEFT, y, size: 14, bold: true });
/** An example listing in the listings' face, inside the text. */
const example = (lines: string[], top: number): Run[] => lines.map((t, i) => ({ text: t, x: 150, y: top - 11 * i, size: 10, mono: true }));
const syntax = (t: string, y: number): Run => ({ text: t, x: 50, y, size: 10, monoBold: true });

describe("command entries set out into the margin", () => {
  const pages: Run[][] = [
    [
      section("1 Helper macros", 740),
      ...text(1, 3, 716),
      syntax("\\swapargs{<token1>}{<token2>}", 670),
      ...text(10, 2, 652),
      ...example(["\\swapargs{a}{b} expands to {b}{a}", "\\expandafter\\swapargs\\expandafter{\\x}{\\y}"], 620),
      syntax("\\gobblespace", 580),
      ...text(20, 3, 562),
      // Two commands of one entry, one under the other.
      syntax("\\ifdefcount{<token>}{<true>}{<false>}", 510),
      syntax("\\ifdeftoks{<token>}{<true>}{<false>}", 492.4),
      ...text(30, 3, 474),
      // A name in the margin beside its paragraph's first line.
      { text: "\\cmc", x: 70, y: 420, size: 10, monoBold: true },
      { text: sentence(40).slice(0, 70), x: LEFT, y: 420, size: 10 },
      ...text(41, 2, 407),
    ],
    [
      section("2 Expansion control", 740),
      ...text(50, 3, 716),
      // A listing's index in the margin, in the listings' face.
      { text: "\\expandnext", x: 60, y: 681, size: 10, mono: true },
      { text: "\\def\\expandnext#1#2{%", x: 150, y: 670, size: 10, mono: true },
      { text: "  \\expandafter#1#2}", x: 150, y: 659, size: 10, mono: true },
      ...text(60, 3, 630),
      syntax("\\expandnexttwo{<code>}{<control sequences>}", 580),
      ...text(70, 2, 562),
      // The same face inside the text: a syntax shown, not an entry.
      { text: "\\expandnext{<code>}{<control sequences>}", x: 150, y: 532, size: 10, monoBold: true },
      ...text(72, 1, 514),
      ...example(["\\expandnexttwo{\\def\\z}{\\x}{\\y}", "\\expandnexttwo{\\edef\\z}{\\csname x\\endcsname}{\\y}"], 490),
    ],
  ];

  it("makes a node of each command named by it, under its section", async () => {
    expect(await outline(await buildPdf(pages))).toEqual([
      "1 1 Helper macros [1]",
      "2 \\swapargs [1]",
      "2 \\gobblespace [1]",
      "2 \\ifdefcount [1]",
      "2 \\ifdeftoks [1]",
      "1 2 Expansion control [2]",
      "2 \\expandnexttwo [2]",
    ]);
  });
});
