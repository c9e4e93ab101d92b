/**
 * A Word document (DOCX) -> blocks, read from its OOXML through the project's ZIP reader:
 * the main part (found through the package relationships), its styles and numbering. See
 * styles.ts for what a heading is and body.ts for text and pages. Read directly rather than
 * through mammoth: outline levels, `lastRenderedPageBreak` pages and the archive limits need
 * the XML itself, and it measured faster (README, "Formats").
 */
import type { StructuredDocument } from "../structured/blocks.ts";
import { hastToEvents } from "../structured/hast-blocks.ts";
import { ofType, parseRelationships, relsPathOf } from "../office/relationships.ts";
import { coreTitle, openPackage } from "../office/parts.ts";
import type { ContainerOptions } from "../zip/container.ts";
import { readBody } from "./body.ts";
import { readNumbering } from "./numbering.ts";
import { readStyles } from "./styles.ts";

export class DocxError extends Error {
  override readonly name = "DocxError";
}

export async function readDocx(bytes: Uint8Array, options: ContainerOptions = {}): Promise<StructuredDocument> {
  const pkg = await openPackage(bytes, options);
  const main = ofType(parseRelationships(pkg.part("_rels/.rels"), ""), "officeDocument")[0]?.target ?? "word/document.xml";
  const document = pkg.xml(main);
  if (!document) throw new DocxError(`the Word document has no main part (${main})`);
  const rels = parseRelationships(pkg.part(relsPathOf(main)), main);
  const styles = readStyles(pkg.xml(ofType(rels, "styles")[0]?.target ?? "word/styles.xml"));
  const numbering = readNumbering(pkg.xml(ofType(rels, "numbering")[0]?.target ?? "word/numbering.xml"));
  const paged = pkg.part(main)!.includes("lastRenderedPageBreak");
  const body = readBody(document, styles, numbering, paged);
  const { events } = hastToEvents(body.tree, { lines: "ordinal" });
  const blocks = events.filter((e) => e.kind !== "anchor");
  return { title: coreTitle(pkg) ?? body.title, blocks, pageCount: body.pageCount, source: "heading_styles" };
}
