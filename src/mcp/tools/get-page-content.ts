import { z } from "zod";
import { readOcrOutput } from "../../core/documents/ocr-store.ts";
import { pageContent, pagesResult } from "../../core/documents/reading-schemas.ts";
import { docRefInFolderFields, resolveDocument } from "../doc-ref.ts";
import { defineTool } from "../tool-kit.ts";
import { waitForDocument } from "../wait.ts";

export const getPageContentTool = defineTool({
  name: "get_page_content",
  title: "Page text",
  description:
    'Text of chosen pages of a completed document that has pages (a PDF; a PowerPoint deck, one page per slide; a Word file whose pages Word recorded), with the sections on each page. pages: "5", "3,7", "5-10" or "1-3,7,9-12" (1-based physical pages or slide numbers). ' +
    "Answers are capped in size; a capped answer names the pages to ask for next. Ask for tight ranges taken from get_document_structure. " +
    "Pages read by OCR list their stored images (image_paths), which get_document_image returns.",
  input: z.object({
    ...docRefInFolderFields,
    pages: z.string().min(1).max(500).describe('Pages like "5", "3,7", "5-10", "1-3,7,9-12"'),
    wait_for_completion: z.boolean().optional().describe("Wait (at most ~45 s) for indexing to end first"),
  }),
  // The pages as PageIndex's get_page_content gives them (total_pages, requested_pages,
  // returned_pages, content[]: its SDK reads these), each page's sections beside its text;
  // every text once (the reader's page_count/requested/returned/pages would repeat them).
  output: pagesResult.omit({ page_count: true, requested: true, returned: true, pages: true }).extend({
    total_pages: z.number().int(),
    requested_pages: z.string(),
    returned_pages: z.string(),
    content: z.array(
      pageContent.extend({
        image_count: z.number().int().optional().describe("Stored images of an OCR'd page"),
        image_paths: z.array(z.string()).optional().describe("<doc_name>/<image>: get_document_image's image_path"),
      }),
    ),
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
  errorHints: { INVALID_INPUT: ['Use pages like "5", "3,7", "5-10" within the page_count from get_document', "Documents without pages (page_count 0: Markdown, web pages, e-books, ODT, text) are read with get_node_content"] },
  async run(args, extra, context) {
    let doc = await resolveDocument(context, args);
    if (args.wait_for_completion) doc = (await waitForDocument(context, doc.id, extra)).doc;
    const result = await context.services.reader.pages(context.user, doc.id, args.pages);
    const stored = doc.ocrPages?.length ? await readOcrOutput(context.services.store, doc.id) : undefined;
    const imagesOf = (page: number) => stored?.pages.find((p) => p.page_index === page)?.images ?? [];
    const content = result.pages.map((p) => {
      const images = imagesOf(p.page);
      return { ...p, ...(images.length ? { image_count: images.length, image_paths: images.map((name) => `${doc.name}/${name}`) } : {}) };
    });
    const steps = ["Answer from this text and cite the page numbers"];
    if (result.next_pages) steps.unshift(`get_page_content {doc_id: "${doc.id}", pages: "${result.next_pages}"} for the pages left out`);
    if (content.some((c) => c.image_paths)) steps.push("get_document_image with an image_path shows a scanned page's image");
    return {
      result: {
        doc_id: result.doc_id,
        doc_name: result.doc_name,
        total_pages: result.page_count,
        requested_pages: result.requested,
        returned_pages: result.returned,
        content,
        truncated: result.truncated,
        ...(result.next_pages ? { next_pages: result.next_pages } : {}),
        ...(result.note ? { note: result.note } : {}),
      },
      summary: `Pages ${result.returned || "none"} of ${result.page_count}${result.next_pages ? `; ${result.next_pages} left out` : ""}`,
      next_steps: steps,
    };
  },
});
