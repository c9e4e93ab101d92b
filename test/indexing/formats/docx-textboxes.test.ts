import { describe, expect, it } from "vitest";
import { indexStructured } from "../../../src/indexing/structured/index.ts";
import { handDocx, wp } from "../../fixtures/formats/docx.ts";

const NS = [
  'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"',
  'xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"',
  'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"',
  'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"',
  'xmlns:v="urn:schemas-microsoft-com:vml"',
].join(" ");

const box = (paragraphs: string) => `<w:txbxContent>${paragraphs}</w:txbxContent>`;

/** A text box as Word 2010+ writes it: a DrawingML shape, with the same box in VML for older Words. */
function drawingWithFallback(paragraphs: string): string {
  const drawing = `<w:drawing><wp:anchor><a:graphic><a:graphicData uri="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"><wps:wsp><wps:txbx>${box(paragraphs)}</wps:txbx></wps:wsp></a:graphicData></a:graphic></wp:anchor></w:drawing>`;
  const vml = `<w:pict><v:shape><v:textbox>${box(paragraphs)}</v:textbox></v:shape></w:pict>`;
  return `<w:r><mc:AlternateContent ${NS}><mc:Choice Requires="wps">${drawing}</mc:Choice><mc:Fallback>${vml}</mc:Fallback></mc:AlternateContent></w:r>`;
}

describe("DOCX text boxes (w:txbxContent)", () => {
  it("keeps a text box's paragraphs after its anchoring paragraph, once, in document order", async () => {
    const bytes = handDocx(
      [
        wp("Safety", { style: "Heading1" }),
        wp("Before the box."),
        `<w:p><w:r><w:t>Anchor words.</w:t></w:r>${drawingWithFallback(wp("Boxed warning: wear gloves.") + wp("Second line of the box."))}</w:p>`,
        wp("After the box."),
      ].join(""),
    );
    const doc = await indexStructured("docx", bytes, { fileName: "safety.docx" });
    expect(doc.tree[0].text).toBe("# Safety\n\nBefore the box.\n\nAnchor words.\n\nBoxed warning: wear gloves.\n\nSecond line of the box.\n\nAfter the box.");
  });

  it("reads a VML text box (older Word) and a box anchored in an otherwise empty paragraph", async () => {
    const vmlOnly = `<w:p><w:r><w:pict ${NS}><v:shape><v:textbox>${box(wp("Legacy box text."))}</v:textbox></v:shape></w:pict></w:r></w:p>`;
    const doc = await indexStructured("docx", handDocx(wp("Intro", { style: "Heading1" }) + vmlOnly + wp("Closing.")), { fileName: "old.docx" });
    expect(doc.tree[0].text).toBe("# Intro\n\nLegacy box text.\n\nClosing.");
  });

  it("a heading-styled paragraph inside a text box is a heading", async () => {
    const bytes = handDocx(wp("Top", { style: "Heading1" }) + `<w:p>${drawingWithFallback(wp("Sidebar", { style: "Heading2" }) + wp("Sidebar body."))}</w:p>`);
    const doc = await indexStructured("docx", bytes, { fileName: "sidebar.docx" });
    expect(doc.tree[0].nodes.map((n) => [n.title, n.text])).toEqual([["Sidebar", "## Sidebar\n\nSidebar body."]]);
  });
});
