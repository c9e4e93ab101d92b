/**
 * The gold outline of a PDF, read with `qpdf --json` (as the shared corpus' reference
 * outlines were), not with the indexer's own outline code: {level, title, page} in document
 * order, page = 1-based physical page of the destination. qpdf resolves named destinations
 * and GoTo actions; a destination dictionary ({/D [page ...]}) is unwrapped here.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { normText } from "../../src/indexing/pdf/fuzzy.ts";
import type { GoldEntry } from "../bench/tree-quality.ts";

const run = promisify(execFile);

interface QpdfOutline {
  title?: string;
  dest?: unknown;
  destpageposfrom1?: number | null;
  kids?: QpdfOutline[];
}

interface QpdfJson {
  outlines?: QpdfOutline[];
  pages?: { object: string; pageposfrom1: number }[];
}

export interface GoldOutline {
  pageCount: number;
  entries: GoldEntry[];
  /** Entries whose destination names no page of the document (left out of `entries`). */
  unresolved: number;
}

export async function readGoldOutline(file: string): Promise<GoldOutline> {
  // qpdf exits 3 on warnings (a damaged xref it recovered from) with usable output.
  const { stdout } = await run("qpdf", ["--json=2", "--json-key=outlines", "--json-key=pages", file], { maxBuffer: 512 * 1024 * 1024 }).catch((err: { code?: number; stdout?: string }) => {
    if (err.code === 3 && err.stdout) return { stdout: err.stdout };
    throw err;
  });
  return goldFromQpdfJson(JSON.parse(stdout) as QpdfJson);
}

/** Flattens qpdf's outline tree; entries that resolve to no page are dropped and counted. */
export function goldFromQpdfJson(json: QpdfJson): GoldOutline {
  const pageOf = new Map<string, number>();
  for (const p of json.pages ?? []) pageOf.set(p.object, p.pageposfrom1);
  const pageCount = json.pages?.length ?? 0;
  const entries: GoldEntry[] = [];
  let unresolved = 0;
  const walk = (items: QpdfOutline[], level: number) => {
    for (const it of items) {
      const page = it.destpageposfrom1 ?? destPage(it.dest, pageOf, pageCount);
      const title = cleanTitle(it.title ?? "");
      if (page && title) entries.push({ level, title, page });
      else unresolved++;
      if (it.kids?.length) walk(it.kids, level + 1);
    }
  };
  walk(json.outlines ?? [], 1);
  return { pageCount, entries, unresolved };
}

function destPage(dest: unknown, pageOf: Map<string, number>, pageCount: number): number | undefined {
  let d = dest;
  if (d && typeof d === "object" && !Array.isArray(d) && "/D" in d) d = (d as { "/D": unknown })["/D"];
  if (!Array.isArray(d) || d.length === 0) return undefined;
  const target = d[0];
  if (typeof target === "string") return pageOf.get(target);
  // A page index instead of a page object (remote-style destinations some producers write).
  if (typeof target === "number" && Number.isInteger(target) && target >= 0 && target < pageCount) return target + 1;
  return undefined;
}

function cleanTitle(t: string): string {
  return t.replace(/[\u0000-\u001f\u007f\ufeff]/g, " ").replace(/\s+/g, " ").trim();
}

export interface OutlineCheck {
  ok: boolean;
  reason?: string;
}

/** Thresholds for an outline to serve as gold. */
export const MIN_ENTRIES = 5;
const MAX_UNRESOLVED_SHARE = 0.05;
const MIN_IN_ORDER_SHARE = 0.9;
const MIN_DISTINCT_PAGES = 3;
/** Titles the bench can compare: its fuzzy matching (normText) keeps Latin letters and digits only. */
const MIN_COMPARABLE_SHARE = 0.8;

/**
 * An outline that can serve as gold: enough entries, nearly all pointing at a page, spread
 * over several pages, in reading order (bookmarks to figures or an index in another order
 * say little about sections), and titles in Latin script (in Chinese, Greek or Persian titles
 * the scorer's normalised text is empty, and every empty title would match every other).
 */
export function checkOutline(g: GoldOutline): OutlineCheck {
  const n = g.entries.length;
  if (n < MIN_ENTRIES) return { ok: false, reason: `outline has ${n} resolvable entries (< ${MIN_ENTRIES})` };
  if (g.unresolved > MAX_UNRESOLVED_SHARE * (n + g.unresolved)) return { ok: false, reason: `${g.unresolved} of ${n + g.unresolved} entries point nowhere` };
  const distinct = new Set(g.entries.map((e) => e.page)).size;
  if (distinct < MIN_DISTINCT_PAGES) return { ok: false, reason: `entries point at only ${distinct} distinct pages` };
  let inOrder = 0;
  for (let i = 1; i < n; i++) if (g.entries[i].page >= g.entries[i - 1].page) inOrder++;
  if (inOrder < MIN_IN_ORDER_SHARE * (n - 1)) return { ok: false, reason: `entries out of page order (${inOrder}/${n - 1} in order)` };
  const comparable = g.entries.filter((e) => normText(e.title) !== "").length;
  if (comparable < MIN_COMPARABLE_SHARE * n) return { ok: false, reason: `titles not in Latin script (${comparable}/${n} comparable)` };
  return { ok: true };
}
