// Slides, Word pages and e-book chapters that hold only pictures of text: read by OCR (the
// bundled eng data, nothing downloaded), by the rule scanned PDF pages follow.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeEngine } from "../../../src/indexing/ocr/engine.ts";
import { indexStructured } from "../../../src/indexing/structured/index.ts";
import { handDocx, pictureParagraph, wp } from "../../fixtures/formats/docx.ts";
import { buildEpub } from "../../fixtures/formats/epub.ts";
import { buildPptx } from "../../fixtures/formats/pptx.ts";
import { textPicture } from "../../fixtures/formats/text-picture.ts";
import { nodeTitled, outline } from "./helpers.ts";

const ocr = { langs: ["eng"] };
let turbines: Buffer;
let gearboxes: Buffer;

beforeAll(async () => {
  turbines = await textPicture(["Turbine revenue doubled", "in the northern plant"]);
  // Transparent background, as exported slides often are: it must not read as black.
  gearboxes = await textPicture(["Gearbox orders fell sharply"], { transparent: true });
});
afterAll(() => closeEngine());

describe("OCR of pictures of text in PPTX, DOCX and EPUB", () => {
  it("PPTX: a slide with only a picture gets the picture's text, titled by its first words; other slides are not read", async () => {
    const deck = buildPptx([{ title: "Results", bullets: ["See the next slide"], picture: gearboxes }, { picture: turbines }, { title: "Thanks" }]);
    const doc = await indexStructured("pptx", deck, { fileName: "results.pptx", ocr });
    expect(doc.ocrPages).toEqual([2]);
    const slide = doc.tree[1];
    expect(slide.start_index).toBe(2);
    expect(slide.text).toMatch(/Turbine revenue doubled/);
    expect(slide.text).toMatch(/northern plant/);
    expect(slide.title).toMatch(/^Turbine revenue doubled/);
    expect(doc.pageTexts![1]).toMatch(/Turbine revenue doubled/);
    // Slide 1 has text of its own: its picture is not read.
    expect(doc.tree[0].text).not.toMatch(/Gearbox/);

    const without = await indexStructured("pptx", deck, { fileName: "results.pptx" });
    expect(without.tree[1].title).toBe("Slide 2");
    expect(without.ocrPages).toBeUndefined();
  }, 120_000);

  it("DOCX: a page Word recorded with only a picture is read; a picture on a page with text is not", async () => {
    const body = [wp("Inspection", { style: "Heading1" }), wp("The scans follow."), pictureParagraph(2), pictureParagraph(1, { breakFirst: true })].join("");
    const doc = await indexStructured("docx", handDocx(body, [{ name: "image1.png", data: turbines }, { name: "image2.png", data: gearboxes }]), { fileName: "inspection.docx", ocr });
    expect(doc.pageCount).toBe(2);
    expect(doc.ocrPages).toEqual([2]);
    expect(nodeTitled(doc.tree, "Inspection").text).toMatch(/The scans follow\.\n\nTurbine revenue doubled/);
    expect(nodeTitled(doc.tree, "Inspection").text).not.toMatch(/Gearbox/);
    expect(doc.pageTexts![1]).toMatch(/Turbine revenue doubled/);
  }, 120_000);

  it("DOCX without recorded pages: read only when the whole document holds pictures and no text", async () => {
    const doc = await indexStructured("docx", handDocx(pictureParagraph(1), [{ name: "image1.png", data: turbines }]), { fileName: "scan.docx", ocr });
    expect(doc.tree[0].text).toMatch(/Turbine revenue doubled/);
    expect(doc.ocrPages).toBeUndefined();
  }, 120_000);

  it("EPUB: a chapter with only a picture (transparent) gets its text, under its navigation entry", async () => {
    const book = buildEpub({
      title: "Plant Report",
      chapters: [
        { file: "c1.xhtml", body: "<h1>Summary</h1><p>Read the scanned page.</p>" },
        { file: "c2.xhtml", body: '<div><img src="images/page.png" alt=""/></div>' },
      ],
      nav: [{ title: "Summary", href: "c1.xhtml" }, { title: "Scanned page", href: "c2.xhtml" }],
      media: [{ file: "images/page.png", data: gearboxes, mediaType: "image/png" }],
    });
    const doc = await indexStructured("epub", book, { fileName: "report.epub", ocr });
    expect(outline(doc.tree)).toEqual(["Summary", "Scanned page"]);
    expect(nodeTitled(doc.tree, "Scanned page").text).toMatch(/^# Scanned page\n\nGearbox orders fell sharply/);
  }, 120_000);
});
