/**
 * An e-book's own table of contents, as its outline (as a PDF's bookmarks are): the EPUB 3
 * navigation document's `toc` nav (nested `ol`/`li`), else the EPUB 2 NCX's `navMap`
 * (nested `navPoint`). Each entry: its title, depth (1 = top) and target (part and fragment).
 */
import type { Element, Root, RootContent } from "hast";
import { inlineText } from "../structured/hast-blocks.ts";
import { childElements, firstChild, textContent, type XmlElement } from "../xml/parse.ts";
import { resolveHref } from "./package.ts";

export interface OutlineEntry {
  title: string;
  level: number;
  path: string;
  fragment?: string;
}

function elements(node: Root | Element): Element[] {
  return (node.children as RootContent[]).filter((c): c is Element => c.type === "element");
}

function findNav(node: Root | Element): Element | undefined {
  let first: Element | undefined;
  const walk = (n: Root | Element): Element | undefined => {
    for (const c of elements(n)) {
      if (c.tagName === "nav") {
        const type = String(c.properties?.["epub:type"] ?? c.properties?.role ?? "");
        if (/\btoc\b|doc-toc/.test(type)) return c;
        first ??= c;
      }
      const found = walk(c);
      if (found) return found;
    }
    return undefined;
  };
  return walk(node) ?? first;
}

/** Entries of the navigation document's table of contents, in order. */
export function navOutline(tree: Root, navPath: string): OutlineEntry[] {
  const nav = findNav(tree);
  const out: OutlineEntry[] = [];
  const list = (ol: Element, level: number) => {
    for (const li of elements(ol).filter((e) => e.tagName === "li")) {
      const label = elements(li).find((e) => e.tagName === "a" || e.tagName === "span");
      const href = label?.tagName === "a" ? label.properties?.href : undefined;
      const title = label ? inlineText(label) : "";
      if (title && typeof href === "string") out.push({ title, level, ...resolveHref(navPath, href) });
      for (const sub of elements(li).filter((e) => e.tagName === "ol" || e.tagName === "ul")) list(sub, title && typeof href === "string" ? level + 1 : level);
    }
  };
  if (nav) for (const ol of elements(nav).filter((e) => e.tagName === "ol" || e.tagName === "ul")) list(ol, 1);
  return out;
}

/** Entries of the NCX's navMap, in order. */
export function ncxOutline(ncx: XmlElement, ncxPath: string): OutlineEntry[] {
  const out: OutlineEntry[] = [];
  const points = (parent: XmlElement, level: number) => {
    for (const point of childElements(parent, "ncx:navPoint")) {
      const label = firstChild(firstChild(point, "ncx:navLabel"), "ncx:text");
      const title = label ? textContent(label).replace(/\s+/g, " ").trim() : "";
      const src = firstChild(point, "ncx:content")?.attrs.src;
      if (title && src) out.push({ title, level, ...resolveHref(ncxPath, src) });
      points(point, title && src ? level + 1 : level);
    }
  };
  const map = firstChild(ncx, "ncx:navMap");
  if (map) points(map, 1);
  return out;
}
