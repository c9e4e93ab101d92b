/**
 * Terms of definition lists (a command-line option, a function's signature over its indented
 * description): entries of a list, never sections.
 */
import type { Line } from "../types.ts";
import { DOTTED_RE, scheme } from "./heading-numbering.ts";
import { namesOneThing } from "./heading-shape.ts";

/**
 * The term of a definition list (a command-line option, a function's signature) whose
 * description is indented beneath it: an entry of a list, not a section.
 */
function definitionTerm(lines: Line[], i: number): boolean {
  const term = lines[i];
  const next = lines[i + 1];
  // A section number makes it a heading (a numbered function's parameters listed beneath it).
  if (DOTTED_RE.test(term.text.trim())) return false;
  // A list under a heading is indented too, behind its bullets.
  if (!next || /^[•●▪■◦‣∙·○□➢✓–-]/u.test(next.text.trim())) return false;
  return next.y < term.y && next.x > term.x + 0.8 * term.size && next.x < term.x + term.w;
}

/**
 * The term of a definition list: a code name, or one name in lower case at the text's size,
 * with its description indented beneath it.
 */
export function listTerm(lines: Line[], i: number, bodySize: number, code: boolean): boolean {
  const l = lines[i];
  // Small capitals set a heading, never a list's term: a method's name over its parameters.
  if (l.smallCaps) return false;
  // A label numbers a section ("B. sea.getAsset(key)"), its paragraph indented as all are.
  return (code || (l.size < bodySize + 0.8 && namesOneThing(l.text.trim()))) && scheme(l.text.trim()).kind === null && definitionTerm(lines, i);
}
