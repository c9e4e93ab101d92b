/**
 * What a ZIP archive is, by its content: OOXML packages name their main part's type in
 * `[Content_Types].xml` (a DOCX, a PPTX, or an XLSX we do not read); OpenDocument files and
 * EPUB e-books start with a `mimetype` entry holding their media type. Anything else is an
 * archive to import. The file's name plays no part: a DOCX renamed `.zip` is still a DOCX.
 *
 * Identification never fails on a hostile entry (a ZIP import reports those one by one);
 * `detectDocument` then checks a document container against the archive limits as a whole.
 */
import { detectFormat, isZip, type DetectedFormat } from "./detect.ts";
import type { DocumentFormat } from "./formats.ts";
import { checkContainer } from "./zip/container.ts";
import type { ZipLimits } from "./zip/limits.ts";
import { readZip } from "./zip/reader.ts";

export type ContainerKind = { kind: "docx" | "pptx" | "odt" | "epub" | "zip" } | { kind: "unknown"; looksLike: string };

const OOXML_MAIN: Array<[RegExp, ContainerKind]> = [
  [/wordprocessingml\.(document|template)\.main\+xml|ms-word\.(document|template)\.macroEnabled\.main\+xml/i, { kind: "docx" }],
  [/presentationml\.(presentation|slideshow|template)\.main\+xml|ms-powerpoint\.(presentation|slideshow|template)\.macroEnabled\.main\+xml/i, { kind: "pptx" }],
  [/spreadsheetml\.(sheet|template)\.main\+xml|ms-excel\./i, { kind: "unknown", looksLike: "an Excel workbook (XLSX), which is not read" }],
];

const ODF_TYPES: Array<[RegExp, ContainerKind]> = [
  [/^application\/epub\+zip$/, { kind: "epub" }],
  [/^application\/vnd\.oasis\.opendocument\.text(-template)?$/, { kind: "odt" }],
  [/^application\/vnd\.oasis\.opendocument\.spreadsheet/, { kind: "unknown", looksLike: "an OpenDocument spreadsheet (ODS), which is not read" }],
  [/^application\/vnd\.oasis\.opendocument\.presentation/, { kind: "unknown", looksLike: "an OpenDocument presentation (ODP), which is not read" }],
  [/^application\/vnd\.oasis\.opendocument\./, { kind: "unknown", looksLike: "an OpenDocument file of a kind that is not read" }],
];

/** Most bytes read of the small parts that identify a container. */
const ID_PART_LIMIT = 1024 * 1024;

/** The container a ZIP archive is, from its `[Content_Types].xml` or `mimetype` entry. */
export async function identifyContainer(bytes: Uint8Array, limits?: ZipLimits): Promise<ContainerKind> {
  let contentTypes: string | undefined;
  let mimetype: string | undefined;
  try {
    for await (const event of readZip(bytes, limits ?? { maxEntries: 100_000, maxTotalBytes: Number.MAX_SAFE_INTEGER, maxRatio: 100, ratioFloorBytes: 1024 ** 2 })) {
      if (event.kind !== "file" || event.size > ID_PART_LIMIT) continue;
      if (event.path === "[Content_Types].xml") contentTypes = (await event.read()).toString("utf8");
      else if (event.path === "mimetype") mimetype = (await event.read()).toString("latin1").trim();
    }
  } catch {
    // Unreadable: the ZIP import says why, entry by entry or as a whole.
    return { kind: "zip" };
  }
  if (mimetype) for (const [re, kind] of ODF_TYPES) if (re.test(mimetype)) return kind;
  if (contentTypes) {
    // The main part is declared by an Override for its part name (or a Default by extension).
    for (const [re, kind] of OOXML_MAIN) if (re.test(contentTypes)) return kind;
  }
  return { kind: "zip" };
}

export type DocumentDetection = { kind: DocumentFormat } | { kind: "zip" } | { kind: "unknown"; looksLike: string };

/**
 * The format of one file, by content: `detectFormat`, then for an archive its container
 * kind. A document container must pass the archive limits as a whole (ContainerError
 * otherwise, carrying what was refused).
 */
export async function detectDocument(bytes: Uint8Array, fileName: string, limits?: ZipLimits): Promise<DocumentDetection> {
  const plain: DetectedFormat = detectFormat(bytes, fileName);
  if (plain.kind !== "zip" || !isZip(bytes)) return plain;
  const container = await identifyContainer(bytes);
  if (container.kind === "docx" || container.kind === "pptx" || container.kind === "odt" || container.kind === "epub") {
    await checkContainer(bytes, limits);
  }
  return container;
}
