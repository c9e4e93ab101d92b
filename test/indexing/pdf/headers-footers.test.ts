/** Running heads and page numbers are stripped; look-alike content is not. */
import { describe, expect, it } from "vitest";
import { folioOf, normaliseRunningText, stripHeadersFooters } from "../../../src/indexing/pdf/headers-footers.ts";
import type { Line, PageText } from "../../../src/indexing/pdf/types.ts";

const line = (text: string, y: number, size = 10): Line => ({ text, x: 60, y, w: 300, size, font: "f1", oneFont: true, mono: false });

function book(pageCount: number, head: (p: number) => string | null, body: (p: number) => string[]): PageText[] {
  return Array.from({ length: pageCount }, (_, p) => {
    const lines: Line[] = [];
    const h = head(p);
    if (h) lines.push(line(h, 760, 9));
    body(p).forEach((t, i) => lines.push(line(t, 700 - i * 14)));
    lines.push(line(String(p + 1), 40, 9));
    return { lines, width: 612, height: 792 };
  });
}

describe("running heads", () => {
  it("normalises page numbers, arabic and roman", () => {
    expect(normaliseRunningText("Chapter 3: Vectors 17")).toBe("chapter #: vectors #");
    expect(normaliseRunningText("xiv Preface")).toBe("# preface");
    expect(folioOf("Chapter 3: Vectors 17")).toBe("17");
    expect(folioOf("xiv")).toBe("xiv");
    expect(folioOf("Page 4 of 20")).toBe("4");
  });

  it("strips repeated heads and page numbers and records the printed numbers", () => {
    const words = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"];
    const pages = book(8, (p) => `Chapter 1: Basics ${p + 1}`, (p) => [`The ${words[p]} paragraph starts here.`, `It ends with ${words[7 - p]}.`]);
    const { folios, strippedLines } = stripHeadersFooters(pages);
    expect(strippedLines).toBe(16);
    expect(pages[3].lines.map((l) => l.text)).toEqual(["The delta paragraph starts here.", "It ends with echo."]);
    expect(folios[3]).toBe("4");
  });

  it("keeps chapter openings that repeat a shape far apart", () => {
    const pages = book(40, () => null, (p) => (p % 10 === 0 ? [`Chapter ${p / 10 + 1}`, "Opening text."] : [`Plain text ${p}.`, "More."]));
    stripHeadersFooters(pages);
    expect(pages[10].lines[0].text).toBe("Chapter 2");
    expect(pages[20].lines[0].text).toBe("Chapter 3");
  });
});
