/**
 * The raster images a page paints, as PNG bytes (a full-page scan is one image). pdfjs
 * decodes each image while building the operator list; an image it could not decode (a
 * damaged JPEG stream, say) comes back empty and is counted so the caller can warn.
 */
import { createCanvas, type Canvas } from "@napi-rs/canvas";
import { pdfjs } from "../pdf/load-pdfjs.mjs";
import type { PDFPageProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import { IMAGE_OPS } from "./detect.ts";

const { ImageKind } = pdfjs;

type OperatorList = Awaited<ReturnType<PDFPageProxy["getOperatorList"]>>;

/** Icons and rules are not worth returning. */
const MIN_SIDE = 16;

export interface DecodedImage {
  width: number;
  height: number;
  kind?: number;
  data?: Uint8Array | Uint8ClampedArray;
}

export interface PageImages {
  /** PNG bytes, in painting order, each image once. */
  png: Uint8Array[];
  /** Images painted but not decodable. */
  undecodable: number;
  /** Images painted at all (decodable or not, any size). */
  painted: number;
}

/** @param options.encode false = only count (decodable or not), no PNG encoding. */
export async function pageImages(page: PDFPageProxy, options: { encode?: boolean; ops?: OperatorList } = {}): Promise<PageImages> {
  const ops = options.ops ?? (await page.getOperatorList());
  const seen = new Set<string>();
  const out: PageImages = { png: [], undecodable: 0, painted: 0 };
  for (let i = 0; i < ops.fnArray.length; i++) {
    if (!IMAGE_OPS.has(ops.fnArray[i])) continue;
    out.painted++;
    const arg = ops.argsArray[i][0];
    // Inline images carry the decoded object itself; XObjects are referenced by id.
    const key = typeof arg === "string" ? arg : `inline-${i}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const image = decodedImage(page, arg);
    if (!image) {
      out.undecodable++;
      continue;
    }
    if (image.width < MIN_SIDE || image.height < MIN_SIDE || options.encode === false) continue;
    const png = await toPng(image);
    if (png) out.png.push(png);
  }
  return out;
}

/**
 * The decoded pixels behind an image-painting operator's first argument (an object id, or
 * the inline image itself), once the page's operator list has been built; null when pdfjs
 * could not decode it.
 */
export function decodedImage(page: PDFPageProxy, arg: unknown): DecodedImage | null {
  const image = (typeof arg === "string" ? lookup(page, arg) : arg) as DecodedImage | null;
  return image?.data && image.width && image.height ? image : null;
}

function lookup(page: PDFPageProxy, id: string): unknown {
  const store = id.startsWith("g_") ? page.commonObjs : page.objs;
  try {
    return store.has(id) ? store.get(id) : null;
  } catch {
    return null;
  }
}

async function toPng(image: DecodedImage): Promise<Uint8Array | null> {
  const canvas = imageCanvas(image);
  return canvas ? new Uint8Array(await canvas.encode("png")) : null;
}

/** pdfjs' decoded pixels (1-bit grey, RGB or RGBA rows) on a canvas of their own size. */
export function imageCanvas(image: DecodedImage): Canvas | null {
  const { width, height } = image;
  const src = image.data!;
  const rgba = new Uint8ClampedArray(width * height * 4);
  if (image.kind === ImageKind.RGBA_32BPP) {
    rgba.set(src.subarray(0, rgba.length));
  } else if (image.kind === ImageKind.RGB_24BPP) {
    for (let p = 0, s = 0; p < rgba.length; p += 4, s += 3) {
      rgba[p] = src[s];
      rgba[p + 1] = src[s + 1];
      rgba[p + 2] = src[s + 2];
      rgba[p + 3] = 255;
    }
  } else if (image.kind === ImageKind.GRAYSCALE_1BPP) {
    const rowBytes = (width + 7) >> 3;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const bit = (src[y * rowBytes + (x >> 3)] >> (7 - (x & 7))) & 1;
        const v = bit ? 255 : 0;
        const p = (y * width + x) * 4;
        rgba[p] = rgba[p + 1] = rgba[p + 2] = v;
        rgba[p + 3] = 255;
      }
    }
  } else {
    return null;
  }
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext("2d");
  const data = ctx.createImageData(width, height);
  data.data.set(rgba);
  ctx.putImageData(data, 0, 0);
  return canvas;
}
