/** Spacing accents TeX sets as glyphs of their own, composed with the letter they sit on. */
import { describe, expect, it } from "vitest";
import { composeAccents } from "../../../src/indexing/pdf/accents.ts";
import { itemsToLines, type RawItem } from "../../../src/indexing/pdf/lines.ts";

const item = (str: string, x: number, y: number, fontName = "f1", size = 10): RawItem => ({ str, transform: [size, 0, 0, size, x, y], width: str.length * size * 0.5, fontName });

describe("composeAccents", () => {
  it("puts an accent read before its letter onto the letter", () => {
    expect(composeAccents("on en d\u00b4eduit imm\u00b4ediatement")).toBe("on en déduit immédiatement");
    expect(composeAccents("contin\u02c6ument, f\u00a8ur Bl\u00a8ocke, gar\u00b8con, \u02c7Cech")).toBe("continûment, für Blöcke, garçon, Čech");
  });

  it("reads the grave accent as one inside a word or over a lone vowel, and as a backtick around code", () => {
    expect(composeAccents("hypoth`eses tr`es, de a `a b")).toBe("hypothèses très, de a à b");
    expect(composeAccents("run `echo` or `a` in `ls -l`")).toBe("run `echo` or `a` in `ls -l`");
  });

  it("puts an accent on a dotless i, whichever of the two comes first, and a cedilla read after its letter under it", () => {
    expect(composeAccents("cap\u0131\u00b4tulo, ma\u00b4\u0131z")).toBe("capítulo, maíz");
    expect(composeAccents("Lista de ilustrac\u00b8\u02dcoes, Fran\u00b8cais")).toBe("Lista de ilustrações, Français");
  });

  it("leaves an accent apart from any letter as it is", () => {
    expect(composeAccents("a \u00b4 b, THEOR\u00b4 EME")).toBe("a \u00b4 b, THEOR\u00b4 EME");
    expect(composeAccents("plain text")).toBe("plain text");
  });
});

describe("lines with accents set apart", () => {
  it("compose the line's text and its lead alike, so the lead still opens the line", () => {
    const [line] = itemsToLines([item("Th\u00b4eor`eme 1.", 50, 700, "bold"), item("Soit f une fonction d\u00b4erivable sur U.", 120, 700, "f1")], 612, new Set());
    expect(line.text).toBe("Théorème 1. Soit f une fonction dérivable sur U.");
    expect(line.lead?.text).toBe("Théorème 1.");
    expect(line.text.startsWith(line.lead!.text)).toBe(true);
  });
});
