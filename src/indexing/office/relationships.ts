/**
 * OOXML relationships (`_rels/*.rels`): how a package names its parts. The main document is
 * found through the package's officeDocument relationship, never by a fixed path.
 */
import path from "node:path/posix";
import { childElements, parseXmlBytes } from "../xml/parse.ts";

export interface Relationship {
  id: string;
  type: string;
  /** The target part's path inside the package (resolved against the source part's folder). */
  target: string;
  external: boolean;
}

/** `word/document.xml` -> `word/_rels/document.xml.rels`; the package itself ("") -> `_rels/.rels`. */
export function relsPathOf(part: string): string {
  const dir = path.dirname(part);
  return `${dir === "." ? "" : `${dir}/`}_rels/${path.basename(part)}.rels`;
}

export function parseRelationships(bytes: Uint8Array | undefined, sourcePart: string): Relationship[] {
  if (!bytes) return [];
  const root = parseXmlBytes(bytes);
  const base = sourcePart ? path.dirname(sourcePart) : "";
  return childElements(root, "rel:Relationship").map((r) => {
    const external = r.attrs.TargetMode === "External";
    const raw = r.attrs.Target ?? "";
    const target = external ? raw : raw.startsWith("/") ? raw.slice(1) : path.normalize(path.join(base, raw));
    return { id: r.attrs.Id ?? "", type: r.attrs.Type ?? "", target, external };
  });
}

/** Relationship types end in a stable name (`.../officeDocument`, `.../slide`), whatever the schema's base URI (transitional or strict). */
export function ofType(rels: Relationship[], name: string): Relationship[] {
  return rels.filter((r) => r.type.endsWith(`/${name}`));
}
