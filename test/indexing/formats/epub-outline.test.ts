import { describe, expect, it } from "vitest";
import { indexStructured } from "../../../src/indexing/structured/index.ts";
import { buildEpub, xhtml } from "../../fixtures/formats/epub.ts";
import { nodeTitled, outline } from "./helpers.ts";

const nav = [
  { title: "Naming", href: "ch1.xhtml#naming", children: [{ title: "Main", href: "ch1.xhtml#main" }, { title: "Length", href: "ch1.xhtml#length" }] },
];

describe("EPUB navigation entries whose target is given twice or missing", () => {
  it("an id given twice (a stray anchor, then the section): the entry goes where its heading is, read once", async () => {
    // As pandoc writes a Markdown file whose hand-written anchor for "Main" sits a section too early.
    const body =
      '<section id="naming"><h1>Naming</h1><p>Names matter.</p><p><a id="main"></a></p>' +
      '<section id="notation"><h2>Notation</h2><p>Short names in formulas.</p></section></section>' +
      '<section id="main"><h2>Main</h2><p>Put code in main().</p></section><section id="length"><h2>Length</h2><p>Keep functions short.</p></section>';
    const doc = await indexStructured("epub", buildEpub({ title: "Guide", chapters: [{ file: "ch1.xhtml", body }], nav }), { fileName: "guide.epub" });
    expect(outline(doc.tree)).toEqual(["Naming", "  Notation", "  Main", "  Length"]);
    expect(nodeTitled(doc.tree, "Notation").text).toBe("## Notation\n\nShort names in formulas.");
    expect(nodeTitled(doc.tree, "Main").text).toBe("## Main\n\nPut code in main().");
  });

  it("a missing id: the entry goes to the chapter's heading of the same title, else to the chapter's start", async () => {
    const body = '<h1 id="naming">Naming</h1><p>Names matter.</p><h2>Main</h2><p>Put code in main().</p><h2 id="length">Length</h2><p>Keep functions short.</p>';
    const withLost = [{ ...nav[0], children: [...nav[0].children, { title: "Appendix", href: "ch1.xhtml#gone" }] }];
    const doc = await indexStructured("epub", buildEpub({ title: "Guide", chapters: [{ file: "ch1.xhtml", body }], nav: withLost }), { fileName: "guide.epub" });
    // "Main" has no element with id "main" but a heading of its title: placed there, not duplicated.
    expect(outline(doc.tree)).toEqual(["Appendix", "Naming", "  Main", "  Length"]);
    expect(nodeTitled(doc.tree, "Main").text).toBe("## Main\n\nPut code in main().");
  });

  it("a target inside a heading (DocBook's <h1><a id=\"x\"/>Title</h1>) places the entry at that heading", async () => {
    const body = '<h1><a id="intro"/>Chapter 1. Introduction</h1><p>Welcome.</p><h1><a id="setup"/>Chapter 2. Setup</h1><p>Install it.</p>';
    const withOwnTitles = [{ title: "1. Introduction", href: "ch1.xhtml#intro" }, { title: "2. Setup", href: "ch1.xhtml#setup" }];
    const doc = await indexStructured("epub", buildEpub({ title: "Guide", chapters: [{ file: "ch1.xhtml", body }], nav: withOwnTitles }), { fileName: "guide.epub" });
    // Entry titles differ from the headings, so each heading stays beneath its entry, with its text.
    expect(outline(doc.tree)).toEqual(["1. Introduction", "  Chapter 1. Introduction", "2. Setup", "  Chapter 2. Setup"]);
    expect(nodeTitled(doc.tree, "Chapter 2. Setup").text).toBe("## Chapter 2. Setup\n\nInstall it.");
  });
});

describe("EPUB chapters as XML, and as HTML when they are not well-formed", () => {
  it("reads a chapter with an HTML entity XML does not know (&nbsp;) and an unclosed tag", async () => {
    const chapters = [
      { file: "c1.xhtml", body: "<h1>Good</h1><p>Well&#160;formed.</p>" },
      { file: "c2.xhtml", body: "<h1>Sloppy</h1><p>Caf&eacute;&nbsp;notes<br>second line</p>" },
    ];
    const doc = await indexStructured("epub", buildEpub({ title: "Mixed", chapters }), { fileName: "mixed.epub" });
    expect(outline(doc.tree)).toEqual(["Good", "Sloppy"]);
    expect(nodeTitled(doc.tree, "Good").text).toBe("# Good\n\nWell\u00a0formed.");
    expect(nodeTitled(doc.tree, "Sloppy").text).toBe("# Sloppy\n\nCafé\u00a0notes\nsecond line");
  });

  it("reads chapters in UTF-8 (a character across the parser's 16 KB pieces), in a declared legacy charset, and in UTF-16", async () => {
    // Padded so that the "ü" starts on the last byte of the first 16 KB piece and ends in the next.
    const before = Buffer.byteLength(xhtml("Mixed", "<h1>Long</h1><p>Gr").split("</p>")[0].replace(/<\/body><\/html>$/, ""));
    const long = `<h1>Long</h1><p>${"x".repeat(16 * 1024 - 1 - before)}Grüße aus Köln, 日本語.</p>`;
    const legacy = Buffer.from(xhtml("Legacy", "<h1>Legacy</h1><p>Café crème</p>").replace("<head>", '<head><meta charset="windows-1252"/>'), "latin1");
    const wide = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(xhtml("Wide", "<h1>Wide</h1><p>Zürich ☃</p>").replace('encoding="UTF-8"', 'encoding="UTF-16"'), "utf16le")]);
    const chapters = [
      { file: "c1.xhtml", body: long },
      { file: "c2.xhtml", body: "", bytes: legacy },
      { file: "c3.xhtml", body: "", bytes: wide },
    ];
    // Some piece boundary falls inside a character of the first chapter.
    const chapterBytes = Buffer.from(xhtml("Mixed", long));
    expect(chapterBytes.subarray(16 * 1024 - 1, 16 * 1024 + 1).toString()).toBe("ü");
    const doc = await indexStructured("epub", buildEpub({ title: "Mixed", chapters }), { fileName: "mixed.epub" });
    expect(outline(doc.tree)).toEqual(["Long", "Legacy", "Wide"]);
    expect(nodeTitled(doc.tree, "Long").text.endsWith("Grüße aus Köln, 日本語.")).toBe(true);
    expect(nodeTitled(doc.tree, "Legacy").text).toBe("# Legacy\n\nCafé crème");
    expect(nodeTitled(doc.tree, "Wide").text).toBe("# Wide\n\nZürich ☃");
  });
});
