/**
 * Which usable PDFs the corpus keeps: at most `maxPerFamily` per typographic family, chosen
 * by checksum (deterministic, and spread over packages rather than the first ones listed),
 * so one large family (TeX Live's package manuals in Computer Modern) does not drown the rest
 * and the bench stays affordable.
 */
export function selectByFamily<T extends { family: string; sha: string }>(items: readonly T[], maxPerFamily: number): { kept: T[]; capped: T[] } {
  const byFamily = new Map<string, T[]>();
  for (const it of items) byFamily.set(it.family, [...(byFamily.get(it.family) ?? []), it]);
  const kept: T[] = [];
  const capped: T[] = [];
  for (const list of byFamily.values()) {
    const sorted = [...list].sort((a, b) => (a.sha < b.sha ? -1 : a.sha > b.sha ? 1 : 0));
    kept.push(...sorted.slice(0, maxPerFamily));
    capped.push(...sorted.slice(maxPerFamily));
  }
  return { kept, capped };
}

/**
 * Families with fewer than `minSize` members are too small to report on their own: they are
 * merged into a coarser family, "<generator> / <body face> / other headings", then
 * "<generator> / other looks", then "other generators". Returns the family of each item.
 */
export function coarsenFamilies(items: readonly { family: string; generator: string; bodyFace: string }[], minSize: number): string[] {
  const levels = [
    (it: (typeof items)[number]) => it.family,
    (it: (typeof items)[number]) => `${it.generator} / ${it.bodyFace} / other headings`,
    (it: (typeof items)[number]) => `${it.generator} / other looks`,
    () => "other generators",
  ];
  const out = items.map(() => "");
  let open = items.map((_, i) => i);
  for (const [k, key] of levels.entries()) {
    const counts = new Map<string, number>();
    for (const i of open) counts.set(key(items[i]), (counts.get(key(items[i])) ?? 0) + 1);
    const last = k === levels.length - 1;
    open = open.filter((i) => {
      const name = key(items[i]);
      if (last || counts.get(name)! >= minSize) {
        out[i] = name;
        return false;
      }
      return true;
    });
  }
  return out;
}
