/**
 * A heading a little larger than the text (12 pt over 11 pt, under a tenth larger) that names
 * code at its own size: "Class: ReadableStreamDefaultController", the label in the headings'
 * bold, the name in a code face that holds most of the line's letters and so gives the line
 * its face. A line mixing code with words is no listing: it is judged as a heading.
 */
import { describe, expect, it } from "vitest";
import { layoutRows as outline } from "./tree-checks.ts";
import { buildPdf, type Run, sentence } from "./heading-class-builder.ts";

const text = (from: number, n: number, top: number): Run[] => Array.from({ length: n }, (_, i) => ({ text: sentence(from + i), x: 60, y: top - 14 * i, size: 11 }));
const section = (title: string, y: number): Run => ({ text: title, x: 60, y, size: 16, bold: true });
const named = (label: string, code: string, y: number): Run[] => [
  { text: label, x: 60, y, size: 12, bold: true },
  { text: code, x: 0, y, size: 12, mono: true, after: true },
];

describe("headings naming code at their own size, a little larger than the text", () => {
  const pages: Run[][] = [
    [section("Web Streams", 750), ...text(1, 4, 725), ...named("Class:", "ReadableStreamDefaultReader", 650), ...text(10, 5, 630), ...named("Class:", "ReadableStreamBYOBReader", 540), ...text(20, 6, 520)],
    [...named("Class:", "WritableStreamDefaultWriter", 750), ...text(30, 6, 730), section("Transforms", 630), ...text(40, 3, 605), ...named("Class:", "TransformStreamDefaultController", 550), ...text(50, 6, 530)],
  ];

  it("finds each as a sub-section at its page, titled by label and name", async () => {
    expect(await outline(await buildPdf(pages))).toEqual([
      "1 Web Streams [1]",
      "2 Class: ReadableStreamDefaultReader [1]",
      "2 Class: ReadableStreamBYOBReader [1]",
      "2 Class: WritableStreamDefaultWriter [2]",
      "1 Transforms [2]",
      "2 Class: TransformStreamDefaultController [2]",
    ]);
  });
});
