/**
 * isProse, joinLines and textLayerQuality run over every sentence and page of a document,
 * so they scan characters by hand instead of through regular expressions. Each must agree
 * with the plain regular-expression definition it replaces, kept here as the oracle, on
 * the cases hand scanning gets wrong: surrogate pairs (letters outside the BMP), lone
 * surrogates, non-ASCII spaces, leading and trailing whitespace, empty strings.
 */
import { describe, expect, it } from "vitest";
import { textLayerQuality } from "../../../src/indexing/ocr/detect.ts";
import type { PageText } from "../../../src/indexing/pdf/types.ts";
import { isProse } from "../../../src/indexing/summary/extractive.ts";
import { joinLines } from "../../../src/indexing/summary/sentences.ts";

function proseOracle(s: string): boolean {
  if (/(?:\.\s?){4,}|…{2,}/.test(s)) return false;
  const letters = s.replace(/[^\p{L}]+/gu, "").length;
  if (letters < s.replace(/\s+/g, "").length * 0.6) return false;
  const tokens = s.split(/\s+/);
  const numeric = tokens.filter((t) => !/\p{L}{2}/u.test(t)).length;
  return tokens.length >= 4 && numeric <= tokens.length * 0.25;
}

function joinOracle(text: string): string {
  return text.replace(/(\p{Ll})-\n(\p{Ll})/gu, "$1$2").replace(/\s*\n\s*/g, " ").replace(/\s+/g, " ").trim();
}

function qualityOracle(texts: string[]): [number, number] {
  let chars = 0;
  let unmapped = 0;
  for (const t of texts) {
    for (const ch of t) {
      if (/[\p{L}\p{N}]/u.test(ch)) chars++;
      else if (/[\uFFFD\uE000-\uF8FF\p{Cc}]/u.test(ch)) unmapped++;
    }
  }
  return [chars, unmapped];
}

const PIECES = ["a", "Bc", "word", " ", "  ", "\n", "\t", "1", "2.5", "é", "ж", "中", "𝐀", "𠀀", "\u00a0", "\u2003", "-", "-\n", ",", "$", "٣", "ǅ", "\ud800", "\udc00", "\ufffd", "\ue000", "\u0085", "\u0007", "…", ". "];

/** Deterministic pseudo-random strings built from the tricky pieces. */
function* samples(count: number): Generator<string> {
  let seed = 12345;
  const next = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff), seed);
  for (let k = 0; k < count; k++) {
    let s = "";
    const len = next() % 16;
    for (let i = 0; i < len; i++) s += PIECES[next() % PIECES.length];
    yield s;
  }
}

describe("hand-written character scans agree with their regular-expression definitions", () => {
  it("isProse", () => {
    const fixed = ["", " ", "  ", " four words of text", "four words of text ", "𝐀𝐁 𝐂𝐃 𝐄𝐅 𝐆𝐇", "\ud800 xé word ab", "12 34 56 words here", "The company reported revenue of $5 million."];
    for (const s of [...fixed, ...samples(20_000)]) expect([s, isProse(s)]).toEqual([s, proseOracle(s)]);
  });

  it("joinLines", () => {
    for (const s of samples(20_000)) expect([s, joinLines(s)]).toEqual([s, joinOracle(s)]);
  });

  it("textLayerQuality", () => {
    const all = [...samples(20_000)];
    for (let i = 0; i + 1 < all.length; i += 2) {
      const texts = [all[i], all[i + 1]];
      const page: PageText = { width: 612, height: 792, lines: texts.map((text) => ({ text, x: 0, y: 0, w: 0, size: 10, font: "f", oneFont: true, mono: false })) };
      const q = textLayerQuality(page);
      expect([texts, q.chars, q.unmapped]).toEqual([texts, ...qualityOracle(texts)]);
    }
  });
});
