/**
 * What a Word paragraph's drawings hold: text boxes (`w:txbxContent`, whose paragraphs are
 * read as the document's own) and pictures (read by OCR where a page has nothing else; see
 * structured/image-ocr.ts). A DrawingML shape and its VML fallback for older Words (markup
 * compatibility `mc:Choice` / `mc:Fallback`) hold the same box or picture, so only the first
 * alternative that has any is read.
 */
import { childElements, type XmlElement } from "../xml/parse.ts";

/**
 * The pictures of a drawing: `a:blip` (DrawingML) and `v:imagedata` (VML) relationship ids,
 * outside text boxes; of markup-compatibility alternatives only the first that has any (the
 * VML fallback repeats the DrawingML picture).
 */
export function picturesIn(node: XmlElement, out: string[] = []): string[] {
  if (node.name === "w:txbxContent") return out;
  const id = node.name === "a:blip" ? node.attrs["r:embed"] : node.name === "v:imagedata" ? node.attrs["r:id"] : undefined;
  if (id) out.push(id);
  if (node.name === "mc:AlternateContent") {
    for (const choice of childElements(node)) {
      const found = picturesIn(choice);
      if (found.length) {
        out.push(...found);
        break;
      }
    }
    return out;
  }
  for (const c of node.children) if (typeof c !== "string") picturesIn(c, out);
  return out;
}

/** Run content that draws: what holds text boxes and pictures. */
export const DRAWINGS: ReadonlySet<string> = new Set(["w:drawing", "w:pict", "w:object", "mc:AlternateContent"]);

/**
 * The text boxes of a drawing, outermost only (a box inside a box is read with its parent).
 * Of markup-compatibility alternatives (a DrawingML shape with a VML fallback for older
 * Words, each holding the same box) only the first that has any is read.
 */
export function textBoxesIn(node: XmlElement, out: XmlElement[] = []): XmlElement[] {
  if (node.name === "w:txbxContent") {
    out.push(node);
    return out;
  }
  if (node.name === "mc:AlternateContent") {
    for (const choice of childElements(node)) {
      const found = textBoxesIn(choice);
      if (found.length) {
        out.push(...found);
        break;
      }
    }
    return out;
  }
  for (const c of node.children) if (typeof c !== "string") textBoxesIn(c, out);
  return out;
}
