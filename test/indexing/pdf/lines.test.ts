/** Visual lines from pdfjs-like text items: rows, wide gaps, two-column reading order. */
import { describe, expect, it } from "vitest";
import { itemsToLines, type RawItem } from "../../../src/indexing/pdf/lines.ts";

const item = (str: string, x: number, y: number, size = 10, fontName = "f1", width = str.length * size * 0.5): RawItem => ({
  str,
  transform: [size, 0, 0, size, x, y],
  width,
  fontName,
});

describe("itemsToLines", () => {
  it("joins items on one baseline left to right and orders rows top to bottom", () => {
    const lines = itemsToLines([item("world", 120, 700), item("Hello", 50, 700), item("Second line", 50, 686)], 612, new Set());
    expect(lines.map((l) => l.text)).toEqual(["Hello world", "Second line"]);
    expect(lines[0].size).toBe(10);
  });

  it("keeps a superscript on its line", () => {
    const lines = itemsToLines([item("Footnote", 50, 700), item("12", 92, 704, 6), item("text", 100, 700)], 612, new Set());
    expect(lines).toHaveLength(1);
    expect(lines[0].text).toBe("Footnote 12 text");
    expect(lines[0].size).toBe(10); // the dominant size, not the superscript's
  });

  it("reads a two-column page column by column, with a full-width title first", () => {
    const items: RawItem[] = [item("A Two Column Title Spanning The Page", 60, 760, 14, "f2", 480)];
    for (let r = 0; r < 20; r++) {
      items.push(item(`left column line ${r} with some words`, 60, 720 - r * 12, 10, "f1", 230));
      items.push(item(`right column line ${r} with some words`, 320, 720 - r * 12, 10, "f1", 230));
    }
    const lines = itemsToLines(items, 612, new Set());
    const texts = lines.map((l) => l.text);
    expect(texts[0]).toBe("A Two Column Title Spanning The Page");
    expect(texts.slice(1, 21)).toEqual(Array.from({ length: 20 }, (_, r) => `left column line ${r} with some words`));
    expect(texts.slice(21)).toEqual(Array.from({ length: 20 }, (_, r) => `right column line ${r} with some words`));
  });

  it("keeps a left-column line that runs into the gutter in its column, so the right column's heading is read after the left column", () => {
    // A filing's last page of Part I: the left column ends Part I, the right one opens Part II.
    const items: RawItem[] = [];
    for (let r = 0; r < 20; r++) {
      // Row 3 of the left column is longer than the rest and reaches into the gutter (not to the right column).
      items.push(item(`left column line ${r} with some words`, 60, 720 - r * 12, 10, "f1", r === 3 ? 240 : 230));
      items.push(item(r === 0 ? "Part II – Other Information" : `right column line ${r} with some words`, 320, 720 - r * 12, 10, r === 0 ? "f2" : "f1", 230));
    }
    const texts = itemsToLines(items, 612, new Set()).map((l) => l.text);
    expect(texts.slice(0, 20)).toEqual(Array.from({ length: 20 }, (_, r) => `left column line ${r} with some words`));
    expect(texts[20]).toBe("Part II – Other Information");
  });

  it("keeps the previous page's narrow gutter though the next page's justified lines reach a point or two into it", () => {
    // LaTeX's default 10 pt gutter. Page 1 proves it; on page 2 the columns' baselines are
    // out of step (a heading's space in one column), so the page cannot prove a gutter of its
    // own, and its left lines end 2 pt further right (hyphens hung into the margin, widths
    // rounded up). The rows both columns share must not become one line.
    const memory = { gutter: null };
    const page1: RawItem[] = [];
    for (let r = 0; r < 20; r++) {
      page1.push(item(`left prose ${r} of the first page`, 89, 720 - r * 13.5, 10, "f1", 203));
      page1.push(item(`right prose ${r} of the first page`, 302, 720 - r * 13.5, 10, "f1", 203));
    }
    itemsToLines(page1, 595, new Set(), memory);
    const page2: RawItem[] = [];
    for (let r = 0; r < 20; r++) {
      page2.push(item(`left prose ${r} of the second page`, 89, 720 - r * 13.5, 10, "f1", 205));
      // Every fourth row of the right column shares a baseline with the left one.
      page2.push(item(`right prose ${r} of the second page`, 302, 720 - r * 13.5 - (r % 4 === 0 ? 0 : 6), 10, "f1", 203));
    }
    const texts = itemsToLines(page2, 595, new Set(), memory).map((l) => l.text);
    expect(texts).toEqual([
      ...Array.from({ length: 20 }, (_, r) => `left prose ${r} of the second page`),
      ...Array.from({ length: 20 }, (_, r) => `right prose ${r} of the second page`),
    ]);
  });

  it("reads two columns of technical prose by column though few rows are wide on both sides", () => {
    // Bullets, code and short last lines keep many rows short on one side (an IEEEtran-style
    // page: 11 pt gutter at the page's centre); a heading in the left column shares its
    // baseline with right-column text and must stay a line of its own.
    const items: RawItem[] = [];
    for (let r = 0; r < 30; r++) {
      const y = 720 - r * 12;
      if (r === 10) items.push(item("B. Unix and macOS", 49, y, 10, "f2", 90));
      else items.push(item(r % 2 ? `• item ${r}` : `left prose line ${r} running the full column width`, r % 2 ? 59 : 49, y, 10, "f1", r % 2 ? 60 : 246));
      items.push(item(r % 3 ? `right prose line ${r} running the full column width` : `code ${r}`, 312, y, 10, r % 3 ? "f1" : "f3", r % 3 ? 251 : 50));
    }
    const texts = itemsToLines(items, 612, new Set()).map((l) => l.text);
    expect(texts).toContain("B. Unix and macOS");
    expect(texts.indexOf("left prose line 28 running the full column width")).toBeLessThan(texts.indexOf("right prose line 1 running the full column width"));
  });

  it("does not read a two-column table with short labels as two columns of text", () => {
    const items: RawItem[] = [];
    for (let r = 0; r < 20; r++) items.push(item(`Label ${r}`, 60, 700 - r * 12, 10, "f1", 60), item(`a long description of entry ${r} in the table`, 317, 700 - r * 12, 10, "f1", 235));
    const texts = itemsToLines(items, 612, new Set()).map((l) => l.text);
    expect(texts.slice(0, 2)).toEqual(["Label 0 a long description of entry 0 in the table", "Label 1 a long description of entry 1 in the table"]);
  });

  it("does not split a table with narrow cells into columns", () => {
    const items: RawItem[] = [];
    for (let r = 0; r < 15; r++) {
      items.push(item(`Row ${r}`, 60, 700 - r * 12, 10, "f1", 40));
      items.push(item(String(100 + r), 330, 700 - r * 12, 10, "f1", 20));
      items.push(item(String(200 + r), 480, 700 - r * 12, 10, "f1", 20));
    }
    const lines = itemsToLines(items, 612, new Set());
    expect(lines.map((l) => l.text).slice(0, 2)).toEqual(["Row 0 100 200", "Row 1 101 201"]);
    expect(lines[0].cells).toBe(3);
  });

  it("keeps a contents page's dot leaders and page numbers on their entries' lines", () => {
    // LaTeX sets leader dots on one grid in every row, so the corridors between two dots line
    // up down the page; rows of a chapter (no leaders) leave the same stretch empty.
    const items: RawItem[] = [];
    const rows: string[] = [];
    for (let r = 0; r < 24; r++) {
      const y = 720 - r * 14;
      const page = String(20 + r);
      if (r % 4 === 0) {
        const title = `${r / 4 + 1} Chapter title number ${r}`;
        items.push(item(title, 100, y, 10, "f2", 150), item(page, 470, y, 10, "f1", 10));
        rows.push(`${title} ${page}`);
      } else {
        const title = `${Math.floor(r / 4) + 1}.${r % 4} Section title ${r}`;
        items.push(item(title, 115, y, 10, "f1", 140));
        // The leaders, one dot item every 5 pt from the same grid, up to the page number.
        const dots: string[] = [];
        for (let x = 265; x <= 460; x += 5) {
          items.push(item(".", x, y, 10, "f1", 2.5));
          dots.push(".");
        }
        items.push(item(page, 470, y, 10, "f1", 10));
        rows.push(`${title} ${dots.join(" ")} ${page}`);
      }
    }
    const lines = itemsToLines(items, 612, new Set());
    expect(lines.map((l) => l.text.replace(/\s+/g, " "))).toEqual(rows);
  });

  it("reads a contents page in two columns by column, each entry with its page number", () => {
    // A newsletter's two-column contents: each column's page numbers set flush right at the
    // column's edge, right of the leaders, so the corridor between the left column's leaders
    // and its numbers is emptier than the gutter between the columns.
    const items: RawItem[] = [];
    const left: string[] = [];
    const right: string[] = [];
    for (let r = 0; r < 24; r++) {
      const y = 700 - r * 13;
      const a = `Left entry ${r} title`;
      items.push(item(a, 60, y, 10, "f1", 110), item(". . . . . . . . . . . . .", 175, y, 10, "f1", 90), item(String(r + 1), 283, y, 10, "f1", 6));
      left.push(`${a} . . . . . . . . . . . . . ${r + 1}`);
      // The right column's rows keep their own pitch: only some share a baseline with the left's.
      const b = `Right entry ${r} title`;
      const yb = 700 - r * 15;
      items.push(item(b, 310, yb, 10, "f1", 110), item(". . . . . . . . . . . . .", 425, yb, 10, "f1", 90), item(String(r + 30), 530, yb, 10, "f1", 10));
      right.push(`${b} . . . . . . . . . . . . . ${r + 30}`);
    }
    const lines = itemsToLines(items, 612, new Set());
    expect(lines.map((l) => l.text.replace(/\s+/g, " "))).toEqual([...left, ...right]);
  });

  it("reads a two-column contents by column when the next column hangs its chapter numbers", () => {
    // A package manual's contents in two columns (geometry of a real one): the left column's
    // page numbers stand 18 pt right of its leaders, the gutter beyond them is 10 pt, and the
    // right column hangs its chapter numbers 10 pt before the titles ("4  Environment", then
    // "4.1 General" under the title), its rows on their own pitch. Passing over the first
    // corridor to the next best one found the right column's corridor between its chapter
    // numbers and titles, and the page was read as one column: "3.1 The Simple Statement 3 4".
    const items: RawItem[] = [];
    const left: string[] = [];
    const right: string[] = [];
    for (let r = 0; r < 16; r++) {
      const y = 466 - r * 12.5;
      const page = String(r + 1);
      if (r % 5 === 0) {
        const title = `Chapter title ${r}`;
        items.push(item(String(r / 5 + 1), 153.7, y, 10, "f2", 5), item(title, 168.6, y, 10, "f2", 70), item(page, 320.6, y, 10, "f2", page.length * 5));
        left.push(`${r / 5 + 1} ${title} ${page}`);
      } else {
        const title = `${Math.floor(r / 5) + 1}.${r % 5} Section ${r}`;
        items.push(item(title, 168.6, y, 10, "f1", 90), item(". . . . .", 268.3, y, 10, "f1", 32.3), item(page, 320.6, y, 10, "f1", page.length * 5));
        left.push(`${title} . . . . . ${page}`);
      }
    }
    for (let r = 0; r < 14; r++) {
      const y = 466 - r * 12;
      const page = String(40 + r);
      if (r % 5 === 0) {
        const title = `Environment ${r}`;
        items.push(item(String(r / 5 + 4), 335.5, y, 10, "f2", 5), item(title, 350.5, y, 10, "f2", 62), item(page, 497.4, y, 10, "f2", 10));
        right.push(`${r / 5 + 4} ${title} ${page}`);
      } else {
        const title = `${Math.floor(r / 5) + 4}.${r % 5} Entry ${r}`;
        items.push(item(title, 350.5, y, 10, "f1", 70), item(". . . . . . . .", 427.7, y, 10, "f1", 54.8), item(page, 497.4, y, 10, "f1", 10));
        right.push(`${title} . . . . . . . . ${page}`);
      }
    }
    const lines = itemsToLines(items, 612, new Set());
    expect(lines.map((l) => l.text.replace(/\s+/g, " "))).toEqual([...left, ...right]);
  });

  it("reads a two-column contents by column when its page numbers start at different x", () => {
    // A newsletter's contents (geometry of a real one): issue heads' numbers in bold start at
    // 277.4, entries' numbers at 278.8, both ending at 288.8. Passing over the corridor before
    // them found the sliver between the two starts, and every left-column number was read
    // onto the right column's row: "16 New LaTeX release . . . 24".
    const items: RawItem[] = [];
    const left: string[] = [];
    const right: string[] = [];
    for (let r = 0; r < 18; r++) {
      const y = 700 - r * 13.5;
      const page = String(16 + Math.floor(r / 6));
      if (r % 6 === 0) {
        const title = `Issue ${r / 6 + 12}, June 2000`;
        items.push(item(title, 43.7, y, 10, "f2", 124), item(page, 277.4, y, 10, "f2", 11.4));
        left.push(`${title} ${page}`);
      } else {
        const title = `Left entry ${r}`;
        items.push(item(title, 58.6, y, 10, "f1", 60), item(". . . . . . . . . . . . . .", 123.6, y, 10, "f1", 142.3), item(page, 278.8, y, 10, "f1", 10));
        left.push(`${title} . . . . . . . . . . . . . . ${page}`);
      }
    }
    for (let r = 0; r < 16; r++) {
      const y = 701 - r * 15;
      const page = String(24 + Math.floor(r / 5));
      if (r % 5 === 0) {
        const title = `Issue ${r / 5 + 19}, September 2009`;
        items.push(item(title, 308.7, y, 10, "f2", 128), item(page, 542.4, y, 10, "f2", 11.4));
        right.push(`${title} ${page}`);
      } else {
        const title = `Right entry ${r}`;
        items.push(item(title, 323.7, y, 10, "f1", 80), item(". . . . . . . . . . . . .", 411.9, y, 10, "f1", 118), item(page, 543.8, y, 10, "f1", 10));
        right.push(`${title} . . . . . . . . . . . . . ${page}`);
      }
    }
    const lines = itemsToLines(items, 612, new Set());
    expect(lines.map((l) => l.text.replace(/\s+/g, " "))).toEqual([...left, ...right]);
  });

  it("reads a back-of-book index in three columns column by column, each letter head over its entries", () => {
    // Three columns of equal width on one baseline grid; letter heads interrupt each column
    // at its own rows. Across the page only one gutter shows at a time; the side holding two
    // columns shows the other.
    const items: RawItem[] = [];
    const expected: string[][] = [[], [], []];
    for (let c = 0; c < 3; c++) {
      const x = 60 + c * 180;
      for (let r = 0; r < 20; r++) {
        const y = 720 - r * 12;
        if ((r + 3 * c) % 7 === 0) {
          const letter = String.fromCharCode(65 + c * 3 + Math.floor(r / 7));
          items.push(item(letter, x + 60, y, 10, "f2", 7));
          expected[c].push(letter);
        } else {
          const entry = `\\entry${c}x${r} . . . . . . . . ${r + 1}`;
          items.push(item(entry, x, y, 9, "f1", 140));
          expected[c].push(entry);
        }
      }
    }
    const lines = itemsToLines(items, 612, new Set());
    expect(lines.map((l) => l.text)).toEqual(expected.flat());
  });

  it("reads a macro index in three columns by column when its first column lists symbols", () => {
    // A package manual's index: its first column opens with entries that hold no letter
    // ("\\%", "\\{", their page numbers run on onto a second line), the others with macro
    // names. Counting letters only, the first column read as leaders and numbers, no text.
    const items: RawItem[] = [];
    const expected: string[][] = [[], [], []];
    const symbols = ["\\%", "\\{", "\\}", "\\@", "\\#", "\\&", "\\_", "\\^", "\\~", "\\|", "\\<", "\\>", "\\=", "\\+", "\\*", "\\/", "\\[", "\\]"];
    for (let c = 0; c < 3; c++) {
      const x = 143 + c * 122;
      for (let r = 0; r < 18; r++) {
        const y = 626 - r * 11;
        if (c > 0 && r % 6 === 0) {
          const letter = String.fromCharCode(65 + c * 3 + r / 6);
          items.push(item(letter, x + 54, y, 9, "f2", 7));
          expected[c].push(letter);
        } else if (c === 0 && r % 3 === 2) {
          const more = `${r + 40}, ${r + 50}`;
          items.push(item(more, x + 31, y, 9, "f1", 50));
          expected[c].push(more);
        } else {
          const name = c === 0 ? symbols[r] : `\\macro${c}x${r}`;
          const page = String(r + 1);
          items.push(item(name, x, y, 9, "f3", c === 0 ? 9 : 50), item(". . . . . . .", x + 60, y, 9, "f1", 35), item(page, x + 110 - page.length * 4.5, y, 9, "f1", page.length * 4.5));
          expected[c].push(`${name} . . . . . . . ${page}`);
        }
      }
    }
    const lines = itemsToLines(items, 612, new Set());
    expect(lines.map((l) => l.text)).toEqual(expected.flat());
  });

  it("reads an index of code lines in three columns by column when most of its rows are wrapped page references", () => {
    // A package manual's index that refers to code lines: each entry's references wrap onto
    // short indented lines ("556, 559, 560, 561,"), so few rows hold wide text on both sides
    // of either gutter, and neither gutter is at the page's centre. What every row shows is
    // an index's: both sides end in page references, listed after commas or leaders. Read
    // across, the letter heads sat inside other columns' entries ("\\name . . 880, N").
    const items: RawItem[] = [];
    const expected: string[][] = [[], [], []];
    let letter = 65;
    for (let c = 0; c < 3; c++) {
      const x = 144 + c * 130;
      for (let r = 0; r < 30; r++) {
        const y = 760 - r * 11;
        const kind = (r + 2 * c) % 6;
        let text: string;
        if (kind === 0) {
          text = String.fromCharCode(letter++);
          items.push(item(text, x + 55, y, 9, "f2", 7));
        } else if (kind === 1) {
          text = `\\name${c}x${r} . . . . . . ${100 + r}`;
          items.push(item(`\\name${c}x${r}`, x, y, 9, "f3", 55), item(`. . . . . . ${100 + r}`, x + 60, y, 9, "f1", 58));
        } else if (kind === 5) {
          text = `\\ref${c}x${r} ${200 + r}, ${300 + r}`;
          items.push(item(`\\ref${c}x${r}`, x, y, 9, "f3", 45), item(`${200 + r}, ${300 + r}`, x + 50, y, 9, "f1", 40));
        } else {
          text = `${400 + r}, ${500 + r}, ${600 + r},`;
          items.push(item(text, x + 30, y, 9, "f1", 70));
        }
        expected[c].push(text);
      }
    }
    const lines = itemsToLines(items, 612, new Set());
    expect(lines.map((l) => l.text)).toEqual(expected.flat());
  });

  it("does not read a narrow table of small counts as columns, though its rows end in numbers", () => {
    // Short labels with counts in two column pairs: each side ends in a figure of up to four
    // digits, as an index's page references do, but after a label, not after a comma or
    // leaders. Neither side is wide, so only an index's references could make it columns.
    const items: RawItem[] = [];
    const expected: string[] = [];
    for (let r = 0; r < 16; r++) {
      const y = 700 - r * 12;
      items.push(item(`Unit ${r}`, 72, y, 10, "f1", 28), item(String(10 + r), 104, y, 10, "f1", 10));
      items.push(item(`Site ${r}`, 250, y, 10, "f1", 28), item(String(30 + r), 282, y, 10, "f1", 10));
      expected.push(`Unit ${r} ${10 + r} Site ${r} ${30 + r}`);
    }
    const lines = itemsToLines(items, 612, new Set());
    expect(lines.map((l) => l.text)).toEqual(expected);
  });

  it("reads an index that starts below a page of code in its columns", () => {
    // The last page of a package's code listing, then its index in two columns: short code
    // lines with a comment set further right leave the index's gutter free but are no columns
    // of text, too many for the page as a whole to read as two columns; below the wide space
    // before the index, its columns show. Without looking there, "\\alpha@entry0 ... 1" and
    // "\\beta@entry0 ... 40" were read as one line.
    const items: RawItem[] = [];
    const expected: string[] = [];
    for (let r = 0; r < 22; r++) {
      const y = 720 - r * 11;
      const code = `\\let\\x${r}=${r}`;
      const note = `% note ${r}`;
      items.push(item(code, 80, y, 8.5, "mono", 40), item(note, 300, y, 8.5, "mono", 50));
      expected.push(`${code} ${note}`);
    }
    const left: string[] = [];
    const right: string[] = [];
    for (let r = 0; r < 12; r++) {
      const y = 430 - r * 11;
      const a = `\\alpha@entry${r} . . . . . ${r + 1}`;
      const b = `\\beta@entry${r} . . . . . . . . ${r + 40}`;
      items.push(item(a, 80, y, 8.5, "f1", 165), item(b, 290, y, 8.5, "f1", 230));
      left.push(a);
      right.push(b);
    }
    const lines = itemsToLines(items, 612, new Set(["mono"]));
    expect(lines.map((l) => l.text)).toEqual([...expected, ...left, ...right]);
  });

  it("drops overprinted duplicates (fake bold) and marks monospace lines", () => {
    const lines = itemsToLines([item("Bold", 50, 700, 10, "m1"), item("Bold", 50.2, 700, 10, "m1")], 612, new Set(["m1"]));
    expect(lines[0].text).toBe("Bold");
    expect(lines[0].mono).toBe(true);
  });

  it("reads the words of a letter-spaced line apart by gaps wider than its tracking", () => {
    // A browser's CSS letter-spacing: every glyph its own item 1.5 pt after the one before
    // (a kerned "TA" closer), words 7 pt apart, and the last word one item spelled out by pdfjs.
    const glyphs: [string, number, number, number?][] = [
      ["H", 226.31, 9.4, 12.49], ["O", 237.21, 7.08], ["W", 245.79, 8.9], ["T", 261.66, 5.5], ["O", 268.66, 7.08],
      ["O", 282.71, 7.08], ["B", 291.3, 6.17], ["TA", 298.97, 12.46], ["I", 312.93, 2.65], ["N", 317.08, 6.73], ["G A P ?", 330.78, 36.89, 12.49],
    ];
    const lines = itemsToLines(glyphs.map(([s, x, w, size = 9]) => item(s, x, 700, size, "f1", w)), 612, new Set());
    expect(lines.map((l) => l.text)).toEqual(["HOW TO OBTAIN GAP?"]);
  });

  it("joins tracked words pdfjs spelled out one item per word, and leaves an item of several words spaced", () => {
    const words = itemsToLines([item("W H Y", 60, 700, 14, "f1", 41.4), item("T R A C K E D", 112.9, 700, 14, "f1", 90.1), item("T Y P E", 214.5, 700, 14, "f1", 47)], 612, new Set());
    expect(words.map((l) => l.text)).toEqual(["WHY TRACKED TYPE"]);
    // Its word gaps are single spaces too: where its words end is left to the document's words.
    const several = itemsToLines([item("30.", 167.4, 500, 10, "f1", 14), item("E x a m p l e :", 187, 500, 10, "f2", 54.2), item("t h e c o m p l e x s i m p l e L i e", 247.6, 500, 10, "f2", 150)], 612, new Set());
    expect(several.map((l) => l.text)).toEqual(["30. Example: t h e c o m p l e x s i m p l e L i e"]);
    // A court's heading: "CANADA", then "SUPERIOR COURT" in one item, which is no single word.
    const court = itemsToLines([item("C A N A D A", 76.3, 400, 11, "f1", 63), item("S U P E R I O R C O U R T", 372, 400, 11, "f1", 119.2)], 612, new Set());
    expect(court.map((l) => l.text)).toEqual(["CANADA S U P E R I O R C O U R T"]);
  });

  it("keeps a sentence's single-letter variables and its words apart: a formula is no tracking", () => {
    const parts: [string, number][] = [["variables", 40], ["x", 5], ["y", 5], ["z", 5], ["and", 16], ["w", 7], ["v", 5], ["u", 5], ["in turn", 30]];
    let x = 60;
    const items = parts.map(([s, w]) => {
      const it = item(s, x, 700, 10, "f1", w);
      x += w + 3; // 0.3 em between every two pieces
      return it;
    });
    expect(itemsToLines(items, 612, new Set()).map((l) => l.text)).toEqual(["variables x y z and w v u in turn"]);
  });

  it("keeps single letters set far apart (a table's columns) as separate words", () => {
    const lines = itemsToLines(["A", "B", "C", "D", "E", "F"].map((s, k) => item(s, 60 + 40 * k, 700, 10, "f1", 7)), 612, new Set());
    expect(lines.map((l) => l.text)).toEqual(["A B C D E F"]);
  });

  it("styles a line by its words when code scaled larger than the words holds most of its letters", () => {
    // Bold words at 10.6 pt, Courier scaled to 11.5 pt: the heading's type is its words'.
    const lines = itemsToLines(
      [item("16.1. The", 60, 700, 10.6, "bold", 46), item("\\etocchecksemptiness", 109, 700, 11.5, "mono", 145), item("command", 257, 700, 10.6, "bold", 45)],
      612,
      new Set(["mono"]),
    );
    expect(lines).toMatchObject([{ text: "16.1. The \\etocchecksemptiness command", font: "bold", size: 10.6, mono: false }]);
  });

  it("keeps a line in its fixed-pitch Chinese face though a Latin word in it is set smaller", () => {
    // CJK faces are fixed-pitch: the text is in that face, the package name in a smaller Latin one.
    const lines = itemsToLines(
      [item("第一步，点击下面的链接下载", 60, 700, 10.9, "cjk", 142), item("fixdif", 204, 700, 9.5, "latin", 26), item("宏包的压缩包：", 232, 700, 10.9, "cjk", 76)],
      612,
      new Set(["cjk"]),
    );
    expect(lines).toMatchObject([{ font: "cjk", size: 10.9, mono: true }]);
  });
});

describe("reading a PDF's pages in order", () => {
  it("reads a page of short entries in both columns by column when the page before proved the gutter", async () => {
    const { buildPdf } = await import("./heading-class-builder.ts");
    const { openPdf } = await import("../../../src/indexing/pdf/document.ts");
    const { extractPages } = await import("../../../src/indexing/pdf/extract.ts");
    const prose = (side: string, r: number) => `${side} column prose ${r} runs on across it`;
    // Page 1: two columns of prose, the gutter plain. Page 2: an API reference crowded with
    // short option names and code in both columns; no row is wide, so the page cannot prove a
    // gutter of its own, and each row would join its left and right entries into one line.
    const page1 = Array.from({ length: 20 }, (_, r) => [
      { text: prose("left", r), x: 60, y: 720 - r * 12, size: 10 },
      { text: prose("right", r), x: 320, y: 720 - r * 12, size: 10 },
    ]).flat();
    const lefts = Array.from({ length: 14 }, (_, r) => `${r + 1}) left${r}:`);
    const rights = Array.from({ length: 14 }, (_, r) => `--right${r}`);
    const page2 = lefts.flatMap((l, r) => [
      { text: l, x: 60, y: 720 - r * 14, size: 10 },
      { text: rights[r], x: 320, y: 720 - r * 14, size: 10, mono: true },
    ]);
    const { doc, close } = await openPdf(await buildPdf([page1, page2]));
    try {
      const pages = await extractPages(doc);
      expect(pages[1].lines.map((l) => l.text)).toEqual([...lefts, ...rights]);
    } finally {
      await close();
    }
  });
});
