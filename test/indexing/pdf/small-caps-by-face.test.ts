/**
 * Headings in small capitals that a browser (or a word processor) makes by scaling capitals,
 * where a heading names code: its words and its code come in two faces, each at two sizes,
 * so the line shows four sizes. Each face is judged alone (lines.ts, smallCapsByFont).
 */
import { describe, expect, it } from "vitest";
import { layoutRows as outline } from "./tree-checks.ts";
import { buildPdf, type Run, sentence } from "./heading-class-builder.ts";

const text = (from: number, n: number, top: number): Run[] => Array.from({ length: n }, (_, i) => ({ text: sentence(from + i), x: 60, y: top - 14 * i, size: 10.5 }));

/** A section in scaled capitals at 15 pt. */
const section = (title: string, y: number): Run => ({ text: title, x: 60, y, size: 15, scaledCaps: true });
/** A sub-section at 12 pt naming code: its label in the text's face, the name in code at 0.85 of it, both in scaled capitals. */
const named = (label: string, code: string, y: number): Run[] => [
  { text: label, x: 60, y, size: 12, scaledCaps: true },
  { text: code, x: 0, y, size: 10.2, mono: true, scaledCaps: true, after: true },
];

describe("sub-sections in scaled small capitals that name code in a second face", () => {
  const pages: Run[][] = [
    [section("The readline module", 740), ...text(1, 5, 710), ...named("Class:", "Interface", 630), ...text(10, 4, 605), ...named("Event:", "'close'", 535), ...text(20, 6, 510)],
    [...named("Event:", "'line'", 740), ...text(30, 5, 715), ...named("Event:", "'pause'", 630), ...text(40, 6, 605)],
    [section("Examples", 740), ...text(50, 4, 710), ...named("Event:", "'resume'", 640), ...text(60, 8, 615)],
    // A method's heading all in code, its parameters listed indented beneath it.
    [{ text: "rl.setPrompt(promptText)", x: 60, y: 740, size: 10.2, mono: true, scaledCaps: true }, { text: "promptText {string} the prompt to show when asked for input", x: 80, y: 715, size: 10.5 }, ...text(70, 6, 695)],
  ];

  it("reads each sub-section as one heading at its page, under its section, and a method's name over its parameters as a heading", async () => {
    expect(await outline(await buildPdf(pages))).toEqual([
      "1 THE READLINE MODULE [1]",
      "2 CLASS: INTERFACE [1]",
      "2 EVENT: 'CLOSE' [1]",
      "2 EVENT: 'LINE' [2]",
      "2 EVENT: 'PAUSE' [2]",
      "1 EXAMPLES [3]",
      "2 EVENT: 'RESUME' [3]",
      "3 RL.SETPROMPT(PROMPTTEXT) [4]",
    ]);
  });
});
