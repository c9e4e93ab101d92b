/**
 * A heading candidate of the layout pass, before levels are assigned.
 */
import type { strongPattern } from "./heading-numbering.ts";

export interface Cand {
  page: number;
  line: number;
  title: string;
  style: string;
  size: number;
  depth: number;
  pattern: ReturnType<typeof strongPattern>;
  /** A run-in heading: the opening words of a paragraph, in their own font. */
  runIn?: boolean;
  /** A letter heading of an index (index-letters.ts): below every other heading, like run-in ones. */
  indexLetter?: boolean;
  /** The title ends on its line: the rest of the line is a paragraph's first sentence. */
  closed?: boolean;
  /** The last line the title was wrapped onto (mergeWrapped), when it spans several. */
  lastLine?: number;
}

/** In-place filter (linear, unlike repeated splice). */
export function keepWhere<T>(items: T[], keep: (t: T) => boolean): void {
  let j = 0;
  for (const it of items) if (keep(it)) items[j++] = it;
  items.length = j;
}
