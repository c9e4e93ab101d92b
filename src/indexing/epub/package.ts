/**
 * An EPUB's package: `META-INF/container.xml` names the package document (OPF), whose
 * manifest lists the parts, whose spine gives the reading order, and which names the
 * navigation document (EPUB 3, manifest property `nav`) and the NCX (EPUB 2, the spine's
 * `toc`). Paths are resolved against the referring file and percent-decoded.
 */
import path from "node:path/posix";
import { childElements, findAll, findFirst, firstChild, textContent, type XmlElement } from "../xml/parse.ts";

export interface ManifestItem {
  id: string;
  /** Path inside the archive. */
  path: string;
  mediaType: string;
  properties: string[];
}

export interface EpubPackage {
  title?: string;
  /** Spine items in reading order. */
  spine: ManifestItem[];
  nav?: ManifestItem;
  ncx?: ManifestItem;
}

export class EpubError extends Error {
  override readonly name = "EpubError";
}

/** `href` (maybe with `#fragment`) relative to `from` -> archive path and fragment. */
export function resolveHref(from: string, href: string): { path: string; fragment?: string } {
  const hash = href.indexOf("#");
  const rawPath = hash >= 0 ? href.slice(0, hash) : href;
  const fragment = hash >= 0 ? decodeSafely(href.slice(hash + 1)) : undefined;
  const target = rawPath ? path.normalize(path.join(path.dirname(from), decodeSafely(rawPath))) : from;
  return { path: target.replace(/^\.\//, ""), ...(fragment ? { fragment } : {}) };
}

function decodeSafely(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

export function rootfilePath(container: XmlElement | undefined): string {
  const rootfile = container ? findAll(container, "odc:rootfile").find((r) => (r.attrs["media-type"] ?? "application/oebps-package+xml") === "application/oebps-package+xml") : undefined;
  const fullPath = rootfile?.attrs["full-path"];
  if (!fullPath) throw new EpubError("the e-book has no package document (META-INF/container.xml names none)");
  return fullPath;
}

export function readPackage(opf: XmlElement, opfPath: string): EpubPackage {
  const manifest = new Map<string, ManifestItem>();
  for (const item of childElements(firstChild(opf, "opf:manifest") ?? opf, "opf:item")) {
    const href = item.attrs.href;
    if (!href || !item.attrs.id) continue;
    manifest.set(item.attrs.id, {
      id: item.attrs.id,
      path: resolveHref(opfPath, href).path,
      mediaType: item.attrs["media-type"] ?? "",
      properties: (item.attrs.properties ?? "").split(/\s+/).filter(Boolean),
    });
  }
  const spineElement = firstChild(opf, "opf:spine");
  const spine = childElements(spineElement ?? opf, "opf:itemref")
    .map((ref) => manifest.get(ref.attrs.idref ?? ""))
    .filter((item): item is ManifestItem => item !== undefined);
  const nav = [...manifest.values()].find((i) => i.properties.includes("nav"));
  const ncx = manifest.get(spineElement?.attrs.toc ?? "") ?? [...manifest.values()].find((i) => i.mediaType === "application/x-dtbncx+xml");
  const titleElement = findFirst(firstChild(opf, "opf:metadata") ?? opf, "dc:title");
  const title = titleElement ? textContent(titleElement).replace(/\s+/g, " ").trim() : "";
  return { title: title || undefined, spine, nav, ncx };
}
