import { z } from "zod";
import { parsePageSpec } from "../../core/documents/page-spec.ts";
import { CONTENT_CHARS } from "../../core/documents/reading.ts";
import { loadOcr, renderOcr } from "../../core/documents/ocr-results.ts";
import { docRefFields, resolveDocument, stepsFor } from "../doc-ref.ts";
import { ToolFailure, defineTool } from "../tool-kit.ts";

export const getOcrTool = defineTool({
  name: "get_ocr",
  title: "OCR text",
  description:
    "The recognised text of a completed PDF as Markdown, as GET /doc/{id}?type=ocr: per page (format page, optional pages like \"3-5\"), per section (node) or all at once (raw). " +
    "Pages without a text layer were read by OCR (ocr_pages). Images are not inlined: get_document_image returns them. Capped in size.",
  input: z.object({
    ...docRefFields,
    format: z.enum(["page", "node", "raw"]).default("page"),
    pages: z.string().min(1).max(500).optional().describe('format page: pages like "5", "3,7", "5-10"'),
  }),
  output: z.object({
    doc_id: z.string(),
    format: z.enum(["page", "node", "raw"]),
    ocr_pages: z.array(z.number().int()).describe("Pages whose text came from OCR"),
    pages: z.array(z.object({ page_index: z.number().int(), markdown: z.string(), ocr: z.boolean(), image_count: z.number().int() })).optional(),
    nodes: z.array(z.unknown()).optional().describe("format node: {node_id, title, page_index, markdown, nodes}"),
    markdown: z.string().optional().describe("format raw"),
    truncated: z.boolean(),
    note: z.string().optional(),
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
  errorHints: { NOT_FOUND: ["OCR output exists for PDFs indexed by this version: process_document the file again", "recent_documents lists doc ids"] },
  async run(args, _extra, context) {
    const doc = await resolveDocument(context, args);
    if (doc.status !== "completed") throw new ToolFailure("NOT_READY", `Document ${doc.id} is ${doc.status}`, stepsFor(doc));
    const { store } = context.services;
    const stored = await loadOcr(store, doc);
    const base = { doc_id: doc.id, format: args.format, ocr_pages: stored.ocrPages };
    if (args.format === "page") {
      const wanted = new Set(args.pages ? parsePageSpec(args.pages, doc.pageNum) : stored.pages.map((p) => p.page_index));
      const pages = [];
      let size = 0;
      let truncated = false;
      for (const p of stored.pages) {
        if (!wanted.has(p.page_index)) continue;
        if (pages.length > 0 && size + p.markdown.length > CONTENT_CHARS) {
          truncated = true;
          break;
        }
        pages.push({ page_index: p.page_index, markdown: p.markdown, ocr: p.ocr, image_count: p.images.length });
        size += p.markdown.length;
      }
      const last = pages.at(-1)?.page_index ?? 0;
      const note = truncated ? `Size cap reached after page ${last}: ask for pages after ${last}.` : undefined;
      return { result: { ...base, pages, truncated, ...(note ? { note } : {}) }, next_steps: ["Cite the page_index of the text you use", "get_document_image {doc_id, page} shows a page's image"] };
    }
    const { tree } = await context.services.documents.tree(context.user, doc.id);
    const rendered = await renderOcr(store, doc, tree, { format: args.format, includeImages: false, signer: context.services.files.signer });
    const text = typeof rendered === "string" ? rendered : JSON.stringify(rendered);
    const truncated = text.length > CONTENT_CHARS;
    if (args.format === "raw") {
      const markdown = truncated ? (rendered as string).slice(0, CONTENT_CHARS) : (rendered as string);
      return {
        result: { ...base, markdown, truncated, ...(truncated ? { note: "Cut at the size cap: use format page with pages to read the rest" } : {}) },
        next_steps: ["Cite the page numbers from the <!-- page N --> markers"],
      };
    }
    if (truncated) throw new ToolFailure("TOO_LARGE", `The node-format OCR of ${doc.id} exceeds ${CONTENT_CHARS} characters`, ["Use format page with a pages range instead"]);
    return { result: { ...base, nodes: rendered as unknown[], truncated: false }, next_steps: ["Cite the page_index of the sections you use"] };
  },
});
