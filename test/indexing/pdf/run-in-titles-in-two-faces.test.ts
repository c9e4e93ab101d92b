/**
 * Run-in titles that name code in a code face ("Event: 'close'." in bold, bold code, bold,
 * an em of space, then the paragraph), as LaTeX's \paragraph sets an API reference's entries.
 * The line's opening run stopped at the code face, leaving "Event:" (a colon introducing what
 * follows, no title); it now runs on through the code and back into the title's face
 * (lines.ts leadRun). A bold label before code that the text goes on from ("Note: rm deletes
 * ...") stays no title.
 */
import { describe, expect, it } from "vitest";
import { bodyText, buildPdf, type Run } from "./heading-class-builder.ts";
import { layoutRows } from "./tree-checks.ts";

const section = (title: string, y: number): Run => ({ text: title, x: 60, y, size: 14.4, bold: true });
/** "Event: 'name'." run into its paragraph, which goes on for `n` more lines. */
const event = (name: string, first: number, y: number, n = 3): Run[] => [
  { text: "Event:", x: 60, y, size: 10, bold: true },
  { text: `'${name}'`, x: 0, y, size: 10, monoBold: true, after: true },
  { text: ".", x: 0, y, size: 10, bold: true, after: true, gap: 0 },
  { text: `The '${name}' event is emitted once the port has done so.`, x: 0, y, size: 10, after: true, gap: 10 },
  ...bodyText(first, n, y - 13),
];

describe("run-in titles naming code in a code face", () => {
  const pages: Run[][] = [
    [
      section("1 Class: MessagePort", 760),
      ...bodyText(1, 3, 738),
      ...event("close", 10, 690),
      ...event("message", 20, 620),
      ...event("messageerror", 30, 550),
      // A bold label, then code the sentence goes on from: no title.
      { text: "Note:", x: 60, y: 480, size: 10, bold: true },
      { text: "port.close()", x: 0, y: 480, size: 10, monoBold: true, after: true },
      { text: "may be called more than once without any harm to the port.", x: 0, y: 480, size: 10, after: true },
      ...bodyText(40, 3, 467),
    ],
    [section("2 Class: Worker", 760), ...bodyText(50, 3, 738), ...event("online", 60, 690), ...event("exit", 70, 620), ...bodyText(80, 4, 560)],
  ];

  it("makes each event a node under its class, and the note none", async () => {
    const rows = await layoutRows(await buildPdf(pages));
    expect(rows).toEqual([
      "1 1 Class: MessagePort [1]",
      "2 Event: 'close' [1]",
      "2 Event: 'message' [1]",
      "2 Event: 'messageerror' [1]",
      "1 2 Class: Worker [2]",
      "2 Event: 'online' [2]",
      "2 Event: 'exit' [2]",
    ]);
  });
});
