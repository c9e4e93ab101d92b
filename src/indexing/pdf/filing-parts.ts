/**
 * SEC filings (10-K, 10-Q) are PARTs holding Items. Contents pages and layout often give
 * both on one level, and sometimes lose a PART heading while keeping its Items. For trees
 * not taken from an outline (the author's bookmarks are trusted as they are):
 * 1. a PART missing between two Items is looked up in the body between them: a short line
 *    that starts with "PART II" (numbers only ever increase), which becomes a heading at
 *    the Items' level, at its own page and line;
 * 2. Items that follow a PART on the PART's level, with everything under them, move one
 *    level down, under the PART, until the next PART or another heading of that level
 *    ("SIGNATURES");
 * 3. (dropRunningDivisionLabels, after the leaves are refined) a bare division label that
 *    repeats one already opened ("PART IV", "Item 15", "PART II, III" printed at the top of
 *    each page of a section, kept by the header stripping on the sections too short to
 *    repeat them often) is a running head, not a section;
 * 4. the SIGNATURES section after the last PART is a section of the form beside the PARTs,
 *    not a part of the last Item: it moves up to the PARTs' level, and what follows it
 *    (exhibits, a trademark summary bound in after the signatures) moves up as much,
 *    keeping its nesting. When something after it sits higher than it does (the layout
 *    gave the signatures a deeper level than the pages after them), the levels say too
 *    little to move anything, and the headings stay as they are.
 */
import type { Heading, PageText } from "./types.ts";

const PART = /^part\s+(iv|i{1,3})\b/i;
const ITEM = /^item\s+(\d{1,2}[a-c]?)\b/i;
/** A PART heading line says little besides the part ("PART II — OTHER INFORMATION"). */
const PART_LINE_MAX_WORDS = 8;
/** A division label and nothing else: "PART IV", "PART II, III", "Item 15", "Item 9B, 10". */
const BARE_PARTS = /^part\s+((?:iv|i{1,3})(?:\s*(?:,|and|&)\s*(?:iv|i{1,3}))*)\.?$/i;
const BARE_ITEMS = /^items?\s+(\d{1,2}[a-c]?(?:\s*(?:,|and|&)\s*\d{1,2}[a-c]?)*)\.?$/i;
/** Between the labels of such a list. */
const LIST_SEPARATOR = /\s*(?:,|and|&)\s*/i;
/** The form's signature section: "SIGNATURES", "Signature". */
const SIGNATURES = /^signatures?[.:]?$/i;
const ROMAN: Record<string, number> = { i: 1, ii: 2, iii: 3, iv: 4 };

/** 2 for "PART II — OTHER INFORMATION"; undefined for other titles. */
export const partNumber = (title: string): number | undefined => {
  const m = PART.exec(title.trim());
  return m ? ROMAN[m[1].toLowerCase()] : undefined;
};
/** "1A" for "Item 1A. Risk Factors"; undefined for other titles. */
export const itemNumber = (title: string): string | undefined => ITEM.exec(title.trim())?.[1].toUpperCase();
const isItem = (title: string) => itemNumber(title) !== undefined;
/** The filing rules apply to heading lists with three Items or more. */
const isFiling = (headings: Heading[]) => headings.filter((h) => isItem(h.title)).length >= 3;

export function shapeFilingParts(headings: Heading[], pages: PageText[]): Heading[] {
  if (!isFiling(headings)) return headings;
  const withParts = insertMissingParts(headings, pages);
  return liftSignatures(nestItems(withParts));
}

function insertMissingParts(headings: Heading[], pages: PageText[]): Heading[] {
  const out: Heading[] = [];
  let lastPart = 0;
  let previous: Heading | undefined;
  for (const h of headings) {
    const part = partNumber(h.title);
    if (part !== undefined) lastPart = Math.max(lastPart, part);
    if (isItem(h.title) && previous && h.line !== undefined && previous.line !== undefined) {
      const found = findPartLine(pages, { page: previous.page, line: previous.line + 1 }, { page: h.page, line: h.line }, lastPart);
      if (found) {
        out.push({ title: found.title, level: h.level, page: found.page, line: found.line });
        lastPart = found.part;
      }
    }
    out.push(h);
    if (isItem(h.title) || part !== undefined) previous = h;
  }
  return out;
}

/** The first line between `from` and `to` (exclusive) that is a PART heading numbered above `after`. */
function findPartLine(pages: PageText[], from: { page: number; line: number }, to: { page: number; line: number }, after: number): { title: string; page: number; line: number; part: number } | undefined {
  for (let p = from.page; p <= to.page && p < pages.length; p++) {
    const lines = pages[p].lines;
    const start = p === from.page ? from.line : 0;
    const end = p === to.page ? to.line : lines.length;
    for (let i = start; i < end; i++) {
      const text = lines[i].text.trim();
      const part = partNumber(text);
      if (part === undefined || part <= after || text.split(/\s+/).length > PART_LINE_MAX_WORDS) continue;
      return { title: text, page: p, line: i, part };
    }
  }
  return undefined;
}

function nestItems(headings: Heading[]): Heading[] {
  const out = headings.map((h) => ({ ...h }));
  for (let i = 0; i < out.length; i++) {
    if (partNumber(out[i].title) === undefined) continue;
    const level = out[i].level;
    for (let j = i + 1; j < out.length; j++) {
      const h = out[j];
      if (h.level < level) break;
      if (h.level === level && !isItem(h.title)) break; // the next PART, or SIGNATURES and the like
      // An Item on the PART's level moves under it, and everything below that Item with it.
      if (h.level === level) {
        h.level++;
        for (let k = j + 1; k < out.length && out[k].level > level; k++) out[k].level++;
      }
    }
  }
  return out;
}

function liftSignatures(headings: Heading[]): Heading[] {
  let lastPart = -1;
  let partLevel = Infinity;
  headings.forEach((h, i) => {
    if (partNumber(h.title) === undefined) return;
    lastPart = i;
    // The PARTs' own level: a running head "PART IV" repeated inside an Item sits deeper.
    partLevel = Math.min(partLevel, h.level);
  });
  if (lastPart < 0) return headings;
  const at = headings.findIndex((h, i) => i > lastPart && SIGNATURES.test(h.title.trim()));
  if (at < 0 || headings[at].level <= partLevel) return headings;
  const level = headings[at].level;
  if (headings.slice(at + 1).some((h) => h.level < level)) return headings;
  const lift = level - partLevel;
  return headings.map((h, i) => (i < at ? h : { ...h, level: h.level - lift }));
}

/**
 * See the file comment, rule 3. Only in filings (three Items or more), like the rules above;
 * an Item label repeats only within its PART.
 */
export function dropRunningDivisionLabels(headings: Heading[]): Heading[] {
  if (!isFiling(headings)) return headings;
  const items = new Set<string>();
  let lastPart = 0;
  return headings.filter((h) => {
    const title = h.title.trim();
    const bareParts = BARE_PARTS.exec(title)?.[1].split(LIST_SEPARATOR).map((r) => ROMAN[r.toLowerCase()]);
    const bareItems = BARE_ITEMS.exec(title)?.[1].split(LIST_SEPARATOR).map((n) => n.toUpperCase());
    if (bareParts?.every((n) => n <= lastPart)) return false;
    if (bareItems?.every((n) => items.has(n))) return false;
    const part = partNumber(title);
    if (part !== undefined && part > lastPart) {
      lastPart = part;
      items.clear(); // a 10-Q numbers the Items of each PART from 1
    }
    const item = itemNumber(title);
    if (item !== undefined) items.add(item);
    return true;
  });
}
