/**
 * Run-in titles that name code: an API reference runs its members' names into their
 * paragraphs ("port.ref(). Opposite of unref() ..."), the name in the code face, which has no
 * bold, and the closing period in the text's face; or sets the name so alone over its list
 * ("port.hasRef()."). They rank with the document's other titles run in at the text's size
 * ("Event: close" in bold), not beneath them. A list item whose wrapped end is such a name
 * ("setImmediate()." under its bullet's text) is no title.
 */
import { describe, expect, it } from "vitest";
import { layoutRows as outline } from "./tree-checks.ts";
import { buildPdf, type Run, sentence } from "./heading-class-builder.ts";

const text = (from: number, n: number, top: number): Run[] => Array.from({ length: n }, (_, i) => ({ text: sentence(from + i), x: 60, y: top - 13 * i, size: 10 }));
const heading = (title: string, y: number): Run => ({ text: title, x: 60, y, size: 14, bold: true });
/** A title in bold at the text's size on a line of its own, then its paragraph. */
const bold = (title: string, y: number, n: number): Run[] => [{ text: title, x: 60, y, size: 10, bold: true }, ...text(n, 2, y - 16)];
/** A paragraph opening with a name in the code face, its period in the text's face, then two more lines. */
const code = (name: string, y: number, n: number): Run[] => [
  { text: name, x: 60, y, size: 10, mono: true },
  { text: ".", x: 0, y, size: 10, after: true, gap: 0 },
  { text: "Opposite of the call that lets the program exit while the port is open.", x: 0, y, size: 10, after: true },
  ...text(n, 2, y - 13),
];
/** A listing of three lines. */
const listing = (y: number): Run[] => ["const { port1, port2 } = new MessageChannel();", "port1.on('message', (message) => console.log(message));", "port2.postMessage({ foo: 'bar' });"].map((t, i) => ({ text: t, x: 60, y: y - 11 * i, size: 9, mono: true }));

describe("run-in titles naming code in the code face", () => {
  const pages: Run[][] = [
    [heading("Class: MessagePort", 740), ...text(1, 3, 715), ...bold("Event: close", 660, 10), ...bold("Event: message", 605, 20), ...listing(560), ...code("port.close()", 500, 30), ...code("port.postMessage(value)", 445, 40)],
    [
      // Alone over its list, after clear space.
      { text: "port.hasRef()", x: 60, y: 740, size: 10, mono: true },
      { text: ".", x: 0, y: 740, size: 10, after: true, gap: 0 },
      { text: "• Returns: a boolean that says whether the port keeps the loop alive.", x: 70, y: 718, size: 10 },
      ...code("port.ref()", 690, 50),
      // A list item whose wrapped end is a name in the code face and its period.
      { text: "• immediate: an object that the scheduler returned from its call to", x: 70, y: 640, size: 10 },
      { text: "setImmediate()", x: 80, y: 627, size: 10, mono: true },
      { text: ".", x: 0, y: 627, size: 10, after: true, gap: 0 },
      ...text(60, 2, 610),
      ...listing(570),
      heading("Class: Worker", 510),
      ...text(70, 3, 485),
      ...code("worker.terminate()", 430, 80),
    ],
  ];

  it("makes each name a node at the level of the bold titles at the text's size, and no node of a list item's wrapped end", async () => {
    expect(await outline(await buildPdf(pages))).toEqual([
      "1 Class: MessagePort [1]",
      "2 Event: close [1]",
      "2 Event: message [1]",
      "2 port.close() [1]",
      "2 port.postMessage(value) [1]",
      "2 port.hasRef() [2]",
      "2 port.ref() [2]",
      "1 Class: Worker [2]",
      "2 worker.terminate() [2]",
    ]);
  });
});
