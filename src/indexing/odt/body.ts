/**
 * OpenDocument text (`content.xml`) -> hast: `text:h` is a heading at its
 * `text:outline-level` (1 when absent), `text:p` a paragraph, `text:list` a list (ordered when
 * its list style numbers that level), `table:table` a table. Generated indexes (tables of
 * contents), notes, annotations and frames are not content; `text:number` is a heading's
 * rendered number, a cache of the outline numbering rather than its title.
 *
 * Pages: LibreOffice writes `text:soft-page-break` where a page ended when it last laid the
 * document out (as Word writes `lastRenderedPageBreak`). Where the file has them, each block
 * carries the page it starts on (`data.page`): a break before a block's first text moves the
 * block to the next page, a break after it moves what follows.
 */
import type { Element, ElementContent, Root } from "hast";
import { el, heading, table, textWithBreaks } from "../structured/hast-build.ts";
import { childElements, firstChild, type XmlElement } from "../xml/parse.ts";

const NOT_CONTENT = new Set([
  "text:table-of-content", "text:alphabetical-index", "text:illustration-index", "text:table-index", "text:object-index",
  "text:user-index", "text:bibliography", "text:tracked-changes", "office:forms", "text:sequence-decls", "text:variable-decls",
  "text:user-field-decls", "table:named-expressions",
]);
const INLINE_SKIPPED = new Set(["text:note", "office:annotation", "draw:frame", "draw:custom-shape", "text:number", "text:bookmark-ref", "text:soft-page-break"]);

/** Text of a paragraph or heading: spaces collapse as ODF says, `text:s`/`text:tab`/`text:line-break` restore them. */
export function inlineText(node: XmlElement): string {
  let out = "";
  for (const c of node.children) {
    if (typeof c === "string") {
      out += c.replace(/\s+/g, " ");
      continue;
    }
    if (INLINE_SKIPPED.has(c.name)) continue;
    if (c.name === "text:s") out += " ".repeat(Math.max(1, Number(c.attrs["text:c"] ?? 1) || 1));
    else if (c.name === "text:tab") out += "\t";
    else if (c.name === "text:line-break") out += "\n";
    else out += inlineText(c);
  }
  return out;
}

/** List style name -> levels (1-based) that are numbered. */
export function readListStyles(...roots: (XmlElement | undefined)[]): Map<string, Set<number>> {
  const styles = new Map<string, Set<number>>();
  const visit = (node: XmlElement) => {
    for (const c of childElements(node)) {
      if (c.name === "text:list-style") {
        const numbered = new Set<number>();
        for (const level of childElements(c, "text:list-level-style-number")) numbered.add(Number(level.attrs["text:level"] ?? 1));
        styles.set(c.attrs["style:name"] ?? "", numbered);
      } else visit(c);
    }
  };
  for (const root of roots) if (root) visit(root);
  return styles;
}

export interface OdtBody {
  tree: Root;
  /** Pages laid out when the file was saved; 0 when it records none. */
  pageCount: number;
}

const SOFT_PAGE_BREAK = "text:soft-page-break";

/** Page breaks inside a block: before its first visible character, and after it. */
export function pageBreaksIn(node: XmlElement): { before: number; after: number } {
  const out = { before: 0, after: 0 };
  let seenText = false;
  const walk = (n: XmlElement) => {
    if (n.name === SOFT_PAGE_BREAK) {
      if (seenText) out.after++;
      else out.before++;
      return;
    }
    if (NOT_CONTENT.has(n.name)) return;
    for (const c of n.children) {
      if (typeof c === "string") seenText ||= /\S/.test(c);
      else walk(c);
    }
  };
  walk(node);
  return out;
}

/**
 * Reads `office:text` given one child at a time, in order, as the parser closes each. Whether a
 * list is numbered depends on list styles that may be read only after the body (styles.xml),
 * so lists are made as `ul` and settled by `finish`.
 */
export interface OdtBodyReader {
  read(child: XmlElement): void;
  finish(listStyles: Map<string, Set<number>>): OdtBody;
}

export function odtBodyReader(paged = false): OdtBodyReader {
  const root: Root = { type: "root", children: [] };
  let page = 1;
  /** Lists made so far, with the style and depth that decide whether each is numbered. */
  const lists: Array<{ element: Element; style: string | undefined; depth: number }> = [];
  /** Adds a block on the page it starts on, and moves the page on past the breaks it holds. */
  const place = (source: XmlElement, block: Element | undefined) => {
    const breaks = paged ? pageBreaksIn(source) : { before: 0, after: 0 };
    page += breaks.before;
    if (block) {
      if (paged) block.data = { ...(block.data ?? {}), page } as Element["data"];
      root.children.push(block);
    }
    page += breaks.after;
  };

  const clean = (s: string) => s.replace(/[ \t]+\n/g, "\n").trim();
  const list = (node: XmlElement, styleName: string | undefined, depth: number): Element | undefined => {
    const style = node.attrs["text:style-name"] ?? styleName;
    const items: ElementContent[] = [];
    for (const item of childElements(node)) {
      if (item.name !== "text:list-item" && item.name !== "text:list-header") continue;
      // An item's paragraphs as lines of one item (a tight list), its nested lists after them.
      const texts: string[] = [];
      const nestedLists: ElementContent[] = [];
      for (const c of childElements(item)) {
        if (c.name === "text:p" || c.name === "text:h") {
          const text = clean(inlineText(c));
          if (text) texts.push(text);
        } else if (c.name === "text:list") {
          const nested = list(c, style, depth + 1);
          if (nested) nestedLists.push(nested);
        }
      }
      const content = [...textWithBreaks(texts.join("\n")), ...nestedLists];
      if (content.length) items.push(el("li", content));
    }
    if (!items.length) return undefined;
    const element = el("ul", items);
    lists.push({ element, style, depth });
    return element;
  };

  const cellText = (cell: XmlElement): string => {
    const texts: string[] = [];
    const collect = (node: XmlElement) => {
      for (const c of childElements(node)) {
        if (c.name === "text:p" || c.name === "text:h") texts.push(clean(inlineText(c)));
        else collect(c);
      }
    };
    collect(cell);
    return texts.filter(Boolean).join("\n");
  };

  const tableOf = (tbl: XmlElement): Element | undefined => {
    const rows: ElementContent[][][] = [];
    const collectRows = (node: XmlElement) => {
      for (const c of childElements(node)) {
        if (c.name === "table:table-row") {
          const cells = childElements(c).filter((x) => x.name === "table:table-cell").map((cell) => textWithBreaks(cellText(cell)));
          if (cells.length) rows.push(cells);
        } else if (c.name === "table:table-header-rows" || c.name === "table:table-rows" || c.name === "table:table-row-group") collectRows(c);
      }
    };
    collectRows(tbl);
    return rows.length ? table(rows) : undefined;
  };

  let blocksRead = false;
  const read = (c: XmlElement) => {
    blocksRead = true;
    if (NOT_CONTENT.has(c.name)) return;
    if (c.name === SOFT_PAGE_BREAK) place(c, undefined);
    else if (c.name === "text:h") {
      const title = clean(inlineText(c)).replace(/\s+/g, " ");
      const level = Number(c.attrs["text:outline-level"] ?? 1) || 1;
      place(c, title ? heading(level, title) : undefined);
    } else if (c.name === "text:p") {
      const text = clean(inlineText(c));
      place(c, text ? el("p", textWithBreaks(text)) : undefined);
    } else if (c.name === "text:list") place(c, list(c, undefined, 1));
    else if (c.name === "table:table") place(c, tableOf(c));
    else if (c.name === "text:section" || c.name === "text:index-body") for (const child of childElements(c)) read(child);
  };
  const finish = (listStyles: Map<string, Set<number>>): OdtBody => {
    for (const { element, style, depth } of lists) if (listStyles.get(style ?? "")?.has(depth)) element.tagName = "ol";
    return { tree: root, pageCount: paged && blocksRead ? page : 0 };
  };
  return { read, finish };
}
