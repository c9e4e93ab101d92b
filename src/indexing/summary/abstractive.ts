/**
 * Abstractive summaries with a model, behind the same Summariser interface as the extractive
 * one. Runs in the main thread after the worker returns the tree (the model is an HTTP
 * call, not CPU work). Leaves are summarised from their text, parents from their own text
 * and their children's summaries (bottom-up, level by level, so every parent sees finished
 * children), and the document description from the top-level summaries. The provider
 * bounds concurrency; a failure leaves the extractive summaries in place.
 */
import type { LlmProvider } from "../../llm/index.ts";
import type { IndexedDocument, TreeNode } from "../tree-types.ts";
import { truncateToTokens } from "../tokens.ts";
import { DESCRIPTION_MAX_TOKENS, NODE_SUMMARY_MAX_TOKENS, type Summariser, type SummaryInput } from "./summariser.ts";
import { summaryText } from "./tree.ts";

/** Tokens of source text one summary request may carry. */
const INPUT_TOKENS = 3_000;

const NODE_INSTRUCTION = `Summarise the section for a table of contents: what it covers and its key facts (names, figures, dates), in at most ${Math.round(NODE_SUMMARY_MAX_TOKENS * 0.7)} words, plain prose, no preamble.`;
const DESCRIPTION_INSTRUCTION = `Describe the document in at most ${Math.round(DESCRIPTION_MAX_TOKENS * 0.7)} words: what it is, who it is from, what it covers. Plain prose, no preamble.`;

export class AbstractiveSummariser implements Summariser {
  constructor(private readonly llm: LlmProvider) {}

  summarise(inputs: readonly SummaryInput[]): Promise<string[]> {
    return Promise.all(inputs.map((input) => this.one(NODE_INSTRUCTION, input, NODE_SUMMARY_MAX_TOKENS)));
  }

  describe(input: SummaryInput): Promise<string> {
    return this.one(DESCRIPTION_INSTRUCTION, input, DESCRIPTION_MAX_TOKENS);
  }

  private async one(instruction: string, input: SummaryInput, maxTokens: number): Promise<string> {
    const avoid = input.parentSummary ? `\nDo not repeat this summary of the enclosing section: ${input.parentSummary}` : "";
    const reply = await this.llm.chat({
      // No max_tokens: reasoning models reject it; the answer is cut to the cap below.
      temperature: 0,
      messages: [
        { role: "system", content: instruction + avoid },
        { role: "user", content: `Title: ${input.title}\n\n${truncateToTokens(input.text, INPUT_TOKENS)}` },
      ],
    });
    const text = reply.content.replace(/\s+/g, " ").trim();
    if (!text) throw new Error(`the model returned an empty summary for "${input.title}"`);
    return truncateToTokens(text, maxTokens);
  }
}

/** Children first: each level's parents get their children's finished summaries. */
export async function summariseBottomUp(tree: TreeNode[], summariser: Summariser): Promise<void> {
  const levels: TreeNode[][] = [];
  const walk = (nodes: TreeNode[], depth: number) => {
    for (const n of nodes) {
      (levels[depth] ??= []).push(n);
      walk(n.nodes, depth + 1);
    }
  };
  walk(tree, 0);
  for (let depth = levels.length - 1; depth >= 0; depth--) {
    const nodes = levels[depth];
    const out = await summariser.summarise(nodes.map((n) => ({ title: n.title, text: parentInput(n) })));
    nodes.forEach((n, i) => (n.summary = out[i]));
  }
}

function parentInput(n: TreeNode): string {
  if (!n.nodes.length) return summaryText(n);
  const own = summaryText({ ...n, nodes: [] });
  const children = n.nodes.map((c) => `- ${c.title}: ${c.summary ?? ""}`).join("\n");
  return `${own}\n\nSubsections:\n${children}`;
}

/**
 * Replaces the extractive summaries and description of `indexed` with abstractive ones.
 * All or nothing: on a model failure the extractive ones stay and a warning says why.
 */
export async function makeAbstractive(indexed: IndexedDocument, llm: LlmProvider): Promise<void> {
  const summariser = new AbstractiveSummariser(llm);
  const tree: TreeNode[] = structuredClone(indexed.tree);
  try {
    await summariseBottomUp(tree, summariser);
    const overview = tree.map((n) => `- ${n.title}: ${n.summary ?? ""}`).join("\n");
    const description = await summariser.describe({ title: "Document", text: `Top-level sections:\n${overview}` });
    indexed.tree = tree;
    indexed.description = description;
  } catch (error) {
    (indexed.warnings ??= []).push(`Abstractive summaries failed (${error instanceof Error ? error.message : String(error)}); extractive summaries were kept`);
  }
}
