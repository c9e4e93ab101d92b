/**
 * Tree source 1: the embedded outline (bookmarks). Each entry's destination is resolved to a
 * physical page (named destinations via getDestination, explicit ones via getPageIndex) and,
 * when the destination says where on the page it points, a y coordinate that later pins the
 * heading to a line. Entries that point nowhere are dropped rather than guessed; their
 * children move up a level so the rest of the outline keeps its shape.
 */
import type { PDFDocumentProxy } from "./document.ts";
import type { Heading } from "./types.ts";

interface OutlineItem {
  title: string;
  dest: string | unknown[] | null;
  items: OutlineItem[];
}

/** Outlines beyond this are not a table of contents but an index dump; cap the work. */
const MAX_ENTRIES = 20_000;

export async function outlineHeadings(doc: PDFDocumentProxy): Promise<Heading[]> {
  let outline: OutlineItem[] | null;
  try {
    outline = (await doc.getOutline()) as OutlineItem[] | null;
  } catch {
    return []; // a broken outline is a missing outline, not a broken document
  }
  if (!outline?.length) return [];

  const flat: { title: string; level: number; dest: OutlineItem["dest"] }[] = [];
  const walk = (items: OutlineItem[], level: number) => {
    for (const it of items) {
      if (flat.length >= MAX_ENTRIES) return;
      flat.push({ title: cleanTitle(it.title), level, dest: it.dest });
      if (it.items?.length) walk(it.items, level + 1);
    }
  };
  walk(outline, 1);

  const resolved = await mapLimited(flat, 16, (e) => resolveDest(doc, e.dest));
  const out: Heading[] = [];
  // Levels are rebuilt so that a dropped parent's children take its place.
  const droppedAtLevel: number[] = [];
  for (let i = 0; i < flat.length; i++) {
    const e = flat[i];
    droppedAtLevel.length = e.level - 1; // only ancestors of this entry matter
    const r = resolved[i];
    const shift = droppedAtLevel.reduce((n, d) => n + (d ? 1 : 0), 0);
    if (!r || !e.title) {
      droppedAtLevel[e.level - 1] = 1;
      continue;
    }
    out.push({ title: e.title, level: e.level - shift, page: r.page, yHint: r.y });
  }
  return out;
}

function cleanTitle(t: string): string {
  // Outline titles often carry control characters and odd spacing from the authoring tool.
  return (t ?? "").replace(/[\u0000-\u001f\u007f\ufeff]/g, " ").replace(/\s+/g, " ").trim();
}

async function resolveDest(doc: PDFDocumentProxy, dest: OutlineItem["dest"]): Promise<{ page: number; y?: number } | null> {
  try {
    let explicit: unknown[] | null = null;
    if (typeof dest === "string") explicit = await doc.getDestination(dest);
    else if (Array.isArray(dest)) explicit = dest;
    if (!explicit || explicit.length === 0) return null;
    const ref = explicit[0];
    let page: number;
    if (typeof ref === "number") page = ref; // some producers store a page index directly
    else if (ref && typeof ref === "object") page = await doc.getPageIndex(ref as { num: number; gen: number });
    else return null;
    if (!Number.isInteger(page) || page < 0 || page >= doc.numPages) return null;
    return { page, y: destTop(explicit) };
  } catch {
    return null;
  }
}

/** The top coordinate a destination scrolls to, when it has one. */
function destTop(d: unknown[]): number | undefined {
  const kind = (d[1] as { name?: string } | undefined)?.name;
  const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : undefined);
  switch (kind) {
    case "XYZ":
      return num(d[3]);
    case "FitH":
    case "FitBH":
      return num(d[2]);
    case "FitR":
      return num(d[5]);
    default:
      return undefined;
  }
}

async function mapLimited<T, R>(items: T[], limit: number, fn: (t: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
    }
  });
  await Promise.all(workers);
  return out;
}
