/**
 * A table among the first pages whose rows end in figures ("aes_128_cbc 16 16 1") reads like
 * a contents page without leaders: titles, then numbers that never fall. Its numbers repeat
 * where a contents list's pages move on, so it is no contents page, and the headings on its
 * page stay in the tree (printed-toc.ts judgePage).
 */
import { describe, expect, it } from "vitest";
import { buildPdf, sentence, type Run } from "./heading-class-builder.ts";
import { layoutRows } from "./tree-checks.ts";

const prose = (first: number, top: number, count: number): Run[] =>
  Array.from({ length: count }, (_, k): Run => ({ text: sentence(first + k), x: 72, y: top - 14 * k, size: 10 }));

/** A row of the table: a cipher's name, its key length, and its block length (8, then 16). */
const row = (k: number, y: number): Run[] => [
  { text: `cipher_${100 + k}_cbc`, x: 72, y, size: 10 },
  { text: String(16 + 8 * (k % 3)), x: 260, y, size: 10 },
  { text: k < 12 ? "8" : "16", x: 400, y, size: 10 },
];

describe("a table of figures on an early page", () => {
  it("is not taken for a contents page: the headings around it are found", async () => {
    const pages: Run[][] = [
      [{ text: "1 Overview", x: 72, y: 720, size: 14, bold: true }, ...prose(1, 690, 30)],
      [
        { text: "2 Key sizes", x: 72, y: 720, size: 14, bold: true },
        ...Array.from({ length: 20 }, (_, k) => row(k, 690 - 16 * k)).flat(),
        { text: "3 Hash lengths", x: 72, y: 340, size: 14, bold: true },
        ...prose(40, 310, 12),
      ],
      [{ text: "4 Engines", x: 72, y: 720, size: 14, bold: true }, ...prose(60, 690, 30)],
    ];
    expect(await layoutRows(await buildPdf(pages))).toEqual(["1 1 Overview [1]", "1 2 Key sizes [2]", "1 3 Hash lengths [2]", "1 4 Engines [3]"]);
  });
});
