import { describe, expect, it } from "vitest";
import { detectDocument, identifyContainer } from "../../../src/indexing/detect-container.ts";
import { buildZip } from "../../fixtures/zip/zip-writer.ts";
import { reportDocx } from "../../fixtures/formats/docx.ts";
import { buildEpub } from "../../fixtures/formats/epub.ts";
import { buildOdt } from "../../fixtures/formats/odt.ts";
import { buildPptx } from "../../fixtures/formats/pptx.ts";

const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");

describe("format detection by content", () => {
  it("recognises DOCX, PPTX, ODT and EPUB by their entries, whatever their names", async () => {
    expect(await detectDocument(await reportDocx(), "archive.zip")).toEqual({ kind: "docx" });
    expect(await detectDocument(buildPptx([{ title: "x" }]), "deck.bin")).toEqual({ kind: "pptx" });
    expect(await detectDocument(buildOdt("<text:p>x</text:p>"), "a.zip")).toEqual({ kind: "odt" });
    expect(await detectDocument(buildEpub({ title: "t", chapters: [{ file: "c.xhtml", body: "<p>x</p>" }] }), "book.docx")).toEqual({ kind: "epub" });
  });

  it("keeps a plain ZIP an archive, and names spreadsheets it does not read", async () => {
    expect(await identifyContainer(buildZip([{ name: "a.md", data: "# A" }, { name: "word/document.xml", data: "<x/>" }]))).toEqual({ kind: "zip" });
    const xlsx = buildZip([{ name: "[Content_Types].xml", data: '<Types><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>' }]);
    expect(await identifyContainer(xlsx)).toMatchObject({ kind: "unknown", looksLike: expect.stringMatching(/Excel/) });
  });

  it("takes HTML by its markup and text by its name, and says what a mislabeled file looks like", async () => {
    expect(await detectDocument(Buffer.from("<!DOCTYPE html><title>x</title>"), "page.txt")).toEqual({ kind: "html" });
    expect(await detectDocument(Buffer.from("<h1>Hi</h1><p>there</p>"), "frag.htm")).toEqual({ kind: "html" });
    expect(await detectDocument(Buffer.from("plain words"), "notes.txt")).toEqual({ kind: "txt" });
    expect(await detectDocument(Buffer.from("plain words"), "README")).toEqual({ kind: "txt" });
    expect(await detectDocument(png, "report.docx")).toEqual({ kind: "unknown", looksLike: "a PNG image" });
    expect(await detectDocument(Buffer.from("a,b\n1,2"), "data.csv")).toEqual({ kind: "unknown", looksLike: "a text file" });
  });
});
