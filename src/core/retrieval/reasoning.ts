/**
 * Reasoning tree search with a model. The model sees node ids, titles, page ranges and
 * summaries (never whole text) plus the lexical ranking as a hint, and picks node ids with
 * reasons. A tree too large for one prompt is shown as the lexical ranking's candidate
 * sections with their ancestors (seeded: one prompt, as PageIndex would show the part of
 * the tree worth reading); without candidates it is walked level by level: the model picks
 * nodes to expand, sees their children, and so on. With `thinking`, the model first writes a plan
 * of the information it needs, which then guides the choice.
 */
import { z } from "zod";
import type { LlmMessage, LlmProvider } from "../../llm/index.ts";
import type { LexicalIndex, ScoredNode } from "./lexical-index.ts";
import type { FlatNode } from "./passages.ts";

/** Characters of outline shown in one prompt (~8k tokens). */
const OUTLINE_BUDGET = 32_000;
const SUMMARY_CHARS = 240;
const MAX_LEVELS = 6;
const MAX_PICKS = 5;

export const planSchema = z.object({
  plan: z.string().describe("How to find the answer: which information is needed, where it is likely to be"),
  information_needed: z.array(z.string()).max(8),
});

export const pickSchema = z.object({
  nodes: z
    .array(
      z.object({
        node_id: z.string(),
        reason: z.string(),
        expand: z.boolean().optional().describe("true: show this node's subsections before deciding"),
      }),
    )
    .max(12),
});

export interface ReasonedPick {
  node_id: string;
  reason: string;
}

export interface ReasoningOutcome {
  picks: ReasonedPick[];
  plan?: string;
  /** Model calls made (for logs and tests). */
  calls: number;
}

const SYSTEM = `You find the sections of a document that answer a question. You see the document's table of contents: node ids, titles, page ranges and short summaries. Choose the few most specific sections (at most ${MAX_PICKS}) whose text most likely contains the answer, each with a one-sentence reason. Mark expand=true on a section whose subsections you need to see first (only when it has subsections). Use only node ids that appear in the outline.`;

export async function reasoningSearch(
  llm: LlmProvider,
  index: LexicalIndex,
  query: string,
  options: {
    thinking: boolean;
    hint: ScoredNode[];
    docName: string;
    signal?: AbortSignal;
    outlineBudget?: number;
    /** Node ids the lexical ranking found (best first): the seed outline of a tree too large for one prompt. */
    candidates?: string[];
  },
): Promise<ReasoningOutcome> {
  let calls = 0;
  let plan: string | undefined;
  if (options.thinking) {
    const { value } = await llm.structured({
      name: "retrieval_plan",
      schema: planSchema,
      signal: options.signal,
      messages: [
        { role: "system", content: "Before searching a document, plan what information answers the question and where in a document it usually is." },
        { role: "user", content: `Document: ${options.docName}\nQuestion: ${query}` },
      ],
    });
    calls++;
    plan = `${value.plan}${value.information_needed.length ? `\nNeeded: ${value.information_needed.join("; ")}` : ""}`;
  }

  const nodes = index.nodes;
  const hint = options.hint.length
    ? `Keyword search ranks these sections highest (a hint, not an answer): ${options.hint.map((n) => `${n.node_id} "${n.title}"`).join(", ")}.`
    : "Keyword search found no matching section.";
  const budget = options.outlineBudget ?? OUTLINE_BUDGET;
  const whole = outline(nodes, nodes.map((n) => n.index));
  let shown: number[] = nodes.filter((n) => n.parent === null).map((n) => n.index);
  let fullTree = false;
  let seeded = false;
  if (whole.length <= budget) {
    shown = nodes.map((n) => n.index);
    fullTree = true;
  } else if (options.candidates?.length) {
    shown = seedOutline(nodes, options.candidates, budget);
    seeded = shown.length > 0;
  }

  const picks = new Map<string, string>();
  for (let level = 0; level < MAX_LEVELS && shown.length; level++) {
    const messages: LlmMessage[] = [
      { role: "system", content: SYSTEM },
      {
        role: "user",
        content: [
          `Document: ${options.docName}`,
          `Question: ${query}`,
          plan ? `Your plan:\n${plan}` : "",
          hint,
          fullTree
            ? "Outline (complete):"
            : seeded && level === 0
              ? "Outline (the sections keyword search found, with their parent sections; [+N] marks N subsections you can expand):"
              : `Outline (level ${level + 1}; sections with [+N] have N subsections you can expand):`,
          cut(outline(nodes, shown), budget),
        ].filter(Boolean).join("\n\n"),
      },
    ];
    const { value } = await llm.structured({ name: "section_choice", schema: pickSchema, messages, signal: options.signal });
    calls++;
    const valid = new Set(shown.map((i) => nodes[i].node_id));
    const expand: number[] = [];
    for (const pick of value.nodes) {
      if (!valid.has(pick.node_id)) continue;
      const node = nodes.find((n) => n.node_id === pick.node_id)!;
      if (pick.expand && !fullTree && node.children.length) expand.push(...node.children);
      else if (picks.size < MAX_PICKS) picks.set(pick.node_id, pick.reason);
    }
    if (fullTree || picks.size >= MAX_PICKS) break;
    shown = expand;
  }
  return { picks: [...picks].map(([node_id, reason]) => ({ node_id, reason })), plan, calls };
}

/** The candidates and their ancestors, in document order, as many candidates as fit the budget. */
function seedOutline(nodes: FlatNode[], candidateIds: string[], budget: number): number[] {
  const byId = new Map(nodes.map((n) => [n.node_id, n.index]));
  const chosen = new Set<number>();
  for (const id of candidateIds) {
    const start = byId.get(id);
    if (start === undefined) continue;
    const withAncestors = new Set(chosen);
    for (let i: number | null = start; i !== null; i = nodes[i].parent) withAncestors.add(i);
    if (outline(nodes, [...withAncestors].sort((a, b) => a - b)).length > budget) break;
    for (const i of withAncestors) chosen.add(i);
  }
  return [...chosen].sort((a, b) => a - b);
}

function outline(nodes: FlatNode[], shown: number[]): string {
  return shown
    .map((i) => {
      const n = nodes[i];
      const where = n.start_index !== undefined ? ` (pages ${n.start_index}-${n.end_index ?? n.start_index})` : n.line_num !== undefined ? ` (line ${n.line_num})` : "";
      const more = n.children.length ? ` [+${n.children.length}]` : "";
      const summary = n.summary ? ` — ${n.summary.slice(0, SUMMARY_CHARS)}` : "";
      return `${"  ".repeat(n.depth)}${n.node_id} ${n.title}${where}${more}${summary}`;
    })
    .join("\n");
}

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}\n…`;
}
