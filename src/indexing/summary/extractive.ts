/**
 * Extractive, deterministic summaries: the most representative sentences of a text, in their
 * original order, within a token budget. Short texts are their own summary.
 */
import { countTokens, truncateToTokens } from "../tokens.ts";
import { centrality } from "./centrality.ts";
import { joinLines, splitSentences } from "./sentences.ts";
import { NODE_SUMMARY_MAX_TOKENS, type Summariser, type SummaryInput } from "./summariser.ts";

/** Sentences considered per text; long texts are sampled evenly so cost stays linear. */
const MAX_SENTENCES = 250;

export interface ExtractOptions {
  maxTokens: number;
  /** Sentences that must not be picked (to differ from a parent's summary). */
  avoid?: ReadonlySet<string>;
}

export function extractiveSummary(text: string, { maxTokens, avoid }: ExtractOptions): string {
  const flat = joinLines(text);
  if (!flat) return "";
  if (flat.length <= maxTokens * 8 && countTokens(flat) <= maxTokens && !avoid?.has(flat)) return flat;
  const all = sample(splitSentences(text), MAX_SENTENCES * 2);
  let sentences = sample(all.filter(isProse), MAX_SENTENCES);
  if (!sentences.length) sentences = sample(all, MAX_SENTENCES);
  const scores = centrality(sentences);
  const ranked = sentences
    .map((s, i) => ({ s, i, score: scores[i] * lengthWeight(s) * (1 + 0.15 / (1 + i)) }))
    .filter((x) => !avoid?.has(x.s))
    .sort((a, b) => b.score - a.score || a.i - b.i);
  const picked: { s: string; i: number }[] = [];
  let used = 0;
  for (const r of ranked) {
    const t = countTokens(r.s) + 1;
    if (used + t > maxTokens) {
      if (picked.length === 0) {
        // The best sentence alone is too long: cut it at a word boundary.
        return cutToTokens(r.s, maxTokens);
      }
      continue;
    }
    picked.push(r);
    used += t;
    if (used >= maxTokens * 0.8) break;
  }
  if (!picked.length) return cutToTokens(flat, maxTokens);
  return picked
    .sort((a, b) => a.i - b.i)
    .map((p) => p.s)
    .join(" ");
}

/** At most `n` items, evenly spread over the input. */
function sample<T>(items: T[], n: number): T[] {
  if (items.length <= n) return items;
  const step = items.length / n;
  return Array.from({ length: n }, (_, i) => items[Math.floor(i * step)]);
}

/** Sentences worth quoting: mostly letters, no dot leaders (contents lines), a few words. */
export function isProse(s: string): boolean {
  if (/(?:\.\s?){4,}|…{2,}/.test(s)) return false;
  const letters = s.replace(/[^\p{L}]+/gu, "").length;
  if (letters < s.replace(/\s+/g, "").length * 0.6) return false;
  const tokens = s.split(/\s+/);
  // Table rows read as sentences too: too many numbers and symbols give them away.
  const numeric = tokens.filter((t) => !/\p{L}{2}/u.test(t)).length;
  return tokens.length >= 4 && numeric <= tokens.length * 0.25;
}

/** Very short fragments (labels, table cells) and run-ons make poor summaries. */
function lengthWeight(s: string): number {
  const words = s.split(/\s+/).length;
  if (words < 5) return 0.3;
  if (words > 60) return 0.6;
  return 1;
}

export function cutToTokens(s: string, maxTokens: number): string {
  if (countTokens(s) <= maxTokens) return s;
  const cut = truncateToTokens(s, Math.max(1, maxTokens - 1));
  const sp = cut.lastIndexOf(" ");
  return (sp > cut.length * 0.5 ? cut.slice(0, sp) : cut).trimEnd() + "…";
}

export class ExtractiveSummariser implements Summariser {
  constructor(private readonly maxTokens = NODE_SUMMARY_MAX_TOKENS) {}

  async summarise(inputs: readonly SummaryInput[]): Promise<string[]> {
    return inputs.map((i) => this.summariseOne(i));
  }

  summariseOne({ title, text, parentSummary }: SummaryInput): string {
    let summary = extractiveSummary(text, { maxTokens: this.maxTokens });
    if (!summary) summary = title;
    if (parentSummary !== undefined && summary === parentSummary) {
      // Same words as the parent: pick other sentences, or say which part this is.
      const avoid = new Set(splitSentences(parentSummary));
      avoid.add(parentSummary);
      const alt = extractiveSummary(text, { maxTokens: this.maxTokens, avoid });
      summary = alt && alt !== parentSummary ? alt : cutToTokens(`${title}: ${summary}`, this.maxTokens);
      if (summary === parentSummary) summary = cutToTokens(`${title} (section)`, this.maxTokens);
    }
    return summary;
  }
}
