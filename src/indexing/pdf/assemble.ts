/**
 * Located headings -> the tree. A node's text runs from its heading line to the next heading
 * of any level, so the texts of all nodes in pre-order are the document's lines exactly once.
 * Ranges follow the design's rules: start_index is the heading's page, end_index the last page
 * of the whole subtree, and a page where one section ends and the next begins belongs to both.
 */
import type { TreeNode } from "../tree-types.ts";
import type { Heading, PageText } from "./types.ts";

export interface AssembleInput {
  pages: PageText[];
  /** Located headings in document order (page and line set). */
  headings: Heading[];
  /** Title for the node holding text before the first heading. */
  leadTitle: string;
}

interface Span {
  title: string;
  level: number;
  page: number;
  line: number;
  /** Global line index (all pages' lines numbered consecutively). */
  g: number;
}

export function assembleTree({ pages, headings, leadTitle }: AssembleInput): TreeNode[] {
  const offsets = new Array<number>(pages.length + 1);
  offsets[0] = 0;
  for (let p = 0; p < pages.length; p++) offsets[p + 1] = offsets[p] + pages[p].lines.length;
  const total = offsets[pages.length];

  // Positions must not go backwards, or text would be duplicated; a heading that points
  // before its predecessor (rare outline disorder) is moved onto it and gets no own text.
  const spans: Span[] = [];
  for (const h of headings) {
    const line = Math.min(h.line ?? 0, pages[h.page].lines.length);
    let s: Span = { title: h.title, level: Math.max(1, h.level), page: h.page, line, g: offsets[h.page] + line };
    const prev = spans[spans.length - 1];
    if (prev && s.g < prev.g) s = { ...s, page: prev.page, line: prev.line, g: prev.g };
    spans.push(s);
  }
  const hasLeadText = () => {
    const end = spans.length ? spans[0].g : total;
    for (let g = 0, p = 0; g < end; g++) {
      while (offsets[p + 1] <= g) p++;
      if (pages[p].lines[g - offsets[p]].text.trim()) return true;
    }
    return false;
  };
  if (spans.length === 0 || (spans[0].g > 0 && hasLeadText())) {
    const minLevel = spans.length ? Math.min(...spans.map((s) => s.level)) : 1;
    // Two neighbours with one title would be confusing: when the document title is also the
    // first heading, the lead node is named by its own first line.
    let title = leadTitle;
    if (spans.length && simple(spans[0].title) === simple(leadTitle)) {
      let first: { text: string } | undefined;
      for (let p = 0; p <= spans[0].page && !first; p++) first = pages[p].lines.find((l) => /\p{L}{2}/u.test(l.text));
      title = first && simple(first.text) !== simple(leadTitle) ? first.text.trim().slice(0, 80) : "Front matter";
    }
    spans.unshift({ title, level: minLevel, page: 0, line: 0, g: 0 });
  }

  // Own text and own end page per span.
  const flat: { node: TreeNode; level: number }[] = [];
  for (let i = 0; i < spans.length; i++) {
    const s = spans[i];
    const next = spans[i + 1];
    const endG = next ? next.g : total;
    const text: string[] = [];
    for (let g = s.g, p = s.page; g < endG; g++) {
      while (offsets[p + 1] <= g) p++;
      text.push(pages[p].lines[g - offsets[p]].text);
    }
    let ownEnd: number; // 0-based
    if (!next) ownEnd = pages.length - 1;
    else if (next.line === 0 || next.line >= pages[next.page].lines.length) {
      // The next section opens its page (or starts after its last line): nothing of this
      // section is on that page.
      const nextPage = next.line === 0 ? next.page : next.page + 1;
      ownEnd = Math.max(s.page, nextPage - 1);
    } else ownEnd = next.page;
    if (s.line >= pages[s.page].lines.length && s.page + 1 < pages.length && endG > s.g) {
      // Heading pinned past the last line of its page: its text starts on the next page.
      ownEnd = Math.max(ownEnd, s.page + 1);
    }
    flat.push({
      node: { title: s.title, node_id: "", start_index: s.page + 1, end_index: ownEnd + 1, text: text.join("\n"), nodes: [] },
      level: s.level,
    });
  }

  // Nest by level: a node's parent is the nearest preceding node with a smaller level.
  const roots: TreeNode[] = [];
  const stack: { node: TreeNode; level: number }[] = [];
  for (const f of flat) {
    while (stack.length && stack[stack.length - 1].level >= f.level) stack.pop();
    if (stack.length) stack[stack.length - 1].node.nodes.push(f.node);
    else roots.push(f.node);
    stack.push(f);
  }
  finishTree(roots);
  return roots;
}

function simple(t: string): string {
  return t.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();
}

/** Assign pre-order ids and make every end_index cover the node's subtree. */
export function finishTree(roots: TreeNode[]): void {
  let id = 0;
  const visit = (n: TreeNode): number => {
    n.node_id = String(id++).padStart(4, "0");
    let end = Math.max(n.end_index ?? 0, n.start_index ?? 0);
    for (const c of n.nodes) end = Math.max(end, visit(c));
    n.end_index = end;
    return end;
  };
  for (const r of roots) visit(r);
}
