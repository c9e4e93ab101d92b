/**
 * A web page -> blocks: rehype-parse (the unified ecosystem's HTML parser, beside remark for
 * Markdown) makes the hast; its main content goes through the structured-text path. Node
 * `line_num` is the heading's line in the file; the title is `<title>`, else the first
 * heading.
 */
import type { Root } from "hast";
import rehypeParse from "rehype-parse";
import { unified } from "unified";
import type { StructuredDocument } from "../structured/blocks.ts";
import { hastToEvents, pageTitle } from "../structured/hast-blocks.ts";
import { decodeHtml } from "./decode.ts";

const parser = unified().use(rehypeParse).freeze();

export function parseHtml(source: string): Root {
  return parser.parse(source) as Root;
}

export function readHtml(bytes: Uint8Array): StructuredDocument {
  const tree = parseHtml(decodeHtml(bytes));
  const { events } = hastToEvents(tree, { lines: "source", chooseMain: true });
  const blocks = events.filter((e) => e.kind !== "anchor");
  const firstHeading = blocks.find((b) => b.kind === "heading");
  return { title: pageTitle(tree) ?? (firstHeading?.kind === "heading" ? firstHeading.title : undefined), blocks, pageCount: 0, source: "html_headings" };
}
