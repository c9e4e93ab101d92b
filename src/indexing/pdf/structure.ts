/**
 * Choosing the tree source and shaping the result: outline -> printed contents -> layout ->
 * page groups, the first that yields a usable structure wins; sequences with a gap
 * ("Item 5", "Item 7") get the missing member looked up; filings get their PARTs above their
 * Items (filing-parts.ts); leaves that are both long and large
 * are split with the next method down; then the tree is assembled.
 */
import type { TocSource, TreeNode } from "../tree-types.ts";
import { assembleTree } from "./assemble.ts";
import { bodyFontSublevels } from "./body-sublevels.ts";
import { placeFilingBookmarks } from "./filing-bookmarks.ts";
import { dropRunningDivisionLabels, shapeFilingParts } from "./filing-parts.ts";
import { layoutHeadings } from "./layout-headings.ts";
import { computeLayoutStats, type LayoutStats } from "./layout/layout-stats.ts";
import { styleKey } from "./layout/style-key.ts";
import { bodyFontOutline } from "./legal-outline.ts";
import { dottedOutline } from "./dotted-outline.ts";
import { locateHeadings, PageIndex } from "./locate.ts";
import { pageGroupHeadings } from "./page-groups.ts";
import { isFrontTitle } from "./contents-title.ts";
import { findContentsPages, frontSections, printedTocHeadings, readsAsNumberedEntry, sharesPage, withFrontSections } from "./printed-toc.ts";
import { fillSequenceGaps } from "./sequence-gaps.ts";
import { addUnlistedSections } from "./listed-styles.ts";
import type { Heading, Line, PageText } from "./types.ts";
import { underWebPrintParts, webPrintParts } from "./web-prints.ts";

/** A leaf is split when it spans more pages than this... */
export const SPLIT_MIN_PAGES = 20;
/** ...and holds more tokens than this. */
export const SPLIT_MIN_TOKENS = 20_000;

export interface StructureInput {
  pages: PageText[];
  /** Token counter (src/indexing/tokens.ts), passed in so the tokenizer loads late. */
  countTokens: (text: string) => number;
  /** Outline headings with pages resolved (empty when there is no outline). */
  outline: Heading[];
  labels: string[] | null;
  folios: (string | null)[];
  leadTitle: string;
  /** Evaluation only: skip the printed contents (to measure layout headings). */
  ignorePrintedToc?: boolean;
}

export interface StructureResult {
  tree: TreeNode[];
  tocSource: TocSource;
  warnings: string[];
}

export function buildTree(input: StructureInput): StructureResult {
  const { pages, outline } = input;
  const index = new PageIndex(pages);
  const warnings: string[] = [];
  let stats: LayoutStats | undefined;
  let skipPages = new Set<number>();
  const layoutStats = () => (stats ??= computeLayoutStats(pages, skipPages));
  let headings: Heading[] = [];
  let tocSource: TocSource = "page_groups";

  // One bookmark (usually the document title) is not a structure; it is used only if
  // nothing better turns up.
  const useOutline = (list: Heading[]) => {
    headings = list.map((h) => ({ ...h }));
    // Outline pages are trusted; only a destination just above a page break moves on.
    const { verified } = locateHeadings(index, headings, { after: 1, before: 0 });
    // A filing's PART or Item bookmark that points where it does not begin moves to where
    // the printed contents places it.
    placeFilingBookmarks(headings, index, () => {
      // The contents pages come with the parsed contents; found on their own only when unparsed.
      const toc = printedTocHeadings({ pages, index, labels: input.labels, folios: input.folios });
      return { toc, contentsPages: new Set(toc?.tocPages ?? findContentsPages(pages).pages) };
    });
    tocSource = "outline";
    if (verified < headings.length * 0.5) warnings.push(`Only ${verified} of ${headings.length} bookmark titles were found on their pages`);
  };
  if (outline.length >= 2) useOutline(outline);
  // Without bookmarks, web pages bound into one file are its top level (their stamps go).
  const webParts = headings.length ? null : webPrintParts(pages);
  if (!headings.length) {
    // Contents pages are found even when not used, so layout detection can skip them.
    skipPages = new Set(findContentsPages(pages).pages);
  }
  if (!headings.length && !input.ignorePrintedToc && skipPages.size) {
    const toc = printedTocHeadings({ pages, index, labels: input.labels, folios: input.folios });
    // Judged on the listed entries: the front sections added to them prove nothing of the contents.
    if (toc && toc.verified >= Math.max(3, toc.listed * 0.5)) {
      headings = toc.headings;
      tocSource = "printed_toc";
      skipPages = new Set(toc.tocPages);
      fillSequenceGaps(headings, pages);
    } else if (toc) skipPages = new Set(toc.tocPages);
  }
  if (!headings.length) {
    // Contents read from the layout: a first contents page that other text shares is read
    // too (the layout reading drops contents entries), lest the sections around it go.
    const first = skipPages.size ? Math.min(...skipPages) : -1;
    if (first >= 0 && sharesPage(pages[first])) skipPages.delete(first);
    let found = layoutHeadings(pages, layoutStats(), { skipPages });
    // An outline of legal numbers in the body font (no heading style marks it) wins when it
    // holds far more headings than the styles do (a few bold lines, a title); against a
    // comparable count the styles win: numbered lists look like a legal outline too.
    const s = layoutStats();
    // A line is judged by its opening run, which holds the label ("4." before a name in a code face).
    const opening = (l: Line): Line => (l.lead ? { ...l, size: l.lead.size, font: l.lead.font, smallCaps: false } : l);
    const bodyStyled = (l: Line) => Math.abs(opening(l).size - s.bodySize) < 0.8 && !s.styles.has(styleKey(opening(l)));
    // Labels (I., A., 1., a.) or section numbers (1, 1.1, 1.1.1) in the body font: the longer reading.
    const labelled = bodyFontOutline(pages, s.bodyPitch, skipPages, bodyStyled);
    const dotted = dottedOutline(pages, s.bodyPitch, skipPages, bodyStyled);
    const legal = dotted.length > labelled.length ? dotted : labelled;
    if (legal.length >= Math.max(3, 2 * found.length)) found = legal;
    if (found.length >= 2) {
      // Contents pages read apart from the text still head a section, as do the lists after them.
      const contents = [...skipPages].sort((a, b) => a - b);
      if (contents.length) {
        const firstAfter = found.find((h) => h.page > contents[contents.length - 1])?.page ?? pages.length;
        found = withFrontSections(found, frontSections(pages, contents, firstAfter));
      }
      headings = found;
      tocSource = "layout";
      fillSequenceGaps(headings, pages);
    }
  }
  if (!headings.length && outline.length === 1) useOutline(outline);
  if (!headings.length) {
    headings = pageGroupHeadings(pages);
    tocSource = "page_groups";
  }

  // Filings: PARTs found in the body where the contents lost them, Items under their PART.
  if (tocSource === "printed_toc" || tocSource === "layout") headings = shapeFilingParts(headings, pages);
  if (tocSource === "printed_toc") headings = addUnlistedSections(headings, pages, layoutStats(), skipPages);
  if (tocSource === "printed_toc") headings = refineLeaves(headings, pages, layoutStats(), skipPages);
  if (webParts) headings = underWebPrintParts(webParts.headings, headings);
  headings = splitLargeLeaves(headings, { pages, source: tocSource, stats: layoutStats, skipPages, countTokens: input.countTokens }, 0);
  if (tocSource === "printed_toc" || tocSource === "layout") headings = dropRunningDivisionLabels(headings);
  const tree = assembleTree({ pages, headings, leadTitle: input.leadTitle });
  return { tree, tocSource, warnings };
}

interface SplitContext {
  pages: PageText[];
  source: TocSource;
  stats: () => LayoutStats;
  skipPages: ReadonlySet<number>;
  countTokens: (text: string) => number;
}

/**
 * Walks the leaves of `headings` (a heading with no deeper one right after it) with where
 * each leaf's text ends and the heading that ends it, and puts the headings `childrenOf` finds for a leaf right under it.
 */
function expandLeaves(
  headings: Heading[],
  pages: PageText[],
  limit: { page: number; line: number } | undefined,
  childrenOf: (h: Heading, end: { page: number; line: number }, next: Heading | undefined) => Heading[],
): Heading[] {
  const out: Heading[] = [];
  for (let i = 0; i < headings.length; i++) {
    const h = headings[i];
    out.push(h);
    const next = headings[i + 1];
    if (next && next.level > h.level) continue; // not a leaf
    const end = next ? { page: next.page, line: next.line ?? 0 } : (limit ?? { page: pages.length, line: 0 });
    out.push(...childrenOf(h, end, next));
  }
  return out;
}

/** Two titles of one heading: equal but for case and spacing, or but for a number printed before one of them (a page number read onto its line). */
function sameHeading(a: string, b: string): boolean {
  const norm = (t: string) => t.toLowerCase().replace(/\s+/g, " ").trim();
  const [x, y] = [norm(a), norm(b)];
  if (x === y) return true;
  const [short, long] = x.length < y.length ? [x, y] : [y, x];
  return long.endsWith(` ${short}`) && /^\d+$/.test(long.slice(0, long.length - short.length - 1));
}

/** Two titles of one heading but for their labels ("Chapter 2 API", "2 API", "API"). */
function sameCore(a: string, b: string): boolean {
  const core = (t: string) =>
    t
      .toLowerCase()
      .replace(/^(?:chapter|appendix|part)\s+\S+\s*[.:—–-]?\s*/, "")
      .replace(/^[\d.]+\s+/, "")
      .replace(/\s+/g, " ")
      .trim();
  const [x, y] = [core(a), core(b)];
  return x.length > 0 && x === y;
}

/** Back matter a printed contents page may leave out: it follows the last chapter, it is not part of it. */
const BACK_MATTER_RE = /^(?:index|general index|subject index|references|bibliography|glossary)$/i;

/**
 * The headings found after the last listed leaf, from the first back-matter heading ("Index",
 * "References") at their shallowest level on: removed from `children` (in place) and returned
 * re-levelled so that heading sits at the contents' top level, beside the chapters.
 */
function liftBackMatter(children: Heading[], topLevel: number): Heading[] {
  if (!children.length) return [];
  const shallowest = Math.min(...children.map((c) => c.level));
  const at = children.findIndex((c) => c.level === shallowest && BACK_MATTER_RE.test(c.title.trim()));
  if (at < 0) return [];
  const lifted = children.splice(at);
  for (const c of lifted) c.level = topLevel + Math.max(0, c.level - shallowest);
  return lifted;
}

/** Re-levels `children` (in place) so their shallowest level sits one below `parent`. */
function nestUnder(parent: Heading, children: Heading[]): Heading[] {
  if (!children.length) return children;
  const minLevel = Math.min(...children.map((c) => c.level));
  for (const c of children) c.level = parent.level + 1 + (c.level - minLevel);
  return children;
}

/** Split leaves that span many pages and many tokens with the next method down. */
function splitLargeLeaves(headings: Heading[], ctx: SplitContext, depth: number, limit?: { page: number; line: number }): Heading[] {
  const { pages } = ctx;
  if (depth > 1) return headings;
  return expandLeaves(headings, pages, limit, (h, end) => {
    const lastPage = end.line === 0 ? end.page - 1 : end.page;
    if (lastPage - h.page + 1 <= SPLIT_MIN_PAGES) return [];
    if (rangeTokens(pages, h, end, ctx.countTokens) <= SPLIT_MIN_TOKENS) return [];
    let children: Heading[] = [];
    let childSource: TocSource = "page_groups";
    if (ctx.source === "outline" || ctx.source === "printed_toc") {
      children = layoutHeadings(pages, ctx.stats(), { after: { page: h.page, line: h.line ?? 0 }, before: end, skipPages: ctx.skipPages });
      childSource = "layout";
    }
    if (children.length < 2) {
      children = h.page + 1 <= lastPage ? pageGroupHeadings(pages, h.page + 1, lastPage, 1, h.title) : [];
      childSource = "page_groups";
    }
    if (!children.length) return [];
    return splitLargeLeaves(nestUnder(h, children), { ...ctx, source: childSource }, depth + 1, end);
  });
}

function rangeTokens(pages: PageText[], h: Heading, end: { page: number; line: number }, countTokens: (t: string) => number): number {
  // Cheap bound first: tokens are rarely fewer than characters / 6.
  let chars = 0;
  const parts: string[] = [];
  for (let p = h.page; p <= Math.min(end.page, pages.length - 1); p++) {
    const lines = pages[p].lines;
    const a = p === h.page ? (h.line ?? 0) : 0;
    const b = p === end.page ? end.line : lines.length;
    for (let i = a; i < b; i++) {
      chars += lines[i].text.length + 1;
      parts.push(lines[i].text);
    }
  }
  if (chars / 6 > SPLIT_MIN_TOKENS) return chars; // surely above the threshold
  if (chars / 2 < SPLIT_MIN_TOKENS) return 0; // surely below it
  return countTokens(parts.join("\n"));
}

/**
 * A printed contents page lists the upper levels only; the body's own headings (by the
 * document's heading styles) under each listed leaf become its children. Where the body has
 * none in a heading style, lettered and roman headings set in the body font (a., b.; (i),
 * (ii)) are the levels below.
 */
function refineLeaves(headings: Heading[], pages: PageText[], stats: LayoutStats, skipPages: ReadonlySet<number>): Heading[] {
  const topLevel = Math.min(...headings.map((h) => h.level));
  // Where the main matter ends: the first listed back-matter section, else the document's end.
  const backMatter = headings.find((h) => h.level === topLevel && BACK_MATTER_RE.test(h.title.trim()));
  const mainEnd = backMatter ? { page: backMatter.page, line: backMatter.line ?? 0 } : { page: pages.length, line: 0 };
  return expandLeaves(headings, pages, undefined, (h, end, next) => {
    const after = { page: h.page, line: h.line ?? 0 };
    // The leaf's own heading line found again (its line located a little early) is not a
    // child, nor is the next listed heading found just before the line it was located at
    // ("Chapter 2" over "API", listed as "2 API", located at "API").
    const styled = layoutHeadings(pages, stats, { after, before: end, skipPages }).filter(
      (c, i) => (i > 0 || !sameHeading(c.title, h.title)) && !(next && c.page >= end.page - 1 && sameCore(c.title, next.title)),
    );
    // The last chapter's leaf runs on to the back matter the contents did not list.
    const lifted = end.page === mainEnd.page && end.line === mainEnd.line ? liftBackMatter(styled, topLevel) : [];
    // Headings after a contents or a list are not its sections: they stand beside it. A
    // contents page not recognised as one reads as numbered titles ending in page numbers.
    if (isFrontTitle(h.title)) return nestUnder({ ...h, level: h.level - 1 }, styled.filter((c) => !readsAsNumberedEntry(c.title)));
    if (styled.length || lifted.length) return [...nestUnder(h, styled), ...lifted];
    const romansOnly = /^\(?[a-z][.)]\s/.test(h.title);
    return nestUnder(h, bodyFontSublevels(pages, stats.bodyPitch, { after, before: end, skipPages, romansOnly }));
  });
}
