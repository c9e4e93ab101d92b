/**
 * A package manual's index that refers to code lines: three columns of entries whose
 * references wrap onto short indented lines ("556, 559, 560, 561,"), letter heads in bold
 * between them. Few rows hold wide text on both sides of a gutter, so the columns were read
 * across, each letter head inside another column's entry ("\name . . 880, N"), and the
 * index's letters were lost from the tree. Both sides of each gutter end in page references
 * listed after commas or leaders, as only an index's do (lines.ts findGutter), so the
 * columns are read apart and every letter heads its entries (index-letters.ts).
 */
import { describe, expect, it } from "vitest";
import { buildPdf, sentence, type Run } from "./heading-class-builder.ts";
import { layoutRows } from "./tree-checks.ts";

const prose = (first: number, top: number, count: number): Run[] =>
  Array.from({ length: count }, (_, k): Run => ({ text: sentence(first + k), x: 72, y: top - 14 * k, size: 10 }));

/** One column of the index from `first` (a letter's char code) on: a letter head every eight
 * rows, each entry a code name with its references, most wrapped onto two lines more. */
function indexColumn(x: number, top: number, rows: number, first: number): { runs: Run[]; letters: string[] } {
  const runs: Run[] = [];
  const letters: string[] = [];
  for (let r = 0; r < rows; r++) {
    const y = top - 11 * r;
    const at = r % 8;
    if (at === 0) {
      const letter = String.fromCharCode(first + letters.length);
      letters.push(letter);
      runs.push({ text: letter, x: x + 60, y, size: 9, bold: true });
    } else if (at === 1 || at === 4) {
      runs.push({ text: `\\mac${x}x${r}`, x, y, size: 9, mono: true }, { text: `. . . . . ${100 + r},`, x: x + 62, y, size: 9 });
    } else if (at === 7) {
      runs.push({ text: `\\ref${x}x${r}`, x, y, size: 9, mono: true }, { text: `${200 + r}, ${210 + r}`, x: x + 70, y, size: 9 });
    } else {
      runs.push({ text: `${300 + r}, ${310 + r}, ${320 + r}, ${330 + r},`, x: x + 22, y, size: 9 });
    }
  }
  return { runs, letters };
}

describe("an index of code lines in three columns", () => {
  it("gives each letter head of the index a node under the index's title", async () => {
    const columns = [72, 237, 402].map((x, c) => indexColumn(x, 680, 32, 65 + 4 * c));
    const pages: Run[][] = [
      [{ text: "1 Usage", x: 72, y: 720, size: 14, bold: true }, ...prose(1, 690, 40)],
      [{ text: "2 Implementation", x: 72, y: 720, size: 14, bold: true }, ...prose(50, 690, 40)],
      [{ text: "Index", x: 72, y: 720, size: 14, bold: true }, ...columns.flatMap((c) => c.runs)],
    ];
    const rows = await layoutRows(await buildPdf(pages));
    const letters = columns.flatMap((c) => c.letters);
    expect(letters).toEqual(["A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L"]);
    expect(rows).toEqual(["1 1 Usage [1]", "1 2 Implementation [2]", "1 Index [3]", ...letters.map((l) => `2 ${l} [3]`)]);
  });
});
