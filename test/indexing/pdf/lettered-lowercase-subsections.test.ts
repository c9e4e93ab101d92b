/**
 * A journal's lettered sub-sections in italics at the text's size ("A. Overview"), one of them
 * naming code in lower case ("B. paths and baseUrl"). A body-sized title opening in lower case
 * reads as an algorithm listing's keyword ("9 else") and was refused; after an outline letter
 * it is a sub-section's title (layout/heading-shape.ts headingShaped).
 */
import { describe, expect, it } from "vitest";
import { indexPdf } from "../../../src/indexing/pdf/index.ts";
import { buildPdf, sentence, type Run } from "./heading-class-builder.ts";
import { preorder } from "./tree-checks.ts";

/** A heading and six lines of text under it, from baseline `top` down; returns the runs and the next baseline. */
function block(heading: Run, first: number, top: number): { runs: Run[]; next: number } {
  const runs: Run[] = [{ ...heading, y: top }];
  for (let k = 0; k < 6; k++) runs.push({ text: sentence(first + k), x: 60, y: top - 20 - 13 * k, size: 10 });
  return { runs, next: top - 20 - 13 * 6 - 14 };
}

function page(headings: Run[], first: number): Run[] {
  const runs: Run[] = [];
  let y = 740;
  headings.forEach((h, k) => {
    const b = block(h, first + 10 * k, y);
    runs.push(...b.runs);
    y = b.next;
  });
  return runs;
}

const section = (text: string): Run => ({ text, x: 60, y: 0, size: 12, bold: true });
const sub = (text: string): Run => ({ text, x: 60, y: 0, size: 10, italic: true });

describe("lettered sub-sections, one opening with a name in lower case", () => {
  it("makes every lettered sub-section a node under its section, the lower-case one too", async () => {
    const pages = [
      page([section("I. Introduction"), sub("A. Overview"), sub("B. paths and baseUrl"), sub("C. Options")], 1),
      page([section("II. Usage"), sub("A. tsconfig.json files"), sub("B. Command line")], 100),
    ];
    const doc = await indexPdf(await buildPdf(pages), { addSummaries: false, ignoreOutline: true });
    const rows = preorder(doc.tree).map((f) => `${f.depth} ${f.node.title} [${f.node.start_index}]`);
    expect(rows).toEqual([
      "1 I. Introduction [1]",
      "2 A. Overview [1]",
      "2 B. paths and baseUrl [1]",
      "2 C. Options [1]",
      "1 II. Usage [2]",
      "2 A. tsconfig.json files [2]",
      "2 B. Command line [2]",
    ]);
  });
});
