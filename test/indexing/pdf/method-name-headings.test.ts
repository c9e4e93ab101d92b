/**
 * Headings that name a method. A call's empty parentheses are part of its name ("::stop()"),
 * not the signs of a formula that make a line too short of letters for a title. And a
 * heading set wholly in a code face of its own a point larger than the text
 * ("frontmatter(options?)" in bold Courier 12 pt over 11 pt text, the listings in Courier)
 * is a heading style; lines in the listings' own face at that size are code.
 */
import { describe, expect, it } from "vitest";
import { layoutRows as outline } from "./tree-checks.ts";
import { buildPdf, type Run, sentence } from "./heading-class-builder.ts";

const text = (from: number, n: number, top: number, size = 10): Run[] => Array.from({ length: n }, (_, i) => ({ text: sentence(from + i), x: 72, y: top - size * 1.2 * i, size }));
const listing = (lines: string[], top: number, size = 10): Run[] => lines.map((t, i) => ({ text: t, x: 72, y: top - size * 1.15 * i, size, mono: true }));

describe("a method's name with empty parentheses as a heading", () => {
  const method = (name: string, y: number, n: number): Run[] => [
    { text: name, x: 72, y, size: 12, bold: true },
    ...text(n, 2, y - 18),
    ...listing([`<instance>${name.slice(1)};`], y - 50),
  ];
  const pages: Run[][] = [
    [
      { text: "Single Bar Mode", x: 72, y: 740, size: 14, bold: true },
      ...text(1, 2, 718),
      ...method("::start()", 680, 10),
      ...method("::update()", 610, 20),
      ...method("::stop()", 540, 30),
      ...method("::increment()", 470, 40),
    ],
  ];

  it("makes a node of each, the shortest names too", async () => {
    expect(await outline(await buildPdf(pages))).toEqual(["1 Single Bar Mode [1]", "2 ::start() [1]", "2 ::update() [1]", "2 ::stop() [1]", "2 ::increment() [1]"]);
  });
});

describe("a heading all in a code face of its own a point larger than the text", () => {
  const api = (name: string, y: number, n: number): Run[] => [
    { text: name, x: 72, y, size: 12, monoBold: true },
    ...text(n, 2, y - 20, 11),
    ...listing(["import {frontmatter} from 'micromark-extension-frontmatter'", "const html = micromark(value, {extensions: [frontmatter()]})"], y - 52),
  ];
  const pages: Run[][] = [
    [
      { text: "API", x: 72, y: 740, size: 15, bold: true },
      ...text(1, 3, 716, 11),
      ...api("frontmatter(options?)", 660, 10),
      ...api("frontmatterHtml(options?)", 570, 20),
      ...api("toMatters(options?)", 480, 30),
    ],
    [
      // The listings' own face at that size: lines of code, no headings.
      ...text(40, 2, 740, 11),
      ...listing(["npm install micromark-extension-frontmatter"], 700, 12),
      ...text(50, 2, 680, 11),
      ...listing(["deno add npm:micromark-extension-frontmatter"], 640, 12),
      ...text(60, 2, 620, 11),
      ...listing(["yarn add micromark-extension-frontmatter"], 580, 12),
      ...text(70, 2, 560, 11),
    ],
  ];

  it("makes a node of each under the heading they come under", async () => {
    expect(await outline(await buildPdf(pages))).toEqual(["1 API [1]", "2 frontmatter(options?) [1]", "2 frontmatterHtml(options?) [1]", "2 toMatters(options?) [1]"]);
  });
});
