/**
 * Summaries for a whole tree and the document description, with the extractive summariser
 * by default. Parents summarise their subtree text (their own text is often just a heading);
 * a node's summary never equals its parent's.
 */
import type { TreeNode } from "../tree-types.ts";
import { countTokens } from "../tokens.ts";
import { centrality } from "./centrality.ts";
import { cutToTokens, ExtractiveSummariser } from "./extractive.ts";
import { splitSentences } from "./sentences.ts";
import { DESCRIPTION_MAX_TOKENS, type Summariser } from "./summariser.ts";
import { normText } from "../pdf/fuzzy.ts";

/** Characters of subtree text a parent's summary looks at; keeps the walk linear-ish. */
const SUBTREE_CHARS = 40_000;

/** Synchronous extractive pass over the tree (what the PDF indexer uses without a model). */
export function summariseTree(tree: TreeNode[], summariser = new ExtractiveSummariser()): void {
  const visit = (n: TreeNode, parentSummary?: string) => {
    n.summary = summariser.summariseOne({ title: n.title, text: summaryText(n), parentSummary });
    for (const c of n.nodes) visit(c, n.summary);
  };
  for (const r of tree) visit(r);
}

/** Same, through any Summariser (an LLM one), level by level so parents come first. */
export async function summariseTreeWith(tree: TreeNode[], summariser: Summariser): Promise<void> {
  let level: { node: TreeNode; parent?: string }[] = tree.map((node) => ({ node }));
  while (level.length) {
    const out = await summariser.summarise(level.map(({ node, parent }) => ({ title: node.title, text: summaryText(node), parentSummary: parent })));
    level.forEach((l, i) => (l.node.summary = out[i]));
    level = level.flatMap((l) => l.node.nodes.map((node) => ({ node, parent: l.node.summary })));
  }
}

/** The node's own text without its heading line; parents add their subtree's text. */
export function summaryText(n: TreeNode): string {
  let own = dropHeadingLine(n.text, n.title);
  if (!n.nodes.length) return own;
  const parts = [own];
  let budget = SUBTREE_CHARS - own.length;
  const walk = (c: TreeNode) => {
    if (budget <= 0) return;
    const t = dropHeadingLine(c.text, c.title).slice(0, Math.max(0, budget));
    parts.push(t);
    budget -= t.length;
    for (const g of c.nodes) walk(g);
  };
  for (const c of n.nodes) walk(c);
  own = parts.filter(Boolean).join("\n");
  return own;
}

function dropHeadingLine(text: string, title: string): string {
  const nl = text.indexOf("\n");
  const first = nl < 0 ? text : text.slice(0, nl);
  const a = normText(first);
  const b = normText(title);
  if (a && b && (a === b || a.endsWith(b) || b.endsWith(a))) return nl < 0 ? "" : text.slice(nl + 1);
  return text;
}

/** Document description: its most representative sentences and its top-level sections. */
export function describeDocument(tree: TreeNode[], maxTokens = DESCRIPTION_MAX_TOKENS): string {
  const titles = tree.map((n) => n.title.trim()).filter(Boolean);
  const sentences: string[] = [];
  const collect = (n: TreeNode) => {
    if (sentences.length > 4000) return;
    for (const s of splitSentences(dropHeadingLine(n.text, n.title))) if (s.split(" ").length >= 6) sentences.push(s);
    n.nodes.forEach(collect);
  };
  tree.forEach(collect);
  let sample = sentences;
  if (sample.length > 400) {
    const step = sample.length / 400;
    sample = Array.from({ length: 400 }, (_, i) => sentences[Math.floor(i * step)]);
  }
  const scores = centrality(sample);
  const best = sample
    .map((s, i) => ({ s, i, score: scores[i] * (s.split(" ").length > 60 ? 0.6 : 1) }))
    .sort((a, b) => b.score - a.score || a.i - b.i);
  // Sections first get a share of the budget, sentences fill the rest.
  let sectionPart = "";
  if (titles.length) {
    const list: string[] = [];
    for (const t of titles) {
      const next = `Sections: ${[...list, t].join("; ")}.`;
      if (countTokens(next) > maxTokens * 0.45) break;
      list.push(t);
    }
    if (list.length) sectionPart = `Sections: ${list.join("; ")}${list.length < titles.length ? "; …" : ""}.`;
  }
  const budget = maxTokens - countTokens(sectionPart) - 1;
  const picked: { s: string; i: number }[] = [];
  let used = 0;
  for (const b of best) {
    const t = countTokens(b.s) + 1;
    if (used + t > budget) continue;
    picked.push(b);
    used += t;
    if (used > budget * 0.8 || picked.length >= 3) break;
  }
  const lead = picked.sort((a, b) => a.i - b.i).map((p) => p.s).join(" ");
  const description = [lead, sectionPart].filter(Boolean).join(" ");
  return cutToTokens(description || titles.join("; "), maxTokens);
}
