/**
 * Titles run into their paragraph ("Product Liability Litigation. The Company ...") or set
 * alone with a run-in title's close ("1) help:", "Mutex API."), at the text's size.
 */
import type { Line } from "../types.ts";
import { API_NAME_RE } from "./code-titles.ts";
import { PAREN_LABEL_RE } from "./heading-numbering.ts";
import { headingShaped, namesOneThing } from "./heading-shape.ts";
import type { LayoutStats } from "./layout-stats.ts";
import { startsBlock } from "./line-blocks.ts";

/** Space after a run-in title, against its size, that sets it apart without punctuation:
 * TeX stretches a word space (a third of an em) to half an em or so, never to this. */
const RUN_IN_GAP = 0.8;

/** The next line goes on in the same paragraph at the line's own left edge: no hanging indent. */
function paragraphGoesOnBelow(l: Line, next: Line | undefined, stats: LayoutStats): boolean {
  if (!next || Math.abs(next.x - l.x) > 1.5 || Math.abs(next.size - stats.bodySize) >= 0.8) return false;
  const gap = l.y - next.y;
  return gap > 0 && gap <= 1.3 * Math.max(stats.bodyPitch, l.size);
}

/** The lead is followed by an em or so of space, not a word space (a run-in title's close). */
export function spacedApart(lead: NonNullable<Line["lead"]>): boolean {
  return (lead.gap ?? 0) >= RUN_IN_GAP * lead.size;
}

/**
 * A run-in title that only its space sets apart (no punctuation, no tab, no larger size):
 * LaTeX's \paragraph, the level below every displayed heading in the same face.
 */
export function apartBySpaceOnly(l: Line, title: string): boolean {
  const lead = l.lead;
  return !!lead && title === lead.text.trim() && spacedApart(lead) && (l.cells ?? 1) < 2 && lead.size < l.size + 0.8;
}

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
export function runInTitle(l: Line, prev: Line | undefined, stats: LayoutStats, next?: Line): string | null {
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
export function labelledTitleAlone(l: Line, lines: Line[], i: number, stats: LayoutStats): string | null {
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

/**
 * An unnumbered run-in title on a line of its own, its paragraph a listing or a list ("Mutex
 * API." in bold over code), in a face the document runs titles into their paragraphs in
 * (elsewhere a bold sentence alone is a tagline or a list's introduction): closed by a period
 * as a run-in title is, after clear space, a dozen words at most, and the next line not in its
 * face (a paragraph set in bold goes on in bold). Returns the title without its period.
 */
export function periodClosedTitleAlone(l: Line, lines: Line[], i: number, stats: LayoutStats): string | null {
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
