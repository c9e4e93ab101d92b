/**
 * `word/document.xml` -> hast: heading paragraphs as `h1`-`h6` (their level in `data.level`,
 * up to 9), other paragraphs as `p`, numbered paragraphs as nested `ul`/`ol` lists, tables as
 * tables. Text is what the reader sees: inserted text kept, deleted text, field instructions,
 * pictures and generated table-of-contents entries left out. Text boxes (`w:txbxContent`, in
 * a drawing or a VML shape) are read as blocks of their own right after the paragraph that
 * anchors them, so their words stay in document order.
 *
 * Pages: Word writes `w:lastRenderedPageBreak` where a page ended when it last laid the
 * document out. Where the document has them, each block carries the page it starts on
 * (`data.page`): a break before a paragraph's first text moves the paragraph to the next
 * page, a break after it moves what follows.
 */
import type { Element, ElementContent, Root } from "hast";
import { el, heading, table, textWithBreaks } from "../structured/hast-build.ts";
import { childElements, firstChild, type XmlElement } from "../xml/parse.ts";
import { DRAWINGS, picturesIn, textBoxesIn } from "./drawings.ts";
import type { Numbering } from "./numbering.ts";
import { headingLevelOf, isTitleStyle, isTocStyle, styleNumbering, type StyleSheet } from "./styles.ts";

export interface DocxBody {
  tree: Root;
  /** Rendered pages; 0 when the file carries no page breaks from a layout. */
  pageCount: number;
  /** The text of the first paragraph in the Title style. */
  title?: string;
  /**
   * Paragraphs holding only pictures, each an empty `div` in the tree (dropped unless OCR
   * fills it), with the relationship ids of its pictures and its page (1 without pages).
   */
  pictures: PictureParagraph[];
  /** Pages with any text on them (page 1 stands for the whole document without pages). */
  textPages: Set<number>;
}

export interface PictureParagraph {
  element: Element;
  relIds: string[];
  page: number;
}

interface ParagraphText {
  text: string;
  /** Page breaks before the first visible character, and after it. */
  breaksBefore: number;
  breaksAfter: number;
  /** Text boxes anchored in the paragraph, in order. */
  boxes: XmlElement[];
  /** Relationship ids of the pictures the paragraph shows (outside its text boxes), in order. */
  pictures: string[];
}

/** Elements whose content is not text the reader sees. */
const SKIPPED = new Set(["w:pPr", "w:rPr", "w:del", "w:moveFrom", "w:instrText", "w:delText", "w:drawing", "w:pict", "w:object", "mc:AlternateContent", "w:commentReference", "w:footnoteReference", "w:endnoteReference"]);

function paragraphText(p: XmlElement): ParagraphText {
  const out: ParagraphText = { text: "", breaksBefore: 0, breaksAfter: 0, boxes: [], pictures: [] };
  let seenText = false;
  const visit = (node: XmlElement) => {
    for (const c of node.children) {
      if (typeof c === "string") continue;
      if (DRAWINGS.has(c.name)) {
        textBoxesIn(c, out.boxes);
        picturesIn(c, out.pictures);
      }
      if (SKIPPED.has(c.name)) continue;
      switch (c.name) {
        case "w:t":
          for (const s of c.children) if (typeof s === "string") out.text += s;
          if (out.text.trim()) seenText = true;
          break;
        case "w:tab":
        case "w:ptab":
          out.text += "\t";
          break;
        case "w:br":
        case "w:cr":
          // A page or column break is layout; a line break is a new line of the same paragraph.
          if (c.attrs["w:type"] === "page" || c.attrs["w:type"] === "column") out.text += " ";
          else out.text += "\n";
          break;
        case "w:noBreakHyphen":
          out.text += "-";
          break;
        case "w:lastRenderedPageBreak":
          if (seenText) out.breaksAfter++;
          else out.breaksBefore++;
          break;
        default:
          // Runs, hyperlinks, insertions, fields, content controls, smart tags: their content counts.
          visit(c.name === "w:sdt" ? (firstChild(c, "w:sdtContent") ?? c) : c);
      }
    }
  };
  visit(p);
  out.text = out.text.replace(/[ \t]+\n/g, "\n").replace(/[ \t]{2,}/g, " ").trim();
  return out;
}

/** Reads a document's body given one child of `w:body` at a time, in order, as the parser closes each. */
export interface BodyReader {
  read(child: XmlElement): void;
  finish(): DocxBody;
}

export function bodyReader(sheet: StyleSheet, numbering: Numbering, paged: boolean): BodyReader {
  const root: Root = { type: "root", children: [] };
  let page = 1;
  let title: string | undefined;
  /** Open lists, outermost first: the level each holds and the element. */
  let lists: { ilvl: number; list: Element }[] = [];

  const pictures: PictureParagraph[] = [];
  const textPages = new Set<number>();
  const place = (node: Element, at: number) => {
    textPages.add(paged ? at : 1);
    if (paged) node.data = { ...(node.data ?? {}), page: at } as Element["data"];
    root.children.push(node);
  };

  const addListItem = (numId: string, ilvl: number, content: ElementContent[], at: number) => {
    while (lists.length && lists[lists.length - 1].ilvl > ilvl) lists.pop();
    const top = lists[lists.length - 1];
    if (!top || top.ilvl < ilvl) {
      const list = el(numbering.ordered(numId, ilvl) ? "ol" : "ul");
      if (top) {
        const lastItem = top.list.children[top.list.children.length - 1] as Element | undefined;
        (lastItem ?? top.list).children.push(list);
      } else place(list, at);
      lists.push({ ilvl, list });
    }
    lists[lists.length - 1].list.children.push(el("li", content));
    textPages.add(paged ? at : 1);
  };

  const paragraph = (p: XmlElement) => {
    const read = paragraphText(p);
    paragraphItself(p, read);
    for (const box of read.boxes) block(box);
  };

  const paragraphItself = (p: XmlElement, read: ParagraphText) => {
    const pPr = firstChild(p, "w:pPr");
    const styleId = firstChild(pPr, "w:pStyle")?.attrs["w:val"];
    page += paged ? read.breaksBefore : 0;
    const at = page;
    page += paged ? read.breaksAfter : 0;
    if (!read.text && read.pictures.length) {
      const element = el("div", [], paged ? { page: at } : undefined);
      lists = [];
      root.children.push(element);
      pictures.push({ element, relIds: read.pictures, page: paged ? at : 1 });
      return;
    }
    if (!read.text || isTocStyle(sheet, styleId)) return;
    const outline = firstChild(pPr, "w:outlineLvl")?.attrs["w:val"];
    const level = headingLevelOf(sheet, styleId, outline !== undefined && /^\d+$/.test(outline) ? Number(outline) : undefined);
    if (level) {
      lists = [];
      if (title === undefined && isTitleStyle(sheet, styleId)) title = read.text.replace(/\s+/g, " ");
      place(heading(level, read.text.replace(/\s+/g, " ")), at);
      return;
    }
    const numPr = firstChild(pPr, "w:numPr");
    const own = numPr ? { numId: firstChild(numPr, "w:numId")?.attrs["w:val"] ?? "0", ilvl: Number(firstChild(numPr, "w:ilvl")?.attrs["w:val"] ?? 0) } : undefined;
    const numbered = own ?? styleNumbering(sheet, styleId);
    if (numbered && numbered.numId !== "0") {
      addListItem(numbered.numId, Number.isFinite(numbered.ilvl) ? numbered.ilvl : 0, textWithBreaks(read.text), at);
      return;
    }
    lists = [];
    place(el("p", textWithBreaks(read.text)), at);
  };

  const tableOf = (tbl: XmlElement) => {
    const at = page;
    const rows: ElementContent[][][] = [];
    for (const tr of childElements(tbl, "w:tr")) {
      const cells: ElementContent[][] = [];
      for (const tc of childElements(tr, "w:tc")) {
        const texts: string[] = [];
        const collect = (node: XmlElement) => {
          for (const c of childElements(node)) {
            if (c.name === "w:p") {
              const read = paragraphText(c);
              if (paged) page += read.breaksBefore + read.breaksAfter;
              if (read.text) texts.push(read.text);
              for (const box of read.boxes) collect(box);
            } else if (c.name === "w:tbl" || c.name === "w:tr" || c.name === "w:tc" || c.name === "w:sdt" || c.name === "w:sdtContent" || c.name === "w:customXml") collect(c);
          }
        };
        collect(tc);
        cells.push(textWithBreaks(texts.join("\n")));
      }
      if (cells.length) rows.push(cells);
    }
    lists = [];
    if (rows.length) place(table(rows), at);
  };

  const read = (c: XmlElement) => {
    if (c.name === "w:p") paragraph(c);
    else if (c.name === "w:tbl") tableOf(c);
    else if (c.name === "w:sdt") block(firstChild(c, "w:sdtContent") ?? c);
    else if (c.name === "w:customXml" || c.name === "w:ins" || c.name === "w:moveTo") block(c);
  };
  const block = (container: XmlElement) => {
    for (const c of childElements(container)) read(c);
  };
  return { read, finish: () => ({ tree: root, pageCount: paged ? page : 0, title, pictures, textPages }) };
}
