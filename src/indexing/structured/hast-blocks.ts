/**
 * hast -> blocks: the one path every markup format takes (HTML parsed by rehype-parse; DOCX,
 * ODT and EPUB chapters turned into hast by their readers).
 *
 * - `h1`-`h6` are headings, at their written level (a reader may state a deeper level, e.g.
 *   Word's Heading 7-9, in `data.level`). A heading without any text is no heading.
 * - Everything between two headings is converted to Markdown in one piece (hast-markdown.ts:
 *   tables as GFM tables, lists as lists), and to plain text for summaries. Containers that hold a heading (sections, divs, layout tables)
 *   are opened so that the heading is found wherever the markup put it.
 * - Scripts, styles, templates, navigation, forms' controls and hidden elements are never
 *   content. With `chooseMain` (a web page), the content is `<main>`, else the page's single
 *   `<article>`, else `<body>` without the page's own header and footer.
 * - Positions: a block's line is the parser's source line (`lines: "source"`) or its ordinal
 *   among the blocks read (`"ordinal"`: a paragraph number, for formats without lines).
 *   A reader may put `data.page` on an element: the page it starts on.
 * - `anchors`: element ids where the caller wants to know the reading position (an e-book's
 *   navigation targets); each comes out as an anchor event before the element's content.
 */
import type { Element, ElementContent, Root } from "hast";
import type { HeadingBlock, TextBlock } from "./blocks.ts";
import { NEVER_CONTENT, hidden, isElement, type HastNode } from "./hast-content.ts";
import { hastToMarkdown } from "./hast-markdown.ts";

export interface AnchorEvent {
  kind: "anchor";
  id: string;
  line?: number;
  page?: number;
}

export type HastEvent = HeadingBlock | TextBlock | AnchorEvent;

export interface HastBlockOptions {
  lines: "source" | "ordinal";
  /** A web page: read only its main content (see above). */
  chooseMain?: boolean;
  anchors?: ReadonlySet<string>;
  /** Ordinal positions continue from here (several chapters read as one document). */
  firstOrdinal?: number;
}

type Node = HastNode;

const SECTIONING = new Set(["article", "section", "main", "aside", "nav"]);
const HEADING = /^h([1-6])$/;

/** The element's heading level, or 0. */
export function headingLevel(el: Element): number {
  const m = HEADING.exec(el.tagName);
  if (!m) return 0;
  const stated = (el.data as { level?: number } | undefined)?.level;
  return typeof stated === "number" && stated >= 1 ? stated : Number(m[1]);
}

/** Visible words of a heading: text and image alt texts, blanks collapsed. */
export function inlineText(node: Node): string {
  const parts: string[] = [];
  const walk = (n: Node) => {
    if (n.type === "text") parts.push(n.value);
    else if (isElement(n)) {
      if (NEVER_CONTENT.has(n.tagName)) return;
      if (n.tagName === "br") parts.push(" ");
      else if (n.tagName === "img" && typeof n.properties?.alt === "string") parts.push(n.properties.alt);
      for (const c of n.children) walk(c);
    } else if (n.type === "root") for (const c of n.children) walk(c);
  };
  walk(node);
  return parts.join("").replace(/\s+/g, " ").trim();
}

/**
 * Whether an element shows anything: a visible non-blank character, an image with alt text,
 * or an image or rule at all. Stops at the first one (it runs on every element of a group).
 */
function holdsContent(node: Node): boolean {
  if (node.type === "text") return /\S/.test(node.value);
  if (!isElement(node) && node.type !== "root") return false;
  if (isElement(node)) {
    if (NEVER_CONTENT.has(node.tagName)) return false;
    if (node.tagName === "img" || node.tagName === "hr") return true;
  }
  for (const c of node.children) if (holdsContent(c)) return true;
  return false;
}

function find(node: Node, test: (el: Element) => boolean): Element[] {
  const out: Element[] = [];
  const walk = (n: Node) => {
    if (!isElement(n) && n.type !== "root") return;
    if (isElement(n)) {
      if (NEVER_CONTENT.has(n.tagName) && n.tagName !== "head") return;
      if (test(n)) out.push(n);
    }
    for (const c of n.children) walk(c);
  };
  walk(node);
  return out;
}

/** The part of a web page that is its content. */
export function mainContent(tree: Root): { root: Node; isBody: boolean } {
  const main = find(tree, (el) => el.tagName === "main" || el.properties?.role === "main");
  if (main.length) return { root: main[0], isBody: false };
  const articles = find(tree, (el) => el.tagName === "article");
  if (articles.length === 1) return { root: articles[0], isBody: false };
  const body = find(tree, (el) => el.tagName === "body");
  return body.length ? { root: body[0], isBody: true } : { root: tree, isBody: true };
}

/** `<title>`'s text, if any. */
export function pageTitle(tree: Root): string | undefined {
  const title = find(tree, (el) => el.tagName === "title")[0];
  const text = title ? inlineText(title) : "";
  return text || undefined;
}

export function hastToEvents(tree: Root, options: HastBlockOptions): { events: HastEvent[]; nextOrdinal: number } {
  const { root, isBody } = options.chooseMain ? mainContent(tree) : { root: tree as Node, isBody: false };
  const anchors = options.anchors ?? new Set<string>();
  const events: HastEvent[] = [];
  let ordinal = options.firstOrdinal ?? 1;
  let page: number | undefined;
  let group: ElementContent[] = [];
  let groupLine: number | undefined;
  let groupPage: number | undefined;

  // Elements that hold a heading or an anchor somewhere below: they are opened, not converted whole.
  const structural = new Set<Element>();
  const mark = (n: Node): boolean => {
    if (!isElement(n) && n.type !== "root") return false;
    let found = false;
    if (isElement(n)) {
      if (headingLevel(n) && inlineText(n)) found = true;
      const id = n.properties?.id;
      if (typeof id === "string" && anchors.has(id)) found = true;
    }
    for (const c of n.children) if (mark(c)) found = true;
    if (found && isElement(n)) structural.add(n);
    return found;
  };
  mark(root);

  /** A source line, or the next ordinal (one per block read: a paragraph number). */
  const position = (n: Node): number | undefined => (options.lines === "source" ? n.position?.start.line : ordinal++);
  const add = (n: ElementContent) => {
    if (!group.length) (groupLine = position(n)), (groupPage = page);
    else if (options.lines === "ordinal" && n.type === "element") ordinal++;
    group.push(n);
  };
  const flush = () => {
    if (!group.length) return;
    const { markdown, plain } = hastToMarkdown(group);
    if (markdown) events.push({ kind: "text", markdown, plain, line: groupLine, page: groupPage });
    group = [];
    groupLine = undefined;
  };
  const dropped = (el: Element, sectioned: boolean): boolean =>
    NEVER_CONTENT.has(el.tagName) || hidden(el) || (isBody && !sectioned && (el.tagName === "header" || el.tagName === "footer"));

  const visit = (n: Node, sectioned: boolean) => {
    if (n.type === "comment" || n.type === "doctype") return;
    if (n.type === "text") {
      if (!group.length && !n.value.trim()) return;
      add(n);
      return;
    }
    if (n.type === "root") {
      for (const c of n.children) visit(c, sectioned);
      return;
    }
    if (!isElement(n) || dropped(n, sectioned)) return;
    const statedPage = (n.data as { page?: number } | undefined)?.page;
    if (statedPage !== undefined && statedPage !== page) {
      flush();
      page = statedPage;
    }
    const id = n.properties?.id;
    if (typeof id === "string" && anchors.has(id)) {
      flush();
      events.push({ kind: "anchor", id, line: options.lines === "ordinal" ? ordinal : n.position?.start.line, page });
    }
    const level = headingLevel(n);
    if (level) {
      const title = inlineText(n);
      if (title) {
        flush();
        // A target inside the heading (`<h1><a id="x"/>Title</h1>`, as DocBook writes them) is the heading's place.
        for (const inner of find(n, (e) => typeof e.properties?.id === "string" && anchors.has(e.properties.id as string))) {
          if (inner !== n) events.push({ kind: "anchor", id: inner.properties!.id as string, line: options.lines === "ordinal" ? ordinal : inner.position?.start.line, page });
        }
        events.push({ kind: "heading", level, title, line: position(n), page });
        return;
      }
    }
    if (structural.has(n)) {
      const inSection = sectioned || SECTIONING.has(n.tagName);
      for (const c of n.children) visit(c, inSection);
      return;
    }
    // An empty anchor or wrapper would come out as `[]()` or blank markup: it holds no content.
    if (!holdsContent(n)) return;
    add(n);
  };
  visit(root, !isBody);
  flush();
  return { events, nextOrdinal: ordinal };
}
