/**
 * The learned heading model's parts (tools/tree-corpus/: boosted-trees.ts, line-features.ts,
 * line-scores.ts), which line-model.ts weighs against the rules on the corpus. No corpus needed.
 */
import { describe, expect, it } from "vitest";
import type { Line, PageText } from "../src/indexing/pdf/types.ts";
import { predictBoosted, trainBoosted } from "../tools/tree-corpus/boosted-trees.ts";
import { FEATURE_NAMES, documentFeatures } from "../tools/tree-corpus/line-features.ts";
import { thresholds } from "../tools/tree-corpus/line-scores.ts";

describe("trainBoosted", () => {
  it("learns a label no weighted sum of the features gives (exclusive or, under a third feature), with rare positives", () => {
    const x: Float32Array[] = [];
    const y: number[] = [];
    let seed = 5;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let i = 0; i < 6000; i++) {
      const [a, b, c] = [random(), random(), random()];
      x.push(Float32Array.of(a, b, c));
      // About one row in eight is positive.
      y.push((a > 0.5) !== (b > 0.5) && c > 0.75 ? 1 : 0);
    }
    const m = trainBoosted(x, y, { trees: 60, depth: 3, learningRate: 0.3, positiveWeight: 1 });
    for (const yes of [Float32Array.of(0.8, 0.2, 0.9), Float32Array.of(0.2, 0.8, 0.9)]) expect(predictBoosted(m, yes)).toBeGreaterThan(0.8);
    for (const no of [Float32Array.of(0.8, 0.8, 0.9), Float32Array.of(0.2, 0.2, 0.9), Float32Array.of(0.8, 0.2, 0.3)]) expect(predictBoosted(m, no)).toBeLessThan(0.2);
  });
});

describe("thresholds", () => {
  it("sets the bar where F1 is best and where recall first reaches the asked share", () => {
    const scores = [0.9, 0.8, 0.7, 0.6, 0.5, 0.4];
    const y = [1, 1, 0, 1, 0, 0];
    // Above 0.8: recall 2/3, precision 1 (F1 0.8); above 0.6: recall 1, precision 3/4 (F1 0.857).
    expect(thresholds(scores, y, 0.6)).toEqual({ bestF1: 0.6, atRecall: 0.8 });
    expect(thresholds(scores, y, 1).atRecall).toBe(0.6);
  });
});

describe("documentFeatures", () => {
  const line = (text: string, y: number, size: number, font: string): Line => ({ text, x: 72, y, w: text.length * size * 0.5, size, font, oneFont: true, mono: false });
  const body = (n: number, top: number): Line[] => Array.from({ length: n }, (_, i) => line(`ordinary text of the body that goes on line ${i}`, top - 12 * i, 10, "body"));
  const page: PageText = { width: 612, height: 792, lines: [line("2.1 Methods", 700, 14, "bold"), ...body(30, 676)] };

  it("describes a heading line relative to the document's body text", () => {
    const [[heading, text]] = documentFeatures([page]).map((p) => [p[0], p[1]]);
    const of = (row: number[], name: (typeof FEATURE_NAMES)[number]) => row[FEATURE_NAMES.indexOf(name)];
    expect(heading).toHaveLength(FEATURE_NAMES.length);
    expect(of(heading, "size / body")).toBeCloseTo(1.4);
    expect(of(heading, "larger than body")).toBe(1);
    expect(of(heading, "body font")).toBe(0);
    expect(of(heading, "section number")).toBe(1);
    expect(of(heading, "number depth")).toBe(2);
    expect(of(heading, "first on page")).toBe(1);
    expect(of(heading, "space below / pitch")).toBeCloseTo(2);
    expect(of(heading, "next line in the body font")).toBe(1);
    expect(of(text, "larger than body")).toBe(0);
    expect(of(text, "body font")).toBe(1);
    expect(of(text, "section number")).toBe(0);
    // The heading's style is rare in the document, the text's common.
    expect(of(heading, "style share of lines (log)")).toBeLessThan(of(text, "style share of lines (log)"));
  });
});
