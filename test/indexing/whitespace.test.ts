/**
 * collapseWhitespace must be exactly `s.replace(/\s+/g, " ").trim()` (lines and summaries
 * were built with that): checked on strings mixing every kind of JavaScript whitespace.
 */
import { describe, expect, it } from "vitest";
import { collapseWhitespace } from "../../src/indexing/whitespace.ts";

const plain = (s: string) => s.replace(/\s+/g, " ").trim();

// Every character \s matches, a few that it does not (zero-width space, letters, a hyphen).
const SPACES = [" ", "\t", "\n", "\r", "\v", "\f", "\u00a0", "\u1680", "\u2000", "\u2009", "\u200a", "\u2028", "\u2029", "\u202f", "\u205f", "\u3000", "\ufeff"];
const OTHERS = ["a", "Z", "é", "-", "\u200b", "1", "."];

/** Small deterministic generator (mulberry32), so a failure names a reproducible seed. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("collapseWhitespace", () => {
  it("equals replace(/\\s+/g, ' ').trim() on 20,000 generated strings", () => {
    const next = random(7);
    for (let n = 0; n < 20_000; n++) {
      let s = "";
      const len = Math.floor(next() * 24);
      for (let i = 0; i < len; i++) {
        const pool = next() < 0.4 ? SPACES : OTHERS;
        s += pool[Math.floor(next() * pool.length)];
      }
      expect(collapseWhitespace(s), JSON.stringify(s)).toBe(plain(s));
    }
  });

  it("leaves ordinary text as it is and collapses what needs it", () => {
    expect(collapseWhitespace("Item 7. Management's Discussion")).toBe("Item 7. Management's Discussion");
    expect(collapseWhitespace("  two\u00a0 spaces\tand\na line  ")).toBe("two spaces and a line");
    expect(collapseWhitespace("\ufeff")).toBe("");
  });
});
