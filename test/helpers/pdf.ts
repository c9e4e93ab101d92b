/** Small PDFs made with pdf-lib for HTTP tests (the indexing tests have their own fixtures). */
import { PDFDocument, StandardFonts } from "pdf-lib";

export interface PageSpec {
  /** Lines drawn top-down; "# " and "## " lines are drawn bold and larger, as headings of level 1 and 2. */
  lines: string[];
}

export async function makePdf(pages: PageSpec[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const body = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  for (const spec of pages) {
    const page = doc.addPage([595, 842]);
    let y = 780;
    for (const line of spec.lines) {
      const level = line.startsWith("## ") ? 2 : line.startsWith("# ") ? 1 : 0;
      const size = level === 1 ? 18 : level === 2 ? 14 : 11;
      page.drawText(line.slice(level ? level + 1 : 0), { x: 60, y, size, font: level ? bold : body });
      y -= level === 1 ? 30 : level === 2 ? 28 : 16;
    }
  }
  return doc.save();
}

/** A short document with two chapters, for tests that need any valid PDF. */
export function twoChapterPdf(): Promise<Uint8Array> {
  const para = "This paragraph has enough ordinary words in it to be recognised as body text of the page.";
  return makePdf([
    { lines: ["# 1 Introduction", para, para, para] },
    { lines: [para, para] },
    { lines: ["# 2 Methods", para, para, para] },
    { lines: [para, para, para] },
  ]);
}
