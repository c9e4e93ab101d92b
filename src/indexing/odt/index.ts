/**
 * An OpenDocument text (ODT) -> blocks: `content.xml` through hast (body.ts), list styles from
 * content and styles; pages where LibreOffice recorded its soft page breaks.
 */
import { findFirst, textContent } from "../xml/parse.ts";
import type { StructuredDocument } from "../structured/blocks.ts";
import { hastToEvents } from "../structured/hast-blocks.ts";
import { openPackage } from "../office/parts.ts";
import type { ContainerOptions } from "../zip/container.ts";
import { readListStyles, readOdtBody } from "./body.ts";

export class OdtError extends Error {
  override readonly name = "OdtError";
}

export async function readOdt(bytes: Uint8Array, options: ContainerOptions = {}): Promise<StructuredDocument> {
  const pkg = await openPackage(bytes, options, (p) => p === "content.xml" || p === "styles.xml" || p === "meta.xml");
  const content = pkg.xml("content.xml");
  if (!content) throw new OdtError("the OpenDocument file has no content.xml");
  const paged = pkg.part("content.xml")!.includes("soft-page-break");
  const body = readOdtBody(content, readListStyles(content, pkg.xml("styles.xml")), paged);
  const { events } = hastToEvents(body.tree, { lines: "ordinal" });
  const blocks = events.filter((e) => e.kind !== "anchor");
  const meta = pkg.xml("meta.xml");
  const titleElement = meta ? findFirst(meta, "dc:title") : undefined;
  const title = titleElement ? textContent(titleElement).replace(/\s+/g, " ").trim() : "";
  return { title: title || undefined, blocks, pageCount: body.pageCount, source: "outline_levels" };
}
