/**
 * What a file is, by its bytes first: a PDF is a PDF because it starts with `%PDF-`, not
 * because of its name. Markdown has no magic, so it is recognised by extension plus a
 * check that the bytes are text (valid UTF-8, no NUL bytes).
 */
export type DetectedFormat =
  | { kind: "pdf" }
  | { kind: "zip" }
  | { kind: "markdown" }
  | { kind: "unknown"; looksLike: string };

const MAGIC: Array<[string, number[]]> = [
  ["a PNG image", [0x89, 0x50, 0x4e, 0x47]],
  ["a JPEG image", [0xff, 0xd8, 0xff]],
  ["a GIF image", [0x47, 0x49, 0x46, 0x38]],
  ["a gzip archive", [0x1f, 0x8b]],
  ["an OLE2 (old Office) file", [0xd0, 0xcf, 0x11, 0xe0]],
];

function startsWith(bytes: Uint8Array, magic: number[]): boolean {
  return magic.every((b, i) => bytes[i] === b);
}

/** `%PDF-` within the first 1024 bytes (readers tolerate leading junk up to that). */
export function isPdf(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 1024));
  return head.includes("%PDF-");
}

export function isZip(bytes: Uint8Array): boolean {
  return startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06]);
}

export function isMarkdownName(fileName: string): boolean {
  return /\.(md|markdown)$/i.test(fileName);
}

/** Valid UTF-8 without NUL bytes. */
export function isText(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

export function detectFormat(bytes: Uint8Array, fileName: string): DetectedFormat {
  if (isPdf(bytes)) return { kind: "pdf" };
  if (isZip(bytes)) return { kind: "zip" };
  if (isMarkdownName(fileName) && isText(bytes)) return { kind: "markdown" };
  if (bytes.length === 0) return { kind: "unknown", looksLike: "an empty file" };
  for (const [name, magic] of MAGIC) if (startsWith(bytes, magic)) return { kind: "unknown", looksLike: name };
  return { kind: "unknown", looksLike: isText(bytes) ? "a text file" : "a binary file" };
}
