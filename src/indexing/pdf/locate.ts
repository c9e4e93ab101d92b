/**
 * Pin each heading to the line where it starts: verify (fuzzily) that its title appears on or
 * near its page, repair the page when it appears on a neighbour instead, and fall back to the
 * destination's y coordinate or the top of the page when the title is nowhere to be seen.
 */
import { normText, titleMatch } from "./fuzzy.ts";
import type { Heading, PageText, Pos } from "./types.ts";

export const MATCH_THRESHOLD = 0.8;

export interface LocateOptions {
  /** Pages after the given page searched when the title is not on it (printed-TOC and layout
   * pages can be off by a little; outline pages are trusted, so 1 there). */
  after: number;
  /** Pages before the given page searched. */
  before: number;
  /** Printed contents drift (inserted plates, unnumbered pages): carry each repair's page
   * shift over to the following headings. */
  adaptive?: boolean;
  /** No heading may land before this page (the contents pages themselves). */
  minPage?: number;
  /** Nor before this line of its page (below the last entry of the contents' last page,
   * where the first section may begin). */
  start?: Pos;
  /** Nor after this one (front matter listed in contents that follow it). */
  maxPage?: number;
}

export interface LocateResult {
  /** Titles found on the page they start on (the rest fell back to y hints / page tops). */
  verified: number;
}

/** Lazily normalised line texts, shared by all lookups of one document. */
export class PageIndex {
  private readonly norm: (string[] | undefined)[];
  constructor(readonly pages: PageText[]) {
    this.norm = new Array(pages.length);
  }
  lines(p: number): string[] {
    return (this.norm[p] ??= this.pages[p].lines.map((l) => normText(l.text)));
  }
}

export interface Match {
  pos: Pos;
  score: number;
}

/** Best match of a title on one page at or after `from` (when on that page). */
export function findOnPage(index: PageIndex, page: number, titleNorm: string, from?: Pos, yHint?: number): Match | null {
  const norms = index.lines(page);
  const lines = index.pages[page].lines;
  const start = from && from.page === page ? from.line : 0;
  let best: Match | null = null;
  let bestDist = Infinity;
  for (let i = start; i < norms.length; i++) {
    let s = titleMatch(titleNorm, norms[i]);
    // Titles wrapped over two lines, or numbered on a line of their own ("Chapter 3").
    if (s < MATCH_THRESHOLD && i + 1 < norms.length && norms[i].length < titleNorm.length) {
      s = Math.max(s, titleMatch(titleNorm, norms[i] + " " + norms[i + 1]) - 0.01);
    }
    if (s < MATCH_THRESHOLD) continue;
    // Among equal matches prefer the one nearest below the destination's y.
    const dist = yHint === undefined ? 0 : yDistance(lines[i].y, lines[i].size, yHint);
    if (!best || s > best.score + 0.02 || (Math.abs(s - best.score) <= 0.02 && dist < bestDist)) {
      best = { pos: { page, line: i }, score: s };
      bestDist = dist;
    }
  }
  return best;
}

function yDistance(lineY: number, size: number, yHint: number): number {
  // Destinations point a little above the heading's baseline; a line above the point is
  // unlikely to be the target, so it is penalised.
  const d = yHint - lineY;
  return d >= -size ? Math.abs(d) : 3 * Math.abs(d);
}

/** The first line at or below a destination's y (reading order), or null if none. */
function lineAtY(index: PageIndex, page: number, yHint: number): number | null {
  const lines = index.pages[page].lines;
  let best: number | null = null;
  let bestD = Infinity;
  for (let i = 0; i < lines.length; i++) {
    const d = yHint - lines[i].y;
    if (d < -lines[i].size * 0.5) continue; // above the point
    if (d < bestD) {
      bestD = d;
      best = i;
    }
  }
  return best;
}

/**
 * Set `page`/`line` on every heading. Headings are processed in document order and a match
 * is only accepted at or after the previous heading, so repeated titles ("Examples") land on
 * the right occurrence.
 */
export function locateHeadings(index: PageIndex, headings: Heading[], opts: LocateOptions): LocateResult {
  let verified = 0;
  let prev: Pos | undefined = opts.start;
  let drift = 0;
  const n = index.pages.length;
  const minPage = opts.minPage ?? 0;
  const maxPage = Math.min(n - 1, opts.maxPage ?? n - 1);
  for (const h of headings) {
    const t = normText(h.title);
    const given = h.page;
    h.page = Math.min(maxPage, Math.max(minPage, h.page + drift));
    const from = prev && prev.page === h.page ? prev : undefined;
    let m = prev && h.page < prev.page ? null : findOnPage(index, h.page, t, from, h.yHint);
    if (!m) {
      // Nearest neighbour page wins: +1, -1, +2, -2, ...
      for (let k = 1; k <= Math.max(opts.after, opts.before) && !m; k++) {
        for (const p of [h.page + k, h.page - k]) {
          if (p < minPage || p > maxPage) continue;
          if (p > h.page && k > opts.after) continue;
          if (p < h.page && k > opts.before) continue;
          if (prev && p < prev.page) continue;
          m = findOnPage(index, p, t, prev && prev.page === p ? prev : undefined);
          if (m) break;
        }
      }
    }
    if (m) {
      h.page = m.pos.page;
      h.line = m.pos.line;
      verified++;
      if (opts.adaptive) drift = h.page - given;
    } else if (h.yHint !== undefined) {
      // The destination says where the section starts even if its title reads differently;
      // past the last line it starts with the next page's text.
      const l = lineAtY(index, h.page, h.yHint);
      h.line = l ?? index.pages[h.page].lines.length;
    } else h.line = 0;
    if (prev && (h.page < prev.page || (h.page === prev.page && (h.line ?? 0) < prev.line))) {
      h.page = prev.page;
      h.line = prev.line;
    }
    prev = { page: h.page, line: h.line ?? 0 };
  }
  return { verified };
}
