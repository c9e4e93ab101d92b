/**
 * Reading an office package's XML parts: only `.xml` and `.rels` parts are inflated (media
 * never is), through the container reader and its limits.
 */
import { readContainer, type ContainerOptions } from "../zip/container.ts";
import { findFirst, parseXmlBytes, textContent, type ParseOptions, type XmlElement } from "../xml/parse.ts";

export interface Package {
  names: string[];
  part(path: string): Buffer | undefined;
  xml(path: string, options?: ParseOptions): XmlElement | undefined;
}

export async function openPackage(bytes: Uint8Array, options: ContainerOptions = {}, wanted: (path: string) => boolean = (p) => /\.(xml|rels)$/i.test(p)): Promise<Package> {
  const { names, parts } = await readContainer(bytes, wanted, options);
  return {
    names,
    part: (path) => parts.get(path),
    xml(path, options) {
      const data = parts.get(path);
      return data ? parseXmlBytes(data, options) : undefined;
    },
  };
}

/** `docProps/core.xml`'s `dc:title`, if set. */
export function coreTitle(pkg: Package): string | undefined {
  const core = pkg.xml("docProps/core.xml");
  const title = core ? findFirst(core, "dc:title") : undefined;
  const text = title ? textContent(title).replace(/\s+/g, " ").trim() : "";
  return text || undefined;
}
