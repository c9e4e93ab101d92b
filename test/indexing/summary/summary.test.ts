/** Extractive summaries and document descriptions. */
import { describe, expect, it } from "vitest";
import {
  describeDocument,
  ExtractiveSummariser,
  extractiveSummary,
  summariseTree,
  summariseTreeWith,
  type Summariser,
} from "../../../src/indexing/summary/index.ts";
import { splitSentences } from "../../../src/indexing/summary/sentences.ts";
import { countTokens } from "../../../src/indexing/tokens.ts";
import type { TreeNode } from "../../../src/indexing/tree-types.ts";

const node = (title: string, text: string, nodes: TreeNode[] = []): TreeNode => ({ title, node_id: "", text, nodes });

const LONG = [
  "Glaciers store most of the fresh water on the planet and release it slowly through the summer.",
  "The weather was pleasant on Tuesday.",
  "Melting glaciers raise sea levels and change how much fresh water reaches rivers in summer.",
  "Scientists measure glacier mass with satellites, stakes drilled into the ice and weather stations.",
  "Some people prefer tea.",
  "When glaciers retreat, rivers fed by their melt water first swell and later shrink.",
  "Glacier loss therefore matters for farms and cities that depend on river water during dry months.",
  "The cafeteria closes at five.",
].join(" ");

describe("sentences", () => {
  it("rejoins hyphenated line breaks and keeps abbreviations inside sentences", () => {
    expect(splitSentences("The pro-\ncess ends here. See e.g. the notes.\nA new sentence starts")).toEqual([
      "The process ends here.",
      "See e.g. the notes.",
      "A new sentence starts",
    ]);
  });
});

describe("extractive summaries", () => {
  it("uses short texts as they are", () => {
    expect(extractiveSummary("A short note about glaciers.", { maxTokens: 80 })).toBe("A short note about glaciers.");
  });

  it("picks the most representative sentences, in order, within the token cap", () => {
    const s = extractiveSummary(LONG.repeat(2), { maxTokens: 40 });
    expect(countTokens(s)).toBeLessThanOrEqual(40);
    expect(s).toMatch(/glacier/i);
    expect(s).not.toMatch(/cafeteria|tea\./);
  });

  it("is deterministic", () => {
    expect(extractiveSummary(LONG, { maxTokens: 50 })).toBe(extractiveSummary(LONG, { maxTokens: 50 }));
  });

  it("never gives a child its parent's summary", () => {
    const tree = [node("Parent", "Same words here.", [node("Child", "Same words here.")])];
    summariseTree(tree);
    expect(tree[0].summary).toBeTruthy();
    expect(tree[0].nodes[0].summary).not.toBe(tree[0].summary);
  });

  it("summarises parents from their subtree and empty nodes by title", () => {
    const tree = [node("1 Glaciers", "1 Glaciers", [node("1.1 Mass", LONG)]), node("2 Empty", "")];
    summariseTree(tree);
    expect(tree[0].summary).toMatch(/glacier/i);
    expect(tree[1].summary).toBe("2 Empty");
  });

  it("works through the Summariser interface level by level (for a model later)", async () => {
    const seen: string[][] = [];
    const fake: Summariser = {
      async summarise(inputs) {
        seen.push(inputs.map((i) => i.title));
        return inputs.map((i) => `about ${i.title}${i.parentSummary ? ` under ${i.parentSummary}` : ""}`);
      },
    };
    const tree = [node("A", "a", [node("A1", "a1")]), node("B", "b")];
    await summariseTreeWith(tree, fake);
    expect(seen).toEqual([["A", "B"], ["A1"]]);
    expect(tree[0].nodes[0].summary).toBe("about A1 under about A");
    expect(await new ExtractiveSummariser().summarise([{ title: "T", text: "Short text." }])).toEqual(["Short text."]);
  });
});

describe("document description", () => {
  it("quotes the introduction and lists the top-level sections within the cap", () => {
    const tree = [
      node("Cover", "Copyright 2024 Example Corp. All rights reserved."),
      node("1 Introduction", `1 Introduction\n${LONG}`),
      node("2 Methods", "2 Methods\nWe drilled stakes into the ice every spring and read them each autumn."),
    ];
    const d = describeDocument(tree);
    expect(countTokens(d)).toBeLessThanOrEqual(120);
    expect(d).toMatch(/glacier/i);
    expect(d).not.toMatch(/Copyright/);
    expect(d).toMatch(/Sections: Cover; 1 Introduction; 2 Methods\./);
  });
});
