/**
 * The levels of a printed contents page's entries: indentation first, type size second, then
 * what the entries say (a Part holds chapters; "1.2.1" sits under "1.2").
 */
import type { TocEntry } from "./printed-toc.ts";

/** The depth of a section number opening a contents entry ("1.2.3 Changelog" is 3). */
function numberDepth(title: string): number | null {
  const m = /^(\d{1,3}(?:\.\d{1,3})*)\.?\s+\S/.exec(title);
  return m ? m[1].split(".").length : null;
}

/**
 * A contents set flat (every entry at one indent and size) still nests by its numbers:
 * "1.2.1" under "1.2" under "1". Entries of one level whose numbers differ in depth go as
 * deep as their numbers say, below the level's shallowest number. (Entries at levels told
 * apart by indent carry one depth each and stay as they are.) Leaves room: the levels are
 * made dense afterwards.
 */
function nestByNumbering(entries: TocEntry[]): void {
  const shallowest = new Map<number, number>();
  const depths = new Map<number, Set<number>>();
  for (const e of entries) {
    const d = numberDepth(e.title);
    if (d === null) continue;
    shallowest.set(e.level, Math.min(shallowest.get(e.level) ?? d, d));
    if (!depths.has(e.level)) depths.set(e.level, new Set());
    depths.get(e.level)!.add(d);
  }
  const mixed = [...depths].filter(([, set]) => set.size >= 2).map(([level]) => level);
  if (!mixed.length) return;
  // Each level's numbered entries spread over as many levels as their depths; the levels
  // below move down to make room.
  const spread = new Map<number, number>();
  for (const level of mixed) spread.set(level, Math.max(...depths.get(level)!) - shallowest.get(level)!);
  const shiftBelow = (level: number) => [...spread].filter(([l]) => l < level).reduce((a, [, w]) => a + w, 0);
  for (const e of entries) {
    const d = numberDepth(e.title);
    const own = spread.has(e.level) && d !== null ? d - shallowest.get(e.level)! : 0;
    e.level = e.level + shiftBelow(e.level) + own;
  }
}

/** A Part of a book ("Part I The Essentials", "Part 2: Usage"). */
const PART_ENTRY_RE = /^part\s+(?:[ivxlc]{1,6}|\d{1,2}|[a-h]|one|two|three|four|five|six|seven|eight|nine|ten)\b/i;

/**
 * Larger type at one indent makes a higher level only when something comes under it ("Part I"
 * over its chapters); an entry set larger with nothing under it ("Index" after the last
 * chapter, in the chapters' indent) is their sibling. Maps each such "cluster|size" key to the
 * key of the size most entries of its indent have.
 */
function sizesThatHoldNothing(entries: TocEntry[], clusterOf: (e: TocEntry) => number): Map<string, string> {
  const size = (e: TocEntry) => Math.round(e.size);
  const key = (e: TocEntry) => `${clusterOf(e)}|${size(e)}`;
  const holds = new Set<string>();
  const count = new Map<string, number>();
  entries.forEach((e, i) => {
    count.set(key(e), (count.get(key(e)) ?? 0) + 1);
    const next = entries[i + 1];
    if (next && (clusterOf(next) > clusterOf(e) || (clusterOf(next) === clusterOf(e) && size(next) < size(e)))) holds.add(key(e));
  });
  const commonest = new Map<number, string>();
  for (const [k, n] of count) {
    const c = Number(k.split("|")[0]);
    const best = commonest.get(c);
    if (best === undefined || n > count.get(best)!) commonest.set(c, k);
  }
  const out = new Map<string, string>();
  for (const k of count.keys()) {
    const [c, sz] = k.split("|").map(Number);
    const main = commonest.get(c)!;
    if (k !== main && sz > Number(main.split("|")[1]) && !holds.has(k)) out.set(k, main);
  }
  return out;
}

/**
 * Levels from indentation first and type size second: entries are clustered by left edge
 * (a few points of tolerance) and, within a cluster, larger type ranks higher.
 */
export function assignLevels(entries: TocEntry[]): void {
  if (!entries.length) return;
  const xs = [...new Set(entries.map((e) => Math.round(e.x)))].sort((a, b) => a - b);
  const cluster = new Map<number, number>();
  let c = 0;
  for (let i = 0; i < xs.length; i++) {
    if (i > 0 && xs[i] - xs[i - 1] > 4) c++;
    cluster.set(xs[i], c);
  }
  const sizeKey = (e: TocEntry) => `${cluster.get(Math.round(e.x))}|${Math.round(e.size)}`;
  const alike = sizesThatHoldNothing(entries, (e) => cluster.get(Math.round(e.x))!);
  const keyOf = (e: TocEntry) => alike.get(sizeKey(e)) ?? sizeKey(e);
  const keys = [...new Set(entries.map(keyOf))].map((k) => k.split("|").map(Number));
  keys.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  // Parts hold the chapters whatever the indents say: classes that hang a chapter's number
  // in the margin set "1 Arguments" left of "Part I The Essentials".
  const parts = entries.filter((e) => PART_ENTRY_RE.test(e.title));
  const partKey = parts.length >= 2 && new Set(parts.map(keyOf)).size === 1 ? keyOf(parts[0]) : null;
  if (partKey) keys.sort((a, b) => Number(`${b[0]}|${b[1]}` === partKey) - Number(`${a[0]}|${a[1]}` === partKey));
  const rank = new Map(keys.map((k, i) => [`${k[0]}|${k[1]}`, i + 1]));
  for (const e of entries) e.level = rank.get(keyOf(e))!;
  nestByNumbering(entries);
  // Close gaps so levels run 1, 2, 3 (a missing middle indent must not leave a hole).
  const used = [...new Set(entries.map((e) => e.level))].sort((a, b) => a - b);
  const dense = new Map(used.map((l, i) => [l, i + 1]));
  for (const e of entries) e.level = dense.get(e.level)!;
}
