import { PDFDict, PDFDocument, PDFName, PDFRef } from "pdf-lib";

/** The same file with each page's fonts (those whose BaseFont `which` accepts) written into its
 * resources instead of referenced: pdfjs then has no object of the file to name them by
 * (font-names.test.ts). */
export async function withInlineFonts(bytes: Uint8Array, which: (baseFont: string) => boolean = () => true): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(bytes);
  for (const page of pdf.getPages()) {
    const fonts = page.node.Resources()?.lookup(PDFName.of("Font"), PDFDict);
    for (const [name, value] of fonts?.entries() ?? []) {
      if (!(value instanceof PDFRef)) continue;
      const font = pdf.context.lookup(value, PDFDict);
      if (which(font.get(PDFName.of("BaseFont"))?.toString().slice(1) ?? "")) fonts!.set(name, font);
    }
  }
  return pdf.save({ useObjectStreams: false });
}
