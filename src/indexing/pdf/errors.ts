/**
 * The one error type the PDF indexer throws for bad input. The job runner turns it into a
 * `failed` document with `message` as the user-facing reason, so messages must be short,
 * readable and free of pdfjs internals.
 */
export type PdfErrorCode = "encrypted" | "corrupt" | "empty" | "not_pdf" | "too_many_pages" | "too_large";

export class PdfError extends Error {
  readonly code: PdfErrorCode;

  constructor(code: PdfErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "PdfError";
    this.code = code;
  }
}

/** The cheap byte-level checks that need no parser: empty input and the `%PDF` magic. */
export function checkPdfBytes(data: Uint8Array): void {
  if (data.byteLength === 0) throw new PdfError("empty", "The file is empty (0 bytes)");
  // The spec puts %PDF at offset 0, but readers (and pdfjs) accept junk before it; 1024 bytes
  // is the window Acrobat tolerates.
  const window = data.subarray(0, Math.min(1024, data.byteLength));
  if (indexOfMagic(window) < 0) {
    throw new PdfError("not_pdf", "The file is not a PDF (no %PDF header)");
  }
}

function indexOfMagic(bytes: Uint8Array): number {
  // "%PDF"
  for (let i = 0; i + 3 < bytes.length; i++) {
    if (bytes[i] === 0x25 && bytes[i + 1] === 0x50 && bytes[i + 2] === 0x44 && bytes[i + 3] === 0x46) return i;
  }
  return -1;
}
