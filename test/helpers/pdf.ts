/** Small PDFs made with pdf-lib for HTTP tests (the indexing tests have their own fixtures). */
import { PDFDocument, StandardFonts } from "pdf-lib";

export interface PageSpec {
  /** Lines drawn top-down; a line starting with "# " is drawn large and bold, as a heading. */
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
      const heading = line.startsWith("# ");
      const size = heading ? 18 : 11;
      page.drawText(heading ? line.slice(2) : line, { x: 60, y, size, font: heading ? bold : body });
      y -= heading ? 30 : 16;
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
