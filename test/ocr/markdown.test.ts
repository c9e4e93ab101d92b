import { describe, expect, it } from "vitest";
import { joinLines, nodeMarkdown, pageMarkdown } from "../../src/indexing/pdf/page-markdown.ts";
import { calibrateOcrSizes, snapSizes } from "../../src/indexing/ocr/calibrate.ts";
import type { Line } from "../../src/indexing/pdf/types.ts";
import type { TreeNode } from "../../src/indexing/tree-types.ts";

/** Lines laid out top-down: [text, x, gapBefore (in line steps), size]. */
function layout(spec: Array<[string, number?, number?, number?]>): Line[] {
  let y = 720;
  return spec.map(([text, x = 72, gap = 1, size = 10]) => {
    y -= 12 * gap;
    return { text, x, y, w: text.length * 5, size, font: "f", oneFont: true, mono: false };
  });
}

describe("page Markdown", () => {
  const lines = layout([
    ["2 Getting started", 72, 1, 14],
    ["R is an integrated suite of software facilities for data manipu-"],
    ["lation, calculation and graphical display."],
    ["It has", 86],
    ["• an effective data handling facility,", 80, 1.8],
    ["and storage,", 90],
    ["• a suite of operators.", 80],
    ["1. Create a directory,", 72, 1.8],
    ["# not a heading: a comment line", 72, 1.8],
    ["> q()", 72, 1.8],
  ]);

  it("gives headings from the tree, paragraphs split at indents and gaps, lists, and rejoined hyphenation", () => {
    const md = pageMarkdown(lines, new Map([[0, 2]]));
    expect(md.split("\n\n")).toEqual([
      "## 2 Getting started",
      "R is an integrated suite of software facilities for data manipulation, calculation and graphical display.",
      "It has",
      "- an effective data handling facility, and storage,",
      "- a suite of operators.",
      "1. Create a directory,",
      "\\# not a heading: a comment line",
      "\\> q()",
    ]);
  });

  it("measures an indent from the paragraph's leftmost line, not its latest", () => {
    // Each line a little right of the one before: the third is indented past the first.
    const drifting = layout([["A paragraph starts here and", 72], ["drifts a little to the right", 78], ["Indented: a new paragraph.", 85]]);
    expect(pageMarkdown(drifting).split("\n\n")).toEqual(["A paragraph starts here and drifts a little to the right", "Indented: a new paragraph."]);
  });

  it("a page without text is empty", () => {
    expect(pageMarkdown([])).toBe("");
  });

  it("keeps a hyphen between words that are not a split word", () => {
    expect(joinLines(["from 1990-", "1995"])).toBe("from 1990- 1995");
    expect(joinLines(["the R-", "Project"])).toBe("the R- Project");
  });
});

describe("node Markdown", () => {
  it("renders each node's own lines with its heading at its depth", () => {
    const lines = layout([["1 Intro", 72, 1, 14], ["First words."], ["1.1 Detail", 72, 2, 12], ["More words", 72], ["continue here."]]);
    const tree: TreeNode[] = [
      {
        title: "1 Intro", node_id: "0000", start_index: 1, text: "1 Intro\nFirst words.",
        nodes: [{ title: "1.1 Detail", node_id: "0001", start_index: 1, text: "1.1 Detail\nMore words\ncontinue here.", nodes: [] }],
      },
    ];
    const md = nodeMarkdown(tree, [{ lines, width: 612, height: 792 }]);
    expect(md).toEqual({ "0000": "# 1 Intro\n\nFirst words.", "0001": "## 1.1 Detail\n\nMore words continue here." });
  });
});

describe("OCR size calibration", () => {
  const ocr = (text: string, size: number): Line => ({ text, x: 0, y: 0, w: 100, size, font: "ocr", oneFont: true, mono: false });

  it("snaps jittery measurements to clusters", () => {
    const snapped = snapSizes([ocr("body text ".repeat(10), 10.1), ocr("more", 9.8), ocr("x", 10.6), ocr("Heading", 13.3), ocr("Other heading", 13)]);
    expect(new Set([snapped.get(9.8), snapped.get(10.1), snapped.get(10.6)])).toEqual(new Set([10.1]));
    expect(snapped.get(13.3)).toBe(snapped.get(13));
  });

  it("scales recognised sizes to the text layer's body size", () => {
    const textPage = { lines: [{ ...ocr("text layer body ".repeat(20), 10.9), font: "f" }], width: 612, height: 792 };
    const out = calibrateOcrSizes({ 2: [ocr("ocr body ".repeat(20), 10.1), ocr("Heading", 13.3)] }, [textPage, { lines: [], width: 612, height: 792 }]);
    expect(out[2][0].size).toBeCloseTo(10.9, 1);
    expect(out[2][1].size).toBeCloseTo(13.3 * (10.9 / 10.1), 1);
  });
});
