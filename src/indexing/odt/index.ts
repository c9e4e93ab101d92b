/**
 * An OpenDocument text (ODT) -> blocks: `content.xml` through hast (body.ts), list styles from
 * content and styles; pages where LibreOffice recorded its soft page breaks.
 */
import { findFirst, textContent } from "../xml/parse.ts";
import type { StructuredDocument } from "../structured/blocks.ts";
import { hastToEvents } from "../structured/hast-blocks.ts";
import { openPackage } from "../office/parts.ts";
import type { ContainerOptions } from "../zip/container.ts";
import { odtBodyReader, readListStyles } from "./body.ts";

export class OdtError extends Error {
  override readonly name = "OdtError";
}

export async function readOdt(bytes: Uint8Array, options: ContainerOptions = {}): Promise<StructuredDocument> {
  const pkg = await openPackage(bytes, options, (p) => p === "content.xml" || p === "styles.xml" || p === "meta.xml");
  const source = pkg.part("content.xml");
  if (!source) throw new OdtError("the OpenDocument file has no content.xml");
  // The text is read a block at a time as it is parsed (xml/parse.ts, `each`).
  const reader = odtBodyReader(source.includes("soft-page-break"));
  const content = pkg.xml("content.xml", { each: { parent: "office:text", visit: reader.read } })!;
  const body = reader.finish(readListStyles(content, pkg.xml("styles.xml")));
  const { events } = hastToEvents(body.tree, { lines: "ordinal" });
  const blocks = events.filter((e) => e.kind !== "anchor");
  const meta = pkg.xml("meta.xml");
  const titleElement = meta ? findFirst(meta, "dc:title") : undefined;
  const title = titleElement ? textContent(titleElement).replace(/\s+/g, " ").trim() : "";
  return { title: title || undefined, blocks, pageCount: body.pageCount, source: "outline_levels" };
}
