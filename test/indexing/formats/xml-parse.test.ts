import { describe, expect, it } from "vitest";
import { parseXml, parseXmlBytes } from "../../../src/indexing/xml/parse.ts";

const W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";

describe("XML parts (saxes, namespaces resolved by the reader)", () => {
  it("names elements and attributes by namespace whatever prefix the file chose, unprefixed attributes in none", () => {
    const root = parseXml(`<doc xmlns:x="${W}" xmlns="${W}"><x:p x:val="1" plain="2"><t xml:space="preserve"> a </t></x:p><other:q xmlns:other="urn:unknown"/></doc>`);
    expect(root.name).toBe("w:doc");
    const [p, q] = root.children as Array<{ name: string; attrs: Record<string, string>; children: unknown[] }>;
    expect(p.name).toBe("w:p");
    expect(p.attrs).toEqual({ "w:val": "1", plain: "2" });
    expect(p.children).toEqual([{ name: "w:t", attrs: { "xml:space": "preserve" }, children: [" a "] }]);
    // An unknown namespace keeps the file's prefix; declarations are not attributes.
    expect(q).toEqual({ name: "other:q", attrs: {}, children: [] });
  });

  it("a scope declared on an inner element ends with it", () => {
    const root = parseXml(`<a><b xmlns:w="${W}"><w:p/></b><w:p xmlns:w="urn:other"/></a>`);
    const [b, p] = root.children as Array<{ name: string; children: Array<{ name: string }> }>;
    expect(b.children[0].name).toBe("w:p");
    expect(p.name).toBe("w:p"); // urn:other is unknown: the file's prefix stays
  });

  it("keeps hollow elements with their attributes but not their content", () => {
    const root = parseXml(`<w:r xmlns:w="${W}"><w:rPr w:x="1"><w:b/><w:sz w:val="24">text</w:sz></w:rPr><w:rPr/><w:t>kept</w:t></w:r>`, { hollow: new Set(["w:rPr"]) });
    expect(root.children).toEqual([
      { name: "w:rPr", attrs: { "w:x": "1" }, children: [] },
      { name: "w:rPr", attrs: {}, children: [] },
      { name: "w:t", attrs: {}, children: ["kept"] },
    ]);
  });

  it("reads bytes decoded piece by piece exactly as the whole text: tags, text and characters split between pieces", () => {
    // Long enough to cross several 16 KB pieces, with multi-byte characters (2, 3 and 4 bytes)
    // and tags at every offset, so some piece boundary falls inside a character, a tag, an
    // attribute value and a run of text.
    const paragraphs: string[] = [];
    for (let i = 0; i < 900; i++) paragraphs.push(`<w:p w:n="${i}é"><w:t xml:space="preserve">Zeile ${i}: naïve café — 日本語 😀 ${"x".repeat(i % 7)}</w:t><![CDATA[a<b ${i}]]></w:p>`);
    const source = `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="${W}"><w:body>${paragraphs.join("")}</w:body></w:document>`;
    const utf8 = new TextEncoder().encode(source);
    expect(utf8.length).toBeGreaterThan(4 * 16 * 1024);
    const whole = parseXml(source);
    expect(parseXmlBytes(utf8)).toEqual(whole);
    // With a byte-order mark, in UTF-8 and in UTF-16 (little-endian), the same tree.
    expect(parseXmlBytes(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8]))).toEqual(whole);
    const utf16 = Buffer.from(`\ufeff${source}`, "utf16le");
    expect(parseXmlBytes(new Uint8Array(utf16))).toEqual(whole);
    const body = whole.children[0] as { children: Array<{ children: Array<{ children: string[] }> }> };
    expect(body.children).toHaveLength(900);
    expect(body.children[899].children[0].children.join("")).toBe("Zeile 899: naïve café — 日本語 😀 xxx");
  });

  it("refuses a part that is not well-formed wherever in its pieces the fault lies", () => {
    const source = `<a>${"<b>text</b>".repeat(5000)}<c></a>`;
    expect(() => parseXmlBytes(new TextEncoder().encode(source))).toThrow(/not well-formed/);
  });

  it("hands the children of a named element over one at a time as each closes, without keeping them", () => {
    const seen: string[] = [];
    let open = 0;
    const root = parseXml(`<w:document xmlns:w="${W}"><w:body><w:p><w:r><w:t>one</w:t></w:r></w:p><w:tbl><w:tr/></w:tbl><w:p><w:t>two</w:t></w:p><w:sectPr/></w:body><w:after/></w:document>`, {
      each: {
        parent: "w:body",
        visit(element) {
          // Each arrives whole (its own children built) and before the next one is parsed.
          seen.push(`${element.name}:${element.children.length}`);
          open++;
        },
      },
    });
    expect(seen).toEqual(["w:p:1", "w:tbl:1", "w:p:1", "w:sectPr:0"]);
    expect(open).toBe(4);
    const [body, after] = root.children as Array<{ name: string; children: unknown[] }>;
    expect(body).toEqual({ name: "w:body", attrs: {}, children: [] });
    expect(after.name).toBe("w:after");
  });

  it("lets the visitor's own failure through as it is, not as a parsing error", () => {
    class Refused extends Error {}
    const source = `<w:document xmlns:w="${W}"><w:body><w:p/><w:p/></w:body></w:document>`;
    expect(() => parseXml(source, { each: { parent: "w:body", visit: () => { throw new Refused("no"); } } })).toThrow(Refused);
    expect(() => parseXml(`${source.slice(0, -5)}`, { each: { parent: "w:body", visit: () => {} } })).toThrow(/not well-formed/);
  });
});
