/**
 * An empty section: its heading stands right over its first sub-section's heading in the same
 * style, with no text between them ("Performance Results" / "Performance Improvements"). The
 * second line is no continuation of the first: it is set further apart than a title's own
 * lines and its first word would have fit at the end of the first (layout/wrapped-titles.ts
 * standsApart). A title TeX broke early, with room left on its first line but at its own
 * leading, stays one title, as does a title wrapped for want of room at a loose leading.
 */
import { describe, expect, it } from "vitest";
import { indexPdf } from "../../../src/indexing/pdf/index.ts";
import { bodyText, buildPdf, type Run } from "./heading-class-builder.ts";
import { preorder } from "./tree-checks.ts";

const text = (first: number, n: number, top: number): Run[] => bodyText(first, n, top, { pitch: 12 });
const chapter = (title: string, y: number): Run => ({ text: title, x: 60, y, size: 14.4, bold: true });
const section = (title: string, y: number): Run => ({ text: title, x: 60, y, size: 12, bold: true });

describe("an empty section's heading over its first sub-section's", () => {
  const pages: Run[][] = [
    [
      chapter("Performance Benchmarks", 760),
      ...text(1, 3, 738),
      section("Performance Results", 700),
      // 1.7 times the title's size below it: the space between two headings, not a title's leading.
      section("Performance Improvements", 679.6),
      ...text(10, 5, 660),
      section("Benchmark Details", 590),
      ...text(20, 5, 570),
    ],
    [
      chapter("Selective Cloning", 760),
      ...text(30, 3, 738),
      // Broken early with room to spare, at the title's own leading (1.2 times its size).
      section("How the Traditional Approach Copied", 700),
      section("Every Object Before Redacting", 685.6),
      ...text(40, 5, 666),
      section("Key Innovations", 596),
      ...text(50, 5, 576),
      // Wrapped for want of room, set as loosely as the two headings of page 1.
      section("Reference Sharing Between the Original and Each Redacted Copy", 500),
      section("in Action", 479.6),
      ...text(60, 5, 460),
    ],
  ];

  it("makes each of the two headings a node, and keeps wrapped titles whole", async () => {
    const doc = await indexPdf(await buildPdf(pages), { addSummaries: false, ignoreOutline: true });
    const rows = preorder(doc.tree).map((f) => `${f.depth} ${f.node.title} [${f.node.start_index}]`);
    expect(rows).toEqual([
      "1 Performance Benchmarks [1]",
      "2 Performance Results [1]",
      "2 Performance Improvements [1]",
      "2 Benchmark Details [1]",
      "1 Selective Cloning [2]",
      "2 How the Traditional Approach Copied Every Object Before Redacting [2]",
      "2 Key Innovations [2]",
      "2 Reference Sharing Between the Original and Each Redacted Copy in Action [2]",
    ]);
  });
});
