/**
 * A printed contents that leaves entries out. Contents pages lose entries (a two-column
 * contents to its layout, an entry that wraps past recognition, a page of it not read as
 * contents), yet the body sets every section of one level alike. The entries found in the
 * body show which heading style and which depth of numbering ("2.1") each listed level uses; a
 * heading in such a style, numbered to that depth, that the contents does not list is added
 * at that level. Unnumbered headings are left out: a style shared by listed entries and by
 * headings below them (a filing's Items and its sub-headings) would flatten the tree.
 */
import { normText, titleMatch } from "./fuzzy.ts";
import { layoutHeadings } from "./layout-headings.ts";
import type { LayoutStats } from "./layout/layout-stats.ts";
import { styleKey } from "./layout/style-key.ts";
import type { Heading, PageText } from "./types.ts";

/** "2", "2.1", "2.1.3" opening a title: the depth of its numbering, 0 when unnumbered. */
function numberingDepth(title: string): number {
  const m = /^(\d{1,3}(?:\.\d{1,3}){0,4})\.?\s+\p{L}/u.exec(title.trim());
  return m ? m[1].split(".").length : 0;
}

/** A style stands for a level when at least this many listed entries use it... */
const MIN_LISTED = 2;
/** ...and this share of them sit at that one level. */
const MIN_AGREEMENT = 0.8;
/** A located entry whose line reads like its title at least this well is taken as found. */
const FOUND_MATCH = 0.8;

export function addUnlistedSections(headings: Heading[], pages: readonly PageText[], stats: LayoutStats, skipPages: ReadonlySet<number>): Heading[] {
  const levelCounts = new Map<string, Map<number, number>>();
  const at = new Set<string>();
  for (const h of headings) {
    const line = h.line === undefined ? undefined : pages[h.page]?.lines[h.line];
    if (!line || titleMatch(normText(h.title), normText(line.text)) < FOUND_MATCH) continue;
    // Keyed by style and numbering depth: the level is known for that pair only.
    const key = `${styleKey(line)}#${numberingDepth(h.title)}`;
    const counts = levelCounts.get(key) ?? new Map<number, number>();
    counts.set(h.level, (counts.get(h.level) ?? 0) + 1);
    levelCounts.set(key, counts);
  }
  for (const h of headings) at.add(`${h.page}:${h.line ?? 0}`);
  const levelOf = new Map<string, number>();
  for (const [style, counts] of levelCounts) {
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    const [level, n] = [...counts].sort((a, b) => b[1] - a[1])[0];
    if (total >= MIN_LISTED && n / total >= MIN_AGREEMENT && !style.endsWith("#0")) levelOf.set(style, level);
  }
  if (!levelOf.size || !headings.length) return headings;
  const first = headings[0];
  const titles = new Set(headings.map((h) => `${normText(h.title)}@${h.page}`));
  const added: Heading[] = [];
  for (const f of layoutHeadings(pages as PageText[], stats, { skipPages, after: { page: first.page, line: first.line ?? 0 } })) {
    const line = pages[f.page].lines[f.line ?? 0];
    const level = line && levelOf.get(`${styleKey(line)}#${numberingDepth(f.title)}`);
    if (level === undefined || !line) continue;
    // Already listed: a heading at the same place, or the same title on that page.
    if (at.has(`${f.page}:${f.line}`) || at.has(`${f.page}:${(f.line ?? 0) - 1}`) || at.has(`${f.page}:${(f.line ?? 0) + 1}`)) continue;
    if (titles.has(`${normText(f.title)}@${f.page}`)) continue;
    added.push({ title: f.title, level, page: f.page, line: f.line });
  }
  if (!added.length) return headings;
  return [...headings, ...added].sort((a, b) => a.page - b.page || (a.line ?? 0) - (b.line ?? 0));
}
