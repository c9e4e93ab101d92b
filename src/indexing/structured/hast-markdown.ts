/**
 * hast -> Markdown and plain text for the text between two headings, written over hast
 * directly. It replaces hast-util-to-mdast + mdast-util-to-markdown, which cloned the tree and
 * minified its whitespace before converting: two thirds of the indexing time of a web page
 * or a Word file (BENCHMARKS.md, "Word, web pages, e-books"). What it writes:
 *
 * - paragraphs (any run of phrasing content; a block element ends it), blank lines between
 *   blocks; lists as `-` / `1.` items, nested ones indented under their item (tight lists);
 *   tables as GFM tables (hast-table.ts); `<pre>` as fenced code (its language from a
 *   `language-*` class); block quotes as `>` lines; `<hr>` as `---`.
 * - Plain text for summaries: one line per paragraph, list item or table row; code and
 *   rules left out (as plainBlocks does for Markdown documents).
 * - A line that would read as markup (`# x`, `- x`, `1. x`, `> x`, `---`) is escaped.
 */
import type { Element, ElementContent } from "hast";
import { NEVER_CONTENT, hidden, isElement } from "./hast-content.ts";
import { BLOCKISH, rawText, writeInline } from "./hast-inline.ts";
import { writeTable } from "./hast-table.ts";

interface Block {
  md: string;
  /** Undefined: nothing for summaries (code, rules). */
  plain?: string;
}

const LIST = new Set(["ul", "ol", "menu", "dir"]);
/** Lines that would start a heading, a list, a quote, a rule, a setext underline or a fence. */
const MARKUP_START = /^(?:#{1,6}(?:\s|$)|>|[-+*](?:\s|$)|(?:[-_*=]\s*){3,}$|=+\s*$|~~~)/;
const ORDERED_START = /^(\d{1,9})([.)])(\s|$)/;

function escapeLineStart(line: string): string {
  if (ORDERED_START.test(line)) return line.replace(ORDERED_START, "$1\\$2$3");
  return MARKUP_START.test(line) ? `\\${line}` : line;
}

/** One paragraph from phrasing content: blanks collapsed, lines trimmed, markup-looking line starts escaped. */
function paragraph(nodes: ElementContent[], out: Block[]): void {
  const { md, plain } = writeInline(nodes, { cell: false });
  const tidy = (s: string) => s.replace(/ *\n */g, "\n").replace(/ {2,}/g, " ").replace(/\n{2,}/g, "\n").trim();
  const text = tidy(md);
  if (!text) return;
  out.push({ md: text.split("\n").map(escapeLineStart).join("\n"), plain: tidy(plain).replace(/\n/g, " ") });
}

function codeBlock(pre: Element, out: Block[]): void {
  const text = rawText(pre).replace(/^\n/, "").trimEnd();
  if (!text.trim()) return;
  const code = pre.children.find((c): c is Element => isElement(c) && c.tagName === "code");
  const classes = [code?.properties?.className, pre.properties?.className].flat().filter((c): c is string => typeof c === "string");
  const language = classes.map((c) => /^(?:language|lang)-(\S+)$/.exec(c)?.[1]).find(Boolean) ?? "";
  let longest = 2;
  for (const run of text.match(/`{3,}/g) ?? []) longest = Math.max(longest, run.length);
  const fence = "`".repeat(longest + 1);
  out.push({ md: `${fence}${language}\n${text}\n${fence}` });
}

function list(el: Element, out: Block[]): void {
  const ordered = el.tagName === "ol";
  const start = ordered && typeof el.properties?.start === "number" ? el.properties.start : 1;
  const items: string[] = [];
  const plains: string[] = [];
  let n = start;
  for (const item of el.children) {
    if (!isElement(item) || NEVER_CONTENT.has(item.tagName) || hidden(item)) continue;
    const inner: Block[] = [];
    // An `li`'s content; anything else a list holds (a stray paragraph) reads as an item too.
    blocks(item.tagName === "li" ? item.children : [item], inner);
    if (!inner.length) continue;
    const marker = ordered ? `${n++}. ` : "- ";
    const indent = " ".repeat(marker.length);
    const lines = inner.map((b) => b.md).join("\n").split("\n");
    items.push(lines.map((line, i) => (i === 0 ? marker + line : line ? indent + line : line)).join("\n"));
    plains.push(...inner.flatMap((b) => (b.plain ? [b.plain] : [])));
  }
  if (items.length) out.push({ md: items.join("\n"), plain: plains.join("\n") });
}

function quote(el: Element, out: Block[]): void {
  const inner: Block[] = [];
  blocks(el.children, inner);
  if (!inner.length) return;
  const md = inner.map((b) => b.md).join("\n\n").split("\n").map((line) => (line ? `> ${line}` : ">")).join("\n");
  out.push({ md, plain: inner.flatMap((b) => (b.plain ? [b.plain] : [])).join("\n") });
}

/** A table cell as one line: its blocks joined by spaces, pipes escaped. */
function cell(children: ElementContent[]): { md: string; plain: string } {
  const inner: Block[] = [];
  blocks(children, inner);
  const one = (s: string) => s.replace(/\s*\n\s*/g, " ").trim();
  return {
    md: one(inner.map((b) => b.md).join(" ")).replace(/(?<!\\)\|/g, "\\|"),
    plain: one(inner.map((b) => b.plain ?? "").join(" ")),
  };
}

/** Block content: runs of phrasing content become paragraphs; block elements are written by kind. */
function blocks(nodes: readonly ElementContent[], out: Block[]): void {
  let run: ElementContent[] = [];
  const flush = () => {
    if (run.length) paragraph(run, out);
    run = [];
  };
  for (const node of nodes) {
    if (!isElement(node)) {
      if (node.type === "text") run.push(node);
      continue;
    }
    if (NEVER_CONTENT.has(node.tagName) || hidden(node)) continue;
    if (!BLOCKISH.has(node.tagName)) {
      run.push(node);
      continue;
    }
    flush();
    const tag = node.tagName;
    if (tag === "pre" || tag === "listing" || tag === "xmp") codeBlock(node, out);
    else if (LIST.has(tag)) list(node, out);
    else if (tag === "blockquote") quote(node, out);
    else if (tag === "hr") out.push({ md: "---" });
    else if (tag === "table") {
      const caption = node.children.find((c): c is Element => isElement(c) && c.tagName === "caption");
      if (caption) blocks(caption.children, out);
      const table = writeTable(node, cell);
      if (table) out.push(table);
    } else blocks(node.children, out);
  }
  flush();
}

/** Nodes (a run of siblings between two headings) -> Markdown and plain text, in one pass. */
export function hastToMarkdown(nodes: readonly ElementContent[]): { markdown: string; plain: string } {
  const out: Block[] = [];
  blocks(nodes, out);
  return {
    markdown: out.map((b) => b.md).join("\n\n"),
    plain: out.flatMap((b) => (b.plain ? [b.plain] : [])).join("\n"),
  };
}
