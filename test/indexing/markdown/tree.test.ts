import { describe, expect, it } from "vitest";
import { docNameOf, indexMarkdown } from "../../../src/indexing/markdown/index.ts";
import { fixture, flatten, outline } from "./helpers.ts";

const tree = (src: string, fileName = "notes.md") => indexMarkdown(src, { fileName, addSummaries: false }).tree;
const joined = (src: string) => flatten(tree(src)).map((n) => n.text).join("");

describe("markdown tree", () => {
  const src = fixture("structure.md");

  it("is a Markdown document: toc source, no pages, no page fields", () => {
    const doc = indexMarkdown(src, { fileName: "structure.md", addSummaries: false });
    expect(doc.tocSource).toBe("markdown");
    expect(doc.pageCount).toBe(0);
    expect(doc.description).toBeUndefined();
    for (const n of flatten(doc.tree)) {
      expect(n.start_index).toBeUndefined();
      expect(n.end_index).toBeUndefined();
      expect(n.summary).toBeUndefined();
      expect(Number.isInteger(n.line_num)).toBe(true);
    }
  });

  it("nests by level, a skipped level under the nearest shallower heading, with a leading preamble node", () => {
    expect(outline(tree(src))).toEqual([
      "Structure fixture",
      { "Top level": ["Skipped level", "Second level with code and a link"] },
      { "Setext one": ["Setext two", "Quoted heading", { "Heading in a list item": ["Deep"] }] },
    ]);
    expect(outline(tree("# A\n### C\n## B\n#### D\n##### E\n## F\n"))).toEqual([{ A: ["C", { B: [{ D: ["E"] }] }, "F"] }]);
    // A document starting deeper than level 1 keeps its first heading at the top.
    expect(outline(tree("### Deep first\n# Top\n## Sub\n"))).toEqual(["Deep first", { Top: ["Sub"] }]);
  });

  it("numbers nodes 0000.. depth-first in pre-order and records heading lines", () => {
    const flat = flatten(tree(src));
    expect(flat.map((n) => n.node_id)).toEqual(flat.map((_, i) => String(i).padStart(4, "0")));
    expect(flat.map((n) => [n.title, n.line_num])).toEqual([
      ["Structure fixture", 1],
      ["Top level", 9],
      ["Skipped level", 33],
      ["Second level with code and a link", 37],
      ["Setext one", 39],
      ["Setext two", 42],
      ["Quoted heading", 45],
      ["Heading in a list item", 47],
      ["Deep", 49],
    ]);
  });

  it("gives each node its own source, from its heading line to the line before the next heading", () => {
    const flat = flatten(tree(src));
    const lines = src.split("\n");
    const byTitle = Object.fromEntries(flat.map((n) => [n.title, n.text]));
    expect(byTitle["Structure fixture"]).toBe(lines.slice(0, 8).join("\n") + "\n");
    expect(byTitle["Skipped level"]).toBe("### Skipped level ###\n\nNested under \"Top level\" although level 2 was skipped.\n\n");
    expect(byTitle["Setext one"]).toBe("Setext one\n==========\n\n");
    expect(byTitle["Quoted heading"]).toBe("> ## Quoted heading\n\n");
    expect(byTitle["Heading in a list item"]).toBe("- ## Heading in a list item\n\n");
    expect(byTitle["Deep"]).toBe("#### Deep\n\nLast words.\n");
    expect(byTitle["Top level"]).toContain("# not a heading: inside an HTML comment");
  });

  it("reproduces the source when all texts are concatenated in pre-order", () => {
    expect(joined(src)).toBe(src);
    const crlf = src.replace(/\n/g, "\r\n");
    expect(joined(crlf)).toBe(crlf);
    const noFinalNewline = "# A\ntext\n## B\n  trailing   ";
    expect(joined(noFinalNewline)).toBe(noFinalNewline);
  });

  it("keeps line numbers and titles for CRLF files", () => {
    const lf = flatten(tree(src)).map((n) => [n.node_id, n.title, n.line_num]);
    expect(flatten(tree(src.replace(/\n/g, "\r\n"))).map((n) => [n.node_id, n.title, n.line_num])).toEqual(lf);
    expect(flatten(tree("# A\r\rtext\r# B\r")).map((n) => [n.title, n.line_num, n.text])).toEqual([
      ["A", 1, "# A\r\rtext\r"],
      ["B", 4, "# B\r"],
    ]);
  });

  it("titles the preamble by the file name without front matter, and drops a blank one", () => {
    expect(flatten(tree("Intro.\n\n# A\n", "dir/My Notes.v2.md")).map((n) => [n.title, n.line_num, n.text])).toEqual([
      ["My Notes.v2", 1, "Intro.\n\n"],
      ["A", 3, "# A\n"],
    ]);
    // Whitespace-only content before the first heading makes no node (the one documented loss).
    expect(flatten(tree("\n  \n# A\n")).map((n) => [n.title, n.line_num, n.text])).toEqual([["A", 3, "# A\n"]]);
    // Front matter alone is content: it becomes the preamble, titled by its title.
    expect(flatten(tree("---\ntitle: Meta\n---\n# A\n")).map((n) => [n.title, n.line_num, n.text])).toEqual([
      ["Meta", 1, "---\ntitle: Meta\n---\n"],
      ["A", 4, "# A\n"],
    ]);
  });

  it("makes a file without headings one node, and an empty file one empty node", () => {
    expect(tree("Just text.\n\n```\n# code\n```\n", "plain.markdown")).toEqual([
      { title: "plain", node_id: "0000", line_num: 1, text: "Just text.\n\n```\n# code\n```\n", nodes: [] },
    ]);
    expect(tree("---\ntitle: Only meta\n---\nbody\n")[0].title).toBe("Only meta");
    expect(tree("", "empty.md")).toEqual([{ title: "empty", node_id: "0000", line_num: 1, text: "", nodes: [] }]);
  });

  it("drops a byte-order mark", () => {
    expect(flatten(tree("\uFEFF# A\nx\n")).map((n) => [n.title, n.line_num, n.text])).toEqual([["A", 1, "# A\nx\n"]]);
  });

  it("derives document names from file names", () => {
    expect(docNameOf("README.md")).toBe("README");
    expect(docNameOf("a/b/c.tar.markdown")).toBe("c.tar");
    expect(docNameOf("C:\\docs\\Guide.MD")).toBe("Guide");
    expect(docNameOf(".md")).toBe(".md");
    expect(docNameOf("noext")).toBe("noext");
  });
});
