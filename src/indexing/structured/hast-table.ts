/**
 * An HTML table -> a GFM table: the first row is the header (GFM needs one), every row one
 * line, cells padded to their column's width so the table reads as a table in plain text.
 * A column wider than MAX_PADDED_WIDTH is not padded: one long cell would otherwise pad every
 * row of the table with blanks. Plain text: one line per row, cells separated by spaces.
 */
import type { Element, ElementContent } from "hast";
import { isElement } from "./hast-content.ts";

const MAX_PADDED_WIDTH = 40;
const SECTIONS = new Set(["thead", "tbody", "tfoot"]);

export interface TableText {
  md: string;
  plain: string;
}

function rowsOf(table: Element): Element[] {
  const rows: Element[] = [];
  const walk = (el: Element) => {
    for (const c of el.children) {
      if (!isElement(c)) continue;
      if (c.tagName === "tr") rows.push(c);
      else if (SECTIONS.has(c.tagName)) walk(c);
    }
  };
  walk(table);
  return rows;
}

/**
 * @param cellText a cell's content as one line of Markdown and of plain text (the caller's
 * block writer, so lists or paragraphs inside a cell are flattened the same way everywhere).
 */
export function writeTable(table: Element, cellText: (children: ElementContent[]) => TableText): TableText | undefined {
  const rows = rowsOf(table)
    .map((tr) => tr.children.filter((c): c is Element => isElement(c) && (c.tagName === "td" || c.tagName === "th")).map((cell) => cellText(cell.children)))
    .filter((cells) => cells.length > 0);
  if (!rows.length) return undefined;
  const columns = Math.max(...rows.map((r) => r.length));
  const widths = Array.from({ length: columns }, (_, i) => Math.max(3, ...rows.map((r) => r[i]?.md.length ?? 0)));
  const pad = (s: string, i: number) => (widths[i] <= MAX_PADDED_WIDTH ? s.padEnd(widths[i]) : s);
  const line = (cells: TableText[]) => `| ${Array.from({ length: columns }, (_, i) => pad(cells[i]?.md ?? "", i)).join(" | ")} |`;
  const rule = `| ${widths.map((w) => "-".repeat(Math.min(w, MAX_PADDED_WIDTH))).join(" | ")} |`;
  const md = [line(rows[0]), rule, ...rows.slice(1).map(line)].join("\n");
  const plain = rows
    .map((cells) => cells.map((c) => c.plain).filter(Boolean).join(" "))
    .filter(Boolean)
    .join("\n");
  return { md, plain };
}
