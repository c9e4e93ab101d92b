import { describe, expect, it } from "vitest";
import { MarkdownError, parseMarkdown } from "../../../src/indexing/markdown/index.ts";
import { fixture } from "./helpers.ts";

const headings = (src: string) => parseMarkdown(src).headings.map(({ level, line, title }) => ({ level, line, title }));

describe("markdown headings (as CommonMark sees them)", () => {
  it("finds exactly the headings of the structure fixture, skipping code, HTML and front matter", () => {
    expect(headings(fixture("structure.md"))).toEqual([
      { level: 1, line: 9, title: "Top level" },
      { level: 3, line: 33, title: "Skipped level" },
      { level: 2, line: 37, title: "Second level with code and a link" },
      { level: 1, line: 39, title: "Setext one" },
      { level: 2, line: 42, title: "Setext two" },
      { level: 2, line: 45, title: "Quoted heading" },
      { level: 2, line: 47, title: "Heading in a list item" },
      { level: 4, line: 49, title: "Deep" },
    ]);
  });

  it("removes ATX closing sequences but keeps hashes that are not one", () => {
    const src = ["# One #", "## Two ##   ", "### Three ######", "#### Four#", "##### Five \\#", "###### Six # #"].join("\n");
    expect(headings(src)).toEqual([
      { level: 1, line: 1, title: "One" },
      { level: 2, line: 2, title: "Two" },
      { level: 3, line: 3, title: "Three" },
      { level: 4, line: 4, title: "Four#" },
      { level: 5, line: 5, title: "Five #" },
      { level: 6, line: 6, title: "Six #" },
    ]);
  });

  it("does not take lines that only look like ATX headings", () => {
    const src = ["#hashtag", "", "#5 bolt", "", "\\# escaped", "", "####### seven", "", "    # indented code", ""].join("\n");
    expect(headings(src)).toEqual([]);
  });

  it("reads setext headings of both levels, multi-line ones starting at their first line", () => {
    const src = "Title\n=====\n\ntext\n\nSub title\n---\n\nFirst line\nsecond line\n===\n";
    expect(parseMarkdown(src).headings).toEqual([
      { level: 1, line: 1, endLine: 2, kind: "setext", title: "Title" },
      { level: 2, line: 6, endLine: 7, kind: "setext", title: "Sub title" },
      { level: 1, line: 9, endLine: 11, kind: "setext", title: "First line second line" },
    ]);
  });

  it("a --- line after a paragraph is a setext heading, after a blank line a thematic break", () => {
    expect(headings("para\n---\n\n---\n")).toEqual([{ level: 2, line: 1, title: "para" }]);
  });

  it("ignores # lines in backtick and tilde fences, also unclosed ones", () => {
    expect(headings("```\n# a\n```\n~~~~\n# b\n~~~~\n```js\n# c\n")).toEqual([]);
    expect(headings("~~~\n# a\n~~~\n# real\n")).toEqual([{ level: 1, line: 4, title: "real" }]);
  });

  it("follows CommonMark's HTML block rules", () => {
    // An HTML block of type 6 ends at a blank line; a comment at its closing -->.
    const src = "<div>\n# inside\n</div>\n\n<div>\n\n# after a blank line\n\n</div>\n\n<!--\n\n# comment\n\n-->\n";
    expect(headings(src)).toEqual([{ level: 1, line: 7, title: "after a blank line" }]);
  });

  it("strips inline markup, escapes, entities and HTML from titles", () => {
    const src = [
      "## **Bold** _em_ `code` [link](https://x.org) ![alt text](a.png) \\_esc\\_ &amp; <span>html</span> ~~gone~~",
      "",
      "## See [Guido][g]'s notes[^1]",
      "",
      "[g]: https://example.com/guido",
      "",
      "[^1]: A footnote.",
    ].join("\n");
    expect(headings(src).map((h) => h.title)).toEqual(["Bold em code link alt text _esc_ & html gone", "See Guido's notes"]);
  });

  it("takes the title from YAML and TOML front matter and counts its lines", () => {
    const yaml = "---\ntitle: From YAML\n# comment\n---\n# H\n";
    expect(parseMarkdown(yaml).frontMatterTitle).toBe("From YAML");
    expect(headings(yaml)).toEqual([{ level: 1, line: 5, title: "H" }]);
    const toml = '+++\ntitle = "From TOML"\n[extra]\ntitle = "no"\n+++\n\n# H\n';
    expect(parseMarkdown(toml).frontMatterTitle).toBe("From TOML");
    expect(headings(toml)).toEqual([{ level: 1, line: 7, title: "H" }]);
    expect(parseMarkdown("---\nauthor: x\n---\n").frontMatterTitle).toBeUndefined();
    expect(parseMarkdown("---\n: [broken\n---\n").frontMatterTitle).toBeUndefined();
    // Front matter only counts at the very start of the file.
    expect(parseMarkdown("\n---\ntitle: late\n---\n").frontMatterTitle).toBeUndefined();
  });

  it("gives CRLF and CR files the same lines and titles as LF files", () => {
    const lf = fixture("structure.md");
    const expected = headings(lf);
    expect(headings(lf.replace(/\n/g, "\r\n"))).toEqual(expected);
    expect(headings(lf.replace(/\n/g, "\r"))).toEqual(expected);
    expect(headings("Set\r\next\r\n===\r\n").map((h) => h.title)).toEqual(["Set ext"]);
  });

  it("turns a parser stack overflow on absurd nesting into a MarkdownError", () => {
    let outcome: unknown = "parsed";
    try {
      parseMarkdown(`${">".repeat(30_000)} # deep\n`);
    } catch (e) {
      outcome = e;
    }
    expect(outcome === "parsed" || outcome instanceof MarkdownError).toBe(true);
    // 30,000 nested quotes take the parser 25-80 s on a shared 2-core machine: a limit on
    // correctness, not speed (82 s timed out in a clean-clone run beside a corpus build).
  }, 240_000);
});
