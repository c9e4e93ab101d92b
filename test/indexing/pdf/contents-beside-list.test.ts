/**
 * A contents in two columns with a list's title across the page below them: read line by
 * line, the title comes after the first column and before the second (its line fits the first
 * column's band). A list's title ends the contents only when no entry further right follows
 * it on the page going on from the contents' last page: here the second column's entries are
 * still the contents', and the list's own entries, back at the left after them, are not.
 */
import { describe, expect, it } from "vitest";
import { PageIndex } from "../../../src/indexing/pdf/locate.ts";
import { printedTocHeadings } from "../../../src/indexing/pdf/printed-toc.ts";
import type { Line, PageText } from "../../../src/indexing/pdf/types.ts";

const line = (text: string, x: number, y: number, size = 10, w = 160): Line => ({ text, x, y, w, size, font: size > 12 ? "bold" : "roman", oneFont: true, mono: false });
const body = (n: number, top: number): Line[] => Array.from({ length: n }, (_, i) => line(`This is sentence ${top + i} of ordinary body text that keeps going across the line.`, 60, top - 14 * i, 10, 350));

const names = ["Introduction", "Installation", "Statements", "Conditions", "Loops", "Returns", "Messages", "Comments", "Examples", "Options", "Indentation", "Numbering", "Customization", "Placement", "References", "Known issues", "Hints", "Changes"];
const listed = names.map((t, k) => ({ title: `${k + 1} ${t}`, page: 2 + Math.floor(k / 2) }));
const entry = (e: { title: string; page: number }, x: number, i: number) => line(`${e.title} . . . . . . . ${e.page}`, x, 700 - 16 * i);

describe("a list's title read between the two columns of a contents", () => {
  const first: PageText = {
    width: 612,
    height: 792,
    lines: [
      line("Contents", 60, 725, 14.3, 60),
      ...listed.slice(0, 9).map((e, i) => entry(e, 60, i)),
      line("List of Algorithms", 60, 540, 14.3, 120),
      ...listed.slice(9).map((e, i) => entry(e, 320, i)),
      line("1 Computing a power . . . . . . . . . . . . . . . . . . . . . . . . . . . 3", 80, 520, 10, 400),
      ...body(8, 480),
    ],
  };
  const bodyPages: PageText[] = [2, 3, 4, 5, 6, 7, 8, 9, 10].map((p) => ({
    width: 612,
    height: 792,
    lines: listed.filter((e) => e.page === p).flatMap((e, k) => [line(e.title, 60, 760 - 300 * k, 14.3, 150), ...body(8, 735 - 300 * k)]),
  }));
  const pages = [first, ...bodyPages];

  it("keeps every entry of the second column, and none of the list's", () => {
    const toc = printedTocHeadings({ pages, index: new PageIndex(pages), labels: null, folios: [] });
    const titles = (toc?.headings ?? []).map((h) => `${h.title} [${h.page + 1}]`);
    expect(titles).toEqual(expect.arrayContaining(listed.map((e) => `${e.title} [${e.page}]`)));
    expect(titles.filter((t) => t.includes("Computing"))).toEqual([]);
  });
});
