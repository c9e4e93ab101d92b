import { describe, expect, it } from "vitest";
import { indexMarkdown } from "../../../src/indexing/markdown/index.ts";
import { countTokens } from "../../../src/indexing/tokens.ts";
import type { TreeNode } from "../../../src/indexing/tree-types.ts";
import { fixture, flatten, outline } from "./helpers.ts";

const index = (src: string, thinningThreshold?: number) =>
  indexMarkdown(src, { fileName: "t.md", thinning: true, thinningThreshold, addSummaries: false }).tree;

/** Subtree tokens as the rule defines them: each node's own text counted once, summed. */
const subtreeTokens = (n: TreeNode): number => countTokens(n.text) + n.nodes.reduce((s, c) => s + subtreeTokens(c), 0);

const SRC = [
  "# Parent",
  "",
  "Parent words, unusual tokenisation: supercalifragilistic ünïcödé 12345.",
  "",
  "## Child one",
  "",
  "Child text.",
  "",
  "### Grandchild",
  "",
  "Grandchild text.",
  "",
  "## Child two",
  "",
  "More child text.",
  "",
  "# Other",
  "",
  "x",
  "",
].join("\n");

describe("markdown thinning", () => {
  const plain = indexMarkdown(SRC, { fileName: "t.md", addSummaries: false }).tree;
  const parentTokens = subtreeTokens(plain[0]);

  it("is off by default", () => {
    expect(indexMarkdown(SRC, { fileName: "t.md", addSummaries: false }).tree).toEqual(plain);
    expect(outline(plain)).toEqual([{ Parent: [{ "Child one": ["Grandchild"] }, "Child two"] }, "Other"]);
  });

  it("keeps the children of a subtree with exactly threshold tokens", () => {
    const thinned = index(SRC, parentTokens);
    expect(outline(thinned)).toEqual([{ Parent: ["Child one", "Child two"] }, "Other"]);
  });

  it("absorbs the children of a subtree with threshold - 1 tokens, in order", () => {
    const thinned = index(SRC, parentTokens + 1);
    expect(outline(thinned)).toEqual(["Parent", "Other"]);
    expect(thinned[0].text).toBe(SRC.slice(0, SRC.indexOf("# Other")));
    expect(thinned[0].line_num).toBe(1);
    expect(thinned.map((n) => n.node_id)).toEqual(["0000", "0001"]);
  });

  it("applies the rule recursively and renumbers ids in pre-order", () => {
    const childOne = plain[0].nodes[0];
    const childOneTokens = subtreeTokens(childOne);
    // The parent's subtree reaches the threshold; "Child one"'s (with its grandchild) does not.
    const thinned = index(SRC, childOneTokens + 1);
    expect(parentTokens).toBeGreaterThanOrEqual(childOneTokens + 1);
    expect(outline(thinned)).toEqual([{ Parent: ["Child one", "Child two"] }, "Other"]);
    const flat = flatten(thinned);
    expect(flat.map((n) => [n.node_id, n.title, n.line_num])).toEqual([
      ["0000", "Parent", 1],
      ["0001", "Child one", 5],
      ["0002", "Child two", 13],
      ["0003", "Other", 17],
    ]);
    expect(flat[1].text).toBe(childOne.text + childOne.nodes[0].text);
    // At exactly the child's subtree size the grandchild survives.
    expect(outline(index(SRC, childOneTokens))).toEqual([{ Parent: [{ "Child one": ["Grandchild"] }, "Child two"] }, "Other"]);
  });

  it("keeps the concatenation of texts equal to the source at every threshold", () => {
    const src = fixture("structure.md");
    for (const threshold of [1, 20, 50, 100, 5000]) {
      expect(flatten(index(src, threshold)).map((n) => n.text).join("")).toBe(src);
    }
    expect(flatten(index(SRC, 1))).toEqual(flatten(plain));
  });

  it("uses 5000 tokens by default", () => {
    expect(outline(index(SRC))).toEqual(["Parent", "Other"]);
    const big = `# Big\n\n${"word ".repeat(5200)}\n\n## Kept\n\ntext\n`;
    expect(outline(index(big))).toEqual([{ Big: ["Kept"] }]);
  });
});
