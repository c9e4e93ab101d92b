/**
 * Two headings of one style stacked (a section with nothing in it before its first
 * sub-section's sibling) are two titles, not one title wrapped: they stand further apart than
 * a title's own leading, and the second's first word would have fitted on the first line. A
 * long title that fills its line and wraps at its leading stays one title.
 */
import { describe, expect, it } from "vitest";
import { indexPdf } from "../../../src/indexing/pdf/index.ts";
import { preorder } from "./tree-checks.ts";
import { buildPdf, type Run } from "./heading-class-builder.ts";

async function outline(data: Uint8Array): Promise<string[]> {
  const doc = await indexPdf(data, { addSummaries: false, ignoreOutline: true });
  expect(doc.tocSource).toBe("layout");
  return preorder(doc.tree).map((f) => `${f.depth} ${f.node.title} [${f.node.start_index}]`);
}

const sentence = (n: number) => `This is sentence ${n} of ordinary body text that keeps going across the whole line.`;
const text = (from: number, n: number, top: number): Run[] => Array.from({ length: n }, (_, i) => ({ text: sentence(from + i), x: 60, y: top - 12 * i, size: 10 }));
const h = (title: string, size: number, y: number): Run => ({ text: title, x: 60, y, size, bold: true });

describe("two headings of one style stacked, and a long title wrapped", () => {
  const pages: Run[][] = [
    [h("Performance Benchmarks", 14, 740), ...text(1, 3, 718), h("Performance Results", 12, 670), h("Performance Improvements", 12, 649.6), ...text(10, 5, 630)],
    [
      h("Longer Titles", 14, 770),
      ...text(40, 2, 752),
      h("A Much Longer Heading That Runs Across The Whole Width Of Its Column", 12, 715),
      h("And Wraps", 12, 700.6),
      ...text(20, 5, 680),
      h("Benchmark Details", 12, 600),
      ...text(30, 5, 580),
    ],
  ];

  it("keeps the stacked headings apart and the wrapped title whole", async () => {
    expect(await outline(await buildPdf(pages))).toEqual([
      "1 Performance Benchmarks [1]",
      "2 Performance Results [1]",
      "2 Performance Improvements [1]",
      "1 Longer Titles [2]",
      "2 A Much Longer Heading That Runs Across The Whole Width Of Its Column And Wraps [2]",
      "2 Benchmark Details [2]",
    ]);
  });
});
