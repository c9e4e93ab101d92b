/**
 * Token counting with a real tokenizer (o200k_base, the GPT-4o family encoding), so
 * thresholds in tokens mean the same thing here as in any model we talk to.
 */
import { countTokens as countO200k, encode, decode } from "gpt-tokenizer/encoding/o200k_base";

export function countTokens(text: string): number {
  if (!text) return 0;
  return countO200k(text);
}

/** Cut text to at most `maxTokens` tokens (whole tokens; may cut inside a word). */
export function truncateToTokens(text: string, maxTokens: number): string {
  const tokens = encode(text);
  if (tokens.length <= maxTokens) return text;
  return decode(tokens.slice(0, maxTokens));
}
