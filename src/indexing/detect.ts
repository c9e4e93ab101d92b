/**
 * What a file is, by its bytes first: a PDF is a PDF because it starts with `%PDF-`, not
 * because of its name. An archive's entries say what it is (detect-container.ts): a DOCX,
 * PPTX, ODT or EPUB is a document, any other ZIP an archive to import. HTML is recognised by
 * its markup (a doctype or `<html>` at the start; a `.htm(l)` name with tags in the text).
 * Markdown and plain text have no magic, so they are recognised by extension plus a check
 * that the bytes are text (valid UTF-8, no NUL bytes).
 */
export type DetectedFormat =
  | { kind: "pdf" }
  | { kind: "zip" }
  | { kind: "markdown" }
  | { kind: "html" }
  | { kind: "txt" }
  | { kind: "unknown"; looksLike: string };

const MAGIC: Array<[string, number[]]> = [
  ["a PNG image", [0x89, 0x50, 0x4e, 0x47]],
  ["a JPEG image", [0xff, 0xd8, 0xff]],
  ["a GIF image", [0x47, 0x49, 0x46, 0x38]],
  ["a gzip archive", [0x1f, 0x8b]],
  ["an OLE2 (old Office: .doc, .ppt, .xls) file", [0xd0, 0xcf, 0x11, 0xe0]],
  ["an RTF document", [0x7b, 0x5c, 0x72, 0x74, 0x66]],
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

/** `.txt`, `.text`, or no extension at all (README, NOTES). */
export function isTextName(fileName: string): boolean {
  const base = fileName.split(/[\\/]/).pop() ?? "";
  return /\.(txt|text)$/i.test(base) || !/\.[^.]+$/.test(base.replace(/^\.+/, ""));
}

export function isHtmlName(fileName: string): boolean {
  return /\.(html?|xhtml)$/i.test(fileName);
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

/**
 * Markup that declares itself HTML: after a byte-order mark, blanks, an XML declaration and
 * comments, a `<!doctype html` or an `<html` tag. Read as Latin-1 so a page in a legacy
 * encoding (its charset declared inside) is recognised too.
 */
export function looksLikeHtml(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 4096)).toString("latin1");
  const rest = head.replace(/^(\xef\xbb\xbf|\ufeff)/, "").replace(/^(\s+|<\?xml[^>]*\?>|<!--[\s\S]*?-->)*/, "");
  return /^<!doctype\s+html/i.test(rest) || /^<html[\s>]/i.test(rest);
}

function hasTags(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 65536)).toString("latin1");
  return /<(p|div|h[1-6]|body|head|title|section|article|table|ul|ol|span|a)[\s>]/i.test(head);
}

/** Without NUL bytes in its first 8 KB: text in some encoding (HTML may declare a legacy one). */
function hasNoNul(bytes: Uint8Array): boolean {
  return !bytes.subarray(0, 8192).includes(0);
}

export function detectFormat(bytes: Uint8Array, fileName: string): DetectedFormat {
  if (isPdf(bytes)) return { kind: "pdf" };
  if (isZip(bytes)) return { kind: "zip" };
  if (hasNoNul(bytes) && (looksLikeHtml(bytes) || (isHtmlName(fileName) && hasTags(bytes)))) return { kind: "html" };
  if (isMarkdownName(fileName) && isText(bytes)) return { kind: "markdown" };
  if (isTextName(fileName) && isText(bytes) && bytes.length > 0) return { kind: "txt" };
  if (bytes.length === 0) return { kind: "unknown", looksLike: "an empty file" };
  for (const [name, magic] of MAGIC) if (startsWith(bytes, magic)) return { kind: "unknown", looksLike: name };
  return { kind: "unknown", looksLike: isText(bytes) ? "a text file" : "a binary file" };
}
