/**
 * Markdown -> headings, front matter and plain-text blocks, from the mdast that unified +
 * remark-parse (+ remark-frontmatter for YAML/TOML, + remark-gfm) produce. Headings are
 * exactly the `heading` nodes of that tree, wherever CommonMark puts them (top level, block
 * quotes, list items, footnote definitions); nothing inside code, HTML blocks or front matter
 * is ever a heading because the parser never makes one there.
 */
import { unified } from "unified";
import remarkParse from "remark-parse";
import remarkFrontmatter from "remark-frontmatter";
import remarkGfm from "remark-gfm";
import type { Root } from "mdast";
import { parse as parseYaml } from "yaml";
import { MarkdownError } from "./decode.ts";

const processor = unified().use(remarkParse).use(remarkFrontmatter, ["yaml", "toml"]).use(remarkGfm).freeze();

export interface MdHeading {
  /** 1..6 */
  level: number;
  /** 1-based line where the heading starts (the text line of a setext heading). */
  line: number;
  /** 1-based last line (the underline of a setext heading). */
  endLine: number;
  kind: "atx" | "setext";
  /** Plain text: inline markup, escapes and entities resolved; line breaks become spaces; trimmed. */
  title: string;
}

/** A leaf block's plain text, for summaries and descriptions. */
export interface PlainBlock {
  /** 1-based line where the block starts. */
  line: number;
  text: string;
  /** Code (fenced or indented) is left out of summaries and descriptions. */
  kind: "heading" | "text" | "code";
}

export interface ParsedMarkdown {
  root: Root;
  headings: MdHeading[];
  /** `title` from YAML or TOML front matter, when present and non-empty. */
  frontMatterTitle?: string;
}

/** Loosely typed mdast node: the walk only reads these fields. */
interface AnyNode {
  type: string;
  value?: string;
  alt?: string | null;
  depth?: number;
  children?: AnyNode[];
  position?: { start: { line: number; offset?: number }; end: { line: number; offset?: number } };
}

/**
 * Parse and collect headings. Pathologically deep nesting (tens of thousands of `>` or list
 * levels) overflows the parser's recursion; that surfaces as a MarkdownError, not a crash.
 */
export function parseMarkdown(source: string): ParsedMarkdown {
  try {
    return parseUnguarded(source);
  } catch (e) {
    if (e instanceof RangeError) throw new MarkdownError("The Markdown is nested too deeply to parse");
    throw e;
  }
}

function parseUnguarded(source: string): ParsedMarkdown {
  const root = processor.parse(source) as Root;
  const headings: MdHeading[] = [];
  let lastLine = 0;
  const walk = (node: AnyNode) => {
    if (node.type === "heading") {
      const start = node.position!.start.line;
      const end = node.position!.end.line;
      // Two headings never start on one line; keep the first should a parser ever say so.
      if (start > lastLine) {
        const title = oneLine(inlineText(node)) || oneLine(htmlWords(node));
        headings.push({ level: node.depth!, line: start, endLine: end, kind: end > start ? "setext" : "atx", title });
        lastLine = start;
      }
      return;
    }
    // Headings are blocks: leaf blocks and phrasing content never contain one.
    if (!node.children || !CONTAINERS.has(node.type)) return;
    for (const c of node.children) walk(c);
  };
  walk(root as unknown as AnyNode);
  return { root, headings, frontMatterTitle: frontMatterTitle(root as unknown as AnyNode) };
}

/** Block nodes that can hold other blocks (and so headings). */
const CONTAINERS = new Set(["root", "blockquote", "list", "listItem", "footnoteDefinition"]);

/**
 * Plain text of phrasing content: text, code spans and image alt texts; emphasis, links,
 * strikethrough contribute their children; inline HTML and footnote calls contribute nothing.
 * Hard breaks become line breaks.
 */
export function inlineText(node: AnyNode): string {
  switch (node.type) {
    case "text":
    case "inlineCode":
      return node.value ?? "";
    case "break":
      return "\n";
    case "image":
    case "imageReference":
      return node.alt ?? "";
    case "html":
    case "footnoteReference":
      return "";
  }
  if (!node.children) return "";
  let out = "";
  for (const c of node.children) out += inlineText(c);
  return out;
}

/**
 * The words a heading's HTML carries when it has no visible text: a comment's words without
 * a leading `tool:directive` (`<!-- md:setting config.enabled -->` -> `config.enabled`), an
 * element's inner text, else its alt, title or aria-label attribute.
 */
export function htmlWords(node: AnyNode): string {
  const words: string[] = [];
  const visit = (n: AnyNode) => {
    if (n.type === "html" && n.value) {
      for (const comment of n.value.matchAll(/<!--([\s\S]*?)-->/g)) {
        const text = comment[1].trim().replace(/^[\w.-]+:[\w.-]+\s+(?=\S)/, "");
        if (text) words.push(text);
      }
      const markup = n.value.replace(/<!--[\s\S]*?-->/g, "");
      const inner = markup.replace(/<[^>]*>/g, " ").trim();
      if (inner) words.push(inner);
      else {
        const attr = /\b(?:alt|title|aria-label)\s*=\s*("([^"]*)"|'([^']*)')/i.exec(markup);
        if (attr && (attr[2] ?? attr[3])?.trim()) words.push((attr[2] ?? attr[3]).trim());
      }
    }
    for (const c of n.children ?? []) visit(c);
  };
  visit(node);
  return words.join(" ");
}

/** Line breaks (and the blanks around them) become single spaces; trimmed. */
function oneLine(s: string): string {
  return s.replace(/[ \t]*[\r\n]+[ \t]*/g, " ").trim();
}

function collapse(s: string): string {
  return s.replace(/\s+/g, " ").trim();
}

function frontMatterTitle(root: AnyNode): string | undefined {
  const first = root.children?.[0];
  if (!first || (first.type !== "yaml" && first.type !== "toml")) return undefined;
  const raw = first.value ?? "";
  let title: unknown;
  if (first.type === "yaml") {
    try {
      const data: unknown = parseYaml(raw);
      if (data && typeof data === "object" && !Array.isArray(data)) title = (data as Record<string, unknown>).title;
    } catch {
      return undefined;
    }
  } else {
    title = tomlTitle(raw);
  }
  if (typeof title === "number") title = String(title);
  if (typeof title !== "string") return undefined;
  const t = oneLine(title);
  return t || undefined;
}

/** `title = "..."` / `title = '...'` among the top-level keys of TOML front matter. */
function tomlTitle(raw: string): string | undefined {
  for (const line of raw.split(/\r\n|\r|\n/)) {
    if (/^\s*\[/.test(line)) return undefined; // a table starts: no more top-level keys
    const m = /^\s*title\s*=\s*("(?:[^"\\]|\\.)*"|'[^']*')\s*(?:#.*)?$/.exec(line);
    if (!m) continue;
    const q = m[1];
    if (q.startsWith("'")) return q.slice(1, -1);
    try {
      return JSON.parse(q) as string;
    } catch {
      return q.slice(1, -1);
    }
  }
  return undefined;
}

/**
 * Every leaf block's plain text in document order: headings and paragraphs without inline
 * markup, code without fences, HTML blocks without tags, table rows as space-separated cells.
 * Front matter, link definitions and thematic breaks contribute nothing.
 */
export function plainBlocks(root: Root): PlainBlock[] {
  const out: PlainBlock[] = [];
  const push = (node: AnyNode, text: string, kind: PlainBlock["kind"] = "text") => {
    if (text) out.push({ line: node.position?.start.line ?? 1, text, kind });
  };
  const walk = (node: AnyNode) => {
    switch (node.type) {
      case "yaml":
      case "toml":
      case "definition":
      case "thematicBreak":
        return;
      case "heading":
        return push(node, collapse(inlineText(node)), "heading");
      case "paragraph":
        return push(node, collapse(inlineText(node)));
      case "code":
        return push(node, (node.value ?? "").trim(), "code");
      case "html":
        return push(node, collapse(stripTags(node.value ?? "")));
      case "table":
        return push(
          node,
          (node.children ?? [])
            .map((row) => collapse((row.children ?? []).map((cell) => inlineText(cell)).join(" ")))
            .filter(Boolean)
            .join("\n"),
        );
    }
    if (node.children) for (const c of node.children) walk(c);
  };
  walk(root as unknown as AnyNode);
  return out;
}

function stripTags(html: string): string {
  return html
    .replace(/<!--[\s\S]*?(?:-->|$)/g, " ")
    .replace(/<(script|style)\b[\s\S]*?(?:<\/\1\s*>|$)/gi, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"');
}
