/**
 * Page specs as people write them: "5", "3,7", "5-10", "1-3,7,9-12". Parsed into sorted,
 * distinct 1-based pages, checked against the document's page count.
 */
import { InvalidInputError } from "../errors.ts";

/** Most pages one spec may name (the content cap usually stops far earlier). */
export const MAX_SPEC_PAGES = 10_000;

export function parsePageSpec(spec: string, pageCount: number): number[] {
  const fail = (why: string): never => {
    throw new InvalidInputError(`Invalid pages "${spec}": ${why}. Use forms like "5", "3,7", "5-10" or "1-3,7,9-12" (pages 1-${pageCount})`, ["pages"], spec);
  };
  const pages = new Set<number>();
  const items = spec.split(",").map((s) => s.trim());
  if (spec.trim() === "") fail("empty");
  for (const item of items) {
    const match = /^(\d+)\s*(?:-\s*(\d+))?$/.exec(item);
    if (!match) fail(`"${item}" is not a page or a range`);
    const from = Number(match![1]);
    const to = match![2] === undefined ? from : Number(match![2]);
    if (from < 1) fail("pages start at 1");
    if (to < from) fail(`range ${item} runs backwards`);
    if (to > pageCount) fail(`the document has ${pageCount} page(s)`);
    if (to - from + 1 + pages.size > MAX_SPEC_PAGES) fail(`more than ${MAX_SPEC_PAGES} pages`);
    for (let p = from; p <= to; p++) pages.add(p);
  }
  return [...pages].sort((a, b) => a - b);
}

/** Sorted pages back into the compact form: [1,2,3,7,9,10] -> "1-3,7,9-10". */
export function formatPageSpec(pages: number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < pages.length; ) {
    let j = i;
    while (j + 1 < pages.length && pages[j + 1] === pages[j] + 1) j++;
    parts.push(i === j ? String(pages[i]) : `${pages[i]}-${pages[j]}`);
    i = j + 1;
  }
  return parts.join(",");
}
