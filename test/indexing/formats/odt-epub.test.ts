import { describe, expect, it } from "vitest";
import { indexStructured } from "../../../src/indexing/structured/index.ts";
import { buildEpub } from "../../fixtures/formats/epub.ts";
import { buildOdt } from "../../fixtures/formats/odt.ts";
import { allNodes, nodeTitled, outline } from "./helpers.ts";

describe("ODT (text:h with text:outline-level)", () => {
  it("makes headings at their outline levels, with paragraphs, lists and tables kept", async () => {
    const body = [
      '<text:p>Preface words.</text:p>',
      '<text:h text:outline-level="1"><text:number>1.</text:number>Pumps</text:h>',
      "<text:p>Pumps move   fluids<text:s text:c=\"2\"/>fast.</text:p>",
      '<text:h text:outline-level="3">Seals</text:h>',
      '<text:list text:style-name="L1"><text:list-item><text:p>Lip seals</text:p></text:list-item><text:list-item><text:p>O-rings</text:p></text:list-item></text:list>',
      '<text:table-of-content><text:index-body><text:p>Pumps .... 1</text:p></text:index-body></text:table-of-content>',
      '<text:h text:outline-level="2">Valves</text:h>',
      "<table:table><table:table-row><table:table-cell><text:p>Size</text:p></table:table-cell><table:table-cell><text:p>Flow</text:p></table:table-cell></table:table-row><table:table-row><table:table-cell><text:p>DN50</text:p></table:table-cell><table:table-cell><text:p>20</text:p></table:table-cell></table:table-row></table:table>",
    ].join("");
    const bytes = buildOdt(body, { title: "Plant Manual", automaticStyles: '<text:list-style style:name="L1"><text:list-level-style-number text:level="1"/></text:list-style>' });
    const doc = await indexStructured("odt", bytes, { fileName: "manual.odt" });
    expect(doc.tocSource).toBe("outline_levels");
    expect(outline(doc.tree)).toEqual(["Plant Manual", "Pumps", "    Seals", "  Valves"].map((l) => l.replace("    Seals", "  Seals")));
    expect(nodeTitled(doc.tree, "Pumps").text).toBe("# Pumps\n\nPumps move fluids fast.");
    expect(nodeTitled(doc.tree, "Seals").text).toBe("### Seals\n\n1. Lip seals\n2. O-rings");
    expect(nodeTitled(doc.tree, "Valves").text).toMatch(/^## Valves\n\n\| Size \| Flow \|/);
    expect(JSON.stringify(doc.tree)).not.toContain("Pumps ....");
    expect(doc.tree[0].text).toBe("Preface words.");
  });
});

const chapters = [
  { file: "ch1.xhtml", body: '<section id="c1"><h1>Getting Started</h1><p>Install the tool.</p><h2 id="s-config">Configuration</h2><p>Edit the file.</p><h4>Defaults</h4><p>They are sane.</p></section>' },
  { file: "ch2.xhtml", body: '<h1>Usage</h1><p>Run it daily.</p><div><a id="tips"/><h2>Tips and Tricks</h2><p>Be brief.</p></div>' },
];

describe("EPUB (spine chapters; navigation document or NCX as the outline)", () => {
  it("uses the navigation document as the outline, keeping deeper chapter headings under it", async () => {
    const bytes = buildEpub({
      title: "Tool Book",
      chapters,
      nav: [
        { title: "Getting Started", href: "ch1.xhtml", children: [{ title: "Configuration", href: "ch1.xhtml#s-config" }] },
        { title: "Usage", href: "ch2.xhtml", children: [{ title: "Tips and Tricks", href: "ch2.xhtml#tips" }] },
      ],
    });
    const doc = await indexStructured("epub", bytes, { fileName: "book.epub" });
    expect(doc.tocSource).toBe("navigation");
    expect(outline(doc.tree)).toEqual(["Getting Started", "  Configuration", "      Defaults".replace("      ", "    "), "Usage", "  Tips and Tricks"]);
    expect(nodeTitled(doc.tree, "Configuration").text).toBe("## Configuration\n\nEdit the file.");
    expect(nodeTitled(doc.tree, "Tips and Tricks").text).toBe("## Tips and Tricks\n\nBe brief.");
    // Paragraph numbers run through the whole book.
    const lines = allNodes(doc.tree).map((n) => n.line_num!);
    expect(lines).toEqual([...lines].sort((a, b) => a - b));
    expect(new Set(lines).size).toBe(lines.length);
  });

  it("takes the NCX when there is no navigation document, with its own titles", async () => {
    const bytes = buildEpub({ title: "Tool Book", chapters, ncx: [{ title: "Part 1: Start", href: "ch1.xhtml" }, { title: "Part 2: Use", href: "ch2.xhtml" }] });
    const doc = await indexStructured("epub", bytes, { fileName: "book.epub" });
    expect(doc.tocSource).toBe("navigation");
    // An entry whose title differs from the chapter's heading keeps that heading beneath it.
    expect(outline(doc.tree)).toEqual(["Part 1: Start", "  Getting Started", "    Configuration", "      Defaults", "Part 2: Use", "  Usage", "    Tips and Tricks"]);
  });

  it("falls back to the chapters' headings without any outline", async () => {
    const doc = await indexStructured("epub", buildEpub({ title: "Tool Book", chapters }), { fileName: "book.epub" });
    expect(doc.tocSource).toBe("html_headings");
    expect(outline(doc.tree)).toEqual(["Getting Started", "  Configuration", "    Defaults", "Usage", "  Tips and Tricks"]);
    expect(nodeTitled(doc.tree, "Usage").text).toBe("# Usage\n\nRun it daily.");
  });
});
