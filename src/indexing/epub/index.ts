/**
 * An EPUB e-book -> blocks. The spine's XHTML chapters are read in order through the
 * structured-text path (rehype-parse + hast), one document. The outline:
 *
 * - With a navigation document (or NCX) that points into the spine, its entries are the
 *   headings, at their depth in it, each placed where its target starts (the chapter, or the
 *   element with the target id). A chapter heading right after an entry with the same title
 *   is that entry; other chapter headings (deeper than the navigation goes, or left out of
 *   it) keep their place relative to the entry before them (their HTML level shifted by the
 *   difference between that entry's depth and its own heading's level).
 * - Without one, the chapters' own `h1`-`h6` are the headings.
 *
 * Node positions are paragraph numbers through the whole book (`line_num`).
 */
import rehypeParse from "rehype-parse";
import { unified } from "unified";
import type { Root } from "hast";
import type { Block, StructuredDocument } from "../structured/blocks.ts";
import { hastToEvents, type HastEvent } from "../structured/hast-blocks.ts";
import { decodeHtml } from "../html/decode.ts";
import { openPackage } from "../office/parts.ts";
import type { ContainerOptions } from "../zip/container.ts";
import { navOutline, ncxOutline, type OutlineEntry } from "./outline.ts";
import { EpubError, readPackage, rootfilePath } from "./package.ts";

export { EpubError } from "./package.ts";

const parser = unified().use(rehypeParse).freeze();

/** HTML's void elements: the only ones a `<x/>` may close in HTML parsing. */
const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);

/**
 * XHTML parsed as HTML: `<a id="x"/>` or `<div/>` would open an element that swallows what
 * follows, so self-closed non-void elements are written out as empty pairs first.
 */
export function parseXhtml(source: string): Root {
  const fixed = source.replace(/<([A-Za-z][\w:.-]*)(\s[^<>]*?)?\/>/g, (whole, tag: string, attrs: string | undefined) => (VOID.has(tag.toLowerCase()) ? whole : `<${tag}${attrs ?? ""}></${tag}>`));
  return parser.parse(fixed) as Root;
}

const TEXT_PART = /\.(xml|opf|ncx|xhtml|html?|htm)$/i;

function normalise(title: string): string {
  return title.replace(/\s+/g, " ").trim().toLowerCase();
}

export async function readEpub(bytes: Uint8Array, options: ContainerOptions = {}): Promise<StructuredDocument> {
  const pkg = await openPackage(bytes, options, (p) => TEXT_PART.test(p));
  const opfPath = rootfilePath(pkg.xml("META-INF/container.xml"));
  const opf = pkg.xml(opfPath);
  if (!opf) throw new EpubError(`the e-book's package document ${opfPath} is missing`);
  const book = readPackage(opf, opfPath);
  const chapters = book.spine.filter((item) => item.id !== book.nav?.id && pkg.part(item.path) !== undefined && /html|xml/i.test(item.mediaType));
  if (!chapters.length) throw new EpubError("the e-book's spine lists no readable chapter");

  let outline: OutlineEntry[] = [];
  const navBytes = book.nav ? pkg.part(book.nav.path) : undefined;
  if (navBytes) outline = navOutline(parseXhtml(decodeHtml(navBytes)), book.nav!.path);
  if (!outline.length && book.ncx) {
    const ncx = pkg.xml(book.ncx.path);
    if (ncx) outline = ncxOutline(ncx, book.ncx.path);
  }
  const inSpine = new Set(chapters.map((c) => c.path));
  outline = outline.filter((e) => inSpine.has(e.path));

  const blocks: Block[] = [];
  let ordinal = 1;
  const merger = new OutlineMerger(outline);
  for (const chapter of chapters) {
    const tree = parseXhtml(decodeHtml(pkg.part(chapter.path)!));
    const anchors = new Set(outline.filter((e) => e.path === chapter.path && e.fragment).map((e) => e.fragment!));
    const read = hastToEvents(tree, { lines: "ordinal", anchors, firstOrdinal: ordinal });
    ordinal = read.nextOrdinal;
    if (outline.length) blocks.push(...merger.chapter(chapter.path, read.events, ordinal));
    else blocks.push(...read.events.filter((e): e is Block => e.kind !== "anchor"));
  }
  return { title: book.title, blocks, pageCount: 0, source: outline.length ? "navigation" : "html_headings" };
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
    const atStart = entries.filter((e) => !e.fragment);
    const byFragment = new Map<string, OutlineEntry[]>();
    for (const e of entries) if (e.fragment) byFragment.set(e.fragment, [...(byFragment.get(e.fragment) ?? []), e]);
    // Targets whose id the chapter does not have are placed at its start.
    const ids = new Set(events.flatMap((e) => (e.kind === "anchor" ? [e.id] : [])));
    for (const [fragment, list] of byFragment) if (!ids.has(fragment)) atStart.push(...list);

    const out: Block[] = [];
    /** The entry just placed, while nothing else has followed it. */
    let pending: OutlineEntry | undefined;
    const place = (entry: OutlineEntry, line: number | undefined) => {
      // An id given twice in a chapter (a hand-written anchor and a section): the first one counts, as in a browser.
      if (this.placed.has(entry)) return;
      this.placed.add(entry);
      out.push({ kind: "heading", level: entry.level, title: entry.title, line });
      pending = entry;
      this.entryLevel = entry.level;
      this.shift = undefined;
    };
    const firstLine = events.find((e) => e.line !== undefined)?.line ?? endOrdinal;
    for (const entry of atStart) place(entry, firstLine);
    for (const event of events) {
      if (event.kind === "anchor") {
        for (const entry of byFragment.get(event.id) ?? []) place(entry, event.line);
        continue;
      }
      if (event.kind === "heading") {
        if (pending && normalise(pending.title) === normalise(event.title)) {
          // The entry's own heading: the entry stands for it, and fixes how levels map.
          this.shift = pending.level - event.level;
          pending = undefined;
          continue;
        }
        // A heading the outline does not list nests under the entry before it.
        this.shift ??= this.entryLevel + 1 - event.level;
        out.push({ ...event, level: Math.max(1, event.level + this.shift) });
      } else out.push(event);
      pending = undefined;
    }
    return out;
  }
}
