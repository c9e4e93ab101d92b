/**
 * Token counting with a real tokenizer (o200k_base, the GPT-4o family encoding), so
 * thresholds in tokens mean the same thing here as in any model we talk to.
 *
 * Special-token strings such as `<|endoftext|>` are counted as the ordinary text they are in
 * a document (the tokenizer's default refuses them, which failed whole uploads of papers
 * and manuals that mention them).
 */
import { isUtf8 } from "node:buffer";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { GptEncoding } from "gpt-tokenizer/GptEncoding";

/**
 * The o200k_base ranks (index = token), read from the tiktoken file gpt-tokenizer ships
 * (`data/o200k_base.tiktoken`: a "base64-bytes rank" line per token) rather than from the
 * module it generates from that file (`gpt-tokenizer/encoding/o200k_base`: the same table as
 * two array literals of 100,000 strings). Compiling that 2.4 MB module costs each thread that
 * counts tokens ~65 MB (AST, bytecode, literal boilerplates, a 4 MB copy of the source V8
 * keeps) where this costs ~40 MB, in the same time; an index job loads the tokenizer near
 * its end, when its thread's memory is highest (`npm run bench -- pdf-speed`, peak RSS).
 * A token is the string its bytes spell when they are UTF-8 that reads back to the same
 * bytes, otherwise its bytes: the rule of gpt-tokenizer's generator
 * (src/codegen/generateJsBpe.ts), so this is the module's table element for element
 * (test/indexing/tokens.test.ts compares them).
 */
export function readO200kRanks(): (string | number[])[] {
  const file = createRequire(import.meta.url).resolve("gpt-tokenizer/data/o200k_base.tiktoken");
  const text = readFileSync(file, "latin1");
  // Not fatal (isUtf8 has checked), and dropping a leading BOM as the generator's decoder does.
  const utf8 = new TextDecoder("utf-8");
  const ranks: (string | number[])[] = [];
  for (let at = 0; at < text.length; ) {
    let end = text.indexOf("\n", at);
    if (end < 0) end = text.length;
    const space = text.indexOf(" ", at);
    if (space > at && space < end) {
      const bytes = Buffer.from(text.slice(at, space), "base64");
      const decoded = isUtf8(bytes) ? utf8.decode(bytes) : undefined;
      ranks[Number(text.slice(space + 1, end))] = decoded !== undefined && Buffer.byteLength(decoded) === bytes.length ? decoded : Array.from(bytes);
    }
    at = end + 1;
  }
  return ranks;
}

const o200k = GptEncoding.getEncodingApi("o200k_base", readO200kRanks);

const AS_TEXT = { disallowedSpecial: new Set<string>() };

export function countTokens(text: string): number {
  if (!text) return 0;
  return o200k.countTokens(text, AS_TEXT);
}

/**
 * Characters of a long text counted first to decide a threshold test: at most a few tokens
 * per character pair in any text, so a prefix this long nearly always settles it.
 */
const PREFIX_CHARS_PER_TOKEN = 8;

/**
 * Whether `text` has at most `limit` tokens, exactly as `countTokens(text) <= limit`, but
 * counting only a prefix of a long text when that settles it: a threshold test on a long node
 * costs what its first tokens cost, not its whole text.
 * - Every token covers at least one UTF-8 byte, so a text of at most `limit` bytes is within.
 * - The tokenizer splits text into pieces before merging inside each piece, and a piece never
 *   runs from a letter across a following space; so a prefix cut between a letter and a space
 *   has exactly the tokens of its pieces in the whole text, and if it already has more than
 *   `limit`, so has the text.
 */
export function withinTokens(text: string, limit: number): boolean {
  if (text.length <= limit && Buffer.byteLength(text) <= limit) return true;
  if (wordsWithLetterOrDigit(text) > limit) return false;
  const cut = prefixCut(text, (limit + 1) * PREFIX_CHARS_PER_TOKEN);
  if (cut > 0 && countTokens(text.slice(0, cut)) > limit) return false;
  return countTokens(text) <= limit;
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const WHITE_SPACE = /\s/u;

/**
 * A lower bound of the text's tokens, found without the tokenizer (whose merges, a lookup in a
 * table of 200,000 entries per piece, are most of a count): the words, split at white space,
 * that hold a letter or a digit. The tokenizer's pieces never hold white space between the
 * letters or digits they take, so letters from two such words are never in one piece, and
 * every piece is at least one token. Most long nodes are settled by this alone.
 */
export function wordsWithLetterOrDigit(text: string): number {
  let words = 0;
  let counted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 128) {
      if (c === 32 || (c >= 9 && c <= 13)) counted = false;
      else if (!counted && ((c >= 48 && c <= 57) || ((c | 32) >= 97 && (c | 32) <= 122))) (words++, (counted = true));
    } else if (WHITE_SPACE.test(text[i])) counted = false;
    else if (!counted && LETTER_OR_DIGIT.test(String.fromCodePoint(text.codePointAt(i)!))) (words++, (counted = true));
  }
  return words;
}

/** An offset at or after `from` just after a letter that a space follows; 0 if none (or the text is short). */
function prefixCut(text: string, from: number): number {
  if (text.length <= from) return 0;
  for (let i = Math.max(from, 1); i < text.length; i++) {
    if (text.charCodeAt(i) === 32 && /\p{L}/u.test(text[i - 1])) return i;
  }
  return 0;
}

/** Cut text to at most `maxTokens` tokens (whole tokens; may cut inside a word). */
export function truncateToTokens(text: string, maxTokens: number): string {
  const tokens = o200k.encode(text, AS_TEXT);
  if (tokens.length <= maxTokens) return text;
  return o200k.decode(tokens.slice(0, maxTokens));
}
