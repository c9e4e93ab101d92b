/**
 * Whether a line's words read as a title: short, made of words, not a sentence, a formula, a
 * list item or an address; and the letter and capital counts that judgement uses.
 */
import type { Line } from "../types.ts";
import { DOTTED_RE, LETTER_RE, scheme, strongPattern } from "./heading-numbering.ts";
import type { LayoutStats } from "./layout-stats.ts";

/** Section names that stand alone as headings whatever their size ("Index" set once, large). */
export const STANDARD_SECTION_RE = /^(?:index|references|bibliography|glossary|acknowledge?ments?|contents|table of contents|change history|list of (?:figures|tables))$/i;

/**
 * A line at the text's size in a code face other than the one that sets the document's code
 * (its listings), or in small capitals of two sizes: listings are never set so, a heading
 * that names code in a document whose headings are small capitals is ("RL.CLOSE()").
 */
export function isHeadingCode(l: Line, { bodySize, codeFont }: Pick<LayoutStats, "bodySize" | "codeFont">): boolean {
  return l.mono && l.size < bodySize + 0.8 && (l.smallCaps === true || (codeFont !== undefined && l.font !== codeFont));
}

/**
 * Manuals of programs and packages name commands, environments and placeholders in their
 * headings ("The command \\diagbox", "Use of {NiceTabular}", "The option <...>"): those are
 * words, not the symbols of a formula.
 */
function withoutCommandNames(t: string): string {
  return t.replace(/\\[A-Za-z@]+\*?/g, "C").replace(/\{[A-Za-z@][\w*@-]*\}/g, "C").replace(/<(?:\.\.\.|…|[A-Za-z][\w -]{0,30})>/g, "C");
}

/**
 * A function's signature in a heading ("openReadStream(entry, [options], callback)",
 * "countTokens(text: string | Iterable<ChatMessage>,", wrapped) is its name: what its
 * parentheses hold is code, not the brackets of a citation or the signs of a formula.
 */
function withoutSignatures(t: string): string {
  return t.replace(/(?<![\w$])[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*\((?:[^()]|\([^()]*\))*(?:\)|$)/g, "C()");
}

/** Type arguments after a name ("Promise<void>", "Map<string, number[]>") and markup
 * declarations ("<!DOCTYPE") read as names. */
function withoutMarkupNames(t: string): string {
  return t.replace(/(?<=[\w$])<[^<>=]{1,40}>/g, "").replace(/<![A-Za-z]+\b/g, "D");
}

/** A line that is only an e-mail address or a web address. */
const ADDRESS_RE = /^(?:[\w.+-]+@[\w-]+(?:\.[\w-]+)+|(?:https?|ftp):\/\/\S+|www\.\S+)$/i;

/**
 * One name in lower case, a word or an identifier (".enabled", "modify", "process.env"): a
 * web page's heading naming a property or method at the text's size, or, with its
 * description indented beneath it, the term of a definition list. An address (with its
 * "://" or "@") is neither.
 */
export function namesOneThing(t: string): boolean {
  return /^[.\p{Ll}][\p{L}\p{N}_$.\/()-]*$/u.test(t);
}

/** A name that carries its number ("SHA256", "ED25519", "PKCS#12"): an algorithm's or a
 * standard's, heading its section in a reference though more of it is digits than letters. */
const NUMBERED_NAME_RE = /^\p{Lu}[\p{L}]+[#-]?\d+$/u;

/** The keywords an algorithm listing sets in bold at the text's size ("else", "end for",
 * "return x"): a line opening with one in lower case is a step, not a title. */
const LISTING_KEYWORD_RE = /^(?:if|then|else|elif|elsif|end|endif|endfor|endwhile|for|foreach|while|do|repeat|until|return|function|procedure|begin|input|output|require|ensure|loop|break|continue|switch|case|goto|let|var|def|print)\b/;

/** Short, made of words, not a sentence fragment or a formula. */
/** `bodySized`: headings set in body size (bold) must be shorter and may not read like a
 * sentence, since emphasised notes and captions share their look. */
export function headingShaped(l: Line, bodySized = false, headingCode = false): boolean {
  const t = l.text.trim();
  // Code at body size is a listing, unless centred on its own or in a code face of the
  // headings (`headingCode`): a heading naming a function, which may begin in lower case
  // ("cursorTo(x, y?)") and hold optional arguments ("close([callback])").
  const namesCode = l.centred !== undefined || headingCode;
  if (t.length < 2 || t.length > 140 || (l.mono && bodySized && !namesCode)) return false;
  if (/^[•●▪■◦‣∙·○□➢✓]/u.test(t)) return false; // a list item
  if (ADDRESS_RE.test(t)) return false; // an author's e-mail or a web address under a title
  // A row of table cells or a name list; a number tabbed away from its title is fine.
  const cells = l.cells ?? 1;
  if (cells > 2 || (cells === 2 && !strongPattern(t) && scheme(t).kind === null)) return false;
  // A larger heading may name a type with its arguments ("Generator<number[], void>") or a
  // markup declaration ("Regarding <!DOCTYPE and <!ENTITY"): names, not a formula's signs.
  const named = bodySized ? withoutSignatures(t) : withoutMarkupNames(withoutSignatures(t));
  // An arrow standing between two words is one ("Upgrade 4.x -> 5.x"), not a formula's sign.
  const arrowsRead = named.replace(/(?<=\w)\s(?:->|→)\s(?=\w)/gu, " to ");
  if (/[=<>{}\\|^~∈∉∑∏√≤≥±×→←∂∇∀∃⊙⊗]|[,;]$/.test(withoutCommandNames(arrowsRead))) return false;
  // A hyphen at the end is a wrapped word: fine in a large title, a sentence in body text.
  if (/[a-z]-$/.test(t) && bodySized) return false;
  // Citations and code in text; "Item 6. [Reserved]" is fine, and so is an optional argument
  // in a larger or centred heading that names a function ("new Piscina([options])").
  if (/[[\]]/.test(named) && !strongPattern(t) && ((bodySized && !namesCode) || /\[\d+(?:\s*[,–-]\s*\d+)*\]/.test(named))) return false;
  const body = t.replace(DOTTED_RE, "").replace(LETTER_RE, "");
  const letters = (body.match(/\p{L}/gu) ?? []).length;
  // A call's empty parentheses are part of a name ("::stop()", "run()"), not a formula's signs.
  const nonSpace = body.replace(/\s|(?<=[\w$])\(\)/g, "").length;
  if (letters < 2 || (letters / Math.max(1, nonSpace) < 0.6 && !NUMBERED_NAME_RE.test(body.trim()))) return false;
  const words = body.split(/\s+/).filter((w) => /\p{L}{2}/u.test(w));
  if (words.length === 0 || words.length > 18) return false;
  // A run of single letters is a formula or a spaced-out logo, not a title.
  if (body.split(/\s+/).filter((w) => w.length === 1 && /\p{L}/u.test(w)).length > 3) return false;
  // Sentences end with a period after a long run of words; "Item 1. Business." is short.
  if (/\.$/.test(t) && words.length > 8 && !strongPattern(t)) return false;
  // Keywords in algorithm listings ("9 else") are bold too: a body-sized line opening with
  // one in lower case is a step. Other titles may open with a name in lower case ("multicol
  // updates", "fixltx2e updates": a newsletter's sub-sections on packages; corpus tune +46
  // titles, held out +2, none lost, where every lower-case opening was refused before). One
  // name alone on its line (".enabled", "modify") heads a web page's section all the same.
  // A sub-section number ("2.13.14 isOpen") is no listing's line number: a code name may follow;
  // so may an outline letter or numeral ("C. paths and baseUrl", "IV. iOS support").
  if (bodySized && !namesCode && /^\p{Ll}/u.test(body.trim()) && !/^\d{1,3}\.\d{1,3}/.test(t) && !LETTER_RE.test(t) && !namesOneThing(body.trim()) && LISTING_KEYWORD_RE.test(body.trim())) return false;
  // Body-sized emphasis ending in a colon is a label introducing a list, not a section.
  if (bodySized && !strongPattern(t) && (words.length > 14 || /:$/.test(t) || (/\.$/.test(t) && t.length > 45) || /\(p\. ?\d+\)|\bsee\b/i.test(t))) return false;
  return true;
}

/** The letters of a text, nothing else. */
export function lettersOf(t: string): string {
  return t.replace(/[^\p{L}]+/gu, "");
}

/** Letters all in capitals (at least four of them). */
export function isAllCaps(t: string): boolean {
  const letters = lettersOf(t);
  return letters.length >= 4 && !/\p{Ll}/u.test(letters);
}

/** Titles do not end on a preposition or article; wrapped sentences do. */
export const FUNCTION_WORD_END_RE = /\s(?:to|of|and|or|the|a|an|in|for|by|with|from|that|as|at|on|which|is|are|was|were)$/i;
