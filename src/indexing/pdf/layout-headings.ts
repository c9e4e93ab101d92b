/**
 * Tree source 3: headings recognised from typography. Body text is the size with the most
 * characters (and, at that size, the font with the most characters). A heading style is a
 * (size, font) pair that is larger than body text, or body-sized in another font (pdfjs does
 * not expose font names, so a distinct font at body size stands in for bold), whose lines are
 * mostly short, wordy and start a block. Numbering ("2.3", "Item 7.", "PART II", "Note 4")
 * adds depth. Pages full of candidates (tables, figures, contents) and titles that repeat all
 * over the document are dropped, and the total is capped, so tables never turn into hundreds
 * of headings.
 */
import { CAPTION_LABEL_RE } from "./caption-labels.ts";
import { markCentredLines } from "./centred-lines.ts";
import { indexLetters } from "./index-letters.ts";
import { countsOn, isNextNumber, leadingSectionNumber, lettersCountOn } from "./section-numbers.ts";
import type { Heading, Line, PageText, Pos } from "./types.ts";
import { CONTENTS_TITLE_RE } from "./contents-title.ts";

export interface LayoutStats {
  bodySize: number;
  /** Median baseline distance between consecutive body lines (double spacing doubles it). */
  bodyPitch: number;
  bodyFont: string;
  /** The code face with the most characters (listings), if the document sets code. */
  codeFont?: string;
  /** Accepted heading styles ("size|font" keys). */
  styles: Set<string>;
  /**
   * Styles accepted for numbered lines only ("1.2.1 Debugging"): styles whose lines are too
   * often not headings to be accepted whole, but whose numbered lines open blocks and count
   * on in sequence (1.1.1, 1.1.2, 1.2.1) as only section numbers do.
   */
  numberedStyles: Set<string>;
  /**
   * Per style, the document position (running line count) of its first heading-shaped line
   * that starts a block and is not a Part/Item/Note: two fonts at one size rank in this order
   * (see assignLevels).
   */
  firstSeen: Map<string, number>;
  /** Fonts the document runs titles or labels into their paragraphs in (facesRunningIn). */
  runInFaces: Set<string>;
  /**
   * Accepted styles whose size says nothing of their rank: a heading face for code smaller
   * than the text (a web page sets `code` in a heading at a fraction of the heading's size).
   * Their headings rank below the heading their first one comes under (assignLevels).
   */
  codeHeadingStyles: Set<string>;
  /** Fonts set inside lines in several fonts (fontsInsideLines): faces that appear in sentences. */
  inlineFonts: Set<string>;
  /** Every code face the document sets (monospace), the listings' and others. */
  codeFonts: Set<string>;
}

const PART_RE = /^part\s+([ivx]{1,5}|\d{1,2}|one|two|three|four|five)\b(?![–-]\d)/i;
const ITEM_RE = /^item\s+(\d{1,2}[a-z]?)\s*[.:\-–—]?(?:\s|$)/i;
const NOTE_RE = /^note\s+(\d{1,3})\s*[.:\-–—]/i;
const CHAPTER_RE = /^(chapter|appendix|annex|section|article)\s+([0-9]+|[a-z]|[ivxl]+)\b/i;
/** "1", "2.3", "2.3.1" followed by a word; "A." / "IV." outline letters followed by a word. */
const DOTTED_RE = /^(\d{1,3}(?:\.\d{1,3}){0,4})\.?\s+(?=\p{L})/u;
const LEADERS_RE = /(?:\.\s?){4,}|[·…_]{3,}/;
const LETTER_RE = /^(?:[A-H]|[IVX]{1,5})\.\s+(?=\p{L})/u;
/** A lettered sub-section ("A. Features", "B. Shebang"): letters I and on read as roman too. */
const LETTER_LABEL_RE = /^([A-H])\.\s+(?=\p{L})/u;

function bucket(size: number): number {
  return Math.round(size * 2) / 2;
}

/** A line's heading style: its size (to half a point), font, small capitals, centring and
 * numbered capitals (of lines in the text's face or in code, set apart by nothing else). */
export function styleKey(l: Line): string {
  return `${bucket(l.size)}|${l.font}${l.smallCaps ? "|sc" : ""}${l.centred === "plain" ? "|c" : ""}${l.numberedCapitals ? "|nc" : ""}`;
}

/** Below this share of numbered headings at a size, its faces rank its unnumbered ones. */
const NUMBERED_SHARE = 0.3;

/** Centred body-sized styles need this many heading-shaped lines between them. */
const MIN_CENTRED_HEADINGS = 3;

/** Below this share of characters outside code faces, the code face is the text's face. */
const MIN_PROSE_SHARE = 0.2;

/** What a document's lines in one candidate heading style look like, counted across it. */
interface StyleTally {
  /** Lines in the style with letters enough to judge, table rows aside. */
  n: number;
  /** Heading-shaped lines opening a block; of them, the numbered, the labelled (1., A., (i)) and those in capitals. */
  shaped: number;
  numbered: number;
  labelled: number;
  capitals: number;
  pages: Set<number>;
  size: number;
  /** A standard section name ("Index", "References") among its lines. */
  named: boolean;
  /** Section numbers and outline letters of its shaped lines, in order. */
  numbers: number[][];
  letters: number[];
  /** Pages of its centred heading-shaped lines. */
  centred: number[];
  font: string;
  /** Set in a code face other than the listings' (isHeadingCode). */
  code: boolean;
}

function emptyTally(l: Line, code: boolean): StyleTally {
  return { n: 0, shaped: 0, numbered: 0, labelled: 0, capitals: 0, pages: new Set(), size: l.size, font: l.font, named: false, numbers: [], letters: [], centred: [], code };
}

export function computeLayoutStats(pages: PageText[], skipPages: ReadonlySet<number> = new Set()): LayoutStats {
  // Body text is prose: a manual's code listings may hold more characters than its prose, but
  // its headings stand out from the prose. Code counts only where there is hardly any prose.
  let prose = 0;
  let all = 0;
  // The code face with the most characters sets the listings; another code face may head sections.
  const byCodeFont = new Map<string, number>();
  for (const p of pages) {
    for (const l of p.lines) {
      all += l.text.length;
      if (l.mono) byCodeFont.set(l.font, (byCodeFont.get(l.font) ?? 0) + l.text.length);
      else prose += l.text.length;
    }
  }
  const codeFont = argmax(byCodeFont);
  const counted = (l: Line) => !l.mono || prose < all * MIN_PROSE_SHARE;
  const bySize = new Map<number, number>();
  for (const p of pages) for (const l of p.lines) if (counted(l)) bySize.set(bucket(l.size), (bySize.get(bucket(l.size)) ?? 0) + l.text.length);
  const bodySize = argmax(bySize) ?? 10;
  const byFont = new Map<string, number>();
  for (const p of pages) for (const l of p.lines) if (counted(l) && bucket(l.size) === bodySize) byFont.set(l.font, (byFont.get(l.font) ?? 0) + l.text.length);
  const bodyFont = argmax(byFont) ?? "";
  const gaps: number[] = [];
  for (const p of pages) {
    for (let i = 1; i < p.lines.length && gaps.length < 20000; i++) {
      const a = p.lines[i - 1];
      const b = p.lines[i];
      if (bucket(a.size) !== bodySize || bucket(b.size) !== bodySize) continue;
      const g = a.y - b.y;
      if (g > 0 && g < bodySize * 4) gaps.push(g);
    }
  }
  gaps.sort((a, b) => a - b);
  const bodyPitch = gaps.length ? gaps[Math.floor(gaps.length / 2)] : bodySize * 1.2;
  // Body-sized lines centred in the text block form styles of their own (centred-lines.ts).
  markCentredLines(pages, { size: bodySize, font: bodyFont, pitch: bodyPitch });
  markNumberedCapitals(pages, bodySize, bodyFont, bodyPitch);

  // Judge each candidate style by how its lines look across the whole document.
  const seen = new Map<string, StyleTally>();
  const firstSeen = new Map<string, number>();
  let position = 0;
  pages.forEach((p, pi) => {
    if (skipPages.has(pi)) return; // contents pages repeat every heading style in list form
    p.lines.forEach((l, i) => {
      position++;
      if (!isHeadingStyle(l, bodySize, bodyFont, codeFont) || LEADERS_RE.test(l.text)) return;
      const k = styleKey(l);
      let s = seen.get(k);
      if (!s) seen.set(k, (s = emptyTally(l, isHeadingCode(l, { bodySize, codeFont }))));
      // Lines with hardly any letters (index letters, labels in figures) say nothing
      // either way; prose or mid-paragraph lines in the style count against it.
      if (lettersOf(l.text).length < 3) return;
      // Nor do table rows ("Total Operating Revenues  133,613  128,292", column heads
      // "Principal Amount   Amount Paid"): a filing sets its tables' heads and totals in its
      // heading face, and they must not outvote the headings of that face. A section number
      // hung in the margin, its title at the text's left edge, reads as two cells and counts.
      if ((l.cells ?? 1) >= 2 && !strongPattern(l.text.trim()) && !hungNumber(p.lines, i)) return;
      s.n++;
      const code = isHeadingCode(l, { bodySize, codeFont });
      if (headingShaped(l, l.size < bodySize + 0.8, code) && startsBlock(p.lines, i, bodyPitch, bodySize) && !listTerm(p.lines, i, bodySize, code)) {
        s.shaped++;
        if (l.centred) s.centred.push(pi);
        if (DOTTED_RE.test(l.text) || CHAPTER_RE.test(l.text)) s.numbered++;
        if (DOTTED_RE.test(l.text) || scheme(l.text.trim()).kind !== null) s.labelled++;
        if (isAllCaps(l.text)) s.capitals++;
        const number = DOTTED_RE.exec(l.text.trim());
        if (number) s.numbers.push(number[1].split(".").map(Number));
        const letter = LETTER_LABEL_RE.exec(l.text.trim());
        if (letter) s.letters.push(letter[1].charCodeAt(0) - 64);
        if (STANDARD_SECTION_RE.test(l.text.trim())) s.named = true;
        if (!firstSeen.has(k) && !strongPattern(l.text.trim())) firstSeen.set(k, position);
      }
      s.pages.add(pi);
    });
  });
  const styles = new Set<string>();
  const codeHeadingStyles = new Set<string>();
  const inline = fontsInsideLines(pages);
  for (const [k, s] of seen) {
    const larger = s.size >= bodySize + 0.8;
    // A face smaller than the text heads sections only where something else marks them: it
    // numbers them (a physics journal's "II. GETTING STARTED" and "A. Wires and gates" in
    // small bold type) or sets them in capitals (a web page's "DECODE", "HTTPONLY" beneath a
    // section naming an object's options).
    const smaller = s.size <= bodySize - 0.8;
    const marked = Math.max(s.labelled, s.capitals);
    // Or a code face of its own that sets nothing but lines standing alone, each opening a
    // block: names of functions and types heading a reference, never code in a sentence.
    if (smaller && s.code && !inline.has(s.font) && s.shaped >= 3 && s.shaped >= 0.9 * s.n) {
      styles.add(k);
      codeHeadingStyles.add(k);
      continue;
    }
    if (smaller && (marked < 3 || marked < s.shaped * 0.6)) continue;
    if (s.n > 0 && s.shaped / s.n >= (larger ? 0.5 : 0.6)) {
      styles.add(k);
    }
  }
  // Lettering in figures and logos: a style larger than every numbered heading style that
  // shows up on a page or two past the title page is decoration, not a chapter level.
  const firstTextPage = pages.findIndex((p) => p.lines.length > 0);
  dropFewCentred(styles, seen, firstTextPage);
  let numberedMax = 0;
  for (const [k, s] of seen) if (styles.has(k) && s.numbered >= 2) numberedMax = Math.max(numberedMax, s.size);
  if (numberedMax > 0) {
    for (const [k, s] of seen) {
      if (!styles.has(k) || s.size <= numberedMax + 0.5 || s.pages.size > 2 || s.named) continue;
      if ([...s.pages].every((p) => p > firstTextPage)) styles.delete(k);
    }
  }
  const numberedStyles = new Set<string>();
  for (const [k, s] of seen) if (!styles.has(k) && (countsOn(s.numbers) || lettersCountOn(s.letters))) numberedStyles.add(k);
  return { bodySize, bodyPitch, bodyFont, codeFont, styles, numberedStyles, firstSeen, runInFaces: facesRunningIn(pages, bodyFont), codeHeadingStyles, inlineFonts: inline, codeFonts: new Set(byCodeFont.keys()) };
}

/** Fonts that set part of a line in several fonts: faces used inside sentences, not for whole lines. */
function fontsInsideLines(pages: readonly PageText[]): Set<string> {
  const out = new Set<string>();
  for (const p of pages) {
    for (const l of p.lines) {
      if (l.oneFont) continue;
      out.add(l.font);
      for (const f of l.otherFonts ?? []) out.add(f);
      if (l.lead) out.add(l.lead.font);
    }
  }
  return out;
}

/** A section letter or roman numeral before a title ("B. AUTHOR CHARGES", "IV. RESULTS"); section numbers are DOTTED_RE's. */
const TITLE_LETTER_RE = /^(?:[A-Z]|[IVX]{1,6})\.\s+(?=\p{L})/u;

/**
 * Marks (`Line.numberedCapitals`) the lines in the text's own font and size that number a
 * title set in capitals: a journal class sets its section heads so ("1. INTRODUCTION" over
 * "1.1. Data" in italics), and they are a style of their own. Whether that style heads
 * sections is judged with the others, by how its lines stand in the text.
 */
function markNumberedCapitals(pages: PageText[], bodySize: number, bodyFont: string, pitch: number): void {
  for (const p of pages) {
    p.lines.forEach((l, i) => {
      if (l.font !== bodyFont || Math.abs(l.size - bodySize) >= 0.8) return;
      const t = l.text.trim();
      // The title's own letters in capitals ("II. API" is no more than a name in capitals).
      const number = DOTTED_RE.exec(t) ?? TITLE_LETTER_RE.exec(t);
      // Its number or letter may come from another font resource ("6." and "A." set apart from
      // "SOFTWARE CITATIONS" by pdfTeX): no other face than the label's carries its letters.
      const labelAlone = !!number && !!l.lead && l.lead.text.trim() === number[0].trim() && (l.otherFonts ?? []).every((f) => f === l.lead!.font);
      if (!l.oneFont && !labelAlone) return;
      if (number && isAllCaps(t.slice(number[0].length))) l.numberedCapitals = true;
      // A title too long for its line goes on in capitals on the next, unnumbered.
      const prev = p.lines[i - 1];
      if (!number && prev?.numberedCapitals && prev.y - l.y > 0 && prev.y - l.y <= pitch * 1.5 && isAllCaps(t)) l.numberedCapitals = true;
    });
  }
}

/**
 * A document centres its headings when its centred styles together hold several headings,
 * not all on its first page; a title page's centred names, or a boxed note's label, do not.
 */
function dropFewCentred(styles: Set<string>, seen: ReadonlyMap<string, Pick<StyleTally, "centred">>, firstTextPage: number): void {
  // Counted over every accepted style: a centred heading in a face of its own is evidence too.
  const pages = [...styles].flatMap((k) => seen.get(k)!.centred);
  const titlePageOnly = pages.every((p) => p === firstTextPage);
  if (pages.length < MIN_CENTRED_HEADINGS || titlePageOnly) for (const k of styles) if (k.endsWith("|c")) styles.delete(k);
}

/** Section names that stand alone as headings whatever their size ("Index" set once, large). */
const STANDARD_SECTION_RE = /^(?:index|references|bibliography|glossary|acknowledge?ments?|contents|table of contents|change history|list of (?:figures|tables))$/i;

function isHeadingStyle(l: Line, bodySize: number, bodyFont: string, codeFont: string | undefined): boolean {
  // Code is set in monospace at body size; a larger monospace line is a heading that names
  // a module or command, and so is one in a code face other than the listings' (a bold one).
  // One point above body size counts when the font differs too (12 pt bold over 11 pt text).
  // Small capitals of two sizes are a face of their own, whatever font carries them.
  // A line in several fonts counts when none of them is the body font (a heading's number or
  // command name in another face), not when it is (a sentence with emphasis).
  const face = (l.font !== bodyFont && (l.oneFont || !l.otherFonts?.includes(bodyFont))) || l.smallCaps === true;
  // A line mixing code with words in another face is no listing ("Class: ReadableStream",
  // code at the heading's size taking the line's face by its letters), nor is code in
  // another face than the listings' ("frontmatter(options?)" at 12 pt over 11 pt text).
  const larger = l.size >= bodySize + 0.8 && (l.size >= bodySize * 1.1 || (face && (!l.mono || !l.oneFont || (codeFont !== undefined && l.font !== codeFont))));
  const distinct = Math.abs(l.size - bodySize) < 0.8 && face && (!l.mono || isHeadingCode(l, { bodySize, codeFont }));
  // Up to a point and a half smaller, in a face of its own (kept only where it numbers sections);
  // code counts in a face other than the listings' (a numbered heading naming a function).
  const smaller = l.size <= bodySize - 0.8 && l.size >= bodySize - 1.6 && face && (!l.mono || isHeadingCode(l, { bodySize, codeFont }));
  // Centred in the text block at body size, in any face (code names too): centring is a style.
  const centred = l.centred === "plain" && Math.abs(l.size - bodySize) < 0.8;
  return larger || distinct || centred || smaller || l.numberedCapitals === true;
}

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
function listTerm(lines: Line[], i: number, bodySize: number, code: boolean): boolean {
  const l = lines[i];
  // Small capitals set a heading, never a list's term: a method's name over its parameters.
  if (l.smallCaps) return false;
  // A label numbers a section ("B. sea.getAsset(key)"), its paragraph indented as all are.
  return (code || (l.size < bodySize + 0.8 && namesOneThing(l.text.trim()))) && scheme(l.text.trim()).kind === null && definitionTerm(lines, i);
}

/**
 * A line at the text's size in a code face other than the one that sets the document's code
 * (its listings), or in small capitals of two sizes: listings are never set so, a heading
 * that names code in a document whose headings are small capitals is ("RL.CLOSE()").
 */
function isHeadingCode(l: Line, { bodySize, codeFont }: Pick<LayoutStats, "bodySize" | "codeFont">): boolean {
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
function namesOneThing(t: string): boolean {
  return /^[.\p{Ll}][\p{L}\p{N}_$.\/()-]*$/u.test(t);
}

/** A name that carries its number ("SHA256", "ED25519", "PKCS#12"): an algorithm's or a
 * standard's, heading its section in a reference though more of it is digits than letters. */
const NUMBERED_NAME_RE = /^\p{Lu}[\p{L}]+[#-]?\d+$/u;

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
  // Keywords in algorithm listings ("9 else") are bold too; titles start with a capital. One
  // name alone on its line (".enabled", "modify") heads a web page's section all the same.
  // A sub-section number ("2.13.14 isOpen") is no listing's line number: a code name may follow.
  if (bodySized && !namesCode && /^\p{Ll}/u.test(body.trim()) && !/^\d{1,3}\.\d{1,3}/.test(t) && !namesOneThing(body.trim())) return false;
  // Body-sized emphasis ending in a colon is a label introducing a list, not a section.
  if (bodySized && !strongPattern(t) && (words.length > 14 || /:$/.test(t) || (/\.$/.test(t) && t.length > 45) || /\(p\. ?\d+\)|\bsee\b/i.test(t))) return false;
  return true;
}

/**
 * A bold lead-in that runs on into its paragraph ("Principal transactions revenue
 * increased, in part due to" / "the absence of ...") is emphasis in a sentence, not a
 * heading: body-sized, no closing punctuation, and the next line continues in lower case
 * at paragraph spacing.
 */
function continuesAsSentence(l: Line, next: Line | undefined, stats: LayoutStats): boolean {
  if (!next || l.size >= stats.bodySize + 0.8) return false;
  const t = l.text.trim();
  // A short title does not run on into a code listing ("Quick start" over "var convert = ...");
  // a sentence that stops on "with" or "to" may ("Install it with" over "npm install ...").
  if (next.mono && !l.mono && t.split(/\s+/).length <= 4 && !FUNCTION_WORD_END_RE.test(t)) return false;
  if (/[.:!?)]$/.test(t)) return false;
  const gap = l.y - next.y;
  if (gap <= 0 || gap > 1.3 * Math.max(stats.bodyPitch, l.size)) return false;
  if (Math.abs(next.x - l.x) > 2 * l.size) return false; // a new column, or an indented list
  return /^\p{Ll}/u.test(next.text.trim()) || FUNCTION_WORD_END_RE.test(t);
}

/**
 * Line `i` and the next are set alone in a face other than the text's, and the line after
 * them is not: a title wrapped onto a second line ("Prevent spurious spaces when reading
 * table of contents" / "data"), not a sentence that goes on in a paragraph. A dozen words
 * at most: a note set in italics runs longer. The second line goes on below the first as
 * `goesOnBelow` says of a comma-wrapped title (same style, under it, at a wrapped line's leading).
 */
function twoLinesInOwnFace(lines: Line[], i: number, stats: LayoutStats): boolean {
  const [a, b, c] = [lines[i], lines[i + 1], lines[i + 2]];
  if (!b || !a.oneFont || !b.oneFont || a.font === stats.bodyFont || !goesOnBelow(lines, i, stats.bodyPitch) || b.w >= a.w) return false;
  const words = `${a.text} ${b.text}`.trim().split(/\s+/).length;
  return words <= 12 && (!c || styleKey(c) !== styleKey(a));
}

/** Space after a run-in title, against its size, that sets it apart without punctuation:
 * TeX stretches a word space (a third of an em) to half an em or so, never to this. */
const RUN_IN_GAP = 0.8;

/** The next line goes on in the same paragraph at the line's own left edge: no hanging indent. */
function paragraphGoesOnBelow(l: Line, next: Line | undefined, stats: LayoutStats): boolean {
  if (!next || Math.abs(next.x - l.x) > 1.5 || Math.abs(next.size - stats.bodySize) >= 0.8) return false;
  const gap = l.y - next.y;
  return gap > 0 && gap <= 1.3 * Math.max(stats.bodyPitch, l.size);
}

function spacedApart(lead: NonNullable<Line["lead"]>): boolean {
  return (lead.gap ?? 0) >= RUN_IN_GAP * lead.size;
}

/**
 * A run-in title that only its space sets apart (no punctuation, no tab, no larger size):
 * LaTeX's \paragraph, the level below every displayed heading in the same face.
 */
function apartBySpaceOnly(l: Line, title: string): boolean {
  const lead = l.lead;
  return !!lead && title === lead.text.trim() && spacedApart(lead) && (l.cells ?? 1) < 2 && lead.size < l.size + 0.8;
}

/**
 * A program's member or call as an API reference names its sections ("worker.stdin",
 * "port.ref()", ".matchBase", "new Worker(filename[, options])"): a member access or a call,
 * not one word (an option's value, "dashed") or a path or address ("//www.ctan.org/pkg").
 */
const API_NAME_RE = /^(?:new\s+)?(?:\.[\p{L}_$][\w$]*|[\p{L}_$][\w$]*(?=[.([]))(?:\.[\p{L}_$][\w$]*|\[[\p{L}_$][\w$.]*\])*(?:\(.*\))?$/u;

/** A label numbered in parentheses ("1) ", "b) "): a journal's run-in heading, or a list item's. */
const PAREN_LABEL_RE = /^(?:\d{1,2}|[a-z])\)\s/;

/** Closed by a colon after a word ("2) Default config:"), not by "::" or a lone colon. */
const COLON_CLOSED_RE = /[^\s:]:$/u;

/**
 * A run-in title's close: a period after a word (not an abbreviation's "e.g."), or after the
 * quote, bracket or question mark that ends its words ("Event: 'close'.", "How does it
 * work?."), or a dash.
 */
const RUN_IN_CLOSED_RE = /[^.]\w[.—–]$|[\p{L}\d][)'"’”?!]\.$|\w\s?[—–]$/u;

/** Emphasised labels that open a paragraph without naming a section. */
const LABEL_RE = /^(note|notes|example|examples|warning|caution|tip|important|source|sources|see|figure|fig|table|step|answer|question|q|a|nb|remark|proof)$/i;

/** A run-in title without its closing period, colon or dash: a dozen words at most, opening
 * with a capital, a digit or a bracket, and not a label such as "Note". Null when it is not. */
function closedTitle(raw: string): string | null {
  const title = raw.replace(/\s*[.:—–-]+$/u, "").trim();
  if (title.split(/\s+/).length > 12 || !/^[\p{Lu}\d(]/u.test(title) || LABEL_RE.test(title)) return null;
  return title;
}

/**
 * A run-in heading: a paragraph opens with a few words in another font than its text,
 * closed by a period or a dash ("Product Liability Litigation. The Company..."), or set
 * apart from the text on the same baseline by a wide gap or a larger size. Returns the
 * heading's title, or null.
 */
function runInTitle(l: Line, prev: Line | undefined, stats: LayoutStats, next?: Line): string | null {
  const lead = l.lead;
  if (!lead || lead.font === stats.bodyFont && lead.size < stats.bodySize + 0.8) return null;
  // What follows the lead is larger than the text: the whole line is one heading in two
  // faces ("Interface: PiscinaLoadBalancer", its name in a code face), not a title run into prose.
  if (l.size >= stats.bodySize + 0.8) return null;
  const raw = lead.text.trim();
  // A numbered lead closes with a colon too ("2) Default config: If no ..."), as a journal's
  // fourth-level headings run in; an unnumbered one ending in a colon introduces a list.
  const labelled = PAREN_LABEL_RE.test(raw);
  const closed = RUN_IN_CLOSED_RE.test(raw) || (labelled && COLON_CLOSED_RE.test(raw));
  // Set apart by an em or so, not a word space: LaTeX's \paragraph closes its title with
  // space alone ("Returns" then a 1 em space then "Extension for micromark ..."), where bold
  // words opening a sentence ("note if an error ...") take a word space.
  const spaced = spacedApart(lead);
  const apart = (l.cells ?? 1) >= 2 || lead.size >= l.size + 0.8 || spaced;
  const rest = l.text.trim().slice(raw.length);
  // A name in the code face closed by a period in the text's face ("port.ref(). Opposite of
  // unref()", or alone over its list, "port.hasRef()."): a run-in title around code, whose
  // bold the code face lacks. A sentence does not open with code and stop at once.
  const codeClosed = lead.font === stats.codeFont && raw.length <= 60 && API_NAME_RE.test(raw) && (/^\.\s+\p{Lu}/u.test(rest) || rest === ".");
  // Indented is not enough: the wrapped end of a list item ("setImmediate()." under its
  // bullet's text) stands so.
  if (codeClosed) return opensParagraph(l, prev, stats, false, false) && headingShaped({ ...l, text: raw, cells: 1, oneFont: true, mono: false }, true, true) ? raw : null;
  if (!closed && !apart) return null;
  // The rest of the line is prose, not the figures of a table row ("Total net revenue   32,266").
  const restLetters = (rest.match(/\p{L}/gu) ?? []).length;
  if (restLetters < 6 || restLetters < rest.replace(/\s/g, "").length * 0.6) return null;
  // A lower-case name spaced apart is a title when its paragraph goes on beneath it at its
  // own left edge (a reference's options, "domain", "maxAge"); a description list's label
  // ("bgcolor", "newtx") stands so too, but its description goes on indented, or not at all.
  // Neither is a table's row ("upgreek   upgreek [Sch03]", two cells) or a smaller name.
  const lowerCaseName = namesOneThing(raw) && !LABEL_RE.test(raw) && apartBySpaceOnly(l, raw) && lead.size > l.size - 0.8 && paragraphGoesOnBelow(l, next, stats);
  const title = closedTitle(raw) ?? (lowerCaseName ? raw : null);
  if (!title || !headingShaped({ ...l, text: title, cells: 1, oneFont: true, mono: false }, true)) return null;
  return opensParagraph(l, prev, stats, labelled) ? title : null;
}

/** It opens a paragraph: first line, after a finished sentence, after extra space, or
 * indented; a numbered one opens its paragraph wherever it stands (under its section's title). */
function opensParagraph(l: Line, prev: Line | undefined, stats: LayoutStats, labelled: boolean, indented = true): boolean {
  if (!prev || prev.y <= l.y || labelled) return true;
  const ends = /[.:!?)\]"”’]$/.test(prev.text.trim());
  const spaced = prev.y - l.y > 1.3 * Math.max(stats.bodyPitch, l.size);
  return ends || spaced || (indented && l.x > prev.x + 3);
}

/** A line wholly in a face of its own at the text's size, short enough for a title. */
function aloneInOwnFace(l: Line, stats: LayoutStats): boolean {
  return l.oneFont && l.font !== stats.bodyFont && !l.mono && Math.abs(l.size - stats.bodySize) < 0.8 && l.text.trim().length <= 80;
}

/**
 * A numbered run-in title on a line of its own ("1) help:" in italics), its paragraph a
 * listing or a list that starts on the next line. Returns the title without its colon.
 */
function labelledTitleAlone(l: Line, lines: Line[], i: number, stats: LayoutStats): string | null {
  const t = l.text.trim();
  if (!aloneInOwnFace(l, stats) || !PAREN_LABEL_RE.test(t) || !COLON_CLOSED_RE.test(t)) return null;
  // It opens a block, or stands right under a line not wholly in its face: the last line of
  // the entry before ("Default: false Environment: ...", its labels in the title's face), set
  // at the text's pitch in tight two-column classes. Under a line all in its face it is an
  // item of a list of such labels.
  const prev = lines[i - 1];
  if (!startsBlock(lines, i, stats.bodyPitch, stats.bodySize) && prev?.oneFont && prev.font === l.font) return null;
  const title = t.slice(0, -1);
  return headingShaped({ ...l, text: title }, true) ? title : null;
}

/** The style suffix of apiNameAlone's headings: like a code heading face, their size says nothing of their rank. */
const API_STYLE = "|api";

/**
 * A program's member or call alone on its line in a code face (the listings', or its bold as
 * a bold heading style sets its code), set apart by space above and below as a heading is,
 * with prose or a list after it: a word processor sets a heading that is all code in its
 * code style at the listings' size ("punycode.decode(string)" over "Converts a Punycode
 * string ..."). A one-line listing hugs the sentence that introduces it. Centred, it is a
 * heading of its own style already (centred-lines.ts).
 */
function apiNameAlone(l: Line, lines: Line[], i: number, stats: LayoutStats): string | null {
  const t = l.text.trim();
  // Its arguments are parameters' names ("(url[, options][, callback])"), not a call's
  // values: a string, an object or another call mark a line of a listing.
  const args = /\((.*)\)$/.exec(t)?.[1] ?? "";
  // Another code face than the listings' is a heading face only if no sentence uses it.
  const face = l.font === stats.codeFont || !stats.inlineFonts.has(l.font);
  if (!l.oneFont || !l.mono || !face || l.centred || t.length > 80 || !API_NAME_RE.test(t) || !/^[\w$.,|\s[\]]*$/.test(args)) return null;
  const [prev, next] = [lines[i - 1], lines[i + 1]];
  if (!next || next.y >= l.y || next.mono || Math.abs(next.size - stats.bodySize) >= 0.8 || !/^[\p{Lu}•]/u.test(next.text.trim())) return null;
  // Most room above: a heading's space above is its largest, where a listing's opening line
  // follows its introduction at about a paragraph's spacing.
  if (l.y - next.y < 1.3 * stats.bodyPitch || (prev && prev.y > l.y && prev.y - l.y < 1.5 * stats.bodyPitch)) return null;
  return t;
}

/** A TeX command's name opening a line: a backslash, letters (and @), a star at most. */
const COMMAND_NAME_RE = /^(\\[A-Za-z@]+\*?)(?=$|[\s{[(<〈])/u;
/** Nothing but a command's arguments: braced, bracketed or angled groups, the names of
 * commands among them ("{⟨list⟩}\do{⟨code⟩}"), the last perhaps wrapped onto the next line. */
const ARGUMENTS_ONLY_RE = /^(?:\s*(?:\{[^{}]*\}|\[[^\]]*\]|〈[^〉]*〉|<[^<>]*>|\([^()]*\)|\\[A-Za-z@]+))*\s*(?:[{[][^{}[\]]*)?$/u;

/**
 * A command's syntax set out into the margin, left of the text's left edge, in a code face
 * ("\@swap{⟨token1⟩}{⟨token2⟩}" over its description at the text's edge): a LaTeX package
 * manual's entry for the command, which it bookmarks by the command's name. Several commands
 * of one entry stand one under another, each its own. Returns the command's name.
 */
function commandInMargin(l: Line, pages: readonly PageText[], p: number, stats: LayoutStats): string | null {
  const t = l.text.trim();
  const name = COMMAND_NAME_RE.exec(t)?.[1];
  // The syntax alone on its line: a name set in the margin beside its paragraph's first line
  // (ltxdoc's \DescribeMacro) shares that line, and such names are not bookmarked.
  if (!name || !ARGUMENTS_ONLY_RE.test(t.slice(name.length)) || Math.abs(l.size - stats.bodySize) >= 0.8) return null;
  // The name is in a code face: the whole line's, or its opening run's (the arguments'
  // placeholders in italics may hold most of its letters).
  const nameFace = l.lead?.font ?? l.font;
  // Not the listings' own face: a listing's index names its macros in the margin beside it.
  if (!(l.mono || stats.codeFonts.has(nameFace)) || nameFace === stats.codeFont) return null;
  // Out in the margin by more than a paragraph's indentation.
  const textLeft = textLeftEdges(pages, stats.bodyFont)[p];
  return textLeft !== undefined && l.x < textLeft - 2 * stats.bodySize ? name : null;
}

/** Per page, where its body lines start (textLeftEdges), kept per document and text face: the layout pass runs once per listed leaf. */
const leftEdgesOf = new WeakMap<readonly PageText[], Map<string, (number | undefined)[]>>();

/**
 * Per page, where its body lines start: the left edge most lines opening in the text's face
 * share (a line opening in another face may start out in the margin, a mark). A page with few
 * such lines (a page of entries) takes the edge of the pages on its side of the spread.
 */
function textLeftEdges(pages: readonly PageText[], bodyFont: string): (number | undefined)[] {
  const byFace = leftEdgesOf.get(pages) ?? new Map<string, (number | undefined)[]>();
  leftEdgesOf.set(pages, byFace);
  const known = byFace.get(bodyFont);
  if (known) return known;
  const bySide = [new Map<number, number>(), new Map<number, number>()];
  const own = pages.map((p, pi) => {
    const count = new Map<number, number>();
    for (const l of p.lines) {
      if ((l.lead?.font ?? l.font) !== bodyFont || l.text.length < 30) continue;
      const x = Math.round(l.x);
      count.set(x, (count.get(x) ?? 0) + 1);
      bySide[pi % 2].set(x, (bySide[pi % 2].get(x) ?? 0) + 1);
    }
    const best = argmax(count);
    return best !== undefined && (count.get(best) ?? 0) >= 3 ? best : undefined;
  });
  const sides = bySide.map((m) => argmax(m));
  const edges = own.map((x, pi) => x ?? sides[pi % 2]);
  byFace.set(bodyFont, edges);
  return edges;
}

/**
 * An unnumbered run-in title on a line of its own, its paragraph a listing or a list ("Mutex
 * API." in bold over code), in a face the document runs titles into their paragraphs in
 * (elsewhere a bold sentence alone is a tagline or a list's introduction): closed by a period
 * as a run-in title is, after clear space, a dozen words at most, and the next line not in its
 * face (a paragraph set in bold goes on in bold). Returns the title without its period.
 */
function periodClosedTitleAlone(l: Line, lines: Line[], i: number, stats: LayoutStats): string | null {
  if (!stats.runInFaces.has(l.font) || !aloneInOwnFace(l, stats)) return null;
  const t = l.text.trim();
  const [prev, next] = [lines[i - 1], lines[i + 1]];
  // A period closes it, not a dash (a contents line "1 Introduction —"); and one sentence only
  // ("Copyright © 1997 Ericsson AB. All Rights Reserved." is a notice).
  if (!t.endsWith(".") || !RUN_IN_CLOSED_RE.test(t) || /\.\s+\p{Lu}/u.test(t) || !next || next.y >= l.y || next.font === l.font) return null;
  // Its paragraph follows, not the next heading (a change log's entry of one sentence does).
  if (next.size >= stats.bodySize + 0.8) return null;
  if (prev && prev.y > l.y && prev.y - l.y <= 1.3 * Math.max(stats.bodyPitch, l.size)) return null;
  const title = closedTitle(t);
  return title && headingShaped({ ...l, text: title }, true) ? title : null;
}

/**
 * Numbering as evidence: a line that opens with the very next section number after a heading
 * already found ("4.1" found, then "4.1.1 preprocessText", then "4.1.2 firstHeader") is a
 * heading whatever its type: sub-sections set at body size, in a code face, or run into their
 * paragraph ("7.3 Line Numbers. The option ..."). Only numbers of two or more parts qualify
 * (a list numbered 1, 2, 3 follows any section "2"), and the line must open a block or set its
 * number apart in another face. Adds the headings to `cands`, in order.
 */
function continueNumbering(cands: Cand[], pages: PageText[], stats: LayoutStats, range: { from: Pos; to: Pos; skipPages?: ReadonlySet<number> }): void {
  const found = new Map<string, Cand>();
  for (const c of cands) for (let j = c.line; j <= (c.lastLine ?? c.line); j++) found.set(`${c.page}:${j}`, c);
  // A number found already is that heading; a line repeating it is a running head or a reference.
  const numbersFound = new Set(cands.map((c) => leadingSectionNumber(c.title)?.join(".")).filter((n) => n !== undefined));
  const added: Cand[] = [];
  let last: number[] | null = null;
  const { from, to } = range;
  for (let p = from.page; p < Math.min(pages.length, to.page + 1); p++) {
    if (range.skipPages?.has(p)) continue;
    const lines = pages[p].lines;
    for (let i = 0; i < lines.length; i++) {
      if ((p === from.page && i <= from.line) || (p === to.page && i >= to.line)) continue;
      const known = found.get(`${p}:${i}`);
      if (known) {
        if (known.line === i) last = leadingSectionNumber(known.title) ?? last;
        continue;
      }
      const l = lines[i];
      const t = l.text.trim();
      const number: number[] | null = last ? leadingSectionNumber(t, 2) : null;
      // Running heads and footnotes are set smaller than the text.
      if (!number || !isNextNumber(last!, number) || numbersFound.has(number.join(".")) || l.size < stats.bodySize - 0.5 || (l.cells ?? 1) > 2) continue;
      const numberApart = l.lead !== undefined && l.lead.font !== stats.bodyFont && /^[\d.]+$/.test(l.lead.text.trim());
      if (!numberApart && !startsBlock(lines, i, stats.bodyPitch, stats.bodySize)) continue;
      const title = numberedTitle(l, stats);
      if (!title) continue;
      const closed = title !== t;
      if (!closed && continuesAsSentence(l, lines[i + 1], stats)) continue;
      added.push({ page: p, line: i, title, style: styleKey(l), size: l.size, depth: number.length, pattern: null, closed });
      last = number;
    }
  }
  if (!added.length) return;
  // A long numbered title wraps like any other ("4.1.7 SourceMapConsumer.prototype.source-" /
  // "ContentFor(source[, returnNullOnMissing])"): its lines are joined page by page.
  for (const p of new Set(added.map((c) => c.page))) {
    const onPage = added.filter((c) => c.page === p);
    mergeWrapped(onPage, pages[p].lines, stats.bodyPitch);
    cands.push(...onPage);
  }
  cands.sort((a, b) => a.page - b.page || a.line - b.line);
}

/**
 * The title of a line opening with a section number: the line itself when it is short and
 * not a sentence (a code name in lower case is fine: "4.1.1 preprocessText"); the words up
 * to the period that closes them when a sentence runs on after it; or the opening run in its
 * own face ("2.2.3.30 Table Renderer" before "The \markdownRendererTable macro ...").
 */
function numberedTitle(l: Line, stats: LayoutStats): string | null {
  const t = l.text.trim();
  const lead = l.lead?.text.trim();
  if (lead && l.lead!.font !== stats.bodyFont && lead.length < t.length && /\p{L}/u.test(lead.replace(/^[\d.]+/, ""))) {
    const rest = t.slice(lead.length);
    // A run that stops without closing punctuation, before a word that cannot open a
    // sentence, was cut by a word in another face (a code name: "3.3. Why is .toMatchTypeOf
    // deprecated? The method ..."): the title runs on to the sentence end that closes it.
    // ("2.4.2.3 Status This amplifier ...": the run is the title, set apart by its face.)
    const cut = !/[.:?!—–-]$/u.test(lead) && !/^\s*\p{Lu}/u.test(rest) ? beforeRunOnSentence(t) : null;
    if (cut && cut.length > lead.length) return numberedShape(cut);
    if ((rest.match(/\p{L}/gu) ?? []).length >= 6) return numberedShape(lead.replace(/[.:—–-]+$/u, "").trim());
  }
  const runOn = beforeRunOnSentence(t);
  return numberedShape(runOn ?? t);
}

/** Short enough for a title, made of words, not a clause of a sentence. */
function numberedShape(t: string): string | null {
  const body = t.replace(DOTTED_RE, "").replace(/^[\d.]+\s*/, "");
  const words = body.split(/\s+/).filter((w) => /\p{L}/u.test(w));
  if (words.length === 0 || words.length > 12 || t.length > 100 || /[,;]$/.test(t)) return null;
  if ((body.match(/\p{L}/gu) ?? []).length < 3) return null;
  if (/\.$/.test(t) && words.length > 8) return null;
  return t;
}

/** Words that end in a period without ending a sentence. */
const ABBREVIATION_RE = /^(?:inc|corp|ltd|llc|bros|dept|fig|figs|vol|vols|etc|jr|sr|mr|mrs|ms|dr|st|no|nos|co|cf|approx|sec|art|ch|pp|vs)$/i;

/**
 * The heading part of a line that runs on into a sentence after its title's period ("6.5
 * CCS Supplemental Investment Plan. Effective February 2, 2004, the CCS"), or null. The
 * period closes a word (not an abbreviation or an initial), and at least three words follow.
 */
function beforeRunOnSentence(t: string): string | null {
  // The closing word may be joined by hyphens ("eslint-plugin-jest."); a question ends a title too.
  const re = /(?<=^|\s)((?:\p{L}+-)*\p{L}\p{Ll}{2,})([.?])\s+(?=\p{Lu})/gu;
  for (let m = re.exec(t); m; m = re.exec(t)) {
    if (ABBREVIATION_RE.test(m[1])) continue;
    const head = t.slice(0, m.index + m[1].length + (m[2] === "?" ? 1 : 0)).trim();
    const rest = t.slice(m.index + m[0].length);
    if (head.split(/\s+/).length < 2 || rest.split(/\s+/).filter((w) => /\p{L}/u.test(w)).length < 3) return null;
    return head;
  }
  return null;
}

/**
 * A numbered title in a face of its own that runs into its paragraph with no period between
 * ("2.2.3.1 Attribute Renderers The following macros are only produced, when the"): the
 * title is the opening run, when what follows it in another face reads as a sentence (a
 * capital, then words in lower case), not as the rest of a title in two faces ("3.3 Input
 * [cmdk-input]").
 */
function leadBeforeSentence(l: Line, t: string): string | null {
  const lead = l.lead?.text.trim();
  if (!lead || lead.length >= t.length || !t.startsWith(lead) || !/\p{L}/u.test(lead.replace(/^[\d.]+/, ""))) return null;
  const rest = t.slice(lead.length).trim().split(/\s+/);
  if (!/^\p{Lu}/u.test(rest[0] ?? "")) return null;
  return rest.slice(1).filter((w) => /^\p{Ll}+[,.;]?$/u.test(w)).length >= 3 ? lead.replace(/[.:—–-]+$/u, "").trim() : null;
}

/** The letters of a text, nothing else. */
function lettersOf(t: string): string {
  return t.replace(/[^\p{L}]+/gu, "");
}

/** Letters all in capitals (at least four of them). */
function isAllCaps(t: string): boolean {
  const letters = lettersOf(t);
  return letters.length >= 4 && !/\p{Ll}/u.test(letters);
}

/** A label and its number alone ("Exhibit 31.1", "EXHIBIT 95", "Schedule II"). */
const NUMBERED_LABEL_RE = /^\p{L}+\s+(?:\d+(?:\.\d+)*[a-z]?|[ivxlc]+|[a-z]|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\.?$/iu;

/** A table's units, "(in thousands, except per share data)": part of no title, and no title alone. */
const UNITS_NOTE = String.raw`\((?:in|dollars in|amounts in|\$ in)\s[^)]*\)`;
const UNITS_NOTE_RE = new RegExp(`^${UNITS_NOTE}$`, "i");
const TRAILING_UNITS_NOTE_RE = new RegExp(String.raw`\s*${UNITS_NOTE}$`, "i");

/** A table caption's units are not part of its title. */
function withoutUnitsNote(t: string): string {
  const cut = t.replace(TRAILING_UNITS_NOTE_RE, "").trim();
  return cut.length >= 3 ? cut : t;
}

/**
 * Two headings side by side on one baseline, in two columns the page does not otherwise
 * show ("Note 15 – Deposits      Note 16 – Leases", "Noninterest expense      Note 6 – ..."):
 * a line of two cells whose second cell opens with a Note or Item number is two lines.
 */
function splitSideBySide(l: Line): Line[] {
  if ((l.cells ?? 1) < 2) return [l];
  const t = l.text.trim();
  const again = /\s(?=(?:note\s+\d{1,3}|item\s+\d{1,2}[a-z]?)\s*[.:\-–—]\s)/gi.exec(t.slice(1));
  if (!again) return [l];
  const cut = again.index + 1;
  const first = t.slice(0, cut).trim();
  const second = t.slice(cut).trim();
  return [{ ...l, text: first, cells: 1 }, { ...l, text: second, cells: 1 }];
}

/** Titles do not end on a preposition or article; wrapped sentences do. */
const FUNCTION_WORD_END_RE = /\s(?:to|of|and|or|the|a|an|in|for|by|with|from|that|as|at|on|which|is|are|was|were)$/i;

/** First line of its page or column, or set off from the line above by extra space. */
function startsBlock(lines: Line[], i: number, bodyPitch: number, bodySize: number): boolean {
  if (i === 0) return true;
  const cur = lines[i];
  // Beside a figure or a column the page does not otherwise show, the line read just before
  // may lie wholly to one side (a caption, a label). A line set larger than body text is
  // then set off when the nearest earlier line over the same horizontal stretch is a clear
  // gap above it, two and a half times the body's line pitch. (Body-sized emphasis is left
  // out: bold row labels of tables sit the same way under the table's column heads; and so are
  // a figure's short labels.)
  const prev = lines[i - 1];
  if (cur.size >= bodySize + 0.8 && !overlapsHorizontally(prev, cur) && lettersOf(cur.text).length >= 4) {
    const above = nearestAbove(lines, i);
    if (above && above.y - cur.y >= 2.5 * Math.max(bodyPitch, cur.size)) return true;
  }
  if (prev.y < cur.y) return true; // moved up: a new column or a new block
  const gap = prev.y - cur.y;
  if (gap >= 1.45 * Math.max(prev.size, Math.min(cur.size, prev.size * 1.3)) && gap >= bodyPitch * 1.12) return true;
  // Double-spaced documents leave no extra space above headings; a change of type after a
  // finished paragraph (or after another heading) marks the block instead.
  const styleChange = prev.font !== cur.font || Math.abs(prev.size - cur.size) >= 0.8;
  // A finished sentence, possibly followed by a footnote mark ("...dealers.17").
  const prevEnds = /[.:;!?)\]”"’][\d*†‡,]{0,4}$/.test(prev.text) || prev.text.length < 50;
  if (gap < 1.05 * Math.min(prev.size, cur.size)) return false;
  // A heading right under another heading ("II. ..." then "A. ...") shares its style.
  const numbered = scheme(cur.text.trim()).kind !== null || strongPattern(cur.text.trim()) !== null;
  const underHeading = !styleChange && prev.oneFont && headingShaped(prev) && numbered;
  return (styleChange && prevEnds) || underHeading;
}

/** The next line is in the same style right under line `i`, as a wrapped title's second line is. */
function goesOnBelow(lines: Line[], i: number, bodyPitch: number): boolean {
  const [a, b] = [lines[i], lines[i + 1]];
  return !!b && styleKey(a) === styleKey(b) && overlapsHorizontally(a, b) && nextInBlock(a, b, bodyPitch);
}

/** `below` is the next line of the block `above` ends: lower on the page by no more than a
 * wrapped line's leading (1.7 times its size, or the text's line pitch where that is wider). */
function nextInBlock(above: Line, below: Line, bodyPitch: number): boolean {
  const gap = above.y - below.y;
  return gap > 0 && gap <= Math.max(1.7 * above.size, 1.15 * bodyPitch);
}

/** A title numbered "1" or "2.3" whose number stands apart from it (hung in the margin or tabbed away). */
function hungNumber(lines: Line[], i: number): boolean {
  const l = lines[i];
  const t = l.text.trim();
  // Not a contents entry without leaders, its page number set apart ("1 Research question   3"),
  // nor a running head opening with the page number ("4    CHAPTER 1. RESEARCH QUESTION"),
  // nor a numbered entry of a list or table that runs on as a sentence ("10.26  Protocol of
  // Cereal Partners Worldwide, dated November 21, 1989, and", an exhibit index's row).
  if (l.cells !== 2 || !l.oneFont || i === 0 || !DOTTED_RE.test(t) || /\s\d{1,4}$/.test(t)) return false;
  return t.split(/\s+/).length <= 13 && !/[,;:]$/.test(t) && !FUNCTION_WORD_END_RE.test(t);
}

function overlapsHorizontally(a: Line, b: Line): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w;
}

/** How far back to look for the line above in the same stretch (a figure's labels in between). */
const ABOVE_WINDOW = 40;

function nearestAbove(lines: Line[], i: number): Line | undefined {
  const cur = lines[i];
  let best: Line | undefined;
  for (let k = i - 1; k >= Math.max(0, i - ABOVE_WINDOW); k--) {
    const l = lines[k];
    if (l.y > cur.y && overlapsHorizontally(l, cur) && (!best || l.y < best.y)) best = l;
  }
  return best;
}

/**
 * A running head that names the section: at a page's top, its number and title with the
 * page number set apart ("1.2 Scope      5"), which headers-footers.ts leaves since its words
 * change from page to page.
 */
function isRunningHead(l: Line): boolean {
  const t = l.text.trim();
  return (l.cells ?? 1) >= 2 && /\s\d{1,4}$/.test(t) && scheme(t).kind !== null;
}

function strongPattern(t: string): "part" | "item" | "note" | "chapter" | null {
  if (PART_RE.test(t)) return "part";
  if (ITEM_RE.test(t)) return "item";
  if (NOTE_RE.test(t)) return "note";
  if (CHAPTER_RE.test(t)) return "chapter";
  return null;
}

/**
 * The fonts the document runs titles or labels into their paragraphs in ("Mutex API. The
 * mutex ...", "Goal: The goal is ..."), less those it sets text in: a manual of documented
 * code, its listings the commonest type, has its prose's font lead some lines too.
 */
function facesRunningIn(pages: readonly PageText[], bodyFont: string): Set<string> {
  const faces = new Set<string>();
  const proseLines = new Map<string, number>();
  for (const { lines } of pages) {
    for (const l of lines) {
      const t = l.lead?.text.trim();
      if (l.lead && t && l.lead.font !== bodyFont && /\w[.:—–]$/u.test(t) && t.split(/\s+/).length <= 12) faces.add(l.lead.font);
      if (l.oneFont && l.text.length >= 70) proseLines.set(l.font, (proseLines.get(l.font) ?? 0) + 1);
    }
  }
  for (const [font, n] of proseLines) if (n >= 10) faces.delete(font);
  return faces;
}

function numberingDepth(t: string): number {
  const m = DOTTED_RE.exec(t);
  return m ? m[1].split(".").length : 0;
}

interface Cand {
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

export interface LayoutOptions {
  /** Only headings strictly after this position... */
  after?: Pos;
  /** ...and strictly before this one. */
  before?: Pos;
  /** Pages never to take headings from (the contents pages). */
  skipPages?: ReadonlySet<number>;
}

/**
 * The style most titles at about the text's size took before, on this page or earlier (the
 * latest of them on a tie), titles in the code face aside: the document's usual level for
 * titles run in or set in its text.
 */
function usualBodySized(onPage: Cand[], cands: Cand[], stats: LayoutStats): Cand | undefined {
  const counts = new Map<string, { n: number; last: Cand }>();
  for (const c of [...cands, ...onPage]) {
    if (c.size >= stats.bodySize + 0.8 || c.style.split("|")[1] === stats.codeFont) continue;
    const seen = counts.get(c.style);
    counts.set(c.style, { n: (seen?.n ?? 0) + 1, last: c });
  }
  let best: { n: number; last: Cand } | undefined;
  for (const v of counts.values()) if (!best || v.n >= best.n) best = v;
  return best?.last;
}

export function layoutHeadings(pages: PageText[], stats: LayoutStats, opts: LayoutOptions = {}): Heading[] {
  const from = opts.after ?? { page: 0, line: -1 };
  const to = opts.before ?? { page: pages.length, line: 0 };
  const cands: Cand[] = [];
  const displayedRunInStyles = new Set<string>();
  for (let p = from.page; p < Math.min(pages.length, to.page + 1); p++) {
    if (opts.skipPages?.has(p)) continue;
    const lines = pages[p].lines;
    const onPage: Cand[] = [];
    const carried = finishFromPreviousPage(cands[cands.length - 1], pages, p, p === to.page ? to.line : lines.length);
    for (let i = carried; i < lines.length; i++) {
      if (p === from.page && i <= from.line) continue;
      if (p === to.page && i >= to.line) break;
      const l = lines[i];
      const runIn = runInTitle(l, lines[i - 1], stats, lines[i + 1]) ?? labelledTitleAlone(l, lines, i, stats);
      if (runIn) {
        const lead = l.lead ?? l;
        const leadStyle = `${bucket(lead.size)}|${lead.font}`;
        // In a heading style of the document ("2.3 Structures" beside its text) it ranks with
        // the other headings of that style; otherwise it sits below them all.
        // A heading numbered "1)" runs in beneath the headings of its face ("A. Options"
        // over "1) help: ..."), whatever that face is.
        // So does one that only its space sets apart (below).
        const own = stats.styles.has(leadStyle) && !PAREN_LABEL_RE.test(runIn) && !apartBySpaceOnly(l, runIn);
        // A title in the code face is the titles' own run-in style with a name in it (the code
        // face has no bold): it ranks with the body-sized titles before it.
        const named = lead.font === stats.codeFont && API_NAME_RE.test(runIn) ? usualBodySized(onPage, cands, stats) : undefined;
        const cand: Cand = named
          ? { page: p, line: i, title: runIn, style: named.style, size: named.size, depth: numberingDepth(runIn), pattern: strongPattern(runIn), runIn: named.runIn, closed: named.closed }
          : { page: p, line: i, title: runIn, style: own ? leadStyle : `${leadStyle}|run-in`, size: lead.size, depth: numberingDepth(runIn), pattern: strongPattern(runIn), runIn: !own };
        onPage.push(cand);
        continue;
      }
      // Alone on its line it is displayed: it ranks among the headings by its face, and so do
      // the titles run in in that face (below).
      const closedAlone = periodClosedTitleAlone(l, lines, i, stats);
      if (closedAlone) {
        const style = `${bucket(l.size)}|${l.font}`;
        displayedRunInStyles.add(style);
        onPage.push({ page: p, line: i, title: closedAlone, style, size: l.size, depth: numberingDepth(closedAlone), pattern: strongPattern(closedAlone), closed: true });
        continue;
      }
      const style = headingStyleOf(l, stats);
      const inHeadingStyle = stats.styles.has(style);
      // In an accepted heading style it is judged as the others of that style are (below).
      const apiName = inHeadingStyle ? null : apiNameAlone(l, lines, i, stats);
      if (apiName) {
        onPage.push({ page: p, line: i, title: apiName, style: `${bucket(l.size)}|${l.font}${API_STYLE}`, size: l.size, depth: 0, pattern: null });
        continue;
      }
      // Like a code heading, a command's entry ranks below the heading its first comes under.
      const command = commandInMargin(l, pages, p, stats);
      if (command) {
        onPage.push({ page: p, line: i, title: command, style: `${bucket(l.size)}|${l.lead?.font ?? l.font}${API_STYLE}`, size: l.size, depth: 0, pattern: null });
        continue;
      }
      const opening = l.text.trim();
      const styled = inHeadingStyle || (stats.numberedStyles.has(style) && (DOTTED_RE.test(opening) || LETTER_LABEL_RE.test(opening)));
      if (!startsBlock(lines, i, stats.bodyPitch, stats.bodySize)) continue;
      if (i <= 1 && isRunningHead(l)) continue;
      // Two headings side by side on one baseline are judged one by one.
      for (const piece of splitSideBySide(l)) {
        const t = piece.text.trim();
        const pattern = strongPattern(t);
        // Strong 10-K style patterns are accepted at body style when they stand alone.
        const patternAlone = pattern !== null && pattern !== "chapter" && l.oneFont && t.length <= 100 && !/[,;]$/.test(t);
        if (!styled && !patternAlone) continue;
        // A numbered line in more than one font may be a heading run into its paragraph
        // after a period ("6.5 CCS Supplemental ... Plan. Effective February 2, 2004, the
        // CCS"): the heading is judged without the sentence. So may a line in one font that
        // only its numbering made a heading ("10. Adjustments. Notwithstanding anything ...",
        // an agreement's clauses in the text's own type).
        const runOn = (l.oneFont && inHeadingStyle) || !DOTTED_RE.test(t) ? null : (beforeRunOnSentence(t) ?? leadBeforeSentence(l, t));
        // A long title wrapped after a comma ("37. The \\name, \\number," over the rest) is
        // judged without the comma its next line takes up.
        const wrapped = !runOn && /,$/.test(t) && goesOnBelow(lines, i, stats.bodyPitch);
        const judged = runOn ? { ...piece, text: runOn } : wrapped ? { ...piece, text: t.slice(0, -1) } : piece;
        const code = isHeadingCode(l, stats);
        if (!headingShaped(judged, l.size < stats.bodySize + 0.8, code) || listTerm(lines, i, stats.bodySize, code)) continue;
        // A numbered line wholly in a face of its own ("B. Ignored files" in italics) is a
        // heading even when its paragraph opens in lower case ("ts-node transforms ...").
        const labelledFace = l.oneFont && l.font !== stats.bodyFont && scheme(t).kind !== null;
        if (!pattern && !runOn && !labelledFace && !twoLinesInOwnFace(lines, i, stats) && continuesAsSentence(piece, lines[i + 1], stats)) continue;
        const title = runOn ?? withoutUnitsNote(t);
        if (UNITS_NOTE_RE.test(title)) continue;
        onPage.push({ page: p, line: i, title, style, size: l.size, depth: numberingDepth(title), pattern, closed: runOn !== null });
      }
    }
    mergeWrapped(onPage, lines, stats.bodyPitch);
    // Judged whole once wrapped lines are joined: emphasis that ends in a colon introduces a
    // list ("By signing this Agreement, you hereby" / "accept the following:") when set in
    // body size, or when it runs past a dozen words (an exhibit set larger than the filing).
    keepWhere(onPage, (c) => c.pattern !== null || !/:$/.test(c.title) || (c.size >= stats.bodySize + 0.8 && c.title.split(/\s+/).length <= 12));
    // A page full of "headings" is a table, a figure or a list of contents. Headings run
    // into their paragraphs are counted apart: a dense two-column page may hold a dozen
    // beside its sub-sections. Run-in headings numbered "1)", "2)" that count on (starting
    // again under each sub-section) are headings however many a page holds (an option
    // reference's entries). A reference manual's page may hold more than a dozen short
    // entries at the text's size, each over a line or two of text: sixteen stay headings
    // (corpus tune +24 titles over a limit of twelve, none lost; twenty or thirty gained
    // no more and cost precision).
    const limit = 16;
    const labelled = onPage.filter((c) => c.runIn && PAREN_LABEL_RE.test(c.title));
    const counted = lettersCountOn(labelled.map((c) => parseInt(c.title, 10) || c.title.charCodeAt(0) - 96)) ? new Set(labelled) : new Set<Cand>();
    for (const group of [onPage.filter((c) => !c.runIn), onPage.filter((c) => c.runIn)]) {
      const kept = group.length > limit ? group.filter((c) => c.size >= stats.bodySize + 0.8 || c.pattern || counted.has(c)) : group;
      if (kept.filter((c) => !counted.has(c)).length <= limit) cands.push(...kept);
    }
  }
  for (const c of cands) {
    const face = c.style.replace(/\|run-in$/, "");
    if (c.runIn && displayedRunInStyles.has(face) && !PAREN_LABEL_RE.test(c.title)) Object.assign(c, { style: face, runIn: false });
  }
  continueNumbering(cands, pages, stats, { from, to, skipPages: opts.skipPages });
  const taken = new Map(cands.map((c) => [`${c.page}:${c.line}`, c]));
  for (const letter of indexLetters(pages, { from, to, skipPages: opts.skipPages }, { font: stats.bodyFont, size: stats.bodySize })) {
    const there = taken.get(`${letter.page}:${letter.line}`);
    // "Symbols" (or a large letter) may be a heading of the document's styles already: it ranks with the letters.
    if (there) {
      if (there.title === letter.title) there.indexLetter = true;
    } else cands.push({ ...letter, depth: 0, pattern: null, indexLetter: true });
  }
  cands.sort((a, b) => a.page - b.page || a.line - b.line);
  dropContentsEntries(cands, pages);
  dropRepeats(cands);
  // No cap on headings per page of the whole document: a short document dense with headings
  // (a README's 44 sections on 7 pages) kept only its largest level under a cap of three per
  // page (corpus tune recall +0.009, held out +0.018; the per-page limit above still holds).
  return assignLevels(cands, stats).map((c) => ({ title: c.title, level: c.level, page: c.page, line: c.line }));
}

/**
 * The heading style a line is set in. A numbered heading, larger than the text, whose name
 * is mostly code ("3.3 Input [cmdk-input]") is in the face of its number and first word, the
 * face its fellows ("3.1 Command [cmdk-root]") are set in, not in the code face that holds
 * most of its letters.
 */
function headingStyleOf(l: Line, stats: LayoutStats): string {
  const own = styleKey(l);
  const lead = l.lead;
  if (stats.styles.has(own) || !lead || Math.abs(lead.size - l.size) >= 0.8 || !DOTTED_RE.test(lead.text.trim())) return own;
  // Displayed headings only: a line with words in the text's font, or with words of a
  // sentence, is a numbered paragraph ("2.2.3.5 Code Block Renderers The \markdown... macro").
  if (l.size < stats.bodySize + 0.8 || l.font === stats.bodyFont || l.otherFonts?.includes(stats.bodyFont)) return own;
  const rest = l.text.trim().slice(lead.text.trim().length);
  // Nor a running head ("9.15. Option triglabels 43"), its folio after the title.
  if (rest.split(/\s+/).filter((w) => /^\p{Ll}+[,.]?$/u.test(w)).length >= 2 || /\s\d+$/.test(rest)) return own;
  const leadStyle = `${bucket(lead.size)}|${lead.font}`;
  return stats.styles.has(leadStyle) ? leadStyle : own;
}

/**
 * A heading wrapped across a page break ("If we are not able to ... consumer demand ...,
 * we" / [page break] "may experience a decline ..."): when the previous page ends inside a
 * heading, the lines of its style that open this page in lower case finish its title.
 * Returns how many lines of page `p` (before line `end`, where the range ends) were taken.
 */
function finishFromPreviousPage(prev: Cand | undefined, pages: PageText[], p: number, end: number): number {
  if (!prev || p === 0 || prev.page !== p - 1 || /[.:!?]$/.test(prev.title)) return 0;
  if ((prev.lastLine ?? prev.line) !== pages[p - 1].lines.length - 1) return 0;
  const lines = pages[p].lines;
  let taken = 0;
  while (taken < Math.min(3, end, lines.length)) {
    const l = lines[taken];
    const t = l.text.trim();
    if (styleKey(l) !== prev.style || (l.cells ?? 1) > 1 || (taken === 0 && !/^\p{Ll}/u.test(t))) break;
    if (taken > 0 && lines[taken - 1].y - l.y > 1.7 * l.size) break;
    prev.title = `${prev.title} ${t}`;
    taken++;
    if (/[.!?]$/.test(t)) break;
  }
  return taken;
}

/** Join a heading wrapped onto following lines of the same style, and a bare number line
 * ("3", "Chapter 3", not "Chapter Text") with the title under it. */
function mergeWrapped(cands: Cand[], lines: Line[], bodyPitch: number): void {
  const at = new Map(cands.map((c, k) => [c.line, k]));
  const drop = new Set<number>();
  const paragraphs = new Set<number>();
  for (const a of cands) {
    if (drop.has(a.line) || a.closed) continue;
    let last = lines[a.line];
    for (let j = a.line + 1; j < lines.length && j <= a.line + 3; j++) {
      const lb = lines[j];
      const bt = lb.text.trim();
      const gap = last.y - lb.y;
      const close = nextInBlock(last, lb, bodyPitch);
      // A number or "Part I" set apart above its title may stand further off.
      const nearLabel = j === a.line + 1 && gap > 0 && gap <= 2.6 * Math.max(last.size, lb.size);
      if (!close && !nearLabel) break;
      // "Part I" over its title ("Gnuplot") is one heading; over "Item 1." it is not.
      const bareNumber =
        j === a.line + 1 &&
        (/^(\d+(\.\d+)*|[ivxlc]+|[a-z]|(chapter|appendix|annex)\s+(\d+|[ivxlc]+|[a-z]))\.?$/i.test(a.title) ||
          (a.pattern === "part" && /^part\s+\S+$/i.test(a.title) && lb.size > last.size + 0.5)) &&
        !strongPattern(bt) &&
        !opensWithLabel(bt);
      // A Note's or Item's title wraps too ("Note 5 – Noninterest revenue and noninterest" /
      // "expense"): when the next line goes on in lower case or the title stops on "and".
      const wrapsOn = !a.pattern || ((a.pattern === "note" || a.pattern === "item") && (/^\p{Ll}/u.test(bt) || FUNCTION_WORD_END_RE.test(a.title)));
      // A title that stops on "to" or "of" goes on, even into words that look like a number
      // of their own ("...Pursuant to" / "Section 906 of the Sarbanes-Oxley Act of 2002").
      const unfinished = FUNCTION_WORD_END_RE.test(a.title);
      const nextPattern = strongPattern(bt);
      const sameStyle = close && styleKey(lb) === a.style && wrapsOn && !/[.:]$/.test(a.title) && (!nextPattern || (unfinished && nextPattern === "chapter"));
      // A wrapped title's continuation carries no numbering of its own. It lies under the
      // line it continues: a cell of the same style off to one side is a table's column head
      // ("... Not Adopted as of July 2, 2023" beside "Effect on the"). A numbered label may
      // stand apart over its title ("Exhibit 31.1" in the margin).
      const label = j === a.line + 1 && (a.pattern !== null || NUMBERED_LABEL_RE.test(a.title));
      const under = overlapsHorizontally(last, lb) || label;
      // A title in capitals wraps in capitals: mixed case under it is a sub-heading
      // ("NEW ACCOUNTING STANDARDS" over "Recently Adopted Accounting Standards").
      const caseKept = unfinished || label || !(isAllCaps(a.title) && /\p{Ll}/u.test(bt));
      // A line that goes on with the title's sentence in lower case may be long (a caption).
      const sentenceGoesOn = (lb.cells ?? 1) === 1 && /^\p{Ll}/u.test(bt) && !/[.:!?]$/.test(a.title) && bt.split(/\s+/).length <= 30;
      const continuation = sameStyle && under && caseKept && (headingShaped(lb) || sentenceGoesOn) && (!opensWithLabel(bt) || (unfinished && nextPattern === "chapter"));
      // Emphasis too long for a title that holds more than one sentence is a paragraph set
      // in bold ("This course is the 3rd year of the ... w/" / "... Management. Overview
      // for this course ..."): its first line is not a section title. A long caption of one
      // sentence (a risk factor) or a long title in capitals stays a heading.
      if (continuation && !a.pattern && a.title.length + bt.length > 150 && boldParagraph(a.title, lines, j, a.style, bodyPitch)) {
        paragraphs.add(a.line);
        break;
      }
      // Past 150 characters only a title that plainly goes on: it stops on "of" or "to", or
      // the next line continues its sentence in lower case (a long risk-factor caption).
      const goesOn = unfinished || /^\p{Ll}/u.test(bt);
      if (!(bareNumber && headingShaped(lb)) && !(continuation && (a.title.length + bt.length <= 150 || goesOn))) break;
      a.title = /\p{Ll}-$/u.test(a.title) && /^\p{Ll}/u.test(bt) ? a.title.slice(0, -1) + bt : `${a.title} ${bt}`;
      if (bareNumber && a.pattern !== "part") {
        a.size = Math.max(a.size, lb.size);
        a.style = styleKey(lb);
      }
      if (at.has(j)) drop.add(j);
      a.lastLine = j;
      last = lb;
    }
  }
  for (let k = cands.length - 1; k >= 0; k--) if (drop.has(cands[k].line) || paragraphs.has(cands[k].line)) cands.splice(k, 1);
}

/** The block of same-style lines from `j` on, joined after `title`, holds a sentence that
 * ends and another that begins (and is not set in capitals). */
function boldParagraph(title: string, lines: Line[], j: number, style: string, bodyPitch: number): boolean {
  let text = title;
  for (let k = j, last = lines[j - 1]; k < lines.length && k < j + 6; k++) {
    if (styleKey(lines[k]) !== style || !nextInBlock(last, lines[k], bodyPitch)) break;
    text += ` ${lines[k].text.trim()}`;
    last = lines[k];
  }
  const letters = text.replace(/[^\p{L}]/gu, "");
  if (letters.replace(/[^\p{Lu}]/gu, "").length > letters.length * 0.6) return false;
  return /\p{Ll}{2}[.!?]["”’)]?\s+["“‘(]?\p{Lu}/u.test(text);
}

/** A contents list without page numbers looks like headings; its entries come back later
 * in the text, so an entry below a "Contents" title that reappears further on is dropped. */
function dropContentsEntries(cands: Cand[], pages: PageText[]): void {
  const norm = (t: string) => t.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();
  const contentsAt = new Map<number, number>();
  for (const c of cands) {
    if (contentsAt.has(c.page)) continue;
    const i = pages[c.page].lines.findIndex((l) => CONTENTS_TITLE_RE.test(l.text.trim()));
    contentsAt.set(c.page, i);
  }
  const later = new Map<string, number>();
  cands.forEach((c, i) => later.set(norm(c.title), i));
  for (let i = cands.length - 1; i >= 0; i--) {
    const c = cands[i];
    const at = contentsAt.get(c.page) ?? -1;
    if (at < 0 || c.line < at) continue;
    // The contents title stays: the contents are a section of the document, as a printed
    // contents makes them (printed-toc.ts).
    if ((later.get(norm(c.title)) ?? i) > i && !CONTENTS_TITLE_RE.test(c.title)) cands.splice(i, 1);
  }
}

/** Titles repeated on many pages ("Continued", "(in millions)") are furniture. */
function dropRepeats(cands: Cand[]): void {
  const count = new Map<string, number>();
  const key = (c: Cand) => c.title.toLowerCase().replace(/\d+/g, "#");
  for (const c of cands) count.set(key(c), (count.get(key(c)) ?? 0) + 1);
  // A sub-heading each section repeats ("Parameters", "Returns" under every function) has a
  // heading of its own between each two of its occurrences; furniture follows itself. A
  // numbered heading is a heading of its own even where, its numbers set aside, it repeats
  // ("1.1.3 OTP 24" between "Functions Deprecated in OTP 25" and "... in OTP 24"). (An index's
  // letters are no sections: its running head "Index" stays furniture.)
  const apart = new Map<string, boolean>();
  const lastAt = new Map<string, number>();
  cands.forEach((c, i) => {
    const k = key(c);
    if ((count.get(k) ?? 0) < 4) return;
    const prev = lastAt.get(k);
    const ownHeadingBetween = prev === undefined || cands.slice(prev + 1, i).some((o) => (count.get(key(o)) === 1 || o.depth > 0) && !o.indexLetter);
    apart.set(k, (apart.get(k) ?? true) && ownHeadingBetween);
    lastAt.set(k, i);
  });
  // Furniture comes once to a page; titles numbered apart on one page ("SHA256" and
  // "SHA384", "Step 1" and "Step 2", heading a reference's or a guide's sections) are a
  // series of headings. A figure's or a table's label is a caption's.
  const seen = new Map<string, string>();
  const series = new Set<string>();
  for (const c of cands) {
    if (!/\d/.test(c.title) || CAPTION_LABEL_RE.test(c.title)) continue;
    const k = `${c.page}|${key(c)}`;
    const numbers = c.title.match(/\d+/g)!.join(" ");
    if (seen.has(k) && seen.get(k) !== numbers) series.add(key(c));
    seen.set(k, numbers);
  }
  keepWhere(cands, (c) => !!c.pattern || c.depth > 0 || (count.get(key(c)) ?? 0) < 4 || apart.get(key(c)) === true || series.has(key(c)));
}

/** In-place filter (linear, unlike repeated splice). */
function keepWhere<T>(items: T[], keep: (t: T) => boolean): void {
  let j = 0;
  for (const it of items) if (keep(it)) items[j++] = it;
  items.length = j;
}

/**
 * A line that opens with a numbering label of its own ("B. Options", "2.1 Scope", "1) help:",
 * "(a) Notice"): the next heading or list item, never the wrapped rest of a title above it.
 */
function opensWithLabel(t: string): boolean {
  return scheme(t).kind !== null || PAREN_LABEL_RE.test(t) || /^\((?:\d{1,3}|[a-z]|[ivx]{1,4})\)\s/.test(t);
}

/** Numbering scheme of one heading: "I." roman, "A." letter, "1." / "2.3" arabic. */
function scheme(t: string): { kind: "roman" | "letter" | "arabic" | "lower" | null; depth: number } {
  if (/^[IVX]{1,5}\.\s/.test(t)) return { kind: "roman", depth: 1 };
  if (/^[A-H]\.\s/.test(t) || /^[A-H]\s+\p{Lu}/u.test(t)) return { kind: "letter", depth: 1 };
  if (/^[a-h][.)]\s/.test(t)) return { kind: "lower", depth: 1 };
  const m = DOTTED_RE.exec(t);
  if (m) return { kind: "arabic", depth: m[1].split(".").length };
  return { kind: null, depth: 0 };
}

/**
 * Levels: PART above everything; then type size (larger = higher); within a size, the
 * numbering: legal outlines (I. > A. > 1. > a.) when roman-numbered headings are present,
 * else dotted depth (1 > 1.1 > 1.1.1, appendix letters level with chapters). In a 10-K,
 * Items sit under Parts and unnumbered headings of the Items' style (and Notes) under Items.
 * Unnumbered headings of one size rank capitals above mixed case when both occur, and in two
 * fonts that nest (see fontRanks) by the order the fonts first appear in.
 * Styles seen only on the first page (title, authors) are level 1 and rank nothing else.
 */
function assignLevels(cands: Cand[], stats: Pick<LayoutStats, "firstSeen" | "codeHeadingStyles">): (Cand & { level: number })[] {
  const firstPage = cands.length ? Math.min(...cands.map((c) => c.page)) : 0;
  const styleOnlyFront = new Map<string, boolean>();
  for (const c of cands) styleOnlyFront.set(c.style, (styleOnlyFront.get(c.style) ?? true) && c.page === firstPage);
  // Front matter comes before the first heading of a style the body uses too: a style of
  // the first page seen only after one (a short paper's "A. Scope" under "I. Options") heads
  // sub-sections there.
  const firstBody = cands.findIndex((c) => !styleOnlyFront.get(c.style));
  const front = new Set(cands.filter((c, k) => k < firstBody && styleOnlyFront.get(c.style)).map((c) => c.style));
  const isFront = (c: Cand) => front.has(c.style) && c.pattern !== "part" && c.pattern !== "item";

  const ranked = cands.filter((c) => !isFront(c) && c.pattern !== "part" && !c.runIn && !c.indexLetter);
  backMatterWithSections(ranked, cands);
  rankCodeHeadings(ranked, stats.codeHeadingStyles);
  const sizes = [...new Set(ranked.map((c) => bucket(c.size)))].sort((a, b) => b - a);
  const itemSizes = new Set(ranked.filter((c) => c.pattern === "item").map((c) => bucket(c.size)));
  // Rank inside a size bucket from the numbering.
  const legal = new Set<number>();
  for (const s of sizes) {
    const romans = ranked.filter((c) => bucket(c.size) === s && scheme(c.title).kind === "roman");
    if (romans.length >= 2) legal.add(s);
  }
  const minArabic = new Map<number, number>();
  const maxArabic = new Map<number, number>();
  for (const c of ranked) {
    const sc = scheme(c.title);
    if (sc.kind !== "arabic") continue;
    minArabic.set(bucket(c.size), Math.min(minArabic.get(bucket(c.size)) ?? 99, sc.depth));
    maxArabic.set(bucket(c.size), Math.max(maxArabic.get(bucket(c.size)) ?? 0, sc.depth));
  }
  // Unnumbered headings of one size that come both in capitals and in mixed case (a press
  // release's "DISCUSSION OF SEGMENT RESULTS" over "Entertainment"): capitals rank above.
  const isCaps = (title: string) => /[A-Z]{2}/.test(title) && !/[a-z]/.test(title);
  const casedSizes = new Set<number>();
  for (const s of sizes) {
    if (legal.has(s) || itemSizes.has(s) || minArabic.has(s)) continue;
    // Names of code in capitals are constants ("CONTINUE" beside "visit()"), not a rank.
    const plain = ranked.filter((c) => bucket(c.size) === s && c.pattern === null && scheme(c.title).kind === null && !stats.codeHeadingStyles.has(c.style));
    const caps = plain.filter((c) => isCaps(c.title)).length;
    if (caps >= 2 && plain.length - caps >= 2) casedSizes.add(s);
  }
  // Numbering ranks a size's headings where it is common there; a numbered list item or two
  // among unnumbered headings in several faces leaves the ranking to the faces.
  const arabicCount = new Map<number, number>();
  const sizeCount = new Map<number, number>();
  for (const c of ranked) {
    sizeCount.set(bucket(c.size), (sizeCount.get(bucket(c.size)) ?? 0) + 1);
    if (scheme(c.title).kind === "arabic") arabicCount.set(bucket(c.size), (arabicCount.get(bucket(c.size)) ?? 0) + 1);
  }
  const numberedMostly = (s: number) => (arabicCount.get(s) ?? 0) >= Math.max(2, NUMBERED_SHARE * sizeCount.get(s)!);
  const fontRank = fontRanks(ranked, sizes, stats.firstSeen, (s) => legal.has(s) || (minArabic.has(s) && numberedMostly(s)) || casedSizes.has(s));
  const insideNotes = betweenNotes(ranked);
  const inner = (c: Cand): number => {
    const b = bucket(c.size);
    if (casedSizes.has(b) && c.pattern === null && scheme(c.title).kind === null) return isCaps(c.title) ? 0 : 1;
    const sc = scheme(c.title);
    if (legal.has(b)) {
      if (sc.kind === "roman") return 0;
      if (sc.kind === "letter") return 1;
      if (sc.kind === "arabic") return 1 + sc.depth;
      if (sc.kind === "lower") return 2 + (minArabic.has(b) ? 2 : 1);
      return 0;
    }
    let r = sc.kind === "arabic" ? sc.depth - (minArabic.get(b) ?? sc.depth) : 0;
    // Unnumbered headings in the style of numbered subsections ("2.1 ...") are paragraph
    // headings under them.
    if (sc.kind === null && c.pattern === null && (minArabic.get(b) ?? 0) >= 2) r = (maxArabic.get(b) ?? 0) - minArabic.get(b)! + 1;
    if (itemSizes.has(b) && c.pattern !== "item" && c.pattern !== "chapter" && sc.kind === null) r += 1;
    if (c.pattern === "note") r = Math.max(r, 1);
    if (sc.kind === null && c.pattern === null) r += fontRank.get(c.style) ?? 0;
    if (insideNotes.has(c)) r = Math.max(r, 2);
    return r;
  };
  // Each size gets a band as wide as its deepest inner rank.
  const band = new Map<number, number>();
  let next = 1;
  for (const s of sizes) {
    band.set(s, next);
    const width = Math.max(1, ...ranked.filter((c) => bucket(c.size) === s).map((c) => inner(c) + 1));
    next += width;
  }
  const out = cands.map((c) => {
    let level: number;
    if (c.pattern === "part") level = 0;
    else if (c.runIn || c.indexLetter) level = next; // run-in headings and index letters sit below every displayed heading
    else if (isFront(c)) level = 1;
    else level = band.get(bucket(c.size))! + inner(c);
    return { ...c, level };
  });
  // Dense levels starting at 1.
  const used = [...new Set(out.map((c) => c.level))].sort((a, b) => a - b);
  const dense = new Map(used.map((l, i) => [l, i + 1]));
  for (const c of out) c.level = dense.get(c.level)!;
  return out;
}

/**
 * Back matter set larger than every numbered section ("Index" at 20 pt over "3 Implementation"
 * at 14 pt, as ltxdoc sets it) is their sibling, not their parent: its size counts as theirs.
 * Not where its size also sets other, unnumbered headings (a book's unnumbered chapters).
 */
function backMatterWithSections(ranked: Cand[], all: readonly Cand[]): void {
  // Sections numbered on the first page count too (a first section in a face of its own).
  const numbered = all.filter((c) => scheme(c.title).kind !== null || c.pattern === "chapter");
  if (!numbered.length) return;
  const top = Math.max(...numbered.map((c) => c.size));
  // Only top-level sections ("3 Implementation", not "3.4.1 Typesetting") are siblings of the
  // back matter: a part of the document read apart (past its printed contents) may hold
  // sub-sections alone.
  if (!numbered.some((c) => bucket(c.size) === bucket(top) && (c.pattern === "chapter" || scheme(c.title).depth === 1))) return;
  const standard = (c: Cand) => STANDARD_SECTION_RE.test(c.title);
  for (const c of ranked) {
    if (!standard(c) || c.size < top + 0.8) continue;
    if (ranked.some((o) => !standard(o) && bucket(o.size) === bucket(c.size))) continue;
    c.size = top;
  }
}

/**
 * A code heading style smaller than the text ranks by where its first heading comes, not by
 * its size: half a point below the heading just before that one (the section whose functions
 * or types it names: "API" over "visit(tree[, test])"). Styles are taken in the order they
 * first come, so one ranked so already can be another's parent.
 */
function rankCodeHeadings(ranked: Cand[], codeStyles: ReadonlySet<string>): void {
  const order = [...new Set(ranked.map((c) => c.style))].filter((k) => codeStyles.has(k) || k.endsWith(API_STYLE));
  for (const style of order) {
    const first = ranked.findIndex((c) => c.style === style);
    if (first < 1) continue;
    const size = bucket(ranked[first - 1].size) - 0.5;
    for (const c of ranked) if (c.style === style) c.size = size;
  }
}

/**
 * Financial statement notes: an unnumbered heading of the Notes' size that comes between
 * "Note 11 – Loans" and "Note 12 – ..." belongs to Note 11 ("Credit card loan portfolio" in
 * the Notes' own face, "Description of Business" in another), so it ranks under the Notes.
 * Headings after the last Note are left alone: the notes may end there ("Report of
 * Independent Registered Public Accounting Firm").
 */
function betweenNotes(ranked: readonly Cand[]): Set<Cand> {
  const out = new Set<Cand>();
  const bySize = new Map<number, Cand[]>();
  for (const c of ranked) {
    const list = bySize.get(bucket(c.size));
    if (list) list.push(c);
    else bySize.set(bucket(c.size), [c]);
  }
  for (const list of bySize.values()) {
    const notes = list.map((c, i) => (c.pattern === "note" ? i : -1)).filter((i) => i >= 0);
    if (notes.length < 2) continue;
    for (let i = notes[0] + 1; i < notes[notes.length - 1]; i++) {
      const c = list[i];
      if (c.pattern === null && scheme(c.title).kind === null) out.add(c);
    }
  }
  return out;
}

/**
 * Unnumbered headings of one size in two or more fonts (a 10-K's "General" in one bold face
 * over "Verizon Consumer Group" in another): when a later font's headings come between two
 * headings of an earlier one, the later font nests under it. Fonts rank by the position of
 * their first heading in the whole document; a font whose headings never come between
 * another's does not nest. Returns the extra depth per style (0 for the first font).
 */
function fontRanks(ranked: readonly Cand[], sizes: readonly number[], firstSeen: ReadonlyMap<string, number>, numberedSize: (s: number) => boolean): Map<string, number> {
  const out = new Map<string, number>();
  for (const s of sizes) {
    if (numberedSize(s)) continue;
    const plain = ranked.filter((c) => bucket(c.size) === s && c.pattern === null && scheme(c.title).kind === null);
    const count = new Map<string, number>();
    for (const c of plain) count.set(c.style, (count.get(c.style) ?? 0) + 1);
    const fonts = [...count.keys()].filter((k) => count.get(k)! >= 2 && firstSeen.has(k)).sort((a, b) => firstSeen.get(a)! - firstSeen.get(b)!);
    const at = plain.map((c) => c.style);
    let depth = 0;
    for (let i = 1; i < fonts.length; i++) {
      // Nested: some heading of fonts[i] lies between two headings of the font above it.
      const above = fonts[i - 1];
      const firstAbove = at.indexOf(above);
      const lastAbove = at.lastIndexOf(above);
      // Or its first heading comes right under one of that font, no heading between (a
      // sub-section opening its section), though the font above never comes back after it.
      const first = ranked.findIndex((c) => c.style === fonts[i]);
      const inside = at.some((k, j) => k === fonts[i] && j > firstAbove && j < lastAbove) || ranked[first - 1]?.style === above;
      if (inside) depth++;
      out.set(fonts[i], depth);
    }
  }
  return out;
}

function argmax<K>(m: Map<K, number>): K | undefined {
  let best: K | undefined;
  let n = -1;
  for (const [k, v] of m) if (v > n) ((best = k), (n = v));
  return best;
}
