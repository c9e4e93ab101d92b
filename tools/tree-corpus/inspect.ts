/**
 * What a PDF looks like, read from the PDF itself (pdfjs): producer and creator, the body font
 * (most characters on the sampled pages, code fonts aside) and the fonts, sizes and case of
 * the lines that carry outline titles. family.ts turns this into a typographic family.
 *
 * Only a few pages are read: the first ones (for markers such as Texinfo's "Table of
 * Contents") and the pages of a spread of outline entries, which show headings and body text.
 */
import { openPdf } from "../../src/indexing/pdf/document.ts";
import { normText, titleMatch } from "../../src/indexing/pdf/fuzzy.ts";
import { itemsToLines, type RawItem } from "../../src/indexing/pdf/lines.ts";
import type { GoldEntry } from "../bench/tree-quality.ts";

export interface HeadingSample {
  level: number;
  /** Font name as embedded, subset prefix removed ("CMBX12"); "" when pdfjs gives none. */
  font: string;
  /** Size relative to the body size. */
  rel: number;
  /** The line is in capitals although the outline title is not. */
  caps: boolean;
  /** Capitals in two sizes on the line: small capitals made by size ("1 I NTRODUCTION"). */
  sizedCaps: boolean;
}

export interface PdfLook {
  pageCount: number;
  producer: string;
  creator: string;
  bodyFont: string;
  bodySize: number;
  /** Font names seen on the sampled pages, by characters set in them. */
  fonts: Record<string, number>;
  headings: HeadingSample[];
  /** Text of the first pages (a few thousand characters), for generator markers. */
  frontText: string;
}

const HEADING_PAGES = 8;
const FRONT_PAGES = 3;
const PAGE_TIMEOUT_MS = 20_000;

export async function inspectPdf(bytes: Uint8Array, gold: readonly GoldEntry[]): Promise<PdfLook> {
  const { doc, close } = await openPdf(bytes);
  try {
    const meta = (await doc.getMetadata().catch(() => null)) as { info?: Record<string, unknown> } | null;
    const str = (v: unknown) => (typeof v === "string" ? v.replace(/\s+/g, " ").trim() : "");
    const look: PdfLook = {
      pageCount: doc.numPages,
      producer: str(meta?.info?.Producer),
      creator: str(meta?.info?.Creator),
      bodyFont: "",
      bodySize: 0,
      fonts: {},
      headings: [],
      frontText: "",
    };
    const front: string[] = [];
    for (let n = 1; n <= Math.min(FRONT_PAGES, doc.numPages); n++) {
      const page = await doc.getPage(n);
      try {
        const tc = await withTimeout(page.getTextContent());
        front.push(tc.items.map((it) => ("str" in it ? it.str : "")).join(" "));
      } catch {
        // a page that cannot be read adds no markers
      } finally {
        page.cleanup();
      }
    }
    look.frontText = front.join("\n").replace(/\s+/g, " ").slice(0, 3000);

    const samples = sampleEntries(gold, HEADING_PAGES);
    const byPage = new Map<number, GoldEntry[]>();
    for (const g of samples) byPage.set(g.page, [...(byPage.get(g.page) ?? []), g]);
    const sizeChars = new Map<string, Map<number, number>>(); // font -> size -> chars
    const found: { g: GoldEntry; font: string; size: number; caps: boolean; sizedCaps: boolean }[] = [];
    for (const [n, entries] of byPage) {
      const page = await doc.getPage(n);
      try {
        const tc = await withTimeout(page.getTextContent());
        await withTimeout(page.getOperatorList()); // loads the page's fonts, so their names can be read
        const nameOf = new Map<string, string>();
        const mono = new Set<string>();
        for (const [id, style] of Object.entries(tc.styles)) {
          if (style.fontFamily === "monospace") mono.add(id);
          let name = "";
          try {
            name = page.commonObjs.has(id) ? String((page.commonObjs.get(id) as { name?: string }).name ?? "") : "";
          } catch {
            name = "";
          }
          nameOf.set(id, cleanFontName(name) || (mono.has(id) ? "monospace" : ""));
        }
        const raw: RawItem[] = [];
        for (const it of tc.items) {
          if (!("str" in it) || !it.str.trim()) continue;
          raw.push({ str: it.str, transform: it.transform, width: it.width, fontName: it.fontName });
          const name = nameOf.get(it.fontName) ?? "";
          const size = Math.round(Math.hypot(it.transform[2], it.transform[3]) * 10) / 10 || Math.round(Math.hypot(it.transform[0], it.transform[1]) * 10) / 10;
          const chars = it.str.replace(/\s/g, "").length;
          look.fonts[name] = (look.fonts[name] ?? 0) + chars;
          if (!mono.has(it.fontName)) {
            const m = sizeChars.get(name) ?? new Map<number, number>();
            m.set(size, (m.get(size) ?? 0) + chars);
            sizeChars.set(name, m);
          }
        }
        const [x0, , x1] = page.view;
        const lines = itemsToLines(raw, Math.abs(x1 - x0), mono);
        for (const g of entries) {
          const hit = findHeadingLine(lines, g.title);
          if (!hit) continue;
          const line = lines[hit];
          const onLine = raw.filter((r) => Math.abs(r.transform[5] - line.y) < 1.5 && r.transform[4] >= line.x - 1 && r.transform[4] <= line.x + line.w + 1);
          const letters = line.text.replace(/[^\p{L}]/gu, "");
          const caps = letters.length >= 3 && letters === letters.toUpperCase() && g.title !== g.title.toUpperCase();
          const capSizes = new Set(onLine.filter((r) => /\p{Lu}/u.test(r.str) && r.str === r.str.toUpperCase()).map((r) => Math.round(Math.hypot(r.transform[2], r.transform[3]))));
          found.push({ g, font: nameOf.get(line.lead?.font ?? line.font) ?? "", size: line.lead?.size ?? line.size, caps, sizedCaps: caps && capSizes.size >= 2 });
        }
      } catch {
        // an unreadable page gives no samples
      } finally {
        page.cleanup();
      }
    }
    // Body: the non-code font with most characters, at its commonest size.
    let best = { name: "", chars: -1 };
    for (const [name, sizes] of sizeChars) {
      const chars = [...sizes.values()].reduce((a, b) => a + b, 0);
      if (chars > best.chars) best = { name, chars };
    }
    look.bodyFont = best.name;
    const sizes = sizeChars.get(best.name);
    look.bodySize = sizes ? [...sizes].sort((a, b) => b[1] - a[1])[0][0] : 0;
    look.headings = found.map((f) => ({
      level: f.g.level,
      font: f.font,
      rel: look.bodySize ? Math.round((f.size / look.bodySize) * 100) / 100 : 0,
      caps: f.caps,
      sizedCaps: f.sizedCaps,
    }));
    return look;
  } finally {
    await close().catch(() => {});
  }
}

/** Up to `max` entries spread over the document, the top level first (it shows the class best). */
export function sampleEntries(gold: readonly GoldEntry[], max: number): GoldEntry[] {
  if (gold.length <= max) return [...gold];
  const top = Math.min(...gold.map((g) => g.level));
  const spread = (list: GoldEntry[], k: number) => (list.length <= k ? list : Array.from({ length: k }, (_, i) => list[Math.floor(((i + 0.5) * list.length) / k)]));
  const upper = gold.filter((g) => g.level === top);
  const lower = gold.filter((g) => g.level === top + 1);
  const a = spread(upper, Math.ceil(max / 2));
  const b = spread(lower, max - a.length);
  const out = [...a, ...b];
  return gold.filter((g) => out.includes(g));
}

/** The line (index) that best matches an outline title, also allowing it to wrap onto the next line. */
function findHeadingLine(lines: { text: string }[], title: string): number | undefined {
  const t = normText(title);
  if (!t) return undefined;
  let best = { i: -1, score: 0 };
  for (let i = 0; i < lines.length; i++) {
    const one = titleMatch(t, normText(lines[i].text));
    const two = i + 1 < lines.length ? titleMatch(t, normText(`${lines[i].text} ${lines[i + 1].text}`)) : 0;
    const score = Math.max(one, two);
    if (score > best.score) best = { i, score };
  }
  return best.score >= 0.85 ? best.i : undefined;
}

/** "ABCDEF+CMBX12" -> "CMBX12"; PostScript names keep their style suffix. */
export function cleanFontName(name: string): string {
  return name.replace(/^[A-Z]{6}\+/, "").trim();
}

function withTimeout<T>(p: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("page timed out")), PAGE_TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
}
