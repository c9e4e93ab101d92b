/**
 * Headings that are all code: a program's member or call alone in a code face, and a TeX
 * command's syntax set out into the margin.
 */
import { argmax } from "../argmax.ts";
import type { Line, PageText } from "../types.ts";
import type { LayoutStats } from "./layout-stats.ts";

/**
 * A program's member or call as an API reference names its sections ("worker.stdin",
 * "port.ref()", ".matchBase", "new Worker(filename[, options])"): a member access or a call,
 * not one word (an option's value, "dashed") or a path or address ("//www.ctan.org/pkg").
 */
export const API_NAME_RE = /^(?:new\s+)?(?:\.[\p{L}_$][\w$]*|[\p{L}_$][\w$]*(?=[.([]))(?:\.[\p{L}_$][\w$]*|\[[\p{L}_$][\w$.]*\])*(?:\(.*\))?$/u;

/** The style suffix of apiNameAlone's headings: like a code heading face, their size says nothing of their rank. */
export const API_STYLE = "|api";

/**
 * A program's member or call alone on its line in a code face (the listings', or its bold as
 * a bold heading style sets its code), set apart by space above and below as a heading is,
 * with prose or a list after it: a word processor sets a heading that is all code in its
 * code style at the listings' size ("punycode.decode(string)" over "Converts a Punycode
 * string ..."). A one-line listing hugs the sentence that introduces it. Centred, it is a
 * heading of its own style already (centred-lines.ts).
 */
export function apiNameAlone(l: Line, lines: Line[], i: number, stats: LayoutStats): string | null {
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
export function commandInMargin(l: Line, pages: readonly PageText[], p: number, stats: LayoutStats): string | null {
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
