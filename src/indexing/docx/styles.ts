/**
 * Which paragraph styles are headings, and at what level. A style is a heading when its name
 * is a built-in heading name (`heading 1`-`heading 9`, `Title`), or when it (or a style it is
 * based on) states an outline level (`w:outlineLvl` 0-8; 9 means body text). The outline level
 * is what Word itself uses for the navigation pane, so a document whose heading styles carry
 * another language's names ("Überschrift 1", "Titre 2") or custom names is read the same.
 * Also: which styles are lists (a style's own numbering) and which are a table of contents.
 */
import { childElements, firstChild, type XmlElement } from "../xml/parse.ts";

export interface ParagraphStyle {
  id: string;
  name: string;
  basedOn?: string;
  /** 0-based outline level stated by the style itself (9 = body text). */
  outlineLevel?: number;
  /** Numbering stated by the style (list styles). */
  numId?: string;
  ilvl?: number;
}

export interface StyleSheet {
  styles: Map<string, ParagraphStyle>;
  /** The style of paragraphs that name none. */
  defaultId?: string;
}

const HEADING_NAME = /^heading\s*([1-9])$/i;

export function readStyles(root: XmlElement | undefined): StyleSheet {
  const styles = new Map<string, ParagraphStyle>();
  let defaultId: string | undefined;
  if (!root) return { styles };
  for (const s of childElements(root, "w:style")) {
    if ((s.attrs["w:type"] ?? "paragraph") !== "paragraph") continue;
    const id = s.attrs["w:styleId"] ?? "";
    const pPr = firstChild(s, "w:pPr");
    const outline = firstChild(pPr, "w:outlineLvl")?.attrs["w:val"];
    const numPr = firstChild(pPr, "w:numPr");
    const style: ParagraphStyle = {
      id,
      name: firstChild(s, "w:name")?.attrs["w:val"] ?? id,
      basedOn: firstChild(s, "w:basedOn")?.attrs["w:val"],
      outlineLevel: outline !== undefined ? Number(outline) : undefined,
      numId: firstChild(numPr, "w:numId")?.attrs["w:val"],
      ilvl: numberOr(firstChild(numPr, "w:ilvl")?.attrs["w:val"]),
    };
    styles.set(id, style);
    if (s.attrs["w:default"] === "1" || s.attrs["w:default"] === "true") defaultId = id;
  }
  return { styles, defaultId };
}

function numberOr(value: string | undefined): number | undefined {
  return value === undefined || !/^\d+$/.test(value) ? undefined : Number(value);
}

/** Follows `basedOn` (at most 20 steps: a cycle in a broken file ends there). */
function* lineage(sheet: StyleSheet, id: string | undefined): Generator<ParagraphStyle> {
  const seen = new Set<string>();
  for (let cur = id; cur !== undefined && !seen.has(cur) && seen.size < 20; ) {
    seen.add(cur);
    const style = sheet.styles.get(cur);
    if (!style) return;
    yield style;
    cur = style.basedOn;
  }
}

/**
 * The 1-based heading level of a paragraph of this style, with the paragraph's own outline
 * level (if any) taking precedence; 0 for body text.
 */
export function headingLevelOf(sheet: StyleSheet, styleId: string | undefined, paragraphOutline: number | undefined): number {
  if (paragraphOutline !== undefined) return paragraphOutline >= 0 && paragraphOutline <= 8 ? paragraphOutline + 1 : 0;
  for (const style of lineage(sheet, styleId ?? sheet.defaultId)) {
    const named = HEADING_NAME.exec(style.name.trim());
    if (named) return Number(named[1]);
    if (/^title$/i.test(style.name.trim())) return 1;
    if (style.outlineLevel !== undefined) return style.outlineLevel >= 0 && style.outlineLevel <= 8 ? style.outlineLevel + 1 : 0;
  }
  return 0;
}

export function isTitleStyle(sheet: StyleSheet, styleId: string | undefined): boolean {
  return /^title$/i.test(sheet.styles.get(styleId ?? "")?.name.trim() ?? "");
}

/** Entries of a generated table of contents ("toc 1"...): they repeat the headings, so they are not content. */
export function isTocStyle(sheet: StyleSheet, styleId: string | undefined): boolean {
  return /^toc\s*\d$/i.test(sheet.styles.get(styleId ?? "")?.name.trim() ?? "");
}

/** The numbering a paragraph of this style has from its style (list styles), if any. */
export function styleNumbering(sheet: StyleSheet, styleId: string | undefined): { numId: string; ilvl: number } | undefined {
  for (const style of lineage(sheet, styleId ?? sheet.defaultId)) {
    if (style.numId !== undefined) return { numId: style.numId, ilvl: style.ilvl ?? 0 };
  }
  return undefined;
}
