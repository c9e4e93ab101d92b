/**
 * GET /files/{doc_id}/{name}?expires=..&signature=..: files reachable by signed URL (OCR page
 * images). Public: the signature is the credential; 403 when expired or tampered.
 */
import { z } from "zod";
import type { Services } from "../../core/services.ts";
import type { Router } from "../route.ts";

const fileParams = z.object({ doc_id: z.string().min(1).max(200), name: z.string().min(1).max(200) });
const signedQuery = z.object({
  expires: z.string().max(20).optional().describe("Unix time (s) after which the URL is refused"),
  signature: z.string().max(200).optional().describe("HMAC-SHA256 of doc id, name and expiry (base64url)"),
});

export function fileRoutes(router: Router, { files }: Services): void {
  router.add(
    {
      method: "get", path: "/files/{doc_id}/{name}", tag: "files", public: true, params: fileParams, query: signedQuery,
      summary: "A document image by signed, expiring URL (from type=ocr results with include_images=true); no api_key",
      responses: {
        200: { description: "The image", contentType: "image/png" },
        403: { description: "Expired or invalid signature" },
        404: { description: "No such file" },
      },
    },
    async ({ c, params, query }) => {
      const file = await files.open(params.doc_id, params.name, query.expires, query.signature);
      return c.body(new Uint8Array(file.bytes), 200, { "content-type": file.contentType, "cache-control": "private, max-age=300" });
    },
  );
}
