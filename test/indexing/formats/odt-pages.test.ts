import { describe, expect, it } from "vitest";
import { indexStructured } from "../../../src/indexing/structured/index.ts";
import { buildOdt, pagedOdt } from "../../fixtures/formats/odt.ts";
import { allNodes, outline } from "./helpers.ts";

describe("ODT pages (text:soft-page-break)", () => {
  it("gives each node the page it starts on, end pages over the subtree, and page texts", async () => {
    const doc = await indexStructured("odt", pagedOdt(), { fileName: "plant.odt" });
    expect(doc.pageCount).toBe(3);
    expect(outline(doc.tree)).toEqual(["Pumps", "Valves", "  Seals"]);
    expect(allNodes(doc.tree).map((n) => [n.title, n.start_index, n.end_index])).toEqual([
      ["Pumps", 1, 1],
      ["Valves", 2, 3],
      ["Seals", 3, 3],
    ]);
    expect(doc.pageTexts).toEqual(["# Pumps\n\nPumps move fluids.", "# Valves\n\nGate valves close slowly and open slowly.", "## Seals\n\n- Lip seals wear."]);
  });

  it("a break before a paragraph's first words moves the paragraph to the next page", async () => {
    const bytes = buildOdt('<text:h text:outline-level="1">Only</text:h><text:p>One.</text:p><text:p><text:soft-page-break/>Two.</text:p>');
    const doc = await indexStructured("odt", bytes, { fileName: "x.odt" });
    // The blank line between the two paragraphs stays with the page before it (structured/tree.ts).
    expect(doc.pageTexts!.map((t) => t.trim())).toEqual(["# Only\n\nOne.", "Two."]);
  });

  it("has no pages when LibreOffice recorded none", async () => {
    const doc = await indexStructured("odt", buildOdt('<text:h text:outline-level="1">Only</text:h><text:p>One.</text:p>'), { fileName: "x.odt" });
    expect(doc.pageCount).toBe(0);
    expect(doc.tree[0].start_index).toBeUndefined();
    expect(doc.pageTexts).toBeUndefined();
  });
});
