/**
 * What a learned heading model sees of each line (issue #37, "consider learning a scored
 * model from the corpus"): the evidence the rules in src/indexing/pdf weigh, as numbers, with
 * none of the rules' own decisions (no accepted styles, no numbering sequences). Size and
 * face relative to the document's body text, numbering, length and punctuation, capitals,
 * the space around the line, its indent, how common its style is in the document.
 */
import { computeLayoutStats } from "../../src/indexing/pdf/layout/layout-stats.ts";
import { styleKey } from "../../src/indexing/pdf/layout/style-key.ts";
import type { Line, PageText } from "../../src/indexing/pdf/types.ts";

export const FEATURE_NAMES = [
  "size / body",
  "larger than body",
  "smaller than body",
  "body font",
  "one font",
  "code face",
  "small caps",
  "centred",
  "opens in another face",
  "section number",
  "number depth",
  "letter or roman label",
  "chapter / appendix / part word",
  "words (log)",
  "ends with a period",
  "ends with a colon",
  "ends with a comma or hyphen",
  "capitals share",
  "opens in upper case",
  "space above / pitch",
  "first on page",
  "space below / pitch",
  "next line in the body font",
  "next line opens in lower case",
  "indent / body size",
  "width / text width",
  "style share of lines (log)",
  "style's pages share",
  "table cells",
] as const;

const NUMBER_RE = /^(\d{1,3}(?:\.\d{1,3}){0,4})\.?\s+(?=\p{L})/u;
const LABEL_RE = /^(?:[A-H]|[IVX]{1,5})[.)]\s+(?=\p{L})/u;
const WORD_RE = /^(?:chapter|appendix|part|section|annex)\s+\S/i;

/** Feature rows for every line of a document, page by page, in line order. */
export function documentFeatures(pages: PageText[]): number[][][] {
  const stats = computeLayoutStats(pages);
  const body = stats.bodySize;
  const pitch = Math.max(stats.bodyPitch, body);
  // How common each style is, over lines and over pages: headings' styles are rare.
  const styleLines = new Map<string, number>();
  const stylePages = new Map<string, Set<number>>();
  let lineCount = 0;
  pages.forEach((p, pi) =>
    p.lines.forEach((l) => {
      const k = styleKey(l);
      styleLines.set(k, (styleLines.get(k) ?? 0) + 1);
      if (!stylePages.has(k)) stylePages.set(k, new Set());
      stylePages.get(k)!.add(pi);
      lineCount++;
    }),
  );
  return pages.map((p) => {
    // The text block: the left edge and width most body lines share.
    const bodyLines = p.lines.filter((l) => l.font === stats.bodyFont && Math.abs(l.size - body) < 0.8);
    const left = bodyLines.length ? Math.min(...bodyLines.map((l) => l.x)) : Math.min(...p.lines.map((l) => l.x), p.width);
    const measure = Math.max(1, ...bodyLines.map((l) => l.w));
    return p.lines.map((l, i) => lineFeatures(l, p.lines[i - 1], p.lines[i + 1], { body, pitch, bodyFont: stats.bodyFont, left, measure, styleLines, stylePages, lineCount, pageCount: pages.length }));
  });
}

interface Context {
  body: number;
  pitch: number;
  bodyFont: string;
  left: number;
  measure: number;
  styleLines: Map<string, number>;
  stylePages: Map<string, Set<number>>;
  lineCount: number;
  pageCount: number;
}

function lineFeatures(l: Line, prev: Line | undefined, next: Line | undefined, c: Context): number[] {
  const t = l.text.trim();
  const letters = t.replace(/[^\p{L}]/gu, "");
  const capitals = letters.replace(/[^\p{Lu}]/gu, "").length;
  const number = NUMBER_RE.exec(t);
  const k = styleKey(l);
  const clamp = (x: number, hi: number) => Math.max(0, Math.min(hi, x));
  const above = prev && prev.y > l.y ? clamp((prev.y - l.y) / c.pitch, 5) : 5;
  const below = next && next.y < l.y ? clamp((l.y - next.y) / c.pitch, 5) : 5;
  return [
    clamp(l.size / c.body, 4),
    l.size >= c.body + 0.8 ? 1 : 0,
    l.size <= c.body - 0.8 ? 1 : 0,
    l.font === c.bodyFont ? 1 : 0,
    l.oneFont ? 1 : 0,
    l.mono ? 1 : 0,
    l.smallCaps ? 1 : 0,
    l.centred ? 1 : 0,
    l.lead && l.lead.font !== c.bodyFont ? 1 : 0,
    number ? 1 : 0,
    number ? number[1].split(".").length : 0,
    LABEL_RE.test(t) ? 1 : 0,
    WORD_RE.test(t) ? 1 : 0,
    Math.log1p(t.split(/\s+/).length),
    /\.$/.test(t) ? 1 : 0,
    /:$/.test(t) ? 1 : 0,
    /[,;-]$/.test(t) ? 1 : 0,
    letters.length ? capitals / letters.length : 0,
    /^[\p{Lu}\d]/u.test(t) ? 1 : 0,
    above,
    prev ? 0 : 1,
    below,
    next && next.font === c.bodyFont ? 1 : 0,
    next && /^\p{Ll}/u.test(next.text.trim()) ? 1 : 0,
    clamp((l.x - c.left) / c.body, 20),
    clamp(l.w / c.measure, 2),
    Math.log((c.styleLines.get(k) ?? 1) / Math.max(1, c.lineCount)),
    (c.stylePages.get(k)?.size ?? 1) / Math.max(1, c.pageCount),
    Math.min(4, l.cells ?? 1),
  ];
}
