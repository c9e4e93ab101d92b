import { z } from "zod";
import { loadOcr } from "../../core/documents/ocr-results.ts";
import { docRefFields, resolveDocument, stepsFor } from "../doc-ref.ts";
import type { McpContext } from "../context.ts";
import { ToolFailure, defineTool } from "../tool-kit.ts";

export const getDocumentImageTool = defineTool({
  name: "get_document_image",
  title: "Page image",
  description:
    "An image stored for a page of a completed PDF, as MCP image content (PNG): the page images kept for pages read by OCR (scans). " +
    "Name it by doc_id (or doc_name) and page, or by an image_path from get_page_content. get_ocr shows image_count per page. Text pages have no stored image: read them with get_page_content.",
  input: z.object({
    ...docRefFields,
    page: z.number().int().min(1).optional().describe("1-based page (with doc_id or doc_name)"),
    image: z.number().int().min(1).default(1).describe("Which image of the page (default 1)"),
    image_path: z.string().min(3).max(600).optional().describe("<doc_name>/<image> as get_page_content lists it; instead of doc and page"),
  }),
  output: z.object({ doc_id: z.string(), page: z.number().int(), image: z.number().int(), image_count: z.number().int(), mime_type: z.literal("image/png"), bytes: z.number().int() }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
  async run(args, _extra, context) {
    if (args.image_path !== undefined) return byPath(args.image_path, context);
    if (args.page === undefined) throw new ToolFailure("INVALID_INPUT", "Give page (with doc_id or doc_name), or image_path", ["get_page_content lists image_paths of OCR'd pages"]);
    const doc = await resolveDocument(context, args);
    if (doc.status !== "completed") throw new ToolFailure("NOT_READY", `Document ${doc.id} is ${doc.status}`, stepsFor(doc));
    if (args.page > doc.pageNum) throw new ToolFailure("INVALID_INPUT", `page: the document has ${doc.pageNum} page(s)`, ["Use a page between 1 and page_count"]);
    const stored = await loadOcr(context.services.store, doc);
    const names = stored.pages.find((p) => p.page_index === args.page)?.images ?? [];
    const name = names[args.image - 1];
    if (!name) {
      const withImages = stored.pages.filter((p) => p.images.length > 0).map((p) => p.page_index);
      throw new ToolFailure("NOT_FOUND", `Page ${args.page} has ${names.length} stored image(s)`, [
        withImages.length ? `Pages with images: ${withImages.slice(0, 50).join(", ")}` : "This document has no stored page images",
        `get_page_content {doc_id: "${doc.id}", pages: "${args.page}"} reads the page text`,
      ]);
    }
    const bytes = await context.services.store.blobs.read(doc.id, name);
    if (!bytes) throw new ToolFailure("NOT_FOUND", `Image ${args.image} of page ${args.page} is missing from the store`);
    return imageAnswer(doc.id, args.page, args.image, names.length, bytes);
  },
});

function imageAnswer(docId: string, page: number, image: number, count: number, bytes: Buffer) {
  return {
    result: { doc_id: docId, page, image, image_count: count, mime_type: "image/png" as const, bytes: bytes.length },
    next_steps: ["Describe what the image shows and cite the page"],
    content: [{ type: "image" as const, data: bytes.toString("base64"), mimeType: "image/png" }],
  };
}

/** "<doc_name>/<image>": the document by its (unique) name, the image by its stored name, which must be one the document lists. */
async function byPath(imagePath: string, context: McpContext) {
  const cut = imagePath.lastIndexOf("/");
  const docName = imagePath.slice(0, cut);
  const imageName = imagePath.slice(cut + 1);
  if (cut <= 0 || !imageName) throw new ToolFailure("INVALID_INPUT", "image_path: expected <doc_name>/<image>, as get_page_content lists it", ["get_page_content lists image_paths of OCR'd pages"]);
  const doc = await resolveDocument(context, { doc_name: docName });
  if (doc.status !== "completed") throw new ToolFailure("NOT_READY", `Document ${doc.id} is ${doc.status}`, stepsFor(doc));
  const stored = await loadOcr(context.services.store, doc);
  for (const p of stored.pages) {
    const k = p.images.indexOf(imageName);
    if (k < 0) continue;
    const bytes = await context.services.store.blobs.read(doc.id, imageName);
    if (!bytes) throw new ToolFailure("NOT_FOUND", `Image ${imageName} is missing from the store`);
    return imageAnswer(doc.id, p.page_index, k + 1, p.images.length, bytes);
  }
  throw new ToolFailure("NOT_FOUND", `Document ${doc.name} has no image ${JSON.stringify(imageName)}`, [`get_page_content {doc_id: "${doc.id}", pages: "..."} lists the image_paths of OCR'd pages`]);
}
