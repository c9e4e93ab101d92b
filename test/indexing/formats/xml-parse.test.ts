import { describe, expect, it } from "vitest";
import { parseXml } from "../../../src/indexing/xml/parse.ts";

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
});
