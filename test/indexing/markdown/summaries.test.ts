import { describe, expect, it } from "vitest";
import { indexMarkdown, type MarkdownIndexOptions } from "../../../src/indexing/markdown/index.ts";
import { countTokens } from "../../../src/indexing/tokens.ts";
import { fixture, flatten } from "./helpers.ts";

const MARKUP = /(^|\n)#{1,6} |\*\*|\]\(|```|~~~|<\/?[a-z]+>|^---$/m;

const SENTENCES = [
  "Tree indexes split long documents into sections with titles and summaries.",
  "Readers navigate the sections by title before reading any text.",
  "Summaries let a model choose which section to open next.",
  "Extractive summaries reuse the most representative sentences of the text.",
  "Long sections are summarised while short ones keep their own words.",
];
/** A long section (well over 200 tokens) full of markup. */
const LONG_BODY = Array.from({ length: 8 }, (_, i) => `${SENTENCES[i % 5].replace("sections", "**sections**")} See [the guide](https://example.com/${i}).`).join("\n\n");

const SRC = [
  "# Guide",
  "",
  "A *short* intro with [a link](https://example.com) and `code`.",
  "",
  "```sh",
  "npm run build",
  "```",
  "",
  "## Long part",
  "",
  LONG_BODY,
  "",
  "## Empty part",
  "",
  "<div align=\"center\"><b>Bold HTML</b></div>",
  "",
].join("\n");

const run = (options: Partial<MarkdownIndexOptions> = {}) => flatten(indexMarkdown(SRC, { fileName: "guide.md", ...options }).tree);

describe("markdown summaries", () => {
  it("uses a short node's own text without markup and without code blocks", () => {
    const [guide, , html] = run();
    expect(guide.summary).toBe("Guide\nA short intro with a link and code.");
    expect(html.summary).toBe("Empty part\nBold HTML");
  });

  it("hands a long node's plain prose to the summariser with an 80-token budget", () => {
    const calls: Array<[string, number]> = [];
    const nodes = run({ summarise: (text, max) => (calls.push([text, max]), `SUMMARY(${calls.length})`) });
    expect(calls).toHaveLength(1);
    const [text, max] = calls[0];
    expect(max).toBe(80);
    expect(text).not.toMatch(MARKUP);
    expect(text).not.toContain("Long part"); // its own heading is not a sentence of the section
    expect(text).toContain("Tree indexes split long documents into sections with titles and summaries. See the guide.");
    expect(nodes[1].summary).toBe("SUMMARY(1)");
  });

  it("summarises long nodes extractively by default, within the budget and never as raw markdown", () => {
    const long = run()[1];
    expect(long.summary).toBeTruthy();
    expect(long.summary).not.toBe(long.text);
    expect(long.summary).not.toMatch(MARKUP);
    expect(countTokens(long.summary!)).toBeLessThanOrEqual(85);
    expect(SENTENCES.some((s) => long.summary!.includes(s.replace("**", "")))).toBe(true);
  });

  it("switches to the summariser at exactly summaryTokenThreshold tokens", () => {
    const tokens = countTokens(run()[0].text);
    const spy = () => "SUMMARISED";
    expect(run({ summaryTokenThreshold: tokens, summarise: spy })[0].summary).toBe("SUMMARISED");
    expect(run({ summaryTokenThreshold: tokens + 1, summarise: spy })[0].summary).toBe("Guide\nA short intro with a link and code.");
  });

  it("summarises a thinned node from everything it absorbed", () => {
    const [guide] = run({ thinning: true, summaryTokenThreshold: 100_000 });
    expect(guide.nodes).toEqual([]);
    expect(guide.summary).toContain("Empty part\nBold HTML");
    expect(guide.summary).not.toMatch(MARKUP);
  });

  it("falls back to the title for nodes without text, and gives every node of the fixture a clean summary", () => {
    const nodes = flatten(indexMarkdown("---\ntitle: Meta\n---\n# Only heading\n", { fileName: "m.md" }).tree);
    expect(nodes.map((n) => n.summary)).toEqual(["Meta", "Only heading"]);
    const all = flatten(indexMarkdown(fixture("structure.md"), { fileName: "structure.md" }).tree);
    for (const n of all) {
      expect(n.summary).toBeTruthy();
      expect(n.summary).not.toMatch(/\*\*|\]\(|```|~~~|<\/?[a-z]+>|<!--|-->|`/);
    }
    expect(all.map((n) => n.summary)).toEqual([
      "Preamble paragraph before any heading, with bold text.",
      "Top level\nIntro of the top level.\n# not a heading: inside an HTML block", // an HTML block's text is literal
      'Skipped level\nNested under "Top level" although level 2 was skipped.',
      "Second level with code and a link",
      "Setext one",
      "Setext two",
      "Quoted heading",
      "Heading in a list item",
      "Deep\nLast words.",
    ]);
  });

  it("adds no summaries when asked not to", () => {
    expect(run({ addSummaries: false }).every((n) => n.summary === undefined)).toBe(true);
  });

  it("adds an extractive description from titles and content when asked", () => {
    expect(indexMarkdown(SRC, { fileName: "guide.md" }).description).toBeUndefined();
    const description = indexMarkdown(SRC, { fileName: "guide.md", addDescription: true, addSummaries: false }).description!;
    expect(description).toContain("Guide");
    expect(description).not.toMatch(MARKUP);
    expect(countTokens(description)).toBeLessThanOrEqual(120);
    expect(SENTENCES.some((s) => description.includes(s.replace("**", "")))).toBe(true);
  });
});
