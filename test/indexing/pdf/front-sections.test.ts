/**
 * The contents' own title and the lists after it put among the headings the contents list
 * (printed-toc.ts withFrontSections): in page order, and never above the sections after them.
 */
import { describe, expect, it } from "vitest";
import { withFrontSections } from "../../../src/indexing/pdf/printed-toc.ts";
import type { Heading } from "../../../src/indexing/pdf/types.ts";

const h = (title: string, level: number, page: number, line = 0): Heading => ({ title, level, page, line });

describe("front sections among the listed headings", () => {
  // Chapters listed at level 2 under parts whose titles were not found in the text.
  const listed = [h("1 Background", 2, 2), h("2 Usage", 2, 3), h("II Details", 1, 4), h("3 Options", 2, 4, 3)];
  const front = [h("Contents", 1, 0, 9), h("List of Figures", 1, 1)];

  it("sets each front section at the level of the listed entry after it", () => {
    const out = withFrontSections(listed, front, true);
    expect(out.map((x) => `${x.level} ${x.title}`)).toEqual(["2 Contents", "2 List of Figures", "2 1 Background", "2 2 Usage", "1 II Details", "2 3 Options"]);
  });

  it("keeps them at the top level for headings read from the page", () => {
    const out = withFrontSections(listed, front);
    expect(out.map((x) => `${x.level} ${x.title}`)).toEqual(["1 Contents", "1 List of Figures", "2 1 Background", "2 2 Usage", "1 II Details", "2 3 Options"]);
  });

  it("adds none that the headings hold already, and takes the top level after the last entry", () => {
    const out = withFrontSections([h("Contents", 1, 0, 9), h("1 Background", 1, 2)], [h("Contents", 1, 0, 9), h("Index", 1, 9)], true);
    expect(out.map((x) => `${x.level} ${x.title} [${x.page}]`)).toEqual(["1 Contents [0]", "1 1 Background [2]", "1 Index [9]"]);
  });
});
