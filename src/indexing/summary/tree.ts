/**
 * Summaries for a whole tree and the document description, with the extractive summariser
 * by default. Parents summarise their subtree text (their own text is often just a heading);
 * a node's summary never equals its parent's.
 */
import type { TreeNode } from "../tree-types.ts";
import { countTokens } from "../tokens.ts";
import { centrality } from "./centrality.ts";
import { cutToTokens, ExtractiveSummariser, isProse } from "./extractive.ts";
import { splitSentences } from "./sentences.ts";
import { filingLead } from "./filing-lead.ts";
import { DESCRIPTION_MAX_TOKENS, type Summariser } from "./summariser.ts";

/** Characters a parent's summary looks at: its own text, then the opening of each child. */
const PARENT_OWN_CHARS = 8_000;
const CHILD_OPENING_CHARS = 1_500;
const PARENT_TOTAL_CHARS = 16_000;

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

/** The node's own text without its heading line; a parent adds the opening of each child,
 * which covers the whole subtree's topics at a bounded cost. */
export function summaryText(n: TreeNode): string {
  const own = dropHeadingLine(n.text, n.title);
  if (!n.nodes.length) return own;
  const parts = [own.slice(0, PARENT_OWN_CHARS)];
  let total = parts[0].length;
  for (const c of n.nodes) {
    if (total >= PARENT_TOTAL_CHARS) break;
    const opening = cutAtSentence(dropHeadingLine(c.text, c.title), CHILD_OPENING_CHARS);
    parts.push(opening);
    total += opening.length;
  }
  return parts.filter(Boolean).join("\n");
}

function cutAtSentence(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const end = Math.max(cut.lastIndexOf(". "), cut.lastIndexOf(".\n"));
  return end > max * 0.5 ? cut.slice(0, end + 1) : cut;
}

/** Letters and digits only, lowercased: enough to tell a heading line from its title. */
function normText(s: string): string {
  return s.normalize("NFKD").toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();
}

function dropHeadingLine(text: string, title: string): string {
  const nl = text.indexOf("\n");
  const first = nl < 0 ? text : text.slice(0, nl);
  const a = normText(first);
  const b = normText(title);
  if (a && b && (a === b || a.endsWith(b) || b.endsWith(a))) return nl < 0 ? "" : text.slice(nl + 1);
  return text;
}

const BOILERPLATE = /copyright|©|all rights reserved|permission is granted|licen[cs]e|trademark|isbn|printed in/i;

/** Sections that say what a document is about, in the order they are preferred. */
const ABOUT = /^(abstract|executive summary|summary|overview|introduction|preface|about\b|foreword|business|purpose|scope)/;

/**
 * Document description: the most representative sentences of the section that introduces the
 * document (abstract, preface, introduction, a 10-K's "Business"), else of its opening
 * quarter, followed by its top-level sections.
 */
export function describeDocument(tree: TreeNode[], maxTokens = DESCRIPTION_MAX_TOKENS): string {
  const titles = tree.map((n) => n.title.trim()).filter(Boolean);
  // A filing says first what it is: company, form, period.
  const filing = filingLead(tree);
  if (filing) maxTokens -= countTokens(filing) + 1;
  const pool = distinctSentences(introSentences(tree) ?? openingSentences(tree));
  const scores = centrality(pool);
  const best = pool
    .map((s, i) => ({ s, i, score: scores[i] * (s.split(" ").length > 60 ? 0.6 : 1) * (1 + 0.3 / (1 + i)) }))
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
  const body = cutToTokens(description || titles.join("; "), maxTokens);
  return filing ? `${filing} ${body}`.trim() : body;
}

/**
 * Sentences without repeats: a sentence that says nearly what an earlier one said (the same
 * opening words, or most of its words) is dropped, so boilerplate repeated per section ("The
 * most comparable GAAP measures are …") appears once.
 */
export function distinctSentences(sentences: string[]): string[] {
  const kept: { words: Set<string>; opening: string; s: string }[] = [];
  for (const s of sentences) {
    const list = s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
    const words = new Set(list);
    const opening = list.slice(0, 6).join(" ");
    const repeat = kept.some((k) => {
      if (list.length >= 6 && k.opening === opening) return true;
      let shared = 0;
      for (const w of words) if (k.words.has(w)) shared++;
      return shared / Math.max(1, Math.min(words.size, k.words.size)) >= 0.8;
    });
    if (!repeat) kept.push({ words, opening, s });
  }
  return kept.map((k) => k.s);
}

function proseOf(n: TreeNode, limit: number): string[] {
  const out: string[] = [];
  const walk = (m: TreeNode) => {
    if (out.length >= limit) return;
    for (const s of splitSentences(dropHeadingLine(m.text, m.title))) {
      if (isProse(s) && s.split(" ").length >= 6 && !BOILERPLATE.test(s)) out.push(s);
    }
    m.nodes.forEach(walk);
  };
  walk(n);
  return out.slice(0, limit);
}

function introSentences(tree: TreeNode[]): string[] | null {
  const flat: TreeNode[] = [];
  const walk = (n: TreeNode, depth: number) => {
    if (depth > 2) return;
    flat.push(n);
    n.nodes.forEach((c) => walk(c, depth + 1));
  };
  tree.forEach((n) => walk(n, 1));
  for (const n of flat) {
    const core = normText(n.title).replace(/^(\d+( \d+)*|[ivx]+|[a-z]|item \d+[a-z]?|chapter \d+|part [ivx]+) /, "");
    if (!ABOUT.test(core)) continue;
    const sentences = proseOf(n, 60);
    if (sentences.length >= 2) return sentences;
  }
  return null;
}

function openingSentences(tree: TreeNode[]): string[] {
  const all: string[] = [];
  for (const n of tree) {
    if (all.length > 1600) break;
    all.push(...proseOf(n, 400));
  }
  return all.slice(0, Math.max(3, Math.ceil(all.length * 0.25)));
}
