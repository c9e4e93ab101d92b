/**
 * Sub-sections in bold at the text's size whose titles open with a package's name in lower
 * case ("multicol updates", "fixltx2e updates"), beside others that open with a capital. A
 * body-sized title opening in lower case was refused, lest an algorithm listing's bold
 * keywords ("else", "end for") read as titles; now only those keywords are refused
 * (layout/heading-shape.ts headingShaped).
 */
import { describe, expect, it } from "vitest";
import { indexPdf } from "../../../src/indexing/pdf/index.ts";
import { bodyText, buildPdf, type Run } from "./heading-class-builder.ts";
import { preorder } from "./tree-checks.ts";

const section = (title: string, y: number): Run => ({ text: title, x: 60, y, size: 12, bold: true });
const sub = (title: string, y: number): Run => ({ text: title, x: 60, y, size: 10, bold: true });
/** An algorithm listing: its bold keywords alone on their lines or opening them, its steps in roman. */
const listing = (top: number): Run[] => [
  { text: "for each entry in the queue do", x: 70, y: top, size: 10, bold: true },
  { text: "take the entry and compare its key with the current best", x: 84, y: top - 13, size: 10 },
  { text: "keep the entry as the new best one when its key is larger", x: 84, y: top - 26, size: 10 },
  { text: "else", x: 70, y: top - 39, size: 10, bold: true },
  { text: "leave the current best entry as it stands for now", x: 84, y: top - 52, size: 10 },
  { text: "end for", x: 70, y: top - 65, size: 10, bold: true },
];

describe("body-sized titles opening with a name in lower case", () => {
  const pages: Run[][] = [
    [
      section("1 Scheduled bug-fix release", 760),
      ...bodyText(1, 4, 738),
      sub("Release notes", 670),
      ...bodyText(10, 4, 652),
      sub("fixltx2e updates", 590),
      ...bodyText(20, 5, 572),
      sub("New tracing package", 497),
      ...bodyText(30, 5, 479),
      sub("multicol updates", 404),
      ...bodyText(40, 5, 386),
    ],
    [
      section("2 Sorting a queue", 760),
      ...bodyText(50, 3, 738),
      ...listing(690),
      ...bodyText(60, 4, 600),
      sub("tabularx updates", 530),
      ...bodyText(70, 5, 512),
      sub("Known limits", 437),
      ...bodyText(80, 5, 419),
    ],
  ];

  it("makes each lower-case title a node beside the capitalised ones, and no keyword of the listing a node", async () => {
    const doc = await indexPdf(await buildPdf(pages), { addSummaries: false, ignoreOutline: true });
    const rows = preorder(doc.tree).map((f) => `${f.depth} ${f.node.title} [${f.node.start_index}]`);
    expect(rows).toEqual([
      "1 1 Scheduled bug-fix release [1]",
      "2 Release notes [1]",
      "2 fixltx2e updates [1]",
      "2 New tracing package [1]",
      "2 multicol updates [1]",
      "1 2 Sorting a queue [2]",
      "2 tabularx updates [2]",
      "2 Known limits [2]",
    ]);
  });
});
