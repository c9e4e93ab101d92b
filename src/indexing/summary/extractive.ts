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
  const flat = joinedIfShort(text, maxTokens * 8);
  if (flat === "") return "";
  if (flat !== undefined && countTokens(flat) <= maxTokens && !avoid?.has(flat)) return flat;
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
  if (!picked.length) return cutToTokens(flat ?? joinLines(text), maxTokens);
  return picked
    .sort((a, b) => a.i - b.i)
    .map((p) => p.s)
    .join(" ");
}

/**
 * The text on one line (`joinLines`) when that is at most `limit` characters long, else
 * undefined ("" when it holds no words). A long text is judged by its opening: joining never
 * lengthens a text, and an opening joined is at most two characters longer than the same part
 * of the whole text joined (a hyphen at the cut that the next line would have rejoined), so
 * an opening longer than that already settles it without joining the rest.
 */
export function joinedIfShort(text: string, limit: number): string | undefined {
  const openingLength = limit * 4;
  if (text.length > openingLength && joinLines(text.slice(0, openingLength)).length > limit + 2) return undefined;
  const flat = joinLines(text);
  return flat.length <= limit ? flat : undefined;
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
  // One pass over the characters (this runs on every sentence of every node): letters
  // against all non-space characters, and tokens (runs between whitespace, as
  // `split(/\s+/)` gives them) that hold no two letters in a row.
  let letters = 0;
  let nonSpace = 0;
  let tokens = 0;
  let numeric = 0;
  let inToken = false;
  let pair = false;
  let prevLetter = false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (isSpace(c, s, i)) {
      if (inToken && !pair) numeric++;
      inToken = false;
      prevLetter = false;
      continue;
    }
    if (!inToken) {
      tokens++;
      inToken = true;
      pair = false;
    }
    const next = i + 1 < s.length ? s.charCodeAt(i + 1) : 0;
    const astral = c >= 0xd800 && c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff;
    nonSpace += astral ? 2 : 1;
    const letter = isLetter(c, s, i, astral);
    if (letter) {
      letters += astral ? 2 : 1;
      if (prevLetter) pair = true;
    }
    prevLetter = letter;
    if (astral) i++;
  }
  if (inToken && !pair) numeric++;
  // `split` also yields empty first and last tokens around leading or trailing whitespace.
  if (s.length && isSpace(s.charCodeAt(0), s, 0)) ((tokens++), numeric++);
  if (s.length > 1 && isSpace(s.charCodeAt(s.length - 1), s, s.length - 1)) ((tokens++), numeric++);
  else if (s.length === 1 && isSpace(s.charCodeAt(0), s, 0)) ((tokens++), numeric++);
  if (!s.length) ((tokens = 1), (numeric = 1));
  if (letters < nonSpace * 0.6) return false;
  // Table rows read as sentences too: too many numbers and symbols give them away.
  return tokens >= 4 && numeric <= tokens * 0.25;
}

const SPACE_RE = /\s/;
const LETTER_RE = /\p{L}/u;

function isSpace(c: number, s: string, i: number): boolean {
  if (c === 32 || (c >= 9 && c <= 13)) return true;
  return c > 127 && SPACE_RE.test(s[i]);
}

function isLetter(c: number, s: string, i: number, astral: boolean): boolean {
  if (c < 128) return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
  return LETTER_RE.test(astral ? s.slice(i, i + 2) : s[i]);
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
