/** Pages of positioned text runs -> a PDF (pdf-lib, Times), for the heading-class tests. */
import { PDFDocument, PDFHexString, PDFName, PDFNull, PDFNumber, type PDFRef, StandardFonts } from "pdf-lib";

export interface Run {
  text: string;
  x: number;
  /** Baseline, PDF user space (y grows upwards; the page is 612 x 792). */
  y: number;
  size: number;
  bold?: boolean;
  /** Italic: a journal's sub-section face at the text's size. */
  italic?: boolean;
  /** Bold italic: a second heading face at the same size as the bold one. */
  boldItalic?: boolean;
  /** Courier: code, or a name in a heading set in a code face. */
  mono?: boolean;
  /** Courier Bold: a second code face, as word processors set code in a bold heading. */
  monoBold?: boolean;
  /** Set right after the previous run on its baseline, one space on (x is ignored). */
  after?: boolean;
  /** With `after`: this many points on instead of one space (a run-in title's em). */
  gap?: number;
  /** `x` is the run's middle, not its left edge: a centred line. */
  centred?: boolean;
  /**
   * Small capitals as Times-based LaTeX templates and word processors set them: each word's
   * first letter at `size`, the rest as capitals at 0.8 `size`, in the same font.
   */
  smallCaps?: boolean;
  /**
   * Small capitals as a browser makes them for `font-variant: small-caps` in a face without
   * them: lower-case letters drawn as capitals at 0.7 `size`, everything else at `size`.
   */
  scaledCaps?: boolean;
  /**
   * Letter-spaced (tracked) type, as thesis templates set their titles: each letter drawn on
   * its own, this many points after the previous one, and a word space more between words.
   */
  tracking?: number;
}

/** A line of ordinary body text, numbered so that no two lines repeat. */
export const sentence = (n: number) => `This is sentence ${n} of ordinary body text that keeps going across the whole line.`;

/** `n` lines of body text (sentences `first` on) from baseline `top` down, `pitch` apart. */
export const bodyText = (first: number, n: number, top: number, { x = 60, size = 10, pitch = 13 } = {}): Run[] =>
  Array.from({ length: n }, (_, k) => ({ text: sentence(first + k), x, y: top - pitch * k, size }));

/** A bookmark to a page (0-based), with its children. */
export interface Bookmark {
  title: string;
  page: number;
  children?: Bookmark[];
}

/** The width of `text` set in Times Roman at `size`, as buildPdf sets a plain run. */
export async function timesWidth(text: string, size: number): Promise<number> {
  const doc = await PDFDocument.create();
  return (await doc.embedFont(StandardFonts.TimesRoman)).widthOfTextAtSize(text, size);
}

/** Page labels from page `from` (0-based) on: decimal, lower or upper roman, counting from 1. */
export interface LabelRange {
  from: number;
  style: "D" | "r" | "R";
}

export async function buildPdf(pages: Run[][], bookmarks?: Bookmark[], labels?: LabelRange[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.TimesRoman);
  const bold = await doc.embedFont(StandardFonts.TimesRomanBold);
  const boldItalic = await doc.embedFont(StandardFonts.TimesRomanBoldItalic);
  const italic = await doc.embedFont(StandardFonts.TimesRomanItalic);
  const mono = await doc.embedFont(StandardFonts.Courier);
  const monoBold = await doc.embedFont(StandardFonts.CourierBold);
  for (const runs of pages) {
    const page = doc.addPage([612, 792]);
    let end = 0;
    for (const r of runs) {
      const font = r.monoBold ? monoBold : r.mono ? mono : r.boldItalic ? boldItalic : r.italic ? italic : r.bold ? bold : regular;
      const x = r.after ? end + (r.gap ?? font.widthOfTextAtSize(" ", r.size)) : r.centred ? r.x - font.widthOfTextAtSize(r.text, r.size) / 2 : r.x;
      const drawn = r.smallCaps || r.scaledCaps || r.tracking !== undefined;
      end = r.smallCaps ? drawSmallCaps(page, r, x, font) : r.scaledCaps ? drawScaledCaps(page, r, x, font) : r.tracking !== undefined ? drawTracked(page, r, x, font, r.tracking) : x + font.widthOfTextAtSize(r.text, r.size);
      if (!drawn) page.drawText(r.text, { x, y: r.y, size: r.size, font });
    }
  }
  if (bookmarks?.length) addOutline(doc, bookmarks);
  if (labels?.length) {
    const nums = labels.flatMap((l) => [PDFNumber.of(l.from), doc.context.obj({ S: PDFName.of(l.style) })]);
    doc.catalog.set(PDFName.of("PageLabels"), doc.context.obj({ Nums: doc.context.obj(nums) }));
  }
  return doc.save();
}

/** Draws a run in small capitals word by word; returns its right edge. */
function drawSmallCaps(page: ReturnType<PDFDocument["addPage"]>, r: Run, x: number, font: Awaited<ReturnType<PDFDocument["embedFont"]>>): number {
  const small = r.size * 0.8;
  r.text.split(" ").forEach((word, i) => {
    if (i > 0) x += font.widthOfTextAtSize(" ", small);
    const [head, rest] = /^\p{L}/u.test(word) ? [word[0].toUpperCase(), word.slice(1).toUpperCase()] : [word, ""];
    page.drawText(head, { x, y: r.y, size: r.size, font });
    x += font.widthOfTextAtSize(head, r.size);
    if (rest) {
      page.drawText(rest, { x, y: r.y, size: small, font });
      x += font.widthOfTextAtSize(rest, small);
    }
  });
  return x;
}

/** Draws a run in scaled capitals, each stretch of lower-case letters as smaller capitals; returns its right edge. */
function drawScaledCaps(page: ReturnType<PDFDocument["addPage"]>, r: Run, x: number, font: Awaited<ReturnType<PDFDocument["embedFont"]>>): number {
  for (const piece of r.text.match(/\p{Ll}+|[^\p{Ll}]+/gu) ?? []) {
    const lower = /\p{Ll}/u.test(piece);
    const [text, size] = lower ? [piece.toUpperCase(), r.size * 0.7] : [piece, r.size];
    page.drawText(text, { x, y: r.y, size, font });
    x += font.widthOfTextAtSize(text, size);
  }
  return x;
}

/** Draws a run letter by letter, `tracking` points apart; returns its right edge. */
function drawTracked(page: ReturnType<PDFDocument["addPage"]>, r: Run, x: number, font: Awaited<ReturnType<PDFDocument["embedFont"]>>, tracking: number): number {
  for (const ch of r.text) {
    if (ch === " ") {
      x += font.widthOfTextAtSize(" ", r.size) + tracking;
      continue;
    }
    page.drawText(ch, { x, y: r.y, size: r.size, font });
    x += font.widthOfTextAtSize(ch, r.size) + tracking;
  }
  return x;
}

/** The document's outline: a linked list of items per level, each pointing at the top of its page. */
function addOutline(doc: PDFDocument, bookmarks: Bookmark[]): void {
  const ctx = doc.context;
  const pageRefs = doc.getPages().map((p) => p.ref);
  const level = (items: Bookmark[], parent: PDFRef): { first: PDFRef; last: PDFRef; count: number } => {
    const refs = items.map(() => ctx.nextRef());
    let count = items.length;
    items.forEach((b, i) => {
      const dict = ctx.obj({});
      dict.set(PDFName.of("Title"), PDFHexString.fromText(b.title));
      dict.set(PDFName.of("Parent"), parent);
      dict.set(PDFName.of("Dest"), ctx.obj([pageRefs[b.page], PDFName.of("XYZ"), PDFNull, PDFNumber.of(792), PDFNull]));
      if (i > 0) dict.set(PDFName.of("Prev"), refs[i - 1]);
      if (i + 1 < items.length) dict.set(PDFName.of("Next"), refs[i + 1]);
      if (b.children?.length) {
        const sub = level(b.children, refs[i]);
        dict.set(PDFName.of("First"), sub.first);
        dict.set(PDFName.of("Last"), sub.last);
        dict.set(PDFName.of("Count"), PDFNumber.of(sub.count));
        count += sub.count;
      }
      ctx.assign(refs[i], dict);
    });
    return { first: refs[0], last: refs[refs.length - 1], count };
  };
  const root = ctx.nextRef();
  const top = level(bookmarks, root);
  ctx.assign(root, ctx.obj({ Type: "Outlines", First: top.first, Last: top.last, Count: top.count }));
  doc.catalog.set(PDFName.of("Outlines"), root);
}
