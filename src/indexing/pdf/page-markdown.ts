/**
 * One page's lines -> Markdown, for `type=ocr` results. Headings are the tree's own section
 * starts on that page (`#` per tree depth), so the Markdown and the tree agree; other lines
 * become paragraphs (split at wide vertical gaps, first-line indents and columns) and simple
 * lists (bullets, `1.`, `(a)`). The same code serves text-layer and OCR'd pages.
 */
import type { TreeNode } from "../tree-types.ts";
import { normText } from "./fuzzy.ts";
import type { Line, PageText } from "./types.ts";

/** Per page (0-based), the heading lines (index into that page's lines) and their level. */
export type PageHeadings = Map<number, Map<number, number>>;

const BULLET = /^([•▪◦‣∙·●○■□–—*-])\s+(.*)$/u;
const NUMBERED = /^(\d{1,3}[.)]|\(?[a-zA-Z]\))\s+(.*)$/;

/** Finds each node's heading line on its start page (the first line of its text, when that
 * line is the title) and gives it the node's depth as level. */
export function headingLines(tree: TreeNode[], pages: readonly PageText[]): PageHeadings {
  const out: PageHeadings = new Map();
  const searchFrom = new Map<number, number>();
  const visit = (nodes: TreeNode[], depth: number) => {
    for (const node of nodes) {
      const page = (node.start_index ?? 0) - 1;
      const first = node.text.split("\n", 1)[0] ?? "";
      const lines = pages[page]?.lines;
      if (lines && first.trim() && sameHeading(node.title, first)) {
        const from = searchFrom.get(page) ?? 0;
        const at = lines.findIndex((l, i) => i >= from && l.text === first);
        if (at >= 0) {
          let map = out.get(page);
          if (!map) out.set(page, (map = new Map()));
          map.set(at, Math.min(6, depth));
          searchFrom.set(page, at + 1);
        }
      }
      visit(node.nodes, depth + 1);
    }
  };
  visit(tree, 1);
  return out;
}

function sameHeading(title: string, line: string): boolean {
  const t = normText(title);
  const l = normText(line);
  return t.length > 0 && l.length > 0 && (t === l || t.startsWith(l) || l.startsWith(t));
}

/** `left`: the leftmost start of a paragraph's lines so far (kept as lines join, not recomputed per line). */
type Block = { kind: "heading"; level: number; text: string } | { kind: "para"; lines: Line[]; left: number } | { kind: "item"; marker: string; lines: Line[]; textX: number };

export function pageMarkdown(lines: readonly Line[], headings: ReadonlyMap<number, number> = new Map()): string {
  const blocks: Block[] = [];
  const step = typicalStep(lines);
  let current: Block | null = null;
  let prev: Line | null = null;
  lines.forEach((line, i) => {
    const text = line.text.trim();
    if (!text) return;
    const level = headings.get(i);
    if (level !== undefined) {
      blocks.push((current = { kind: "heading", level, text }));
      prev = line;
      return;
    }
    const bullet = BULLET.exec(text);
    const numbered = bullet ? null : NUMBERED.exec(text);
    if (bullet || numbered) {
      const marker = bullet ? "-" : numbered![1].replace(/^\(?([a-zA-Z])\)$/, "$1.").replace(/\)$/, ".");
      const rest = (bullet ?? numbered)![2];
      const textX = line.x + (line.w * (text.length - rest.length)) / Math.max(1, text.length);
      blocks.push((current = { kind: "item", marker, lines: [{ ...line, text: rest }], textX }));
      prev = line;
      return;
    }
    if (current && current.kind !== "heading" && prev && continues(prev, line, current, step)) {
      current.lines.push(line);
      if (current.kind === "para") current.left = Math.min(current.left, line.x);
    } else {
      blocks.push((current = { kind: "para", lines: [line], left: line.x }));
    }
    prev = line;
  });
  return blocks.map(render).join("\n\n");
}

/** Whether `line` continues the block `prev` belongs to. */
function continues(prev: Line, line: Line, block: Extract<Block, { lines: Line[] }>, step: number): boolean {
  const size = Math.max(1, Math.min(prev.size, line.size));
  const gap = prev.y - line.y;
  if (gap <= 0 || gap > Math.max(step * 1.35, size * 1.2)) return false; // new column, or a blank line's worth of space
  if (Math.abs(line.size - prev.size) > 0.2 * size) return false; // a change of type size
  if (block.kind === "item") return line.x >= block.textX - size; // hanging indent of the item's text
  return line.x <= block.left + 0.8 * size; // an indented line starts a paragraph
}

/** The usual baseline distance between consecutive lines of the page. */
function typicalStep(lines: readonly Line[]): number {
  const gaps: number[] = [];
  for (let i = 1; i < lines.length; i++) {
    const g = lines[i - 1].y - lines[i].y;
    if (g > 0) gaps.push(g);
  }
  if (!gaps.length) return 14;
  gaps.sort((a, b) => a - b);
  return gaps[Math.floor(gaps.length / 2)];
}

function render(block: Block): string {
  if (block.kind === "heading") return `${"#".repeat(block.level)} ${block.text}`;
  const text = joinLines(block.lines.map((l) => l.text.trim()));
  return block.kind === "item" ? `${block.marker} ${text}` : escapeStart(text);
}

/** Joins wrapped lines; a word hyphenated at the line end ("pack-" + "ages") is rejoined. */
export function joinLines(lines: string[]): string {
  let out = "";
  for (const l of lines) {
    if (!out) out = l;
    else if (/\p{Ll}-$/u.test(out) && /^\p{Ll}/u.test(l)) out = out.slice(0, -1) + l;
    else out += " " + l;
  }
  return out;
}

/** A paragraph that happens to start like Markdown syntax must stay a paragraph. */
function escapeStart(text: string): string {
  return text.replace(/^([#>+*-]|\d+[.)])/, (m) => (/^\d/.test(m) ? m.replace(/([.)])$/, "\\$1") : `\\${m}`));
}

/**
 * Markdown of each node's own text, keyed by node id. A node's text is a run of the
 * document's lines (pre-order texts cover every line once), so the run is found by walking
 * the lines in order; each node gets its heading at its tree depth. A node whose text does
 * not line up (should not happen) falls back to one paragraph per text line.
 */
export function nodeMarkdown(tree: TreeNode[], pages: readonly PageText[]): Record<string, string> {
  const all: Line[] = pages.flatMap((p) => p.lines);
  const out: Record<string, string> = {};
  let cursor = 0;
  const visit = (nodes: TreeNode[], depth: number) => {
    for (const node of nodes) {
      const texts = node.text === "" ? [] : node.text.split("\n");
      const run = all.slice(cursor, cursor + texts.length);
      const aligned = run.length === texts.length && run.every((l, i) => l.text === texts[i]);
      const heading = `${"#".repeat(Math.min(6, depth))} ${node.title}`;
      let body: string;
      if (aligned) {
        cursor += texts.length;
        const ownHeading = texts.length > 0 && sameHeading(node.title, texts[0]);
        body = pageMarkdown(ownHeading ? run.slice(1) : run);
      } else {
        body = texts.map(escapeStart).join("\n\n");
      }
      out[node.node_id] = body ? `${heading}\n\n${body}` : heading;
      visit(node.nodes, depth + 1);
    }
  };
  visit(tree, 1);
  return out;
}
