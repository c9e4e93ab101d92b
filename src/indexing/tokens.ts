/**
 * Token counting with a real tokenizer (o200k_base, the GPT-4o family encoding), so
 * thresholds in tokens mean the same thing here as in any model we talk to.
 *
 * Special-token strings such as `<|endoftext|>` are counted as the ordinary text they are in
 * a document (the tokenizer's default refuses them, which failed whole uploads of papers
 * and manuals that mention them).
 */
import { countTokens as countO200k, decode, encode, isWithinTokenLimit } from "gpt-tokenizer/encoding/o200k_base";

const AS_TEXT = { disallowedSpecial: new Set<string>() };

export function countTokens(text: string): number {
  if (!text) return 0;
  return countO200k(text, AS_TEXT);
}

/**
 * Whether `text` has at most `limit` tokens, without encoding more than `limit + 1` of them:
 * a threshold test on a long node costs what its first tokens cost, not its whole text.
 * Every token covers at least one UTF-8 byte, so a text of no more bytes than `limit` is within.
 */
export function withinTokens(text: string, limit: number): boolean {
  if (text.length <= limit && Buffer.byteLength(text) <= limit) return true;
  return isWithinTokenLimit(text, limit, AS_TEXT) !== false;
}

/** Cut text to at most `maxTokens` tokens (whole tokens; may cut inside a word). */
export function truncateToTokens(text: string, maxTokens: number): string {
  const tokens = encode(text, AS_TEXT);
  if (tokens.length <= maxTokens) return text;
  return decode(tokens.slice(0, maxTokens));
}
