/**
 * `type=ocr` results from the stored OCR output:
 * - `page` (default): `[{page_index, markdown, images}]`, images as base64 PNGs;
 * - `node`: `[{node_id, title, page_index, markdown, nodes}]`, the Markdown of each node's
 *   own text, nested like the tree;
 * - `raw`: one string, every page's Markdown after a `<!-- page N -->` separator.
 * With `include_images`, page objects also get `image_urls` (signed, expiring) and raw/node
 * Markdown gets image links `![page N image k](url)` after the text of the page/node start.
 */
import type { TreeNode } from "../../indexing/tree-types.ts";
import type { DocumentRecord, Store } from "../../store/index.ts";
import { NotFoundError } from "../errors.ts";
import type { UrlSigner } from "../files/signing.ts";
import { readOcrOutput, type StoredOcr, type StoredOcrPage } from "./ocr-store.ts";

export type OcrFormat = "page" | "node" | "raw";

export interface OcrPageObject {
  page_index: number;
  markdown: string;
  images: string[];
  image_urls?: string[];
}

export interface OcrNodeObject {
  node_id: string;
  title: string;
  page_index?: number;
  markdown: string;
  nodes: OcrNodeObject[];
}

export interface OcrRenderOptions {
  format: OcrFormat;
  includeImages: boolean;
  signer: UrlSigner;
  /** Origin the URLs are absolute to, e.g. `http://127.0.0.1:8765`; relative paths when absent. */
  baseUrl?: string;
}

export async function loadOcr(store: Store, doc: DocumentRecord): Promise<StoredOcr> {
  const stored = await readOcrOutput(store, doc.id);
  if (!stored) {
    throw new NotFoundError(
      doc.format === "pdf"
        ? `Document ${doc.id} has no OCR output (indexed before OCR results existed): upload it again`
        : `OCR results (type=ocr) exist for PDF documents only; ${doc.id} is ${doc.format}`,
    );
  }
  return stored;
}

export async function renderOcr(store: Store, doc: DocumentRecord, tree: TreeNode[], o: OcrRenderOptions): Promise<OcrPageObject[] | OcrNodeObject[] | string> {
  const stored = await loadOcr(store, doc);
  const urls = (page: StoredOcrPage) => page.images.map((name) => (o.baseUrl ?? "") + o.signer.sign(doc.id, name).path);
  const imageLinks = (page: StoredOcrPage) => (o.includeImages ? urls(page).map((u, k) => `![page ${page.page_index} image ${k + 1}](${u})`) : []);

  if (o.format === "raw") {
    return stored.pages.map((p) => [`<!-- page ${p.page_index} -->`, p.markdown, ...imageLinks(p)].filter(Boolean).join("\n\n")).join("\n\n");
  }
  if (o.format === "node") {
    // A page's images are linked from the first node that starts on it.
    const linked = new Set<number>();
    const byPage = new Map(stored.pages.map((p) => [p.page_index, p]));
    const walk = (nodes: TreeNode[]): OcrNodeObject[] =>
      nodes.map((n) => {
        let markdown = stored.nodes[n.node_id] ?? `# ${n.title}`;
        const page = n.start_index !== undefined ? byPage.get(n.start_index) : undefined;
        if (page && !linked.has(page.page_index)) {
          linked.add(page.page_index);
          const links = imageLinks(page);
          if (links.length) markdown += `\n\n${links.join("\n\n")}`;
        }
        const out: OcrNodeObject = { node_id: n.node_id, title: n.title, markdown, nodes: [] };
        if (n.start_index !== undefined) out.page_index = n.start_index;
        out.nodes = walk(n.nodes);
        return out;
      });
    return walk(tree);
  }
  const pages: OcrPageObject[] = [];
  for (const p of stored.pages) {
    const images: string[] = [];
    for (const name of p.images) {
      const bytes = await store.blobs.read(doc.id, name);
      if (bytes) images.push(bytes.toString("base64"));
    }
    const out: OcrPageObject = { page_index: p.page_index, markdown: p.markdown, images };
    if (o.includeImages) out.image_urls = urls(p);
    pages.push(out);
  }
  return pages;
}
