/**
 * Phrasing content (text, emphasis, code, links, images, line breaks) -> Markdown and plain
 * text, written straight from hast. HTML whitespace rules: runs of blanks are one space, a
 * `<br>` is a line break (a space inside a table cell). Emphasis is kept as `*`/`**`, code
 * as backtick spans, absolute links as `[text](url)`; an image stands for its alt text (its
 * file inside an archive means nothing to a reader). Only the characters that would turn
 * text into markup are escaped.
 */
import type { Element, ElementContent } from "hast";
import { NEVER_CONTENT, hidden, isElement } from "./hast-content.ts";

export interface Written {
  md: string;
  plain: string;
}

export interface InlineContext {
  /** Inside a table cell: breaks become spaces (a GFM row is one line). */
  cell: boolean;
}

const EMPHASIS = new Set(["em", "i", "cite", "dfn", "var"]);
const STRONG = new Set(["strong", "b"]);
const CODE = new Set(["code", "kbd", "samp", "tt"]);
const ABSOLUTE_URL = /^[a-z][a-z\d+.-]*:/i;

/** Characters that could start markup inside a line: `*`, backticks, a backslash before punctuation, a `<` opening a tag, `_` at a word's edge, a `[` opening a link. */
function escapeText(text: string): string {
  return text.replace(/[*`]|\\(?=[!-/:-@[-`{-~])|<(?=[A-Za-z/!?])|_(?![\p{L}\p{N}])|(?<![\p{L}\p{N}])_|\[(?=[^\]]*\]\()/gu, (c) => `\\${c}`);
}

/** The text below an element as written (no collapsing), `<br>` as a newline: for code. */
export function rawText(node: ElementContent): string {
  if (node.type === "text") return node.value;
  if (!isElement(node)) return "";
  if (node.tagName === "br") return "\n";
  let out = "";
  for (const c of node.children) out += rawText(c);
  return out;
}

function codeSpan(text: string): string {
  const value = text.replace(/\s+/g, " ");
  if (!value.trim()) return value;
  let longest = 0;
  for (const run of value.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  const fence = "`".repeat(longest + 1);
  const pad = value.startsWith("`") || value.endsWith("`") ? " " : "";
  return `${fence}${pad}${value}${pad}${fence}`;
}

/** `*x*` around the content, its edge blanks kept outside the markers (`* x*` is no emphasis). */
function wrap(inner: Written, marker: string): Written {
  const core = inner.md.trim();
  if (!core) return inner;
  const lead = /^\s/.test(inner.md) ? " " : "";
  const tail = /\s$/.test(inner.md) ? " " : "";
  return { md: `${lead}${marker}${core}${marker}${tail}`, plain: inner.plain };
}

export function writeInline(nodes: readonly ElementContent[], ctx: InlineContext): Written {
  let md = "";
  let plain = "";
  for (const node of nodes) {
    if (node.type === "text") {
      const value = node.value.replace(/[ \t\n\r\f]+/g, " ");
      md += escapeText(value);
      plain += value;
      continue;
    }
    if (!isElement(node)) continue;
    const w = element(node, ctx);
    md += w.md;
    plain += w.plain;
  }
  return { md, plain };
}

function element(el: Element, ctx: InlineContext): Written {
  if (NEVER_CONTENT.has(el.tagName) || hidden(el)) return { md: "", plain: "" };
  const tag = el.tagName;
  if (tag === "br") return ctx.cell ? { md: " ", plain: " " } : { md: "\n", plain: "\n" };
  if (tag === "img") {
    const alt = typeof el.properties?.alt === "string" ? el.properties.alt.replace(/\s+/g, " ") : "";
    return { md: escapeText(alt), plain: alt };
  }
  if (CODE.has(tag)) {
    const text = rawText(el);
    return { md: codeSpan(text), plain: text.replace(/\s+/g, " ") };
  }
  const inner = writeInline(el.children, ctx);
  if (EMPHASIS.has(tag)) return wrap(inner, "*");
  if (STRONG.has(tag)) return wrap(inner, "**");
  if (tag === "a") {
    const href = el.properties?.href;
    if (typeof href === "string" && ABSOLUTE_URL.test(href) && inner.md.trim()) {
      const target = /[\s()<>]/.test(href) ? `<${href.replace(/[<>]/g, encodeURIComponent)}>` : href;
      return { md: `[${inner.md.trim()}](${target})`, plain: inner.plain };
    }
    return inner;
  }
  // Any other element (a block inside phrasing, span, sub, abbr...): its content, set off by
  // spaces when it is a block, so words of two blocks never run together.
  return BLOCKISH.has(tag) ? { md: ` ${inner.md} `, plain: ` ${inner.plain} ` } : inner;
}

/** Elements that start a block of their own (hast-markdown.ts splits paragraphs on them). */
export const BLOCKISH: ReadonlySet<string> = new Set([
  "address", "article", "aside", "blockquote", "body", "caption", "center", "dd", "details", "dialog", "dir", "div", "dl", "dt",
  "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "hr", "html",
  "li", "listing", "main", "menu", "ol", "p", "pre", "section", "summary", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul", "xmp",
]);
