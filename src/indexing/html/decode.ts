/**
 * Bytes of a web page -> text. The encoding is the byte-order mark's, else the page's own
 * `<meta charset>` (or `http-equiv` content type) within its first bytes, else UTF-8 when the
 * bytes are valid UTF-8, else Windows-1252 (what browsers assume for legacy pages).
 */
const META_CHARSET = /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i;

/** The charset a page declares in a `<meta>` within its first bytes, if any (lower case). */
export function declaredCharset(bytes: Uint8Array): string | undefined {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 4096)).toString("latin1");
  return META_CHARSET.exec(head)?.[1]?.toLowerCase();
}

export function decodeHtml(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return new TextDecoder("utf-8").decode(bytes.subarray(3));
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes.subarray(2));
  const declared = declaredCharset(bytes);
  if (declared) {
    try {
      return new TextDecoder(declared).decode(bytes);
    } catch {
      // An encoding no decoder knows: fall through to the guesses below.
    }
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}
