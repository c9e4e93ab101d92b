/**
 * Tesseract's block tree (pixels, y down) -> the pipeline's lines (PDF points, y up), so
 * recognised pages go through the same header/footer, heading and tree steps as text-layer
 * pages. A line's size is its row height in points, which tracks the font size (body text at
 * 10 pt measures ~10 pt), so layout headings work on scans too.
 */
import type { Page as TesseractPage } from "tesseract.js";
import type { Line } from "../pdf/types.ts";

/**
 * Words recognised with less confidence than this are noise (speckles read as marks) unless
 * they hold two letters or digits in a row: tesseract's LSTM gives 0 to real words now and
 * then ("attributes", "as.integer" on a clean scan of a manual), and dropping those cost
 * more characters than the speckles it removed.
 */
const MIN_WORD_CONFIDENCE = 10;
const WORD_LIKE = /[\p{L}\p{N}]{2}/u;

/** The font id given to recognised lines: OCR sees no fonts, so all lines share one. */
export const OCR_FONT = "ocr";

/** A page-level layout block: a paragraph with its lines, boxes in PDF points (y up, x0/y0 bottom-left). */
export interface OcrBlock {
  text: string;
  bbox: [number, number, number, number];
  confidence: number;
  lines: { text: string; bbox: [number, number, number, number] }[];
}

export interface OcrPageLayout {
  lines: Line[];
  blocks: OcrBlock[];
  /** Mean word confidence, 0-100. */
  confidence: number;
}

/**
 * Where the recognised image lies on the page: its top-left corner in page points (y down)
 * and its pixels per point across and down. A rendered page is `{ left: 0, top: 0, scaleX:
 * scale, scaleY: scale }`; a scan's own image is placed where the page paints it.
 */
export interface ImagePlacement {
  left: number;
  top: number;
  scaleX: number;
  scaleY: number;
}

/**
 * @param placement how image pixels map to page points
 * @param pageHeight page height in points (to flip y)
 * @param strokeOf the stem width of the type inside a line's pixel box (stroke-width.ts)
 */
export function layoutFromTesseract(
  page: Pick<TesseractPage, "blocks">,
  placement: ImagePlacement,
  pageHeight: number,
  strokeOf?: (box: { x0: number; y0: number; x1: number; y1: number }) => number | undefined,
): OcrPageLayout {
  const lines: Line[] = [];
  const blocks: OcrBlock[] = [];
  let confSum = 0;
  let words = 0;
  const { left, top, scaleX, scaleY } = placement;
  const px = (x: number) => left + x / scaleX;
  const py = (y: number) => pageHeight - (top + y / scaleY);
  const box = (b: { x0: number; y0: number; x1: number; y1: number }): [number, number, number, number] => [
    round(px(b.x0)), round(py(b.y1)), round(px(b.x1)), round(py(b.y0)),
  ];
  for (const block of page.blocks ?? []) {
    for (const para of block.paragraphs) {
      const paraLines: OcrBlock["lines"] = [];
      for (const l of para.lines) {
        const kept = l.words.filter((w) => w.text.trim() && (w.confidence >= MIN_WORD_CONFIDENCE || WORD_LIKE.test(w.text)));
        for (const w of kept) {
          confSum += w.confidence;
          words++;
        }
        if (!kept.length) continue;
        const text = dropStrayOpeningMark(kept.map((w) => w.text.trim()).join(" "));
        const x0 = Math.min(...kept.map((w) => w.bbox.x0));
        const x1 = Math.max(...kept.map((w) => w.bbox.x1));
        // The baseline runs from (x0, y0) to (x1, y1); its middle is robust to slight skew.
        const baseline = (l.baseline.y0 + l.baseline.y1) / 2;
        const rowHeight = l.rowAttributes?.rowHeight || l.bbox.y1 - l.bbox.y0;
        const stroke = strokeOf?.({ x0, y0: l.bbox.y0, x1, y1: l.bbox.y1 });
        lines.push({
          text,
          x: round(px(x0)),
          y: round(py(baseline)),
          w: round((x1 - x0) / scaleX),
          size: round(rowHeight / scaleY),
          font: OCR_FONT,
          oneFont: true,
          mono: false,
          ...(stroke !== undefined && rowHeight > 0 ? { stroke: Math.round((stroke / rowHeight) * 1000) / 1000 } : {}),
        });
        paraLines.push({ text, bbox: box({ x0, y0: l.bbox.y0, x1, y1: l.bbox.y1 }) });
      }
      if (paraLines.length) {
        blocks.push({ text: paraLines.map((l) => l.text).join("\n"), bbox: box(para.bbox), confidence: round(para.confidence), lines: paraLines });
      }
    }
  }
  // Tesseract's block order is kept: it reads columns one after the other, which a plain
  // top-to-bottom sort would interleave.
  return { lines, blocks, confidence: words ? round(confSum / words) : 0 };
}

/**
 * A single opening quote before a capital with no closing one on the line is a speck of
 * dust or deskewing residue far more often than a quotation (tesseract reads "‘Water
 * temperature" off a clean heading): a heading must not carry it into its title.
 */
export function dropStrayOpeningMark(text: string): string {
  const m = /^[‘'`](?=\p{Lu})/u.exec(text);
  return m && !/[’'`]/u.test(text.slice(1)) ? text.slice(1) : text;
}

function round(v: number): number {
  return Math.round(v * 100) / 100;
}
