/**
 * Page groups (the last-resort tree source, and the splits of long sections) are titled by a
 * line shaped like a heading, never by the first words of a body sentence.
 */
import { describe, expect, it } from "vitest";
import { headingShaped, pageGroupHeadings } from "../../../src/indexing/pdf/page-groups.ts";
import type { Line, PageText } from "../../../src/indexing/pdf/types.ts";

const BODY = { font: "f1", size: 10 };
const line = (text: string, style: Partial<Line> = {}): Line => ({ text, x: 72, y: 700, w: 400, size: 10, font: "f1", oneFont: true, mono: false, ...style });
const body = (text: string) => line(text);
const bold = (text: string) => line(text, { font: "f2" });
const page = (...lines: Line[]): PageText => ({ lines, width: 612, height: 792 });

const sentence = "for environmental matters and litigation described above, unless otherwise noted, the company records liabilities when probable.";

describe("page group titles", () => {
  it("takes a short bold line as the title, not the body sentence before it", () => {
    const pages = Array.from({ length: 12 }, (_, i) => page(body(sentence), ...(i === 2 ? [bold("Product Liability Litigation")] : []), body(sentence)));
    const groups = pageGroupHeadings(pages, 0, 11, 2, "Note 18 Commitments and Contingencies");
    expect(groups.map((g) => g.title)).toEqual(["Note 18 Commitments and Contingencies (pages 1-2)", "Product Liability Litigation", "Note 18 Commitments and Contingencies (pages 5-6)", "Note 18 Commitments and Contingencies (pages 7-8)", "Note 18 Commitments and Contingencies (pages 9-10)", "Note 18 Commitments and Contingencies (pages 11-12)"]);
    expect(groups.every((g) => g.level === 2)).toBe(true);
  });

  it("without a section to continue, names the pages", () => {
    expect(pageGroupHeadings([page(body(sentence))]).map((g) => g.title)).toEqual(["Page 1"]);
  });

  it("keeps slide titles and short capitalised lines", () => {
    expect(pageGroupHeadings([page(line("Quarterly Results", { size: 24 }), body(sentence))]).map((g) => g.title)).toEqual(["Quarterly Results"]);
    expect(headingShaped(body("Market Overview 2024"), BODY)).toBe(true);
  });

  it("refuses sentences, continuations and long lines whatever their font", () => {
    expect(headingShaped(bold("The company expects revenue to grow in every region next year."), BODY)).toBe(false);
    expect(headingShaped(body("continued from the previous page"), BODY)).toBe(false);
    expect(headingShaped(bold("A B C D E F G H I J K L M N"), BODY)).toBe(false);
    expect(headingShaped(body("12"), BODY)).toBe(false);
  });
});
