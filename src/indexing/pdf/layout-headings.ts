/**
 * Tree source 3: headings recognised from typography. Body text is the size with the most
 * characters (and, at that size, the font with the most characters). A heading style is a
 * (size, font) pair that is larger than body text, or body-sized in another font (pdfjs does
 * not expose font names, so a distinct font at body size stands in for bold), whose lines are
 * mostly short, wordy and start a block. Numbering ("2.3", "Item 7.", "PART II", "Note 4")
 * adds depth. Pages full of candidates (tables, figures, contents) and titles that repeat all
 * over the document are dropped, and each page's count is capped, so tables never turn into
 * hundreds of headings.
 *
 * This file walks the pages and takes the candidates; the judgements it calls live in
 * ./layout/: the document's styles (layout-stats), a title's shape (heading-shape), where a
 * line stands in its block (line-blocks), run-in, numbered, code and wrapped titles, the
 * furniture dropped (candidate-filters) and the levels (heading-levels).
 */
import { indexLetters } from "./index-letters.ts";
import { UNITS_NOTE_RE, dropContentsEntries, dropRepeats, isRunningHead, splitSideBySide, withoutUnitsNote } from "./layout/candidate-filters.ts";
import { type Cand, keepWhere } from "./layout/candidate.ts";
import { API_NAME_RE, API_STYLE, apiNameAlone, commandInMargin } from "./layout/code-titles.ts";
import { assignLevels } from "./layout/heading-levels.ts";
import { DOTTED_RE, LETTER_LABEL_RE, PAREN_LABEL_RE, numberingDepth, scheme, strongPattern } from "./layout/heading-numbering.ts";
import { headingShaped, isHeadingCode } from "./layout/heading-shape.ts";
import type { LayoutStats } from "./layout/layout-stats.ts";
import { continuesAsSentence, goesOnBelow, startsBlock, twoLinesInOwnFace } from "./layout/line-blocks.ts";
import { listTerm } from "./layout/list-terms.ts";
import { beforeRunOnSentence, continueNumbering, leadBeforeSentence } from "./layout/numbered-titles.ts";
import { apartBySpaceOnly, labelledTitleAlone, periodClosedTitleAlone, runInTitle } from "./layout/run-in-titles.ts";
import { bucket, styleKey } from "./layout/style-key.ts";
import { finishFromPreviousPage, mergeWrapped } from "./layout/wrapped-titles.ts";
import { lettersCountOn } from "./section-numbers.ts";
import type { Heading, Line, PageText, Pos } from "./types.ts";

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
