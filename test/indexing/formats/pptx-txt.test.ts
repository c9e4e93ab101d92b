import { describe, expect, it } from "vitest";
import { indexStructured } from "../../../src/indexing/structured/index.ts";
import { buildPptx } from "../../fixtures/formats/pptx.ts";
import { nodeTitled, outline } from "./helpers.ts";

describe("PPTX (one page per slide)", () => {
  const deck = () =>
    buildPptx(
      [
        { title: "Quarterly Review", textBox: ["Q3 2024"] },
        { title: "Sales", bullets: ["Widgets up 12%", "  North region led", "Gears flat"], notes: ["Mention the new distributor."] },
        { bullets: ["Hiring froze in August"] },
        { title: "Next Steps", bullets: ["Open the Berlin office"] },
      ],
      { sections: [{ name: "Intro", slides: [0] }, { name: "Results", slides: [1, 2] }, { name: "Plan", slides: [3] }] },
    );

  it("titles each slide's node by its title, page_index = slide number, sections as parents", async () => {
    const doc = await indexStructured("pptx", deck(), { fileName: "review.pptx" });
    expect(doc.tocSource).toBe("slides");
    expect(doc.pageCount).toBe(4);
    expect(outline(doc.tree)).toEqual(["Intro", "  Quarterly Review", "Results", "  Sales", "  Hiring froze in August", "Plan", "  Next Steps"]);
    expect(doc.tree.map((s) => [s.start_index, s.end_index])).toEqual([[1, 1], [2, 3], [4, 4]]);
    expect(doc.tree[1].nodes.map((n) => n.start_index)).toEqual([2, 3]);
  });

  it("keeps body text (bullets by level) and speaker notes as the slide's text and its page's text", async () => {
    const doc = await indexStructured("pptx", deck(), { fileName: "review.pptx" });
    const sales = nodeTitled(doc.tree, "Sales");
    expect(sales.text).toBe("## Sales\n\n- Widgets up 12%\n  - North region led\n- Gears flat\n\nSpeaker notes:\n\nMention the new distributor.");
    // An untitled slide is named by its first words, which open no heading line of its own.
    expect(nodeTitled(doc.tree, "Hiring froze in August").text).toBe("- Hiring froze in August");
    expect(doc.pageTexts![1]).toBe(`# Results\n${sales.text}`);
    expect(doc.pageTexts![0]).toBe("# Intro\n## Quarterly Review\n\nQ3 2024");
  });

  it("has slides at the top level when the deck defines no sections", async () => {
    const doc = await indexStructured("pptx", buildPptx([{ title: "One" }, { title: "Two", bullets: ["b"] }]), { fileName: "d.pptx" });
    expect(outline(doc.tree)).toEqual(["One", "Two"]);
    expect(doc.tree.map((n) => n.start_index)).toEqual([1, 2]);
  });
});

describe("TXT", () => {
  it("finds underlined, numbered and capitalised headings", async () => {
    const text = [
      "Pump Guide",
      "==========",
      "",
      "Read this first.",
      "",
      "1 Installation",
      "",
      "Mount the pump level.",
      "",
      "1.1 Wiring",
      "",
      "Use 2.5 mm cable.",
      "1. do not list",
      "2. me as headings",
      "",
      "Maintenance",
      "-----------",
      "",
      "Yearly.",
      "",
      "WARRANTY",
      "",
      "Two years.",
    ].join("\n");
    const doc = await indexStructured("txt", Buffer.from(text), { fileName: "guide.txt" });
    expect(doc.tocSource).toBe("text_headings");
    // `---` underlines level 2, so Maintenance nests under the level-1 section before it.
    expect(outline(doc.tree)).toEqual(["Pump Guide", "1 Installation", "  1.1 Wiring", "  Maintenance", "WARRANTY"]);
    expect(nodeTitled(doc.tree, "1.1 Wiring").line_num).toBe(10);
    expect(nodeTitled(doc.tree, "1.1 Wiring").text).toBe("## 1.1 Wiring\n\nUse 2.5 mm cable.\n1. do not list\n2. me as headings");
    expect(nodeTitled(doc.tree, "Maintenance").line_num).toBe(16);
  });

  it("without visible headings, cuts page-sized nodes of whole paragraphs titled by their first words", async () => {
    const paragraph = (i: number) => `Paragraph ${i} talks about valves and flow rates in some detail. `.repeat(8).trim();
    const text = Array.from({ length: 20 }, (_, i) => paragraph(i + 1)).join("\n\n");
    const doc = await indexStructured("txt", Buffer.from(text), { fileName: "notes.txt" });
    expect(doc.tocSource).toBe("paragraph_groups");
    expect(doc.tree.length).toBeGreaterThan(2);
    expect(doc.tree[0].title).toBe("Paragraph 1 talks about valves and flow rates");
    // Nodes hold whole paragraphs and, together, the whole text.
    expect(doc.tree.map((n) => n.text).join("\n\n")).toBe(text);
    for (const n of doc.tree) expect(n.text.length).toBeLessThan(3000 + 600);
  });
});
