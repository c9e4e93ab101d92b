/**
 * Text -> sentences for extractive summaries. PDF text arrives as visual lines: words split by
 * end-of-line hyphens are rejoined and lines are joined before splitting on sentence ends.
 */

import { collapseWhitespace } from "../whitespace.ts";

/** Common abbreviations that end in a period but do not end a sentence. */
const ABBREV = /\b(e\.g|i\.e|etc|vs|cf|al|fig|figs|eq|eqs|no|nos|vol|pp|p|dr|mr|mrs|ms|st|inc|ltd|co|corp|approx|sec|ch|u\.s|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\.$/i;

/** Rejoins words split by end-of-line hyphens (the check first: most texts have none). */
export function unhyphenate(text: string): string {
  return text.includes("-\n") ? text.replace(/(\p{Ll})-\n(\p{Ll})/gu, "$1$2") : text;
}

export function joinLines(text: string): string {
  // One pass over whitespace runs does what line breaks then spaces would (summaries of a
  // thousand-page book spend a fifth of their time here).
  return collapseWhitespace(unhyphenate(text));
}

export function splitSentences(text: string): string[] {
  const out: string[] = [];
  // Lines that do not end in punctuation and are short are headings or list labels: keep them
  // apart so they do not glue onto the next sentence.
  const blocks: string[] = [];
  let cur: string[] = [];
  for (const raw of unhyphenate(text).split("\n")) {
    const line = raw.trim();
    if (!line) continue;
    const headingLike = line.length < 60 && !/[.!?:;,]$/.test(line) && !/^\p{Ll}/u.test(line);
    if (headingLike) {
      if (cur.length) blocks.push(cur.join("\n"));
      blocks.push(line);
      cur = [];
    } else cur.push(line);
  }
  if (cur.length) blocks.push(cur.join("\n"));
  for (const b of blocks) {
    const joined = joinLines(b);
    let start = 0;
    const re = /[.!?]["'”’)\]]*\s+(?=["'“‘(\[]?[\p{Lu}\p{N}])/gu;
    let m: RegExpExecArray | null;
    while ((m = re.exec(joined))) {
      const end = m.index + m[0].trimEnd().length;
      const candidate = joined.slice(start, end);
      if (ABBREV.test(candidate)) continue;
      out.push(candidate.trim());
      start = m.index + m[0].length;
    }
    const rest = joined.slice(start).trim();
    if (rest) out.push(rest);
  }
  return out.filter((s) => /\p{L}/u.test(s));
}
