/**
 * One slide's XML -> its title and its text as Markdown. The title is the title placeholder's
 * text (`title` or `ctrTitle`); the other shapes' paragraphs follow in the order the slide
 * lists them (groups opened), placeholder bullets as list items indented by their level,
 * tables as Markdown tables. Speaker notes come from the notes slide's body placeholder.
 */
import { childElements, findAll, firstChild, type XmlElement } from "../xml/parse.ts";

export interface SlideText {
  title?: string;
  /** Markdown lines of the slide's body. */
  body: string[];
  /** Relationship ids of the pictures the slide shows (pictures, picture-filled shapes, its background), in order. */
  pictures: string[];
}

/** `r:embed` of every `a:blip` below an element: the pictures it draws. */
function blipsIn(element: XmlElement | undefined, out: string[]): void {
  if (!element) return;
  for (const blip of findAll(element, "a:blip")) if (blip.attrs["r:embed"]) out.push(blip.attrs["r:embed"]);
}

/** A DrawingML paragraph's text: runs, fields, line breaks. */
function paragraphText(p: XmlElement): string {
  let out = "";
  for (const c of childElements(p)) {
    if (c.name === "a:r" || c.name === "a:fld") {
      const t = firstChild(c, "a:t");
      if (t) for (const s of t.children) if (typeof s === "string") out += s;
    } else if (c.name === "a:br") out += "\n";
  }
  return out.replace(/[ \t]+/g, " ").trim();
}

function placeholderType(sp: XmlElement): string | undefined {
  const nv = firstChild(sp, "p:nvSpPr") ?? firstChild(sp, "p:nvGraphicFramePr");
  const ph = firstChild(firstChild(nv, "p:nvPr"), "p:ph");
  if (!ph) return undefined;
  return ph.attrs.type ?? "body";
}

function escapeCell(s: string): string {
  return s.replace(/\|/g, "\\|").replace(/\n/g, " ");
}

function tableLines(tbl: XmlElement): string[] {
  const rows = childElements(tbl, "a:tr").map((tr) =>
    childElements(tr, "a:tc").map((tc) => escapeCell(childElements(firstChild(tc, "a:txBody") ?? tc, "a:p").map(paragraphText).filter(Boolean).join(" "))),
  );
  if (!rows.length) return [];
  const width = Math.max(...rows.map((r) => r.length));
  const line = (cells: string[]) => `| ${Array.from({ length: width }, (_, i) => cells[i] ?? "").join(" | ")} |`;
  return [line(rows[0]), `| ${Array.from({ length: width }, () => "-").join(" | ")} |`, ...rows.slice(1).map(line)];
}

export function readSlideText(slide: XmlElement): SlideText {
  const tree = firstChild(firstChild(slide, "p:cSld"), "p:spTree");
  const out: SlideText = { body: [], pictures: [] };
  blipsIn(firstChild(firstChild(slide, "p:cSld"), "p:bg"), out.pictures);
  if (!tree) return out;
  const shapes = (group: XmlElement) => {
    for (const c of childElements(group)) {
      if (c.name === "p:grpSp") shapes(c);
      else if (c.name === "p:pic") blipsIn(c, out.pictures);
      else if (c.name === "p:graphicFrame") {
        const tbl = findAll(c, "a:tbl")[0];
        if (tbl) out.body.push(...(out.body.length ? [""] : []), ...tableLines(tbl));
      } else if (c.name === "p:sp") {
        blipsIn(firstChild(c, "p:spPr"), out.pictures);
        const type = placeholderType(c);
        const paragraphs = childElements(firstChild(c, "p:txBody") ?? c, "a:p");
        if (type === "title" || type === "ctrTitle") {
          const title = paragraphs.map(paragraphText).filter(Boolean).join(" ").replace(/\s+/g, " ");
          if (title && out.title === undefined) {
            out.title = title;
            continue;
          }
        }
        const bulleted = type === "body" || type === "obj";
        const lines: string[] = [];
        for (const p of paragraphs) {
          const text = paragraphText(p);
          if (!text) continue;
          const level = Number(firstChild(p, "a:pPr")?.attrs.lvl ?? 0) || 0;
          lines.push(bulleted ? `${"  ".repeat(level)}- ${text.replace(/\n/g, " ")}` : text);
        }
        if (lines.length) out.body.push(...(out.body.length ? [""] : []), ...lines);
      }
    }
  };
  shapes(tree);
  return out;
}

/** The speaker notes: the notes slide's body placeholder text. */
export function readNotes(notes: XmlElement): string[] {
  const tree = firstChild(firstChild(notes, "p:cSld"), "p:spTree");
  if (!tree) return [];
  const lines: string[] = [];
  for (const sp of findAll(tree, "p:sp")) {
    if (placeholderType(sp) !== "body") continue;
    for (const p of childElements(firstChild(sp, "p:txBody") ?? sp, "a:p")) {
      const text = paragraphText(p);
      if (text) lines.push(text);
    }
  }
  return lines;
}
