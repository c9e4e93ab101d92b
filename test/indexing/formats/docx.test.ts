import { describe, expect, it } from "vitest";
import { detectDocument } from "../../../src/indexing/detect-container.ts";
import { indexStructured } from "../../../src/indexing/structured/index.ts";
import { ContainerError } from "../../../src/indexing/zip/container.ts";
import { bombDocx, handDocx, pagedDocx, renamedStylesDocx, reportDocx, wp } from "../../fixtures/formats/docx.ts";
import { allNodes, nodeTitled, outline } from "./helpers.ts";

describe("DOCX (OOXML read through the ZIP reader)", () => {
  it("makes headings of Heading 1-9 and Title paragraphs, in order, with lists and tables kept", async () => {
    const doc = await indexStructured("docx", await reportDocx(), { fileName: "report.docx" });
    expect(doc.tocSource).toBe("heading_styles");
    expect(outline(doc.tree)).toEqual(["Annual Report", "Overview", "  Revenue", "    By region", "Outlook"]);
    expect(nodeTitled(doc.tree, "Overview").text).toBe("# Overview\n\nThe gearbox division grew steadily this year.");
    expect(nodeTitled(doc.tree, "Revenue").text).toMatch(/^## Revenue\n\nRevenue rose in every quarter\.\n\n- Sprockets sold well\n  - Flanges held steady$/);
    expect(nodeTitled(doc.tree, "By region").text).toMatch(/^#### By region\n\n\| Region \| Units \|\n\| -+ \| -+ \|\n\| North +\| 1200 +\|$/);
    // No page breaks recorded: nodes carry their paragraph number, not pages.
    expect(doc.pageCount).toBe(0);
    expect(allNodes(doc.tree).map((n) => n.line_num)).toEqual([1, 2, 4, 7, 9]);
    expect(allNodes(doc.tree).every((n) => n.start_index === undefined)).toBe(true);
  });

  it("finds headings by outline level when the styles carry other names (Überschrift 1, 2)", async () => {
    const doc = await indexStructured("docx", await renamedStylesDocx(), { fileName: "bericht.docx" });
    expect(outline(doc.tree)).toEqual(["Einleitung", "  Hintergrund", "Ergebnisse"]);
    expect(nodeTitled(doc.tree, "Hintergrund").text).toBe("## Hintergrund\n\nZahnräder drehen sich.");
  });

  it("an outline level on the paragraph itself makes a heading; level 9 (body text) unmakes one", async () => {
    const bytes = handDocx(
      `<w:p><w:pPr><w:outlineLvl w:val="1"/></w:pPr><w:r><w:t>Direct</w:t></w:r></w:p>${wp("body")}<w:p><w:pPr><w:pStyle w:val="Heading1"/><w:outlineLvl w:val="9"/></w:pPr><w:r><w:t>Not a heading</w:t></w:r></w:p>`,
    );
    const doc = await indexStructured("docx", bytes, { fileName: "x.docx" });
    expect(outline(doc.tree)).toEqual(["Direct"]);
    expect(doc.tree[0].text).toBe("## Direct\n\nbody\n\nNot a heading");
  });

  it("gives pages from lastRenderedPageBreak: start and end page per node, page texts that hold each node's lines", async () => {
    const doc = await indexStructured("docx", pagedDocx(), { fileName: "paged.docx" });
    expect(doc.pageCount).toBe(3);
    expect(outline(doc.tree)).toEqual(["Chapter One", "Chapter Two", "  Washers"]);
    const [one, two] = doc.tree;
    expect([one.start_index, one.end_index]).toEqual([1, 1]);
    expect([two.start_index, two.end_index]).toEqual([2, 3]);
    expect([two.nodes[0].start_index, two.nodes[0].end_index]).toEqual([3, 3]);
    expect(doc.pageTexts).toEqual(["# Chapter One\n\nBolts are fastened clockwise.", "# Chapter Two\n\nNuts come in many sizes.", "## Washers\n\nWashers spread the load of a nut."]);
  });

  it("reads a body given a paragraph at a time exactly as written, and paragraphs without a w:body too", async () => {
    const paragraphs = [wp("Part A", { style: "Heading1" }), ...Array.from({ length: 400 }, (_, i) => wp(`Paragraph ${i} about gears.`)), wp("Part B", { style: "Heading1" }), wp("The end.")].join("");
    for (const withoutBody of [false, true]) {
      const doc = await indexStructured("docx", handDocx(paragraphs, [], { withoutBody }), { fileName: "long.docx" });
      expect(outline(doc.tree)).toEqual(["Part A", "Part B"]);
      expect(doc.tree[0].text.split("\n\n")).toHaveLength(401);
      expect(doc.tree[0].text).toContain("Paragraph 399 about gears.");
      expect(doc.tree[1].text).toBe("# Part B\n\nThe end.");
    }
  });

  it("refuses a DOCX whose document.xml inflates 1000:1, like a ZIP bomb", async () => {
    const bytes = bombDocx();
    expect(bytes.length).toBeLessThan(10_000);
    await expect(detectDocument(bytes, "bomb.docx")).rejects.toThrow(ContainerError);
    await expect(detectDocument(bytes, "bomb.docx")).rejects.toThrow(/word\/document\.xml: Compression ratio \d+:1 exceeds 100:1/);
    // The indexer refuses it too (a document stored before the check, or read by the CLI).
    await expect(indexStructured("docx", bytes, { fileName: "bomb.docx" })).rejects.toThrow(/Compression ratio/);
  });
});
