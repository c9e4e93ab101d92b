/**
 * Word numbering (`word/numbering.xml`): whether a numbered paragraph is a bulleted or an
 * ordered list item, per list and level. Numbering with `numId` 0 means "no list".
 */
import { childElements, firstChild, type XmlElement } from "../xml/parse.ts";

export interface Numbering {
  /** numId -> level -> ordered? */
  ordered(numId: string, ilvl: number): boolean;
}

export function readNumbering(root: XmlElement | undefined): Numbering {
  const abstractFormats = new Map<string, Map<number, string>>();
  const numToAbstract = new Map<string, string>();
  const overrides = new Map<string, Map<number, string>>();
  if (root) {
    for (const a of childElements(root, "w:abstractNum")) {
      const levels = new Map<number, string>();
      for (const lvl of childElements(a, "w:lvl")) levels.set(Number(lvl.attrs["w:ilvl"] ?? 0), firstChild(lvl, "w:numFmt")?.attrs["w:val"] ?? "decimal");
      abstractFormats.set(a.attrs["w:abstractNumId"] ?? "", levels);
    }
    for (const n of childElements(root, "w:num")) {
      const id = n.attrs["w:numId"] ?? "";
      numToAbstract.set(id, firstChild(n, "w:abstractNumId")?.attrs["w:val"] ?? "");
      const levels = new Map<number, string>();
      for (const o of childElements(n, "w:lvlOverride")) {
        const fmt = firstChild(firstChild(o, "w:lvl"), "w:numFmt")?.attrs["w:val"];
        if (fmt) levels.set(Number(o.attrs["w:ilvl"] ?? 0), fmt);
      }
      if (levels.size) overrides.set(id, levels);
    }
  }
  return {
    ordered(numId, ilvl) {
      const format = overrides.get(numId)?.get(ilvl) ?? abstractFormats.get(numToAbstract.get(numId) ?? "")?.get(ilvl) ?? "bullet";
      return format !== "bullet" && format !== "none";
    },
  };
}
