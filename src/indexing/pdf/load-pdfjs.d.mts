/** pdfjs-dist's legacy build, loaded with Node's native JSON.stringify and Array#push kept. */
export const pdfjs: typeof import("pdfjs-dist/legacy/build/pdf.mjs");
