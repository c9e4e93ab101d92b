/** PDFs for OCR bad-input tests, made with pdf-lib. */
import { PDFDocument, PDFName, PDFRawStream, StandardFonts, concatTransformationMatrix, drawObject, popGraphicsState, pushGraphicsState, type PDFDict, type PDFPage } from "pdf-lib";

/** Paints an image XObject whose JPEG stream is garbage over the whole page. */
function paintBrokenJpeg(doc: PDFDocument, page: PDFPage): void {
  const dict = doc.context.obj({ Type: "XObject", Subtype: "Image", Width: 100, Height: 100, ColorSpace: "DeviceGray", BitsPerComponent: 8, Filter: "DCTDecode" });
  const ref = doc.context.register(PDFRawStream.of(dict as PDFDict, new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5, 6, 7, 8, 9])));
  page.node.setXObject(PDFName.of("Broken"), ref);
  const { width, height } = page.getSize();
  page.pushOperators(pushGraphicsState(), concatTransformationMatrix(width, 0, 0, height, 0, 0), drawObject("Broken"), popGraphicsState());
}

/** Page 1: ordinary text; page 2: only an image that cannot be decoded. */
export async function textThenBrokenScanPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  page.drawText("Quarterly report", { x: 60, y: 720, size: 20, font });
  for (let i = 0; i < 12; i++) page.drawText(`Revenue grew in every region during line ${i + 1} of this text page.`, { x: 60, y: 680 - i * 16, size: 11, font });
  paintBrokenJpeg(doc, doc.addPage([612, 792]));
  return doc.save();
}

/** One page of `side` x `side` points (the PDF maximum is 14400) painting a small image. */
export async function hugeImagePagePdf(side = 14_400): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([side, side]);
  // A 2x2 grey PNG, stretched over the page.
  const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAAAAABX3VL4AAAAEUlEQVR4nGNgYGBgYGBgYAAAAA0AAZ3HJ4QAAAAASUVORK5CYII=", "base64");
  const image = await doc.embedPng(png);
  page.drawImage(image, { x: 0, y: 0, width: side, height: side });
  return doc.save();
}
