/**
 * Font ids that do not depend on which page was read first (pdfjs-worker-source.mjs, change 2;
 * extract.ts stableFontId): a long PDF's two threads name each font alike without reading
 * pages again to match them (page-split.ts).
 */
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { openPdf } from "../../../src/indexing/pdf/document.ts";
import { PageReader, isStableFontId, stableFontId } from "../../../src/indexing/pdf/extract.ts";
import { STABLE_FONT_MARK, withTreeindexChanges } from "../../../src/indexing/pdf/pdfjs-worker-source.mjs";
import type { PageText } from "../../../src/indexing/pdf/types.ts";
import { buildPdf, type Run } from "./heading-class-builder.ts";
import { withInlineFonts } from "./inline-fonts.ts";

const require = createRequire(import.meta.url);

/** Six pages in a regular face; a bold one from page 4 on, an italic one on page 6 only, and a
 * line of code in a monospaced face on page 2. */
function sixPages(): Promise<Uint8Array> {
  const pages: Run[][] = [];
  for (let p = 1; p <= 6; p++) {
    const runs: Run[] = [{ text: `Body text of page ${p} in the regular face.`, x: 72, y: 700, size: 11 }];
    if (p === 2) runs.push({ text: "let answer = 42;", x: 72, y: 640, size: 10, mono: true });
    if (p >= 4) runs.push({ text: `Bold words on page ${p}`, x: 72, y: 680, size: 11, bold: true });
    if (p === 6) runs.push({ text: "Italic words on the last page", x: 72, y: 660, size: 11, italic: true });
    pages.push(runs);
  }
  return buildPdf(pages);
}

/** Every page read, in the order given; the result in page order. */
async function readInOrder(bytes: Uint8Array, order: number[]): Promise<PageText[]> {
  const { doc, close } = await openPdf(bytes);
  try {
    const reader = new PageReader(doc);
    const pages: PageText[] = [];
    for (const n of order) pages[n - 1] = await reader.read(n);
    return pages;
  } finally {
    await close();
  }
}

const fontsOf = (pages: PageText[]) => pages.map((p) => p.lines.map((l) => l.font));

describe("font ids", () => {
  it("name a font after the file's object: equal in two loads of the file, whichever page is read first", async () => {
    const bytes = await sixPages();
    const inOrder = await readInOrder(bytes, [1, 2, 3, 4, 5, 6]);
    const lastFirst = await readInOrder(bytes, [6, 5, 4, 3, 2, 1]);
    expect(new Set(fontsOf(inOrder).flat()).size).toBe(4);
    expect(fontsOf(inOrder).flat().every(isStableFontId)).toBe(true);
    // pdfjs reports the monospaced face by its name; the line still knows it for code.
    expect(inOrder[1].lines.map((l) => [l.text, l.mono])).toEqual([
      ["Body text of page 2 in the regular face.", false],
      ["let answer = 42;", true],
    ]);
    // pdfjs alone numbers them as met (the italic face would be "f1" here, "f3" there) and
    // puts the load's own number in front: neither thread's ids would match the other's.
    expect(fontsOf(lastFirst)).toEqual(fontsOf(inOrder));
    expect(lastFirst).toEqual(inOrder);
  });

  it("of fonts written into a page's resources (no object to name them by) are pdfjs' numbers, per load", async () => {
    const bytes = await withInlineFonts(await sixPages());
    const inOrder = await readInOrder(bytes, [1, 2, 3, 4, 5, 6]);
    const lastFirst = await readInOrder(bytes, [6, 5, 4, 3, 2, 1]);
    // (A font written into each page is a font of its own to pdfjs: one id per page and face.)
    expect(new Set(fontsOf(inOrder).flat()).size).toBeGreaterThanOrEqual(4);
    expect(fontsOf(inOrder).flat().some(isStableFontId)).toBe(false);
    // The case page-split.ts still translates by reading first uses.
    expect(fontsOf(lastFirst)[5][0]).not.toBe(fontsOf(inOrder)[5][0]);
  });

  it("keep the part after the load's number, and only for names made by the change", () => {
    expect(stableFontId(`g_d12_${STABLE_FONT_MARK}34R_0123abcd`)).toBe(`${STABLE_FONT_MARK}34R_0123abcd`);
    expect(stableFontId(`g_d0_${STABLE_FONT_MARK}7R`)).toBe(`${STABLE_FONT_MARK}7R`);
    expect(stableFontId("g_d0_f3")).toBeNull();
    expect(stableFontId("g_font_error")).toBeNull();
    expect(stableFontId(`x_${STABLE_FONT_MARK}7R`)).toBeNull();
  });

  it("come from a change to pdfjs that is left out alone when its anchor moves", () => {
    const source = readFileSync(require.resolve("pdfjs-dist/legacy/build/pdf.worker.mjs"), "utf8");
    const moved = withTreeindexChanges(source.replace("font.loadedName = `${this.idFactory.getDocId()}_${fontID}`;", "font.loadedName = `${this.idFactory.getDocId()}_${id}`;"));
    expect(moved.lost).toEqual([expect.stringContaining("fonts are named per load")]);
    expect(moved.source).not.toContain(`fontID = \`${STABLE_FONT_MARK}`);
    expect(moved.source).toContain("__treeindexGlyphNameText(glyphName, glyphsUnicodeMap)");
  });
});
