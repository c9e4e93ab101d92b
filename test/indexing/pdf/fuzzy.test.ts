/** Fuzzy title matching used to verify headings on their pages. */
import { describe, expect, it } from "vitest";
import { coreTitle, normText, ratio, titleMatch } from "../../../src/indexing/pdf/fuzzy.ts";

describe("fuzzy titles", () => {
  it("ignores numbering, case, punctuation and ligatures", () => {
    expect(coreTitle("2.3 Vector Arithmetic")).toBe("vector arithmetic");
    expect(coreTitle("Item 1A. Risk Factors")).toBe("risk factors");
    expect(coreTitle("Chapter 4: The ﬁrst steps")).toBe("the first steps");
    expect(coreTitle("PART II")).toBe("part ii");
  });

  it("ignores the labels of appendices, chapters and parts in other languages too", () => {
    expect(coreTitle("Apêndice A – Citações")).toBe("citacoes");
    expect(coreTitle("Anexo B – Logo LaTeX")).toBe("logo latex");
    expect(coreTitle("Anhang C: Messdaten")).toBe("messdaten");
    expect(coreTitle("Annexe 2 – Glossaire")).toBe("glossaire");
    expect(coreTitle("Capítulo 3 Resultados")).toBe("resultados");
    expect(coreTitle("Teil II Anwendungen")).toBe("anwendungen");
    // A word that only looks like a label stays.
    expect(coreTitle("Parte de la historia")).toBe("parte de la historia");
  });

  it("matches a title against its heading line, including run-in headings", () => {
    expect(titleMatch(normText("Introduction"), normText("1 Introduction"))).toBeGreaterThan(0.9);
    expect(titleMatch(normText("Using R interactively"), normText("1.5 Using R interactively"))).toBeGreaterThan(0.9);
    expect(titleMatch(normText("Bezier curves"), normText("Bezier curves are drawn with the bezier function"))).toBeGreaterThanOrEqual(0.9);
    expect(titleMatch(normText("Data types"), normText("The function returns a list of values"))).toBeLessThan(0.5);
  });

  it("scores edit distance in [0, 1]", () => {
    expect(ratio("kitten", "kitten")).toBe(1);
    expect(ratio("kitten", "sitting")).toBeCloseTo(1 - 3 / 7, 5);
    expect(ratio("", "x")).toBe(0);
  });
});
