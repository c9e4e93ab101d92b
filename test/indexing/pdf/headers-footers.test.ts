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

describe("running heads of short chapters", () => {
  // 30 chapters of two to four pages in a 90-page book (too short for one head to repeat on
  // the eight pages a lone text needs); the head names the chapter, the page number is in the foot.
  const words = ["amber", "basil", "cedar", "delta", "ember", "fjord", "garnet", "harbor", "indigo", "juniper", "kelp", "lagoon", "meadow", "nectar", "orchid", "pebble"];
  const chapters = Array.from({ length: 30 }, (_, c) => `${c + 1}. ${words[c % 16]} ${words[(c * 7 + 3) % 16]}`);
  const lengths = chapters.map((_, c) => 2 + (c % 3));
  const chapterOf = (p: number) => {
    let at = 0;
    for (let c = 0; c < lengths.length; c++) if (p < (at += lengths[c])) return c;
    return lengths.length - 1;
  };
  const pageCount = lengths.reduce((a, b) => a + b, 0);
  const face = (l: Line, font: string): Line => ({ ...l, font });
  // Text that differs from page to page once numbers are set aside, as real text does.
  const text = (p: number) => Array.from({ length: 8 }, (_, i) => `The ${words[(p + i) % 16]} ${words[(p * 5 + i * 7) % 16]} ${words[(p * 3 + i) % 16]} line.`);

  it("strips each chapter's head, though none repeats on enough pages to be trusted alone", () => {
    const pages = book(pageCount, () => null, text);
    pages.forEach((page, p) => page.lines.unshift(face(line(chapters[chapterOf(p)], 760, 10), "slanted")));
    stripHeadersFooters(pages);
    for (const page of pages) expect(page.lines.map((l) => l.text).filter((t) => chapters.includes(t))).toEqual([]);
    expect(pages[5].lines.map((l) => l.text)).toEqual(text(5));
  });

  it("keeps a title that opens each page in that place when titles do not repeat (slides)", () => {
    const title = (p: number) => `${words[p % 16]} and ${words[(p * 3 + Math.floor(p / 16)) % 16]} ${words[Math.floor(p / 16)]}`;
    const pages = book(pageCount, () => null, text);
    pages.forEach((page, p) => page.lines.unshift(face(line(title(p), 760, 10), "bold")));
    stripHeadersFooters(pages);
    expect(pages.map((page) => page.lines[0].text)).toEqual(pages.map((_, p) => title(p)));
  });

  it("keeps headings that open pages close above their text, repeated or not", () => {
    const pages = book(pageCount, () => null, text);
    pages.forEach((page, p) => page.lines.unshift(face(line(chapters[chapterOf(p)], 714, 10), "bold")));
    stripHeadersFooters(pages);
    expect(pages.filter((page) => chapters.includes(page.lines[0].text)).length).toBe(pageCount);
  });
});
