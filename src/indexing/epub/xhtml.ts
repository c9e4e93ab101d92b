/**
 * An e-book's XHTML chapter -> hast. A chapter is XML, so it is read by the XML parser the
 * office formats use (saxes) and its elements mapped to hast directly: on the corpus' largest
 * chapter (264 KB) that takes 18 ms against 68 ms for parsing it as HTML with rehype-parse
 * (parse5, then hast-util-from-parse5), which was most of an e-book's reading time (best of
 * 15; BENCHMARKS.md). A chapter that is not well-formed XML (an HTML entity such as `&nbsp;`
 * without a DTD, an unclosed tag) is parsed as HTML instead, as a reading system would.
 */
import type { Element, ElementContent, Properties, Root } from "hast";
import rehypeParse from "rehype-parse";
import { unified } from "unified";
import { isUtf8 } from "node:buffer";
import { declaredCharset, decodeHtml } from "../html/decode.ts";
import { parseXml, parseXmlBytes, type XmlElement } from "../xml/parse.ts";

const parser = unified().use(rehypeParse).freeze();

/** HTML's void elements: the only ones a `<x/>` may close in HTML parsing. */
const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);

/** Attribute -> hast property, for the attributes the structured path reads; others keep their name. */
function properties(attrs: Record<string, string>): Properties {
  const out: Properties = {};
  for (const [name, value] of Object.entries(attrs)) {
    if (name === "class") out.className = value.split(/\s+/).filter(Boolean);
    else if (name === "hidden") out.hidden = true;
    else if (name === "aria-hidden") out.ariaHidden = value;
    else if (name === "xlink:href") out.xLinkHref = value;
    else if (name === "start") out.start = Number(value);
    else out[name] = value;
  }
  return out;
}

function toHast(element: XmlElement): Element {
  // XHTML elements come as `xhtml:p` (the parser's canonical prefix); SVG and MathML by local name.
  const tagName = element.name.startsWith("xhtml:") ? element.name.slice(6) : element.name.slice(element.name.indexOf(":") + 1);
  const children: ElementContent[] = [];
  for (const c of element.children) children.push(typeof c === "string" ? { type: "text", value: c } : toHast(c));
  return { type: "element", tagName, properties: properties(element.attrs), children };
}

/** XHTML parsed as HTML: `<a id="x"/>` or `<div/>` would open an element that swallows what follows, so self-closed non-void elements are written out as empty pairs first. */
function parseAsHtml(source: string): Root {
  const fixed = source.replace(/<([A-Za-z][\w:.-]*)(\s[^<>]*?)?\/>/g, (whole, tag: string, attrs: string | undefined) => (VOID.has(tag.toLowerCase()) ? whole : `<${tag}${attrs ?? ""}></${tag}>`));
  return parser.parse(fixed) as Root;
}

/**
 * A chapter's bytes -> hast. A UTF-8 chapter (what EPUB requires) is parsed from its bytes a
 * piece at a time (xml/parse.ts: pieces without non-ASCII text stay one-byte strings); other
 * encodings are decoded as a web page's are (html/decode.ts) first.
 */
export function parseXhtml(bytes: Uint8Array): Root {
  const declared = declaredCharset(bytes);
  const utf8 = (declared === undefined || declared === "utf-8" || declared === "utf8") && isUtf8(bytes);
  let root: XmlElement;
  try {
    root = utf8 ? parseXmlBytes(bytes) : parseXml(decodeHtml(bytes));
  } catch {
    return parseAsHtml(decodeHtml(bytes));
  }
  return { type: "root", children: [toHast(root)] };
}
