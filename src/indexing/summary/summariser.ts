/**
 * The summarising seam. The extractive implementation needs no model; an LLM-backed one can be
 * plugged in later (abstractive, bounded concurrency, parents from their children's summaries)
 * without touching the indexers, which only see this interface.
 */

export interface SummaryInput {
  title: string;
  /** The text to summarise (a node's own text, or its subtree's for parents). */
  text: string;
  /** The parent's summary, which the result must not repeat verbatim. */
  parentSummary?: string;
}

export interface Summariser {
  /** One summary per input, in order. */
  summarise(inputs: readonly SummaryInput[]): Promise<string[]>;
}

/** Token caps shared by every implementation. */
export const NODE_SUMMARY_MAX_TOKENS = 80;
export const DESCRIPTION_MAX_TOKENS = 120;
