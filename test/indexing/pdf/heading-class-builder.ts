/** Pages of positioned text runs -> a PDF (pdf-lib, Times), for the heading-class tests. */
import { PDFDocument, StandardFonts } from "pdf-lib";

export interface Run {
  text: string;
  x: number;
  /** Baseline, PDF user space (y grows upwards; the page is 612 x 792). */
  y: number;
  size: number;
  bold?: boolean;
  /** Bold italic: a second heading face at the same size as the bold one. */
  boldItalic?: boolean;
  /** Set right after the previous run on its baseline, one space on (x is ignored). */
  after?: boolean;
}

export async function buildPdf(pages: Run[][]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.TimesRoman);
  const bold = await doc.embedFont(StandardFonts.TimesRomanBold);
  const boldItalic = await doc.embedFont(StandardFonts.TimesRomanBoldItalic);
  for (const runs of pages) {
    const page = doc.addPage([612, 792]);
    let end = 0;
    for (const r of runs) {
      const font = r.boldItalic ? boldItalic : r.bold ? bold : regular;
      const x = r.after ? end + font.widthOfTextAtSize(" ", r.size) : r.x;
      page.drawText(r.text, { x, y: r.y, size: r.size, font });
      end = x + font.widthOfTextAtSize(r.text, r.size);
    }
  }
  return doc.save();
}
