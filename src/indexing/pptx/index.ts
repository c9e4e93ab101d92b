/**
 * A PowerPoint deck (PPTX) -> blocks: one page per slide, in the presentation's order
 * (`page_index` = slide number). Each slide is a node titled by its title placeholder (else its
 * first words, else "Slide N"), with its body text and speaker notes as text. A deck's
 * sections (PowerPoint 2010's `p14:sectionLst`), when defined, are parent nodes.
 *
 * With `ocr`, a slide without any text of its own (no title, no body; notes aside) that
 * shows pictures has them read by OCR (structured/image-ocr.ts): a scanned or exported deck
 * whose slides are pictures of text gets that text, and the slide is titled by its first words.
 */
import type { Block, StructuredDocument } from "../structured/blocks.ts";
import { ofType, parseRelationships, relsPathOf, type Relationship } from "../office/relationships.ts";
import { coreTitle, openPackage } from "../office/parts.ts";
import { childElements, findAll, firstChild } from "../xml/parse.ts";
import type { ContainerOptions } from "../zip/container.ts";
import { recognisePictures, type StructuredOcrOptions } from "../structured/image-ocr.ts";
import { readNotes, readSlideText, type SlideText } from "./slide-text.ts";

export class PptxError extends Error {
  override readonly name = "PptxError";
}

/** Words a slide without a title is titled by. */
const UNTITLED_WORDS = 8;

export async function readPptx(bytes: Uint8Array, options: ContainerOptions = {}, ocr?: StructuredOcrOptions): Promise<StructuredDocument> {
  const pkg = await openPackage(bytes, options);
  const main = ofType(parseRelationships(pkg.part("_rels/.rels"), ""), "officeDocument")[0]?.target ?? "ppt/presentation.xml";
  const presentation = pkg.xml(main);
  if (!presentation) throw new PptxError(`the deck has no presentation part (${main})`);
  const rels = new Map(parseRelationships(pkg.part(relsPathOf(main)), main).map((r) => [r.id, r]));
  const slideIds = childElements(firstChild(presentation, "p:sldIdLst") ?? presentation, "p:sldId").map((s) => ({ id: s.attrs.id ?? "", path: rels.get(s.attrs["r:id"] ?? "")?.target }));
  const slides = slideIds.filter((s): s is { id: string; path: string } => s.path !== undefined && pkg.part(s.path) !== undefined);

  // Sections: each lists the ids of its slides; a slide's section is the one listing it.
  const sectionOf = new Map<string, string>();
  for (const section of findAll(presentation, "p14:section")) {
    for (const ref of findAll(section, "p14:sldId")) sectionOf.set(ref.attrs.id ?? "", section.attrs.name ?? "Section");
  }
  const hasSections = sectionOf.size > 0;

  const contents = slides.map((slide) => readSlideText(pkg.xml(slide.path)!));
  const slideRels = slides.map((slide) => parseRelationships(pkg.part(relsPathOf(slide.path)), slide.path));
  const recognised = ocr ? await recogniseSlides(bytes, contents, slideRels, ocr, options) : { bodies: new Map<number, string[]>(), warnings: [] };

  const blocks: Block[] = [];
  let currentSection: string | undefined;
  slides.forEach((slide, i) => {
    const page = i + 1;
    const section = sectionOf.get(slide.id);
    if (hasSections && section !== undefined && section !== currentSection) {
      blocks.push({ kind: "heading", level: 1, title: section, page });
      currentSection = section;
    }
    const content = { ...contents[i], body: recognised.bodies.get(i) ?? contents[i].body };
    const notesPath = ofType(slideRels[i], "notesSlide")[0]?.target;
    const notesXml = notesPath ? pkg.xml(notesPath) : undefined;
    const notes = notesXml ? readNotes(notesXml) : [];
    const firstWords = content.body.join(" ").replace(/^[\s|-]+/, "").split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).slice(0, UNTITLED_WORDS).join(" ");
    const title = content.title ?? (firstWords || `Slide ${page}`);
    blocks.push({ kind: "heading", level: hasSections && section !== undefined ? 2 : 1, title, page, synthetic: content.title === undefined });
    const lines = [...content.body];
    if (notes.length) lines.push(...(lines.length ? [""] : []), "Speaker notes:", "", ...notes);
    if (lines.length) {
      const markdown = lines.join("\n");
      const plain = lines.map((l) => l.replace(/^\s*- /, "").replace(/^\|\s*-[\s|-]*$/, "").replace(/\s*\|\s*/g, " ").trim()).filter(Boolean).join("\n");
      blocks.push({ kind: "text", markdown, plain, page });
    }
  });
  const ocrPages = [...recognised.bodies.keys()].map((i) => i + 1);
  return {
    title: coreTitle(pkg),
    blocks,
    pageCount: slides.length,
    source: "slides",
    ...(ocrPages.length ? { ocrPages } : {}),
    ...(recognised.warnings.length ? { warnings: recognised.warnings } : {}),
  };
}

/** Slides with no text of their own but pictures: their pictures' text, as body lines (paragraphs apart). */
async function recogniseSlides(bytes: Uint8Array, contents: SlideText[], rels: Relationship[][], ocr: StructuredOcrOptions, options: ContainerOptions): Promise<{ bodies: Map<number, string[]>; warnings: string[] }> {
  const picturesOf = contents.map((content, i) => {
    if (content.title !== undefined || content.body.length) return [];
    const byId = new Map(rels[i].filter((r) => !r.external && r.type.endsWith("/image")).map((r) => [r.id, r.target]));
    return content.pictures.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  });
  const read = await recognisePictures(bytes, picturesOf.flat(), ocr, options);
  const bodies = new Map<number, string[]>();
  picturesOf.forEach((paths, i) => {
    const paragraphs = paths.flatMap((p) => read.text.get(p) ?? []);
    if (paragraphs.length) bodies.set(i, paragraphs.flatMap((text, k) => (k ? ["", text] : [text])));
  });
  return { bodies, warnings: read.warnings };
}
