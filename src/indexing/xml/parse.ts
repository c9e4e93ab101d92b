/**
 * XML -> a small element tree, for the parts of office documents and e-books (OOXML, ODF,
 * OPF, NCX). Parsed by saxes (strict, namespace-aware), so element and attribute names are
 * given under a canonical prefix per namespace (`w:p`, `text:h`, `opf:item`) whatever prefix
 * the file declared: producers may pick any prefix, and matching on the file's own prefixes
 * would miss documents that are perfectly valid.
 */
import { SaxesParser } from "saxes";

export interface XmlElement {
  /** `prefix:local` with the canonical prefix of its namespace, or the local name without one. */
  name: string;
  /** Never written to: elements without attributes share one empty object. */
  attrs: Readonly<Record<string, string>>;
  children: XmlNode[];
}
export type XmlNode = XmlElement | string;

/** A part that is not well-formed XML. */
export class XmlError extends Error {
  override readonly name = "XmlError";
}

const NAMESPACES: Record<string, string> = {
  "http://schemas.openxmlformats.org/wordprocessingml/2006/main": "w",
  "http://purl.oclc.org/ooxml/wordprocessingml/main": "w",
  "http://schemas.openxmlformats.org/drawingml/2006/main": "a",
  "http://purl.oclc.org/ooxml/drawingml/main": "a",
  "http://schemas.openxmlformats.org/presentationml/2006/main": "p",
  "http://purl.oclc.org/ooxml/presentationml/main": "p",
  "http://schemas.openxmlformats.org/officeDocument/2006/relationships": "r",
  "http://purl.oclc.org/ooxml/officeDocument/relationships": "r",
  "http://schemas.openxmlformats.org/package/2006/relationships": "rel",
  "http://schemas.openxmlformats.org/package/2006/content-types": "ct",
  "http://schemas.openxmlformats.org/markup-compatibility/2006": "mc",
  "http://schemas.microsoft.com/office/powerpoint/2010/main": "p14",
  "urn:oasis:names:tc:opendocument:xmlns:office:1.0": "office",
  "urn:oasis:names:tc:opendocument:xmlns:text:1.0": "text",
  "urn:oasis:names:tc:opendocument:xmlns:table:1.0": "table",
  "urn:oasis:names:tc:opendocument:xmlns:style:1.0": "style",
  "urn:oasis:names:tc:opendocument:xmlns:drawing:1.0": "draw",
  "urn:oasis:names:tc:opendocument:xmlns:container": "odc",
  "http://www.idpf.org/2007/opf": "opf",
  "http://purl.org/dc/elements/1.1/": "dc",
  "http://www.daisy.org/z3986/2005/ncx/": "ncx",
  "http://www.w3.org/1999/xhtml": "xhtml",
  "http://www.idpf.org/2007/ops": "epub",
  "http://www.w3.org/XML/1998/namespace": "xml",
};

/** The in-scope prefixes of an element (prefix -> namespace URI; "" = the default namespace), with its names already canonicalised. */
interface Scope {
  uris: Map<string, string>;
  /** Element names, and apart from them attribute names (an unprefixed attribute is in no namespace, an unprefixed element in the default one). */
  elements: Map<string, string>;
  attributes: Map<string, string>;
}

const newScope = (uris: Map<string, string>): Scope => ({ uris, elements: new Map(), attributes: new Map() });
const NO_ATTRIBUTES: Readonly<Record<string, string>> = Object.freeze({});

const XML_NS = "http://www.w3.org/XML/1998/namespace";

/** `prefix:local` under the namespace's canonical prefix; unknown namespaces keep the file's prefix. */
function canonicalName(raw: string, scope: Scope, isAttribute: boolean): string {
  const cache = isAttribute ? scope.attributes : scope.elements;
  let name = cache.get(raw);
  if (name !== undefined) return name;
  const colon = raw.indexOf(":");
  const prefix = colon >= 0 ? raw.slice(0, colon) : "";
  const local = colon >= 0 ? raw.slice(colon + 1) : raw;
  const uri = prefix === "xml" ? XML_NS : (prefix || !isAttribute) ? scope.uris.get(prefix) : undefined;
  const canonical = uri ? (NAMESPACES[uri] ?? prefix) : "";
  name = canonical ? `${canonical}:${local}` : local;
  cache.set(raw, name);
  return name;
}

const isDeclaration = (key: string) => key === "xmlns" || key.startsWith("xmlns:");

/**
 * Namespaces are resolved here rather than in saxes' `xmlns` mode: on a Word document's 600 KB
 * body that mode and its per-attribute objects made parsing twice as slow (89 ms against 45,
 * best of 21; the same trees). Files declare their namespaces on the root element, so a new
 * scope (and its cache of resolved names) is made only where an element declares one.
 */
export interface ParseOptions {
  /**
   * Elements (canonical names) kept with their attributes but without their content, which
   * the caller never reads: a Word body's run properties (`w:rPr`) are a third of its
   * elements, and building them only fed the garbage collector.
   */
  hollow?: ReadonlySet<string>;
  /**
   * The children of elements named `parent` handed to `visit` one at a time, each as soon as
   * it is closed, and not kept in the tree: a Word body's paragraphs are read as they are
   * parsed, so the tree of a whole large part is never alive at once. (Parsing a 600 KB body
   * whole, the garbage collector took 3 to 14 ms per parse as it copied the growing tree
   * from one space to the next; paragraph by paragraph, about 1.)
   */
  each?: { parent: string; visit(element: XmlElement): void };
  // (A hollow element is never handed over: the reader never asks for one as a block.)
}

export function parseXml(source: string, options: ParseOptions = {}): XmlElement {
  return parseChunks([source], options);
}

/** Parses the text given in pieces (a tag or a character may be split between two). */
function parseChunks(chunks: Iterable<string>, options: ParseOptions): XmlElement {
  const parser = new SaxesParser({ xmlns: false, position: false });
  const root: XmlElement = { name: "#document", attrs: {}, children: [] };
  const stack: XmlElement[] = [root];
  const scopes: Scope[] = [newScope(new Map())];
  /** Open elements inside a hollow element (the hollow one included); 0 outside any. */
  let hollowDepth = 0;
  let visitFailure: { error: unknown } | undefined;
  parser.on("opentag", (tag) => {
    if (hollowDepth > 0) {
      hollowDepth++;
      return;
    }
    const raw = tag.attributes as Record<string, string>;
    let scope = scopes[scopes.length - 1];
    let declared = false;
    for (const key in raw) {
      if (!isDeclaration(key)) continue;
      if (!declared) scope = newScope(new Map(scope.uris));
      declared = true;
      scope.uris.set(key === "xmlns" ? "" : key.slice(6), raw[key]);
    }
    let attrs = NO_ATTRIBUTES;
    for (const key in raw) {
      // Namespace declarations are resolved already; they are not data.
      if (declared && isDeclaration(key)) continue;
      if (attrs === NO_ATTRIBUTES) attrs = {};
      (attrs as Record<string, string>)[canonicalName(key, scope, true)] = raw[key];
    }
    const element: XmlElement = { name: canonicalName(tag.name, scope, false), attrs, children: [] };
    stack[stack.length - 1].children.push(element);
    // A self-closing hollow element gets its closetag at once, like any other.
    if (options.hollow?.has(element.name)) hollowDepth = 1;
    else {
      stack.push(element);
      scopes.push(scope);
    }
  });
  parser.on("closetag", () => {
    if (hollowDepth > 0) {
      hollowDepth--;
      return;
    }
    const closed = stack.pop()!;
    scopes.pop();
    const parent = stack[stack.length - 1];
    if (options.each && parent.name === options.each.parent) {
      parent.children.pop();
      try {
        options.each.visit(closed);
      } catch (error) {
        visitFailure = { error };
        throw error;
      }
    }
  });
  const onText = (text: string) => {
    if (hollowDepth > 0) return;
    const top = stack[stack.length - 1];
    // Whitespace between elements is layout, not content, except inside an element that holds text.
    if (top !== root) top.children.push(text);
  };
  parser.on("text", onText);
  parser.on("cdata", onText);
  try {
    for (const chunk of chunks) parser.write(chunk);
    parser.close();
  } catch (error) {
    // The visitor's own failure is its caller's to explain; anything else is the parser's.
    if (visitFailure && visitFailure.error === error) throw error;
    throw new XmlError(`not well-formed XML: ${(error as Error).message}`);
  }
  const top = root.children.find((c): c is XmlElement => typeof c !== "string");
  if (!top) throw new XmlError("no root element");
  return top;
}

/**
 * Bytes are decoded a piece at a time: a piece without a non-ASCII character becomes a
 * one-byte string, where decoding a whole part with one such character anywhere makes all of
 * it a two-byte string, twice the memory and slower to scan (on a Word document's 600 KB body
 * with two such characters, decoding and parsing took 21 ms in 16 KB pieces against 24).
 */
const DECODE_PIECE_BYTES = 16 * 1024;

function* decodedPieces(bytes: Uint8Array, encoding: string): Generator<string> {
  // The decoder drops a leading byte-order mark, and carries a character split between pieces over to the next.
  const decoder = new TextDecoder(encoding);
  for (let at = 0; at < bytes.length; at += DECODE_PIECE_BYTES) yield decoder.decode(bytes.subarray(at, at + DECODE_PIECE_BYTES), { stream: true });
  yield decoder.decode();
}

/** Decodes a part's bytes (UTF-8 or UTF-16 with a byte-order mark) and parses it. */
export function parseXmlBytes(bytes: Uint8Array, options: ParseOptions = {}): XmlElement {
  let encoding = "utf-8";
  if (bytes[0] === 0xff && bytes[1] === 0xfe) encoding = "utf-16le";
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) encoding = "utf-16be";
  return parseChunks(decodedPieces(bytes, encoding), options);
}

export function isElement(node: XmlNode): node is XmlElement {
  return typeof node !== "string";
}

export function childElements(element: XmlElement, name?: string): XmlElement[] {
  const out: XmlElement[] = [];
  for (const c of element.children) if (typeof c !== "string" && (name === undefined || c.name === name)) out.push(c);
  return out;
}

export function firstChild(element: XmlElement | undefined, name: string): XmlElement | undefined {
  if (!element) return undefined;
  for (const c of element.children) if (typeof c !== "string" && c.name === name) return c;
  return undefined;
}

/** The first element of that name at any depth, in document order. */
export function findFirst(element: XmlElement, name: string): XmlElement | undefined {
  for (const c of element.children) {
    if (typeof c === "string") continue;
    if (c.name === name) return c;
    const found = findFirst(c, name);
    if (found) return found;
  }
  return undefined;
}

/** Every element of that name at any depth, in document order. */
export function findAll(element: XmlElement, name: string, out: XmlElement[] = []): XmlElement[] {
  for (const c of element.children) {
    if (typeof c === "string") continue;
    if (c.name === name) out.push(c);
    findAll(c, name, out);
  }
  return out;
}

/** All text below the element, concatenated. */
export function textContent(element: XmlElement): string {
  let out = "";
  for (const c of element.children) out += typeof c === "string" ? c : textContent(c);
  return out;
}
