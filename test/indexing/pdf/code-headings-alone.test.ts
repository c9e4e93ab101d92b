/**
 * Headings that are all code, set by a word processor in its code style at the listings'
 * size ("punycode.decode(string)" in Courier 10 pt over 11 pt text): nothing but the room a
 * heading takes above and below sets them apart from a one-line listing, which follows the
 * sentence introducing it at about a paragraph's spacing, and they name a member or a call
 * with its parameters, not a call with values ("require('punycode/')"). A bold heading style
 * sets them in the code face's bold, a face no listing uses. Their size says
 * nothing of their rank: they rank just below the heading the first of them comes under,
 * above a smaller heading inside one of them.
 */
import { describe, expect, it } from "vitest";
import { layoutRows as outline } from "./tree-checks.ts";
import { buildPdf, type Run, sentence } from "./heading-class-builder.ts";

const PITCH = 12.7;
const text = (from: number, n: number, top: number): Run[] => Array.from({ length: n }, (_, i) => ({ text: sentence(from + i).slice(0, 78), x: 72, y: top - PITCH * i, size: 11 }));
const heading = (title: string, size: number, y: number): Run => ({ text: title, x: 72, y, size, bold: true });
const code = (t: string, y: number): Run => ({ text: t, x: 72, y, size: 10, mono: true });

describe("headings all in code at the listings' size, set apart by a heading's room", () => {
  const pages: Run[][] = [
    [
      heading("Installation", 16, 740),
      { text: "Via npm:", x: 72, y: 717, size: 11 },
      // A one-line listing after its introduction, 1.2 pitches down: no heading.
      code("npm install punycode --save", 702),
      ...text(1, 2, 684),
      code("const punycode = require('punycode/');", 640),
      heading("API", 16, 608),
      code("punycode.decode(string)", 583),
      ...text(10, 2, 561),
      code("punycode.decode('maana-pta');", 536),
      code("punycode.decode('--dqo34k');", 524.6),
      code("punycode.encode(string)", 504.6),
      ...text(20, 2, 482.7),
      heading("Examples", 13, 450),
      ...text(30, 2, 428),
      code("punycode.toUnicode(input)", 395),
      // Its parameters listed beneath it, the list a little closer than a paragraph.
      { text: "• input: the domain name or e-mail address to convert", x: 90, y: 377.4, size: 11 },
      ...text(40, 2, 355),
      code("punycode.ucs2.encode(codePoints)", 320),
      ...text(50, 3, 298),
      // In the code face's bold, as a bold heading style sets its code: a second heading
      // face at that size, first seen after the first, ranks below it.
      { ...code("punycode.ucs2.version", 235), mono: false, monoBold: true },
      ...text(90, 2, 213),
    ],
    [
      ...text(60, 2, 740),
      // A call with its values, alone with room about it: a listing's line.
      code("punycode.toASCII('mañana.com')", 700),
      ...text(70, 2, 678),
      { text: "To convert it back, call:", x: 72, y: 640, size: 11 },
      // A member named alone after its introduction, 1.2 pitches down: a one-line listing.
      code("punycode.toUnicode(domain)", 625),
      ...text(80, 2, 603),
    ],
  ];

  it("makes each a node just below the heading the first comes under, and no node of a one-line listing", async () => {
    expect(await outline(await buildPdf(pages))).toEqual([
      "1 Installation [1]",
      "1 API [1]",
      "2 punycode.decode(string) [1]",
      "2 punycode.encode(string) [1]",
      "3 Examples [1]",
      "2 punycode.toUnicode(input) [1]",
      "2 punycode.ucs2.encode(codePoints) [1]",
      "3 punycode.ucs2.version [1]",
    ]);
  });
});
