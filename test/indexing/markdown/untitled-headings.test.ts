import { describe, expect, it } from "vitest";
import { indexMarkdown } from "../../../src/indexing/markdown/index.ts";
import type { TreeNode } from "../../../src/indexing/tree-types.ts";

const source = [
  "# Settings", //                                      line 1
  "",
  "#### <!-- md:setting config.enabled -->", //         line 3: comment only
  "",
  "Turns the feature on.",
  "",
  '## <span class="badge" title="Beta feature"></span>', // line 7: HTML only, attribute words
  "",
  "Subject to change.",
  "",
  "## <em>Installation</em>", //                        line 11: HTML with inner text
  "",
  "### ![Architecture diagram](arch.png)", //           line 13: image only
  "",
  "### ![](empty.png)", //                              line 15: image without alt text
  "",
  "The first words of this **section** stand in for its title when nothing else can.",
  "",
  "##", //                                              line 19: empty, no text either
  "## Last", //                                         line 20
  "",
  "Done.",
  "",
].join("\n");

function flat(nodes: TreeNode[], depth = 1): { title: string; line: number | undefined; depth: number }[] {
  return nodes.flatMap((n) => [{ title: n.title, line: n.line_num, depth }, ...flat(n.nodes, depth + 1)]);
}

describe("Markdown headings with no visible text", () => {
  it("get a title from their comment, HTML, alt text, section text or line, keeping line and depth", () => {
    const indexed = indexMarkdown(source, { fileName: "settings.md", addSummaries: false });
    expect(flat(indexed.tree)).toEqual([
      { title: "Settings", line: 1, depth: 1 },
      { title: "config.enabled", line: 3, depth: 2 },
      { title: "Beta feature", line: 7, depth: 2 },
      { title: "Installation", line: 11, depth: 2 },
      { title: "Architecture diagram", line: 13, depth: 3 },
      { title: "The first words of this section stand in", line: 15, depth: 3 },
      { title: "Section at line 19", line: 19, depth: 2 },
      { title: "Last", line: 20, depth: 2 },
    ]);
    expect(flat(indexed.tree).every((n) => n.title.trim().length > 0)).toBe(true);
  });
});
