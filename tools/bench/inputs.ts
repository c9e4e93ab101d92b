/** Bench inputs: the shared corpus when present (never committed), else generated PDFs. */
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PDFDocument, StandardFonts } from "pdf-lib";

export const CORPUS = path.resolve(fileURLToPath(new URL("../../../shared/corpus", import.meta.url)));

export async function corpusFile(relative: string): Promise<Uint8Array | undefined> {
  try {
    return new Uint8Array(await fs.readFile(path.join(CORPUS, relative)));
  } catch {
    return undefined;
  }
}

/** A PDF big enough that indexing it takes seconds: octave.pdf, else a generated 600-page one. */
export async function bigPdfForBench(): Promise<{ bytes: Uint8Array; label: string }> {
  const octave = await corpusFile("pdf/octave.pdf");
  if (octave) return { bytes: octave, label: "octave.pdf, 1158 pp" };
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < 600; i++) {
    const page = doc.addPage([595, 842]);
    page.drawText(`Section ${i + 1}`, { x: 60, y: 780, size: 18, font });
    for (let l = 0; l < 40; l++) page.drawText(`Line ${l} of page ${i + 1}: ordinary words for the bench to read.`, { x: 60, y: 740 - l * 16, size: 11, font });
  }
  return { bytes: await doc.save(), label: "generated, 600 pp" };
}
