import { z } from "zod";
import { loadOcr } from "../../core/documents/ocr-results.ts";
import { docRefFields, resolveDocument, stepsFor } from "../doc-ref.ts";
import { ToolFailure, defineTool } from "../tool-kit.ts";

export const getDocumentImageTool = defineTool({
  name: "get_document_image",
  title: "Page image",
  description:
    "An image stored for a page of a completed PDF, as MCP image content (PNG): the page images kept for pages read by OCR (scans). get_ocr shows image_count per page. Text pages have no stored image: read them with get_page_content.",
  input: z.object({ ...docRefFields, page: z.number().int().min(1).describe("1-based page"), image: z.number().int().min(1).default(1).describe("Which image of the page (default 1)") }),
  output: z.object({ doc_id: z.string(), page: z.number().int(), image: z.number().int(), image_count: z.number().int(), mime_type: z.literal("image/png"), bytes: z.number().int() }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
  async run(args, _extra, context) {
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
    return {
      result: { doc_id: doc.id, page: args.page, image: args.image, image_count: names.length, mime_type: "image/png" as const, bytes: bytes.length },
      next_steps: ["Describe what the image shows and cite the page"],
      content: [{ type: "image", data: bytes.toString("base64"), mimeType: "image/png" }],
    };
  },
});
