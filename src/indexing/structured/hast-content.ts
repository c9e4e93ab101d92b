/**
 * What counts as content in a hast tree, shared by the event walk (hast-blocks.ts) and the
 * Markdown writer (hast-markdown.ts): scripts, styles, navigation, forms' controls, embedded
 * objects and hidden elements are never text a reader sees.
 */
import type { Element, Root, RootContent } from "hast";

export type HastNode = Root | RootContent;

export const NEVER_CONTENT: ReadonlySet<string> = new Set([
  "script", "style", "noscript", "template", "head", "nav", "iframe", "object", "embed", "canvas",
  "button", "select", "input", "textarea", "dialog", "svg", "math",
]);

export function isElement(node: HastNode): node is Element {
  return node.type === "element";
}

export function hidden(el: Element): boolean {
  const p = el.properties ?? {};
  if (p.hidden !== undefined && p.hidden !== false && p.hidden !== null) return true;
  return String(p.ariaHidden) === "true";
}
