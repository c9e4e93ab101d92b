/**
 * Web pages printed to PDF from a browser, several bound into one file. The browser
 * stamps every page with the date and the web page's title at the top and its address at
 * the bottom; those stamps are furniture (removed here, like running heads), but where the
 * title changes a new web page starts, and that title names the part of the bundle better
 * than anything in the page's own layout. Each such part becomes a top-level node, the
 * headings found inside it nest below.
 */
import type { Heading, Line, PageText } from "./types.ts";

/** "6/3/2020 Title", "03.06.20, 14:05 Title", "6/3/20, 2:05 PM Title". */
const STAMP_RE = /^\d{1,2}[./-]\d{1,2}[./-]\d{2,4},?(?:\s+\d{1,2}:\d{2}(?::\d{2})?(?:\s*[AaPp]\.?[Mm]\.?)?)?\s+(\S.{2,})$/;
/** The address at the foot, with the browser's "1/3" page count after it or not. */
const ADDRESS_RE = /^(?:https?|file):\/\/\S+(?:\s+\d{1,4}\/\d{1,4})?$/;
/** How close to the page's edge (share of its height) a stamp sits. */
const EDGE = 0.08;

export interface WebPrintParts {
  /** One heading per printed web page (level 1, first line of its first page). */
  headings: Heading[];
}

/**
 * Finds the browser's stamps (on two pages at least) and removes them from `pages`;
 * returns the parts when the file holds at least two web pages (one web page alone keeps
 * its own title and layout).
 */
export function webPrintParts(pages: PageText[]): WebPrintParts | null {
  const stamped: { page: number; title: string; marks: Line[] }[] = [];
  pages.forEach((p, i) => {
    if (!p.lines.length) return;
    const top = p.lines.reduce((a, b) => (b.y > a.y ? b : a));
    const bottom = p.lines.reduce((a, b) => (b.y < a.y ? b : a));
    const title = STAMP_RE.exec(top.text.trim())?.[1];
    if (!title || top === bottom || top.y < p.height * (1 - EDGE) || bottom.y > p.height * EDGE) return;
    if (!ADDRESS_RE.test(bottom.text.trim())) return;
    stamped.push({ page: i, title: title.replace(/\s+\d{1,4}\/\d{1,4}$/, "").trim(), marks: [top, bottom] });
  });
  if (stamped.length < 2) return null;
  for (const s of stamped) pages[s.page].lines = pages[s.page].lines.filter((l) => !s.marks.includes(l));
  if (new Set(stamped.map((s) => s.title)).size < 2) return null;
  const headings: Heading[] = [];
  for (const s of stamped) {
    if (headings.at(-1)?.title === s.title) continue; // the same web page, printed on
    headings.push({ title: s.title, level: 1, page: s.page, line: 0 });
  }
  return { headings };
}

/** The bundle's parts on top, every other heading one level down inside its part. */
export function underWebPrintParts(parts: Heading[], headings: Heading[]): Heading[] {
  const out: Heading[] = [];
  let k = 0;
  for (const h of headings) {
    // A part starts at its page's first line, before any heading on that page.
    while (k < parts.length && parts[k].page <= h.page) out.push(parts[k++]);
    out.push({ ...h, level: h.level + 1 });
  }
  out.push(...parts.slice(k));
  return out;
}
