/**
 * Pure parts of the generated half of the tree corpus (tools/tree-corpus/generate/): the
 * Markdown headings that become gold, the pairing of headings with bookmarks and page text,
 * the LibreOffice style rewriting and the compact manifest. No pandoc, TeX, LibreOffice or
 * Chromium is needed: the ASTs are written by hand in pandoc's JSON shape.
 */
import { describe, expect, it } from "vitest";
import { headingsInTables, restyle, LIBREOFFICE_STYLES } from "../tools/tree-corpus/generate/libreoffice.ts";
import { compactGenerated, compareGenerated } from "../tools/tree-corpus/generate/manifest.ts";
import { inlineText, prepareDoc, sanitizeText, type PandocDoc, type PandocNode } from "../tools/tree-corpus/generate/markdown.ts";
import { pairHeadings, sameTitle } from "../tools/tree-corpus/generate/pair.ts";
import { looksUsable } from "../tools/tree-corpus/generate/sources.ts";
import type { ManifestEntry } from "../tools/tree-corpus/manifest.ts";

const str = (s: string): PandocNode[] => s.split(" ").flatMap((w, i) => (i ? [{ t: "Space" }, { t: "Str", c: w }] : [{ t: "Str", c: w }]));
const h = (level: number, text: string, inlines = str(text)): PandocNode => ({ t: "Header", c: [level, [text.toLowerCase(), [], []], inlines] });
const para = (text: string): PandocNode => ({ t: "Para", c: str(text) });
const doc = (...blocks: PandocNode[]): PandocDoc => ({ "pandoc-api-version": [1, 22, 2, 1], meta: {}, blocks });

describe("prepareDoc", () => {
  it("makes a lone first heading the title and shifts the rest to level 1", () => {
    const p = prepareDoc(doc(h(1, "Project"), para("intro"), h(2, "Install"), para("npm i"), h(3, "From source"), h(2, "Usage")));
    expect(p.title).toBe("Project");
    expect(p.headings).toEqual([
      { level: 1, title: "Install" },
      { level: 2, title: "From source" },
      { level: 1, title: "Usage" },
    ]);
    expect(p.doc.meta.title).toBeDefined();
    expect(p.doc.blocks.filter((b) => b.t === "Header").map((b) => (b.c as [number])[0])).toEqual([1, 2, 1]);
  });

  it("keeps the first heading when others share its level; closes level jumps", () => {
    const p = prepareDoc(doc(h(1, "One"), h(4, "Deep"), h(1, "Two")));
    expect(p.title).toBeNull();
    expect(p.headings).toEqual([
      { level: 1, title: "One" },
      { level: 2, title: "Deep" },
      { level: 1, title: "Two" },
    ]);
  });

  it("turns headings without letters, too deep, or inside lists into bold paragraphs", () => {
    const p = prepareDoc(
      doc(
        h(1, "A doc"),
        h(2, "v1"),
        h(2, "1.0.0"),
        h(2, "Level one"),
        h(3, "Level two"),
        h(4, "Level three"),
        h(5, "Level four"),
        h(6, "Level five"),
        { t: "BulletList", c: [[h(2, "In a list")]] },
      ),
    );
    expect(p.title).toBe("A doc");
    expect(p.headings.map((x) => `${x.level} ${x.title}`)).toEqual(["1 Level one", "2 Level two", "3 Level three", "4 Level four"]);
    const bold = p.doc.blocks.filter((b) => b.t === "Para").map((b) => inlineText((b.c as PandocNode[])[0].c as PandocNode[]));
    expect(bold).toEqual(["v1", "1.0.0", "Level five"]);
    const list = p.doc.blocks.find((b) => b.t === "BulletList")!;
    expect(((list.c as PandocNode[][])[0][0]).t).toBe("Para");
  });

  it("drops images, raw HTML and tables, keeps link text, and strips characters pdflatex cannot set", () => {
    const image: PandocNode = { t: "Image", c: [["", [], []], str("badge"), ["http://x/y.svg", ""]] };
    const link: PandocNode = { t: "Link", c: [["", [], []], str("the docs"), ["http://x", ""]] };
    const p = prepareDoc(
      doc(
        h(1, "Tool"),
        { t: "Para", c: [image] },
        { t: "RawBlock", c: ["html", "<div>"] },
        { t: "Table", c: [] },
        h(2, "Read", [{ t: "Str", c: "Read\u{1F680}" }, { t: "Space" }, link]),
        { t: "CodeBlock", c: [["", [], []], "a \u2500\u2500 b"] },
      ),
    );
    expect(p.headings).toEqual([{ level: 1, title: "Read the docs" }]);
    expect(p.doc.blocks.map((b) => b.t)).toEqual(["Header", "CodeBlock"]);
    expect((p.doc.blocks[1].c as [unknown, string])[1]).toBe("a  b");
    expect(sanitizeText("caf\u00e9 \u201cok\u201d \u2014 \u4e2d")).toBe("caf\u00e9 \u201cok\u201d \u2014 ");
  });

  it("counts paragraph text, not headings or code", () => {
    const p = prepareDoc(doc(h(1, "T"), h(2, "Alpha"), para("12345"), { t: "CodeBlock", c: [["", [], []], "xxxxxxxxxx"] }, h(2, "Beta"), { t: "BulletList", c: [[para("abc")]] }));
    expect(p.bodyChars).toBe(8);
  });
});

describe("pairHeadings", () => {
  const heads = [
    { level: 1, title: "Installation" },
    { level: 2, title: "From source" },
    { level: 1, title: "Usage" },
  ];
  const pages = ["Tool\nContents", "1 Installation\ntext\n1.1 From source\nmore", "text continues", "2 Usage\ntext"];

  it("pairs in order by title, skipping the typesetter's own bookmarks and numbering", () => {
    const marks = [
      { level: 1, title: "Contents", page: 1 },
      { level: 1, title: "1 Installation", page: 2 },
      { level: 2, title: "1.1 From source", page: 2 },
      { level: 1, title: "2 Usage", page: 4 },
    ];
    const r = pairHeadings(heads, marks, pages);
    expect(r.entries).toEqual([
      { level: 1, title: "Installation", page: 2 },
      { level: 2, title: "From source", page: 2 },
      { level: 1, title: "Usage", page: 4 },
    ]);
    expect([r.fromBookmarks, r.located, r.moved, r.missing.length]).toEqual([3, 0, 0, 0]);
  });

  it("moves an anchor left on the page before its heading, and locates headings without a bookmark", () => {
    const marks = [
      { level: 1, title: "Installation", page: 2 },
      { level: 1, title: "Usage", page: 3 },
    ];
    const r = pairHeadings(heads, marks, pages);
    expect(r.entries.map((e) => e.page)).toEqual([2, 2, 4]);
    expect([r.fromBookmarks, r.located, r.moved]).toEqual([2, 1, 1]);
  });

  it("reports headings whose title is on no page", () => {
    const r = pairHeadings([...heads, { level: 1, title: "Nowhere at all" }], [], pages);
    expect(r.missing).toEqual(["Nowhere at all"]);
  });

  it("reads small caps split by pdftotext and upper-case headings", () => {
    const r = pairHeadings([{ level: 1, title: "Introduction" }], [{ level: 1, title: "I. Introduction", page: 1 }], ["I. I NTRODUCTION\nbody"]);
    expect(r.missing).toEqual([]);
    expect(sameTitle("Options", "A. Options")).toBe(true);
    expect(sameTitle("Options", "Commands")).toBe(false);
  });
});

describe("LibreOffice styles", () => {
  const xml = `<office:font-face-decls></office:font-face-decls><style:default-style><style:text-properties style:font-name="Times New Roman" fo:font-size="12pt"/></style:default-style>
<style:style style:name="Heading_20_1"
 style:family="paragraph"><style:text-properties fo:font-size="115%"/></style:style>
<style:style style:name="Heading_20_2"
 style:family="paragraph"><style:text-properties fo:font-size="14pt"/></style:style>
<text:outline-style style:name="Outline"><text:outline-level-style text:level="1" style:num-format=""/></text:outline-style>`;

  it("sets legal numbering and body-font headings with indentation", () => {
    const legal = LIBREOFFICE_STYLES.find((s) => s.family.includes("legal"))!;
    const out = restyle(xml, legal);
    expect(out).toContain('style:num-format="I" style:num-suffix="."');
    expect(out).toContain('style:num-format="i" style:num-prefix="(" style:num-suffix=")"');
    expect(out.match(/style:name="Heading_20_2"[^]*?<\/style:style>/)![0]).toContain('fo:margin-left="1.00in"');
    expect(out.match(/style:name="Heading_20_1"[^]*?<\/style:style>/)![0]).toContain('fo:font-size="12pt" fo:font-weight="normal"');
    expect(out.match(/<text:outline-style/g)).toHaveLength(1);
  });

  it("wraps headings in one-cell tables", () => {
    const d = headingsInTables(doc(h(1, "A"), para("x")));
    expect(d.blocks.map((b) => b.t)).toEqual(["Table", "Para"]);
    expect(JSON.stringify(d.blocks[0])).toContain('"Header"');
  });
});

describe("sources and the compact manifest", () => {
  it("looks at Markdown with enough headings and a few pages' text, not change logs", () => {
    const body = `${"# T\n\n## S\n\ntext ".repeat(3)}${"## More\n\n".repeat(3)}${"word ".repeat(700)}`;
    expect(looksUsable("/x/README.md", body)).toBe(true);
    expect(looksUsable("/x/CHANGELOG.md", body)).toBe(false);
    expect(looksUsable("/x/README.md", "# a\n## b\n")).toBe(false);
  });

  it("compares sources and heading counts, not PDF bytes", () => {
    const e = (family: string, sourceSha256: string, outlineEntries: number) => ({ family, path: `/s/${sourceSha256}.md`, sourceSha256, outlineEntries, outlineDepth: 2 }) as ManifestEntry;
    const a = compactGenerated([e("gen-x", "aa", 7), e("gen-y", "bb", 9)], { pandoc: "1" });
    expect(compareGenerated(a, a)).toEqual([]);
    const b = compactGenerated([e("gen-x", "aa", 8), e("gen-y", "cc", 9)], { pandoc: "2" });
    expect(compareGenerated(a, b)).toEqual(["missing: [gen-y] /s/bb.md (bb)", "headings changed: [gen-x] /s/aa.md: 7/2 -> 8/2", "new: [gen-y] /s/cc.md (cc)", "version changed: pandoc 1 -> 2"]);
  });
});
