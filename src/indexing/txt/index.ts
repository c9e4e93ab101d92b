/**
 * Plain text -> blocks. Headings where the text shows them (headings.ts); without any, the
 * text is cut into page-sized nodes of consecutive paragraphs (never inside a paragraph),
 * each titled by its first words. `line_num` is the line in the file.
 */
import type { Block, StructuredDocument } from "../structured/blocks.ts";
import { findTextHeadings } from "./headings.ts";

/** About a printed page of text. */
export const PAGE_CHARS = 3000;
const TITLE_WORDS = 8;

export function decodeText(bytes: Uint8Array): string {
  let text: string;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) text = new TextDecoder("utf-16le").decode(bytes.subarray(2));
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) text = new TextDecoder("utf-16be").decode(bytes.subarray(2));
  else text = new TextDecoder("utf-8").decode(bytes);
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

function textBlock(lines: readonly string[], from: number, to: number): Block | undefined {
  let a = from;
  let b = to;
  while (a < b && !lines[a].trim()) a++;
  while (b > a && !lines[b - 1].trim()) b--;
  if (a >= b) return undefined;
  const text = lines.slice(a, b).join("\n");
  return { kind: "text", markdown: text, plain: text, line: a + 1 };
}

function firstWords(text: string): string {
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).slice(0, TITLE_WORDS).join(" ");
}

export function readText(source: string): StructuredDocument {
  const lines = source.split(/\r\n|\r|\n/);
  const headings = findTextHeadings(lines);
  const blocks: Block[] = [];
  if (headings.length) {
    const before = textBlock(lines, 0, headings[0].index);
    if (before) blocks.push(before);
    headings.forEach((h, k) => {
      blocks.push({ kind: "heading", level: h.level, title: h.title, line: h.index + 1 });
      const body = textBlock(lines, h.index + h.span, k + 1 < headings.length ? headings[k + 1].index : lines.length);
      if (body) blocks.push(body);
    });
    return { blocks, pageCount: 0, source: "text_headings" };
  }
  // Page-sized groups of paragraphs: a group closes at a blank line once it holds a page.
  let start = 0;
  let size = 0;
  const close = (end: number) => {
    const body = textBlock(lines, start, end);
    if (body && body.kind === "text") blocks.push({ kind: "heading", level: 1, title: firstWords(body.plain) || `Line ${body.line}`, line: body.line, synthetic: true }, body);
    start = end;
    size = 0;
  };
  for (let i = 0; i < lines.length; i++) {
    size += lines[i].length + 1;
    if (size >= PAGE_CHARS && !lines[i].trim()) close(i + 1);
  }
  close(lines.length);
  return { blocks, pageCount: 0, source: "paragraph_groups" };
}
