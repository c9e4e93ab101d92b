export type { Summariser, SummaryInput } from "./summariser.ts";
export { NODE_SUMMARY_MAX_TOKENS, DESCRIPTION_MAX_TOKENS } from "./summariser.ts";
export { ExtractiveSummariser, extractiveSummary } from "./extractive.ts";
export { summariseTree, summariseTreeWith, describeDocument, distinctSentences, summaryText } from "./tree.ts";
