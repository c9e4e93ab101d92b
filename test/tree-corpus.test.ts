/**
 * Pure helpers of the tree corpus builder (tools/tree-corpus/) and its bench: no corpus,
 * qpdf or Debian package is needed.
 */
import { describe, expect, it } from "vitest";
import { sampleAcrossFamilies } from "../tools/bench/tree-corpus.ts";
import { scoreAgainstGold } from "../tools/bench/tree-quality.ts";
import type { TreeNode } from "../src/indexing/tree-types.ts";
import { faceOf, familyOf, generatorOf, headingStyleOf } from "../tools/tree-corpus/family.ts";
import { checkOutline, goldFromQpdfJson } from "../tools/tree-corpus/gold.ts";
import type { PdfLook } from "../tools/tree-corpus/inspect.ts";
import { compactManifest, compareManifests, formatCompactManifest, type ManifestEntry } from "../tools/tree-corpus/manifest.ts";
import { selectByFamily } from "../tools/tree-corpus/select.ts";
import { splitOf } from "../tools/tree-corpus/split.ts";

describe("goldFromQpdfJson", () => {
  const pages = [1, 2, 3, 4].map((n) => ({ object: `${n * 10} 0 R`, pageposfrom1: n }));

  it("flattens the outline in document order with levels and physical pages", () => {
    const g = goldFromQpdfJson({
      pages,
      outlines: [
        { title: "Intro", dest: ["10 0 R", "/XYZ", 0, 700, null], kids: [{ title: " Scope\u0000 ", dest: { "/D": ["20 0 R", "/Fit"] } }] },
        { title: "Body", destpageposfrom1: 3, kids: [] },
        { title: "By index", dest: [3, "/Fit"] },
      ],
    });
    expect(g.pageCount).toBe(4);
    expect(g.unresolved).toBe(0);
    expect(g.entries).toEqual([
      { level: 1, title: "Intro", page: 1 },
      { level: 2, title: "Scope", page: 2 },
      { level: 1, title: "Body", page: 3 },
      { level: 1, title: "By index", page: 4 },
    ]);
  });

  it("counts entries that point nowhere and leaves them out", () => {
    const g = goldFromQpdfJson({ pages, outlines: [{ title: "Gone", dest: ["99 0 R", "/Fit"] }, { title: "Named", dest: "sec:1" }, { title: "", destpageposfrom1: 1 }] });
    expect(g.entries).toEqual([]);
    expect(g.unresolved).toBe(3);
  });
});

describe("checkOutline", () => {
  const entry = (page: number, level = 1) => ({ level, title: `T${page}`, page });

  it("accepts five or more in-order entries over several pages", () => {
    expect(checkOutline({ pageCount: 9, unresolved: 0, entries: [1, 2, 3, 5, 8].map((p) => entry(p)) }).ok).toBe(true);
  });

  it("rejects short, unresolved, single-page and out-of-order outlines", () => {
    expect(checkOutline({ pageCount: 9, unresolved: 0, entries: [1, 2, 3, 4].map((p) => entry(p)) }).ok).toBe(false);
    expect(checkOutline({ pageCount: 9, unresolved: 3, entries: [1, 2, 3, 4, 5].map((p) => entry(p)) }).ok).toBe(false);
    expect(checkOutline({ pageCount: 9, unresolved: 0, entries: [1, 1, 1, 1, 1, 1].map((p) => entry(p)) }).ok).toBe(false);
    expect(checkOutline({ pageCount: 9, unresolved: 0, entries: [9, 1, 8, 2, 7, 3].map((p) => entry(p)) }).ok).toBe(false);
    expect(checkOutline({ pageCount: 9, unresolved: 0, entries: [1, 2, 3, 5, 8].map((p) => ({ level: 1, title: p < 5 ? "目录" : "Index", page: p })) }).ok).toBe(false);
  });
});

describe("typographic family", () => {
  it("names typefaces from embedded font names", () => {
    expect(faceOf("ABCDEF+CMBX12")).toBe("Computer Modern");
    expect(faceOf("SFRM1000")).toBe("Computer Modern");
    expect(faceOf("LMRoman10-Regular")).toBe("Latin Modern");
    expect(faceOf("NimbusRomNo9L-Regu")).toBe("Times");
    expect(faceOf("TeXGyrePagella-Bold")).toBe("Palatino");
    expect(faceOf("LinLibertineT")).toBe("Libertine");
    expect(faceOf("MinionPro-Regular")).toBe("Minion");
    expect(faceOf("FrobnicateSerif-Book")).toBe("FrobnicateSerif");
  });

  const look = (over: Partial<PdfLook>): PdfLook => ({ pageCount: 10, producer: "", creator: "", bodyFont: "CMR10", bodySize: 10, fonts: {}, headings: [], frontText: "", ...over });

  it("tells generators apart by producer, creator and markers", () => {
    expect(generatorOf(look({ producer: "pdfTeX-1.40.24", creator: "LaTeX with hyperref" }))).toBe("latex-pdftex");
    expect(generatorOf(look({ producer: "LuaTeX-1.15.0", creator: "LaTeX with hyperref" }))).toBe("latex-luatex");
    expect(generatorOf(look({ producer: "xdvipdfmx (20220710)", creator: "LaTeX with hyperref" }))).toBe("latex-xetex");
    expect(generatorOf(look({ producer: "pdfTeX-1.40.24", creator: "TeX", frontText: "Short Contents ... Table of Contents 1 Introduction" }))).toBe("texinfo");
    expect(generatorOf(look({ producer: "pdfTeX-1.40.24", creator: "TeX" }))).toBe("tex-pdftex");
    expect(generatorOf(look({ producer: "pdfTeX-1.40.19", creator: "LaTeX with Beamer class version 3.36" }))).toBe("latex-beamer");
    expect(generatorOf(look({ producer: "pdfTeX-1.40.24", creator: "LaTeX with hyperref package / GAPDoc" }))).toBe("gapdoc");
    expect(generatorOf(look({ producer: "xdvipdfmx (20211117)", creator: "DBLaTeX-0.3.12" }))).toBe("dblatex");
    expect(generatorOf(look({ producer: "Apache FOP Version 2.8" }))).toBe("fop");
    expect(generatorOf(look({ producer: "ReportLab PDF Library - www.reportlab.com" }))).toBe("reportlab");
    expect(generatorOf(look({ producer: "GPL Ghostscript 10.00.0", creator: "dvips(k) 2022.1" }))).toBe("tex-dvips");
  });

  it("describes heading style from the headings' fonts, case and size", () => {
    const h = (font: string, extra: Partial<PdfLook["headings"][number]> = {}) => ({ level: 1, font, rel: 1.4, caps: false, sizedCaps: false, ...extra });
    expect(headingStyleOf({ bodyFont: "CMR10", headings: [h("CMBX12"), h("CMBX12")] })).toBe("bold");
    expect(headingStyleOf({ bodyFont: "LMRoman10-Regular", headings: [h("LMSans12-Bold"), h("LMSans12-Bold")] })).toBe("sans bold");
    expect(headingStyleOf({ bodyFont: "CMR10", headings: [h("CMCSC10"), h("CMCSC10")] })).toBe("small caps");
    expect(headingStyleOf({ bodyFont: "Times-Roman", headings: [h("Times-Roman", { caps: true, sizedCaps: true }), h("Times-Roman", { caps: true, sizedCaps: true })] })).toBe("small caps");
    expect(headingStyleOf({ bodyFont: "Times-Roman", headings: [h("Times-Bold", { rel: 1 }), h("Times-Bold", { rel: 1 })] })).toBe("bold body size");
    expect(headingStyleOf({ bodyFont: "CMR10", headings: [] })).toBe("unmatched");
  });

  it("puts it together", () => {
    const f = familyOf(look({ producer: "pdfTeX-1.40.24", creator: "LaTeX with hyperref", bodyFont: "CMR10", headings: [{ level: 1, font: "CMBX12", rel: 1.44, caps: false, sizedCaps: false }] }));
    expect(f.family).toBe("latex-pdftex / Computer Modern / bold");
  });
});

describe("corpus selection and split", () => {
  const items = ["a", "b", "c", "d", "e"].map((sha, i) => ({ sha, family: i < 4 ? "big" : "small" }));

  it("caps each family by checksum order", () => {
    const { kept, capped } = selectByFamily([...items].reverse(), 2);
    expect(kept.map((k) => k.sha).sort()).toEqual(["a", "b", "e"]);
    expect(capped.map((k) => k.sha).sort()).toEqual(["c", "d"]);
  });

  it("splits families deterministically into tune and held-out", () => {
    const names = Array.from({ length: 60 }, (_, i) => `family ${i}`);
    const held = names.filter((n) => splitOf(n) === "held-out");
    expect(held.length).toBeGreaterThan(5);
    expect(held.length).toBeLessThan(55);
    expect(names.map(splitOf)).toEqual(names.map(splitOf));
  });

  const entry = (id: string, family: string): ManifestEntry => ({
    id,
    package: "p",
    version: "1",
    path: `/usr/share/doc/p/${id}.pdf`,
    sha256: `${id}00`,
    strippedSha256: "",
    pages: 3,
    outlineEntries: 5,
    outlineDepth: 1,
    family,
    fineFamily: family,
    generator: "",
    bodyFace: "",
    headingFace: "",
    headingStyle: "",
    producer: "",
    creator: "",
  });

  it("samples across families round-robin", () => {
    const entries = [entry("a1", "A"), entry("a2", "A"), entry("a3", "A"), entry("b1", "B"), entry("c1", "C")];
    expect(sampleAcrossFamilies(entries, 4).map((e) => e.id)).toEqual(["a1", "b1", "c1", "a2"]);
    expect(sampleAcrossFamilies(entries, 0)).toHaveLength(5);
  });

  it("compares a rebuilt manifest with the committed one", () => {
    const before = compactManifest([entry("a1", "A"), entry("b1", "B")]);
    expect(JSON.parse(formatCompactManifest(before))).toEqual(before);
    expect(compareManifests(before, compactManifest([entry("b1", "B"), entry("a1", "A")]))).toEqual([]);
    const diffs = compareManifests(before, compactManifest([entry("a1", "A2"), entry("c1", "C")]));
    expect(diffs).toEqual(expect.arrayContaining([expect.stringMatching(/^missing: .*b1/), expect.stringMatching(/^new: .*c1/), expect.stringMatching(/^family changed: .*a1/)]));
  });
});

describe("coarsenFamilies", () => {
  it("merges small families into coarser ones", async () => {
    const { coarsenFamilies } = await import("../tools/tree-corpus/select.ts");
    const it3 = (family: string, generator: string, bodyFace: string, n: number) => Array.from({ length: n }, () => ({ family, generator, bodyFace }));
    const items = [...it3("g / CM / bold", "g", "CM", 3), ...it3("g / CM / sans", "g", "CM", 1), ...it3("g / CM / italic", "g", "CM", 2), ...it3("g / LM / bold", "g", "LM", 1), ...it3("h / X / bold", "h", "X", 1)];
    const out = coarsenFamilies(items, 3);
    expect(out.slice(0, 3)).toEqual(["g / CM / bold", "g / CM / bold", "g / CM / bold"]);
    expect(out.slice(3, 6)).toEqual(Array(3).fill("g / CM / other headings"));
    expect(out[6]).toBe("other generators"); // g / LM alone, and g's other looks alone too
    expect(out[7]).toBe("other generators");
  });
});

describe("scoreAgainstGold", () => {
  const node = (title: string, page: number, nodes: TreeNode[] = []): TreeNode => ({ title, node_id: "0000", start_index: page, text: "", nodes });
  const gold = [
    { level: 1, title: "1 Introduction", page: 1 },
    { level: 1, title: "2 Usage", page: 2 },
  ];

  it("counts no node before the first section against precision, on its page or before", () => {
    // The paper's title, authors and abstract above "1 Introduction" on page 1, and a cover.
    const onItsPage = scoreAgainstGold([node("A Package for Things", 1), node("1 Introduction", 1), node("2 Usage", 2)], gold);
    expect(onItsPage).toMatchObject({ matched: 2, predicted: 2, titlePrecision: 1, titlePrecisionAtGoldDepth: 1 });
    const cover = scoreAgainstGold([node("Cover", 1), node("1 Introduction", 2), node("2 Usage", 3)], gold.map((g) => ({ ...g, page: g.page + 1 })));
    expect(cover).toMatchObject({ matched: 2, predicted: 2, titlePrecision: 1 });
  });

  it("counts a node that matches nothing after the first one, and a first node on a later page", () => {
    const later = scoreAgainstGold([node("1 Introduction", 1), node("A stray line", 1), node("2 Usage", 2)], gold);
    expect(later).toMatchObject({ matched: 2, predicted: 3 });
    const pastFirstPage = scoreAgainstGold([node("A stray line", 2), node("2 Usage", 2)], gold);
    expect(pastFirstPage).toMatchObject({ matched: 1, predicted: 2, titlePrecision: 0.5 });
  });
});
