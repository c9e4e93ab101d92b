/** Small constructors for the hast that document readers (DOCX, ODT, slides) build. */
import type { Element, ElementContent, Text } from "hast";

export function el(tagName: string, children: ElementContent[] = [], data?: { page?: number; level?: number }, properties: Element["properties"] = {}): Element {
  const element: Element = { type: "element", tagName, properties, children };
  if (data) element.data = data as Element["data"];
  return element;
}

export function text(value: string): Text {
  return { type: "text", value };
}

/** Text with its line breaks as `<br>`, so they survive the conversion to Markdown. */
export function textWithBreaks(value: string): ElementContent[] {
  const out: ElementContent[] = [];
  value.split("\n").forEach((line, i) => {
    if (i > 0) out.push(el("br"));
    if (line) out.push(text(line));
  });
  return out;
}

/** A heading element for a level that may exceed HTML's six (Word has nine): the level rides in `data`. */
export function heading(level: number, title: string, page?: number): Element {
  return el(`h${Math.min(Math.max(level, 1), 6)}`, [text(title)], { level, ...(page !== undefined ? { page } : {}) });
}

/** Rows of cell contents -> a table whose first row is its header (as GFM tables need one). */
export function table(rows: ElementContent[][][], page?: number): Element {
  const trs = rows.map((cells, r) => el("tr", cells.map((content) => el(r === 0 ? "th" : "td", content))));
  return el("table", [el("thead", trs.slice(0, 1)), el("tbody", trs.slice(1))], page !== undefined ? { page } : undefined);
}
