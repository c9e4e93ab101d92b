/**
 * Filings' bookmarks sometimes point a PART or an Item elsewhere than where it begins: PART
 * I at the contents page, an Item whose body prints no heading at the page after its first
 * section. The printed contents says where each begins; where a bookmark's page is a
 * contents page, or shows no line naming the PART or Item, and the printed contents places
 * the same PART or Item elsewhere (between the bookmarks around it), the bookmark moves
 * there, and sibling bookmarks it now starts before become its sections (the printed
 * contents lists them under it). A PART on a contents page that the printed contents does
 * not place starts with its first child. Bookmarks that agree with their pages stay.
 * (Should a moved heading land above its predecessor on one page, assembleTree puts it on
 * its predecessor's line.)
 */
import { itemNumber, partNumber } from "./filing-parts.ts";
import { normText } from "./fuzzy.ts";
import type { PageIndex } from "./locate.ts";
import type { PrintedTocResult } from "./printed-toc.ts";
import type { Heading } from "./types.ts";

/** "P2" for PART II, "P2:I1A" for Item 1A under it; null for other headings. */
function keysOf(headings: readonly Heading[]): (string | null)[] {
  let part = "P0";
  return headings.map((h) => {
    const p = partNumber(h.title);
    if (p !== undefined) return (part = `P${p}`);
    const i = itemNumber(h.title);
    return i ? `${part}:I${i}` : null;
  });
}

/** A line of the page opens with the heading's label ("Item 2", "PART I"). */
function labelOnPage(index: PageIndex, h: Heading): boolean {
  const label = normText(h.title.trim().split(/\s+/).slice(0, 2).join(" "));
  return index.lines(h.page).some((l) => l === label || l.startsWith(label + " "));
}

export interface PrintedContents {
  toc: PrintedTocResult | null;
  contentsPages: ReadonlySet<number>;
}

/** Moves misplaced PART and Item bookmarks in place; `contents` is read only for filings. */
export function placeFilingBookmarks(headings: Heading[], index: PageIndex, contents: () => PrintedContents): void {
  const keys = keysOf(headings);
  if (keys.filter((k) => k?.includes(":I")).length < 3) return;
  const { toc, contentsPages } = contents();
  const printed = new Map<string, Heading>();
  if (toc) {
    const tocKeys = keysOf(toc.headings);
    toc.headings.forEach((h, i) => {
      const k = tocKeys[i];
      if (k && !printed.has(k) && !contentsPages.has(h.page)) printed.set(k, h);
    });
  }
  for (let i = 0; i < headings.length; i++) {
    const k = keys[i];
    const h = headings[i];
    if (!k || (!contentsPages.has(h.page) && labelOnPage(index, h))) continue;
    const lo = i > 0 ? headings[i - 1].page : 0;
    const hi = i + 1 < headings.length ? headings[i + 1].page : Infinity;
    const there = printed.get(k);
    if (there && there.page !== h.page && there.page >= lo && there.page <= hi) {
      h.page = there.page;
      h.line = there.line;
      delete h.yHint;
      adoptEarlierSiblings(headings, keys, i);
    } else if (!there && k.startsWith("P") && !k.includes(":") && contentsPages.has(h.page)) {
      const child = headings[i + 1];
      if (child && child.level > h.level && child.page > h.page) {
        h.page = child.page;
        h.line = child.line;
        delete h.yHint;
      }
    }
  }
}

/**
 * Bookmarks just before headings[i] at its level and on or after its (new) page now lie
 * inside it: it moves ahead of them and they go one level down, with their subtrees.
 */
function adoptEarlierSiblings(headings: Heading[], keys: (string | null)[], i: number): void {
  const h = headings[i];
  let j = i;
  while (j > 0 && headings[j - 1].level >= h.level && headings[j - 1].page >= h.page && keys[j - 1] === null) j--;
  if (j === i) return;
  for (let k = j; k < i; k++) headings[k].level++;
  h.line = headings[j].line;
  headings.splice(j, 0, ...headings.splice(i, 1));
  keys.splice(j, 0, ...keys.splice(i, 1));
}
