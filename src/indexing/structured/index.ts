/**
 * The structured-text formats, read and made into trees: HTML, DOCX, ODT and EPUB through
 * hast, PPTX slides and plain text directly, all through one tree builder (tree.ts). Pure:
 * bytes in, tree out; containers are read within the archive limits.
 */
import { docNameOf } from "../markdown/decode.ts";
import type { StructuredFormat } from "../formats.ts";
import { FORMAT_LABELS } from "../formats.ts";
import type { IndexedDocument } from "../tree-types.ts";
import type { ContainerOptions } from "../zip/container.ts";
import type { StructuredDocument } from "./blocks.ts";
import type { StructuredOcrOptions } from "./image-ocr.ts";
import { buildStructuredTree } from "./tree.ts";

export interface StructuredIndexOptions {
  /** The original file name: titles a document without a title of its own. */
  fileName: string;
  addSummaries?: boolean;
  addDescription?: boolean;
  /** Archive limits and the memory budget for the parts of DOCX, ODT, EPUB and PPTX. */
  container?: ContainerOptions;
  /** OCR of slides, Word pages and e-book chapters that hold only pictures of their text (image-ocr.ts); without it they stay empty. */
  ocr?: StructuredOcrOptions;
}

/** A file that is not a readable document of its format (damaged, refused by the archive limits, not well-formed). */
export class StructuredFormatError extends Error {
  override readonly name = "StructuredFormatError";
}

/** The format's reader, loaded when first needed (a worker indexing only PDFs never loads rehype). */
export async function readStructured(format: StructuredFormat, bytes: Uint8Array, container: ContainerOptions = {}, ocr?: StructuredOcrOptions): Promise<StructuredDocument> {
  switch (format) {
    case "html":
      return (await import("../html/index.ts")).readHtml(bytes);
    case "docx":
      return (await import("../docx/index.ts")).readDocx(bytes, container, ocr);
    case "odt":
      return (await import("../odt/index.ts")).readOdt(bytes, container);
    case "epub":
      return (await import("../epub/index.ts")).readEpub(bytes, container, ocr);
    case "pptx":
      return (await import("../pptx/index.ts")).readPptx(bytes, container, ocr);
    case "txt": {
      const { decodeText, readText } = await import("../txt/index.ts");
      return readText(decodeText(bytes));
    }
  }
}

export async function indexStructured(format: StructuredFormat, bytes: Uint8Array, options: StructuredIndexOptions): Promise<IndexedDocument> {
  let doc: StructuredDocument;
  try {
    doc = await readStructured(format, bytes, options.container, options.ocr);
  } catch (error) {
    if (error instanceof RangeError) throw new StructuredFormatError(`The ${FORMAT_LABELS[format]} is nested too deeply to read`);
    throw new StructuredFormatError(`The ${FORMAT_LABELS[format]} could not be read: ${(error as Error).message}`);
  }
  return buildStructuredTree(doc, { fallbackTitle: docNameOf(options.fileName), addSummaries: options.addSummaries, addDescription: options.addDescription });
}
