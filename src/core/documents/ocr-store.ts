/**
 * What is stored for `type=ocr` results, in the document's blob folder: `ocr.json` (per
 * page: Markdown, whether OCR produced it, its image blobs) and the page images as PNG
 * files. Written once per indexing run by the index job.
 */
import type { Store } from "../../store/index.ts";
import type { OcrIndexResult } from "./ocr-indexing.ts";

export const OCR_BLOB = "ocr.json";

export interface StoredOcrPage {
  page_index: number;
  markdown: string;
  /** True when the text came from OCR (the page had no usable text layer). */
  ocr: boolean;
  /** Blob names of the page's images (PNG). */
  images: string[];
}

export interface StoredOcr {
  pages: StoredOcrPage[];
  ocrPages: number[];
  /** Markdown of each node's own text (heading included), by node id. */
  nodes: Record<string, string>;
}

/** `ocr-p0002-1.png`: image 1 of page 2. */
export function imageBlobName(page: number, k: number): string {
  return `ocr-p${String(page).padStart(4, "0")}-${k}.png`;
}

export async function storeOcrOutput(store: Store, docId: string, result: OcrIndexResult): Promise<void> {
  if (!result.pageMarkdown) return;
  const info = new Map((result.ocrInfo ?? []).map((i) => [i.page, i]));
  const ocrPages = result.ocrPages ?? [];
  const stored: StoredOcr = {
    ocrPages,
    nodes: result.nodeMarkdown ?? {},
    pages: result.pageMarkdown.map((markdown, i) => ({
      page_index: i + 1,
      markdown,
      ocr: ocrPages.includes(i + 1),
      images: info.get(i + 1)?.images ?? [],
    })),
  };
  await store.blobs.writeJson(docId, OCR_BLOB, stored);
}

export async function readOcrOutput(store: Store, docId: string): Promise<StoredOcr | undefined> {
  return store.blobs.readJson<StoredOcr>(docId, OCR_BLOB);
}
