import type { Element } from "hast";
import { describe, expect, it } from "vitest";
import { parseHtml } from "../../../src/indexing/html/index.ts";
import { hastToMarkdown } from "../../../src/indexing/structured/hast-markdown.ts";

/** The body's children of an HTML fragment, as the structured path hands a group to the writer. */
function written(html: string) {
  const root = parseHtml(`<body>${html}</body>`);
  const htmlEl = root.children.find((c): c is Element => c.type === "element" && c.tagName === "html")!;
  const body = htmlEl.children.find((c): c is Element => c.type === "element" && c.tagName === "body")!;
  return hastToMarkdown(body.children);
}

describe("hast -> Markdown (the text between headings)", () => {
  it("writes inline markup: code, strong, absolute links, images by alt text; relative links as text", () => {
    const { markdown, plain } = written('<p>Use <code>a|b</code> and <strong>bold</strong>, <a href="https://x.org/a b">link</a>, <a href="#local">local</a>, <img alt="a chart">.</p>');
    expect(markdown).toBe("Use `a|b` and **bold**, [link](<https://x.org/a b>), local, a chart.");
    expect(plain).toBe("Use a|b and bold, link, local, a chart.");
  });

  it("escapes line starts that would read as markup, and markup characters inside text", () => {
    expect(written("<p># not a heading<br>- not a list<br>1. not ordered</p>").markdown).toBe("\\# not a heading\n\\- not a list\n1\\. not ordered");
    expect(written("<p>snake_case and _emph_ and 2*3</p>").markdown).toBe("snake_case and \\_emph\\_ and 2\\*3");
  });

  it("writes lists (start number, nesting, several paragraphs in an item), code, quotes, rules and definitions", () => {
    const { markdown, plain } = written(
      '<ol start="3"><li>three<ol><li>nested</li></ol></li><li><p>four</p><p>more</p></li></ol><pre><code class="language-py">def f():\n    return 1</code></pre><blockquote><p>quoted</p><ul><li>item</li></ul></blockquote><hr><dl><dt>Term</dt><dd>Definition</dd></dl>',
    );
    expect(markdown).toBe("3. three\n   1. nested\n4. four\n   more\n\n```py\ndef f():\n    return 1\n```\n\n> quoted\n>\n> - item\n\n---\n\nTerm\n\nDefinition");
    // Code is not prose: summaries never see it.
    expect(plain).toBe("three\nnested\nfour\nmore\nquoted\nitem\nTerm\nDefinition");
  });

  it("writes tables as GFM tables: first row the header, cells padded, pipes escaped, short rows filled, caption before", () => {
    const { markdown, plain } = written('<table><caption>Sizes</caption><thead><tr><th>Name</th><th>Value | pipe</th></tr></thead><tbody><tr><td>a</td><td>1</td></tr><tr><td colspan="2">wide</td></tr></tbody></table>');
    expect(markdown).toBe("Sizes\n\n| Name | Value \\| pipe |\n| ---- | ------------- |\n| a    | 1             |\n| wide |               |");
    expect(plain).toBe("Sizes\nName Value | pipe\na 1\nwide");
  });

  it("does not pad a column wider than 40 characters (one long cell would pad every row)", () => {
    const long = "x".repeat(60);
    expect(written(`<table><tr><th>K</th><th>V</th></tr><tr><td>a</td><td>${long}</td></tr></table>`).markdown).toBe(`| K   | V |\n| --- | ---------------------------------------- |\n| a   | ${long} |`);
  });

  it("leaves out navigation, scripts, hidden elements and blank markup", () => {
    expect(written('<nav>skip me</nav><script>x()</script><p hidden>gone</p><div><span> </span></div><p>kept</p>').markdown).toBe("kept");
  });
});
