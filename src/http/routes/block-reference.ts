/**
 * Block reference: POST /doc/{doc_id}/block-reference queues OCR layout extraction of every
 * page; GET /doc/{doc_id}/blocks reads the stored blocks (and whether the run finished).
 */
import { z } from "zod";
import { docIdParams } from "../../core/documents/schemas.ts";
import type { Services } from "../../core/services.ts";
import type { Router } from "../route.ts";

const body = z.object({ teamspace_id: z.string().max(200).nullable().optional() }).optional();
const started = z.object({ doc_id: z.string(), status: z.literal("processing") });
const box = z.tuple([z.number(), z.number(), z.number(), z.number()]).describe("x0, y0, x1, y1 in PDF points, origin bottom-left");
const blocks = z.object({
  doc_id: z.string(),
  block_reference: z.boolean().describe("The document's feature flag: true once blocks are stored"),
  status: z.enum(["processing", "completed", "failed"]),
  error: z.string().optional(),
  finishedAt: z.string().optional(),
  pages: z
    .array(
      z.object({
        page_index: z.number().int(),
        warning: z.string().optional(),
        blocks: z.array(z.object({ text: z.string(), bbox: box, confidence: z.number(), lines: z.array(z.object({ text: z.string(), bbox: box })) })),
      }),
    )
    .optional(),
});

export function blockReferenceRoutes(router: Router, { blockReference }: Services): void {
  router.add(
    {
      method: "post", path: "/doc/{doc_id}/block-reference", tag: "documents", params: docIdParams, body,
      summary: "Run OCR layout extraction on every page; stores page-level blocks and sets the feature flag blockReference",
      responses: {
        202: { description: "Queued; read the blocks at GET /doc/{doc_id}/blocks", schema: started },
        403: { description: "Not the owner" },
        404: { description: "Unknown document" },
        409: { description: "Not a completed PDF, or a run is already under way" },
      },
    },
    async ({ c, params, user }) => c.json(await blockReference.start(user, params.doc_id), 202),
  );
  router.add(
    {
      method: "get", path: "/doc/{doc_id}/blocks", tag: "documents", params: docIdParams,
      summary: "Page-level OCR blocks (paragraphs with their lines and boxes) stored by block-reference",
      responses: { 200: { description: "Blocks", schema: blocks }, 404: { description: "Unknown document, or no block-reference run yet" } },
    },
    async ({ c, params, user }) => c.json(await blockReference.blocks(user, params.doc_id)),
  );
}
