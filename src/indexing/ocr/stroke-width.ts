/**
 * How heavy the type of a recognised line is. OCR sees no fonts, so bold headings set at
 * body size would be lost; the width of a letter's vertical stems tells bold from regular.
 * Measured as the mean length of horizontal runs of dark pixels inside the line's box (most
 * runs cross a stem), in pixels; the caller divides by the line's height, so the figure
 * does not depend on resolution or type size.
 */

import { createCanvas, type Canvas } from "@napi-rs/canvas";

/** Grey levels below this are ink (paper is near 255, print near 0, noise in between). */
const INK_LEVEL = 128;

export interface GreyImage {
  /** RGBA rows, as a canvas' getImageData gives them. */
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

export interface PixelBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Mean dark-run length in `box`, or undefined when the box holds almost no ink. */
export function strokeWidth(image: GreyImage, box: PixelBox): number | undefined {
  const x0 = Math.max(0, Math.floor(box.x0));
  const x1 = Math.min(image.width, Math.ceil(box.x1));
  const y0 = Math.max(0, Math.floor(box.y0));
  const y1 = Math.min(image.height, Math.ceil(box.y1));
  let dark = 0;
  let runs = 0;
  for (let y = y0; y < y1; y++) {
    let inRun = false;
    for (let x = x0; x < x1; x++) {
      const p = (y * image.width + x) * 4;
      const grey = (image.data[p] * 299 + image.data[p + 1] * 587 + image.data[p + 2] * 114) / 1000;
      if (grey < INK_LEVEL) {
        dark++;
        if (!inRun) runs++;
        inRun = true;
      } else inRun = false;
    }
  }
  return runs >= 20 ? dark / runs : undefined;
}

/**
 * The pixels as tesseract read them: with `rotateAuto` it deskews the image about its centre
 * by `radians` before recognition, and the boxes it reports are in that turned image.
 */
export function deskewedPixels(source: Canvas, radians: number): GreyImage {
  if (!radians) return source.getContext("2d").getImageData(0, 0, source.width, source.height);
  const canvas = createCanvas(source.width, source.height);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.translate(canvas.width / 2, canvas.height / 2);
  ctx.rotate(radians);
  ctx.drawImage(source, -canvas.width / 2, -canvas.height / 2);
  return ctx.getImageData(0, 0, canvas.width, canvas.height);
}
