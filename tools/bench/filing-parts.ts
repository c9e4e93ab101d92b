/**
 * Parts and Items of SEC filings: does the tree have a node for each, starting at the body
 * page where it begins? Gold pages are in data/filing-parts.json (read off the pages; see its
 * `about`). A node counts when its title names the same Part ("Part II", "PART II – Other
 * information") or Item ("Item 7A.", "ITEM 7A – Quantitative…") and it starts on that page;
 * 10-Q Items repeat across Parts, and the page tells them apart.
 */
import { readFileSync } from "node:fs";
import type { TreeNode } from "../../src/indexing/tree-types.ts";
import { flattenTree } from "./tree-quality.ts";

export interface FilingPart {
  part: string;
  /** null for the Part heading itself. */
  item: string | null;
  page: number;
}

export function loadFilingParts(): Record<string, FilingPart[]> {
  const file = new URL("./data/filing-parts.json", import.meta.url);
  return (JSON.parse(readFileSync(file, "utf8")) as { filings: Record<string, FilingPart[]> }).filings;
}

const PART_RE = /^part\s+(iv|iii|ii|i)\b/i;
const ITEM_RE = /^item\s+(\d{1,2}[a-c]?)\b/i;

/** What a node title names: "Part II", "Item 7A", or nothing. */
export function filingKey(title: string): string | null {
  const t = title.trim();
  const part = PART_RE.exec(t);
  if (part) {
    // "Part II, Item 1A" names the Item, not the Part.
    const item = /^part\s+[iv]+\s*[,.–—-]?\s*(item\s+\d{1,2}[a-c]?)\b/i.exec(t);
    return item ? `Item ${item[1].split(/\s+/)[1].toUpperCase()}` : `Part ${part[1].toUpperCase()}`;
  }
  const item = ITEM_RE.exec(t);
  return item ? `Item ${item[1].toUpperCase()}` : null;
}

export interface FilingCheck {
  found: number;
  total: number;
  missing: string[];
}

export function checkFilingParts(tree: TreeNode[], gold: FilingPart[]): FilingCheck {
  const nodes = flattenTree(tree).map((n) => ({ key: filingKey(n.title), page: n.page }));
  const missing: string[] = [];
  let found = 0;
  for (const g of gold) {
    const key = g.item === null ? g.part : `Item ${g.item}`;
    const label = g.item === null ? g.part : `${g.part} Item ${g.item}`;
    if (nodes.some((n) => n.key === key && n.page === g.page)) found++;
    else {
      const elsewhere = nodes.filter((n) => n.key === key).map((n) => n.page);
      missing.push(`${label} p${g.page}${elsewhere.length ? ` (node on p${elsewhere.join(",")})` : " (no node)"}`);
    }
  }
  return { found, total: gold.length, missing };
}
