/**
 * Terms of the library index: the section search's analysis (retrieval/terms.ts), plus
 * the forms in which names and periods are written differently in file names, titles and
 * questions: "FY2015" also gives "fy" and "2015", "10-K" and "10K" both give "10k".
 * Documents and queries go through the same function, so both sides meet.
 */
import { analyse } from "../retrieval/terms.ts";

const LETTERS_AND_DIGITS = /^(?=.*\p{L})(?=.*\d)/u;

export function libraryTerms(text: string): string[] {
  const out: string[] = [];
  for (const term of analyse(text.replace(/_/g, " "))) {
    out.push(term);
    if (!LETTERS_AND_DIGITS.test(term)) continue;
    const joined = term.replace(/[.\-/'’]/g, "");
    if (joined !== term) out.push(joined);
    // A quarter glued to its year: "q22023" / "2023q2" -> "q2", "2023".
const quarterFirst = /^q([1-4])((?:19|20)\d\d)$/.exec(joined);
    const yearFirst = /^((?:19|20)\d\d)q([1-4])$/.exec(joined);
    if (quarterFirst) out.push(`q${quarterFirst[1]}`, quarterFirst[2]);
    if (yearFirst) out.push(`q${yearFirst[2]}`, yearFirst[1]);
    // "fy2015" -> "fy", "2015"; "q1" stays with its parts too ("q", dropped as one letter).
    for (const part of joined.split(/(?<=\d)(?=\p{L})|(?<=\p{L})(?=\d)/u)) if (part !== joined && part.length > 1) out.push(part);
  }
  return out;
}

/** Distinct query terms, in order. */
export function libraryQueryTerms(query: string): string[] {
  return [...new Set(libraryTerms(query))];
}
