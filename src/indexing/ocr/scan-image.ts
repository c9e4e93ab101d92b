/**
 * Where a scanned page's image lies on the page. A scan is usually one image painted over
 * the whole page; recognising that image's own pixels, at the resolution it was scanned at,
 * reads better and faster than re-rasterising the page (which resamples the image once
 * more). This module follows the graphics state through the operator list and reports the
 * one large upright image, or null when the page is something else (several large images,
 * a rotated or mirrored one, vector art), in which case the page is rendered instead.
 */
import { pdfjs } from "../pdf/load-pdfjs.mjs";
import { IMAGE_OPS } from "./detect.ts";

const { OPS } = pdfjs;

type Matrix = [number, number, number, number, number, number];

/** An image covering at least this share of the page is the page's scan. */
const MIN_PAGE_SHARE = 0.5;
/** Corners may be off by this many points from an exact axis-aligned rectangle. */
const ALIGN_TOLERANCE = 0.5;

/** How the image's pixels map onto the page, in viewport points (y down, origin top-left). */
export interface ScanPlacement {
  /** Index of the painting operator in the operator list. */
  opIndex: number;
  /** Page point of the image's top-left pixel corner. */
  left: number;
  top: number;
  /** Size of the painted image in points. */
  width: number;
  height: number;
}

/** The viewport's mapping from PDF user space to its own (y-down) points, as pdfjs gives it. */
export interface ViewportLike {
  width: number;
  height: number;
  convertToViewportPoint(x: number, y: number): number[];
}

function multiply(m: Matrix, n: readonly number[]): Matrix {
  // PDF convention: the new CTM is n x m (n applied first).
  return [
    n[0] * m[0] + n[1] * m[2],
    n[0] * m[1] + n[1] * m[3],
    n[2] * m[0] + n[3] * m[2],
    n[2] * m[1] + n[3] * m[3],
    n[4] * m[0] + n[5] * m[2] + m[4],
    n[4] * m[1] + n[5] * m[3] + m[5],
  ];
}

const apply = (m: Matrix, x: number, y: number): [number, number] => [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];

/**
 * The placement of the page's scan, or null. Images are painted into the unit square of the
 * current transformation matrix with their first pixel row at the top (y = 1).
 */
export function findScanPlacement(fnArray: readonly number[], argsArray: readonly unknown[][], viewport: ViewportLike): ScanPlacement | null {
  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  const stack: Matrix[] = [];
  const pageArea = viewport.width * viewport.height;
  let found: ScanPlacement | null = null;
  let large = 0;
  for (let i = 0; i < fnArray.length; i++) {
    const fn = fnArray[i];
    const args = argsArray[i] ?? [];
    if (fn === OPS.save) stack.push(ctm);
    else if (fn === OPS.restore) ctm = stack.pop() ?? ctm;
    else if (fn === OPS.transform) ctm = multiply(ctm, args as number[]);
    else if (fn === OPS.paintFormXObjectBegin) {
      stack.push(ctm);
      const matrix = args[0] as number[] | null | undefined;
      if (matrix && matrix.length === 6) ctm = multiply(ctm, matrix);
    } else if (fn === OPS.paintFormXObjectEnd) ctm = stack.pop() ?? ctm;
    else if (IMAGE_OPS.has(fn)) {
      const corner = (x: number, y: number) => {
        const [ux, uy] = apply(ctm, x, y);
        const [vx, vy] = viewport.convertToViewportPoint(ux, uy);
        return { x: vx, y: vy };
      };
      const topLeft = corner(0, 1);
      const topRight = corner(1, 1);
      const bottomLeft = corner(0, 0);
      const width = topRight.x - topLeft.x;
      const height = bottomLeft.y - topLeft.y;
      const upright =
        Math.abs(topRight.y - topLeft.y) <= ALIGN_TOLERANCE && Math.abs(bottomLeft.x - topLeft.x) <= ALIGN_TOLERANCE && width > 0 && height > 0;
      const area = Math.abs((topRight.x - topLeft.x) * (bottomLeft.y - topLeft.y)) + Math.abs((topRight.y - topLeft.y) * (bottomLeft.x - topLeft.x));
      if (area < MIN_PAGE_SHARE * pageArea) continue;
      large++;
      found = upright ? { opIndex: i, left: topLeft.x, top: topLeft.y, width, height } : null;
    }
  }
  return large === 1 ? found : null;
}
