/**
 * An EPUB e-book -> blocks. The spine's XHTML chapters are read in order through the
 * structured-text path (rehype-parse + hast), one document. The outline:
 *
 * - With a navigation document (or NCX) that points into the spine, its entries are the
 *   headings, at their depth in it, each placed where its target starts (the chapter, or the
 *   element with the target id; see placements() for an id given twice or not at all). A
 *   chapter heading right after an entry with the same title
 *   is that entry; other chapter headings (deeper than the navigation goes, or left out of
 *   it) keep their place relative to the entry before them (their HTML level shifted by the
 *   difference between that entry's depth and its own heading's level).
 * - Without one, the chapters' own `h1`-`h6` are the headings.
 *
 * Node positions are paragraph numbers through the whole book (`line_num`).
 *
 * With `ocr`, a chapter without any text that shows pictures (`<img>`, an SVG `<image>`: a
 * scanned page, a page of a comic or a textbook exported as images) has them read by OCR
 * (structured/image-ocr.ts), as scanned PDF pages are; the recognised paragraphs are its text.
 */
import type { Element, Root, RootContent } from "hast";
import type { Block, StructuredDocument } from "../structured/blocks.ts";
import { hastToEvents, type HastEvent } from "../structured/hast-blocks.ts";
import { openPackage } from "../office/parts.ts";
import type { ContainerOptions } from "../zip/container.ts";
import { recognisePictures, type StructuredOcrOptions } from "../structured/image-ocr.ts";
import { navOutline, ncxOutline, type OutlineEntry } from "./outline.ts";
import { EpubError, readPackage, resolveHref, rootfilePath } from "./package.ts";
import { parseXhtml } from "./xhtml.ts";

export { EpubError } from "./package.ts";

const TEXT_PART = /\.(xml|opf|ncx|xhtml|html?|htm)$/i;

function normalise(title: string): string {
  return title.replace(/\s+/g, " ").trim().toLowerCase();
}

/** Archive paths of the pictures a chapter shows, in order (inline `data:` and remote ones left out). */
export function chapterPictures(tree: Root, chapterPath: string): string[] {
  const out: string[] = [];
  const walk = (nodes: RootContent[]) => {
    for (const n of nodes) {
      if (n.type !== "element") continue;
      const el = n as Element;
      const src = el.tagName === "img" ? el.properties?.src : el.tagName === "image" ? (el.properties?.href ?? el.properties?.xLinkHref) : undefined;
      if (typeof src === "string" && src && !/^(?:[a-z][a-z\d+.-]*:|\/\/)/i.test(src)) out.push(resolveHref(chapterPath, src).path);
      walk(el.children);
    }
  };
  walk(tree.children);
  return out;
}

export async function readEpub(bytes: Uint8Array, options: ContainerOptions = {}, ocr?: StructuredOcrOptions): Promise<StructuredDocument> {
  const pkg = await openPackage(bytes, options, (p) => TEXT_PART.test(p));
  const opfPath = rootfilePath(pkg.xml("META-INF/container.xml"));
  const opf = pkg.xml(opfPath);
  if (!opf) throw new EpubError(`the e-book's package document ${opfPath} is missing`);
  const book = readPackage(opf, opfPath);
  const chapters = book.spine.filter((item) => item.id !== book.nav?.id && pkg.part(item.path) !== undefined && /html|xml/i.test(item.mediaType));
  if (!chapters.length) throw new EpubError("the e-book's spine lists no readable chapter");

  let outline: OutlineEntry[] = [];
  const navBytes = book.nav ? pkg.part(book.nav.path) : undefined;
  if (navBytes) outline = navOutline(parseXhtml(navBytes), book.nav!.path);
  if (!outline.length && book.ncx) {
    const ncx = pkg.xml(book.ncx.path);
    if (ncx) outline = ncxOutline(ncx, book.ncx.path);
  }
  const inSpine = new Set(chapters.map((c) => c.path));
  outline = outline.filter((e) => inSpine.has(e.path));

  // Each chapter's events (its tree is let go once read); the pictures of chapters without text.
  const read: { path: string; events: HastEvent[]; firstOrdinal: number; endOrdinal: number; pictures: string[] }[] = [];
  let ordinal = 1;
  for (const chapter of chapters) {
    const tree = parseXhtml(pkg.part(chapter.path)!);
    const anchors = new Set(outline.filter((e) => e.path === chapter.path && e.fragment).map((e) => e.fragment!));
    const { events, nextOrdinal } = hastToEvents(tree, { lines: "ordinal", anchors, firstOrdinal: ordinal });
    const textless = !events.some((e) => e.kind !== "anchor");
    read.push({ path: chapter.path, events, firstOrdinal: ordinal, endOrdinal: nextOrdinal, pictures: ocr && textless ? chapterPictures(tree, chapter.path) : [] });
    ordinal = nextOrdinal;
  }
  const warnings = ocr ? await recogniseChapters(bytes, read, ocr, options) : [];

  const blocks: Block[] = [];
  const merger = new OutlineMerger(outline);
  for (const chapter of read) {
    if (outline.length) blocks.push(...merger.chapter(chapter.path, chapter.events, chapter.endOrdinal));
    else blocks.push(...chapter.events.filter((e): e is Block => e.kind !== "anchor"));
  }
  return { title: book.title, blocks, pageCount: 0, source: outline.length ? "navigation" : "html_headings", ...(warnings.length ? { warnings } : {}) };
}

/** Adds the recognised text of each text-less chapter's pictures to its events; returns the warnings. */
async function recogniseChapters(bytes: Uint8Array, chapters: { events: HastEvent[]; firstOrdinal: number; pictures: string[] }[], ocr: StructuredOcrOptions, options: ContainerOptions): Promise<string[]> {
  const wanted = chapters.filter((c) => c.pictures.length);
  if (!wanted.length) return [];
  const recognised = await recognisePictures(bytes, wanted.flatMap((c) => c.pictures), ocr, options);
  for (const chapter of wanted) {
    const paragraphs = chapter.pictures.flatMap((p) => recognised.text.get(p) ?? []);
    if (paragraphs.length) chapter.events.push({ kind: "text", markdown: paragraphs.join("\n\n"), plain: paragraphs.join("\n"), line: chapter.firstOrdinal });
  }
  return recognised.warnings;
}

/** Places the outline's entries in the chapters' event streams (see the file comment). */
class OutlineMerger {
  /** Depth of the last entry placed (0 before any). */
  private entryLevel = 0;
  /** Chapter heading level + shift = tree level; unknown until a heading follows the last entry. */
  private shift: number | undefined;
  private readonly placed = new Set<OutlineEntry>();

  constructor(private readonly outline: OutlineEntry[]) {}

  chapter(path: string, events: HastEvent[], endOrdinal: number): Block[] {
    const entries = this.outline.filter((e) => e.path === path);
    const { atStart, at } = placements(entries, events);

    const out: Block[] = [];
    /** The entry just placed, while nothing else has followed it. */
    let pending: OutlineEntry | undefined;
    const place = (entry: OutlineEntry, line: number | undefined) => {
      // Each entry once, wherever placements() put it.
      if (this.placed.has(entry)) return;
      this.placed.add(entry);
      out.push({ kind: "heading", level: entry.level, title: entry.title, line });
      pending = entry;
      this.entryLevel = entry.level;
      this.shift = undefined;
    };
    const firstLine = events.find((e) => e.line !== undefined)?.line ?? endOrdinal;
    for (const entry of atStart) place(entry, firstLine);
    events.forEach((event, k) => {
      for (const entry of at.get(k) ?? []) place(entry, event.line);
      if (event.kind === "anchor") return;
      if (event.kind === "heading") {
        if (pending && normalise(pending.title) === normalise(event.title)) {
          // The entry's own heading: the entry stands for it, and fixes how levels map.
          this.shift = pending.level - event.level;
          pending = undefined;
          return;
        }
        // A heading the outline does not list nests under the entry before it.
        this.shift ??= this.entryLevel + 1 - event.level;
        out.push({ ...event, level: Math.max(1, event.level + this.shift) });
      } else out.push(event);
      pending = undefined;
    });
    return out;
  }
}

/**
 * Where each of a chapter's entries goes: the index of the event it is placed before, or the
 * chapter's start. An entry whose target id the chapter gives more than once (a hand-written
 * anchor left elsewhere, and the section itself) goes to the occurrence its own heading
 * follows, else to the first, as a browser would jump. An entry whose target the chapter
 * lacks goes to the chapter's first heading of the same title, else to the chapter's start.
 * Either way the entry and its heading meet, so the heading is not read a second time.
 */
export function placements(entries: readonly OutlineEntry[], events: readonly HastEvent[]): { atStart: OutlineEntry[]; at: Map<number, OutlineEntry[]> } {
  const anchorsOf = new Map<string, number[]>();
  events.forEach((e, k) => {
    if (e.kind === "anchor") anchorsOf.set(e.id, [...(anchorsOf.get(e.id) ?? []), k]);
  });
  /** The event after the anchors starting at k, if it is a heading titled `title`. */
  const headingFollows = (k: number, title: string) => {
    let j = k;
    while (j < events.length && events[j].kind === "anchor") j++;
    const next = events[j];
    return next?.kind === "heading" && normalise(next.title) === normalise(title);
  };
  const claimed = new Set<number>();
  const atStart: OutlineEntry[] = [];
  const at = new Map<number, OutlineEntry[]>();
  const put = (k: number, entry: OutlineEntry) => at.set(k, [...(at.get(k) ?? []), entry]);
  for (const entry of entries) {
    if (!entry.fragment) {
      atStart.push(entry);
      continue;
    }
    const anchors = anchorsOf.get(entry.fragment);
    if (anchors?.length) {
      put(anchors.find((k) => headingFollows(k, entry.title)) ?? anchors[0], entry);
      continue;
    }
    const heading = events.findIndex((e, k) => e.kind === "heading" && !claimed.has(k) && normalise(e.title) === normalise(entry.title));
    if (heading >= 0) {
      claimed.add(heading);
      put(heading, entry);
    } else atStart.push(entry);
  }
  return { atStart, at };
}
