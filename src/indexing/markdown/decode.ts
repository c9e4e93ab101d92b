/**
 * Bytes -> Markdown source, and the document name a Markdown file gets. Pure: no I/O.
 */

/** A file that cannot be indexed as Markdown (wrong extension, binary, invalid UTF-8). */
export class MarkdownError extends Error {
  override readonly name = "MarkdownError";
}

const MARKDOWN_NAME = /\.(md|markdown)$/i;

/** The file name without its folders and its last extension: `docs/Guide.v2.md` -> `Guide.v2`. */
export function docNameOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? "";
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(0, dot) : base;
}

/**
 * Decode an uploaded Markdown file: the name must end in `.md` or `.markdown`, the bytes
 * must be text (no NUL byte) and valid UTF-8. A leading UTF-8 byte-order mark is dropped.
 */
export function decodeMarkdown(bytes: Uint8Array, fileName: string): string {
  if (!MARKDOWN_NAME.test(fileName)) {
    throw new MarkdownError(`"${docNameOf(fileName) || fileName}" is not a Markdown file: the name must end in .md or .markdown`);
  }
  if (bytes.includes(0)) throw new MarkdownError("The file is binary (it contains NUL bytes), not Markdown text");
  let text: string;
  try {
    // ignoreBOM: false (the default) consumes a leading byte-order mark.
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new MarkdownError("The file is not valid UTF-8 text");
  }
  return stripBom(text);
}

export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
