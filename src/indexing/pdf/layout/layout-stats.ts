/**
 * What a document's type says before any heading is taken: body size, font and line pitch,
 * the code faces, and which (size, font) styles head sections, judged by how their lines
 * stand across the whole document.
 */
import { argmax } from "../argmax.ts";
import { markCentredLines } from "../centred-lines.ts";
import { countsOn, lettersCountOn } from "../section-numbers.ts";
import type { Line, PageText } from "../types.ts";
import { CHAPTER_RE, DOTTED_RE, LEADERS_RE, LETTER_LABEL_RE, scheme, strongPattern } from "./heading-numbering.ts";
import { STANDARD_SECTION_RE, headingShaped, isAllCaps, isHeadingCode, lettersOf } from "./heading-shape.ts";
import { hungNumber, startsBlock } from "./line-blocks.ts";
import { listTerm } from "./list-terms.ts";
import { bucket, styleKey } from "./style-key.ts";

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

