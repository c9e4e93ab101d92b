/**
 * A Word document (DOCX) -> blocks, read from its OOXML through the project's ZIP reader:
 * the main part (found through the package relationships), its styles and numbering. See
 * styles.ts for what a heading is and body.ts for text and pages. Read directly rather than
 * through mammoth: outline levels, `lastRenderedPageBreak` pages and the archive limits need
 * the XML itself, and it measured faster (README, "Formats").
 *
 * With `ocr`, pictures are read by OCR where a page Word recorded holds pictures and no text
 * (without recorded pages: where the whole document does), as scanned PDF pages are; the
 * recognised paragraphs take the pictures' place (structured/image-ocr.ts).
 */
import type { StructuredDocument } from "../structured/blocks.ts";
import { hastToEvents } from "../structured/hast-blocks.ts";
import { ofType, parseRelationships, relsPathOf } from "../office/relationships.ts";
import { coreTitle, openPackage } from "../office/parts.ts";
import type { ContainerOptions } from "../zip/container.ts";
import { el, text } from "../structured/hast-build.ts";
import { recognisePictures, type StructuredOcrOptions } from "../structured/image-ocr.ts";
import { bodyReader, type DocxBody } from "./body.ts";
import { childElements, firstChild } from "../xml/parse.ts";
import type { Relationship } from "../office/relationships.ts";
import { readNumbering } from "./numbering.ts";
import { readStyles } from "./styles.ts";

const RUN_PROPERTIES: ReadonlySet<string> = new Set(["w:rPr"]);

export class DocxError extends Error {
  override readonly name = "DocxError";
}

export async function readDocx(bytes: Uint8Array, options: ContainerOptions = {}, ocr?: StructuredOcrOptions): Promise<StructuredDocument> {
  const pkg = await openPackage(bytes, options);
  const main = ofType(parseRelationships(pkg.part("_rels/.rels"), ""), "officeDocument")[0]?.target ?? "word/document.xml";
  const source = pkg.part(main);
  if (!source) throw new DocxError(`the Word document has no main part (${main})`);
  const rels = parseRelationships(pkg.part(relsPathOf(main)), main);
  const styles = readStyles(pkg.xml(ofType(rels, "styles")[0]?.target ?? "word/styles.xml"));
  const numbering = readNumbering(pkg.xml(ofType(rels, "numbering")[0]?.target ?? "word/numbering.xml"));
  const paged = source.includes("lastRenderedPageBreak");
  // The body is read a paragraph or table at a time as it is parsed; run properties (fonts,
  // sizes, colours) are never read and parsed hollow (xml/parse.ts).
  const reader = bodyReader(styles, numbering, paged);
  const document = pkg.xml(main, { hollow: RUN_PROPERTIES, each: { parent: "w:body", visit: reader.read } })!;
  // Without a `w:body`, nothing was handed over: the document's own children are the body.
  if (!firstChild(document, "w:body")) for (const child of childElements(document)) reader.read(child);
  const body = reader.finish();
  const recognised = ocr ? await recogniseImagePages(bytes, body, rels, ocr, options) : { pages: [], warnings: [] };
  const { events } = hastToEvents(body.tree, { lines: "ordinal" });
  const blocks = events.filter((e) => e.kind !== "anchor");
  return {
    title: coreTitle(pkg) ?? body.title,
    blocks,
    pageCount: body.pageCount,
    source: "heading_styles",
    ...(paged && recognised.pages.length ? { ocrPages: recognised.pages } : {}),
    ...(recognised.warnings.length ? { warnings: recognised.warnings } : {}),
  };
}

/** Fills the picture paragraphs of text-less pages with their pictures' text; returns the pages filled. */
async function recogniseImagePages(bytes: Uint8Array, body: DocxBody, rels: Relationship[], ocr: StructuredOcrOptions, options: ContainerOptions): Promise<{ pages: number[]; warnings: string[] }> {
  const images = new Map(ofType(rels, "image").filter((r) => !r.external).map((r) => [r.id, r.target]));
  const wanted = body.pictures
    .filter((p) => !body.textPages.has(p.page))
    .map((p) => ({ ...p, paths: p.relIds.flatMap((id) => (images.has(id) ? [images.get(id)!] : [])) }));
  if (!wanted.length) return { pages: [], warnings: [] };
  const read = await recognisePictures(bytes, wanted.flatMap((p) => p.paths), ocr, options);
  const pages = new Set<number>();
  for (const picture of wanted) {
    const paragraphs = picture.paths.flatMap((path) => read.text.get(path) ?? []);
    picture.element.children = paragraphs.map((t) => el("p", [text(t)]));
    if (paragraphs.length) pages.add(picture.page);
  }
  return { pages: [...pages].sort((a, b) => a - b), warnings: read.warnings };
}
