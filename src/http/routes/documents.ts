/**
 * Document routes, both generations: POST/GET/DELETE on /doc and /tree, metadata on /doc.
 * Thin: parse, call DocumentService, shape.
 */
import {
  deleteResponse,
  docIdParams,
  documentInfo,
  metadataBody,
  metadataQuery,
  statusQuery,
  statusResponse,
  uploadFields,
  uploadOptions,
  uploadResponse,
  type ApiGeneration,
} from "../../core/documents/schemas.ts";
import { documentInfoOf } from "../../core/documents/render.ts";
import type { Services } from "../../core/services.ts";
import { zipImportResult } from "../../core/zip-import/schemas.ts";
import type { Router } from "../route.ts";

export function documentRoutes(router: Router, { documents, files }: Services): void {
  for (const generation of ["doc", "tree"] as ApiGeneration[]) {
    const tag = generation === "doc" ? "documents" : "tree (older generation)";

    router.add(
      {
        method: "post", path: `/${generation}`, tag, bodyKind: "multipart", body: uploadFields,
        summary: `Upload a PDF for indexing${generation === "tree" ? " (older path: if_add_node_summary defaults to no)" : ""}`,
        responses: {
          200: { description: "Accepted; indexing continues in the background", schema: uploadResponse },
          202: { description: "A ZIP archive was imported: one queued document per PDF/Markdown entry", schema: zipImportResult },
        },
      },
      async ({ c, body, user }) => {
        const bytes = new Uint8Array(await body.file.arrayBuffer());
        const result = await documents.submit(user, {
          fileName: body.file.name,
          bytes,
          options: uploadOptions(body, generation),
          folderId: body.folder_id,
          metadata: body.metadata,
        });
        return "root_folder_id" in result ? c.json(result, 202) : c.json(result);
      },
    );

    router.add(
      {
        method: "get", path: `/${generation}/{doc_id}`, tag, params: docIdParams, query: statusQuery,
        summary: "Status of a document; its tree once completed",
        responses: { 200: { description: "Status response", schema: statusResponse }, 404: { description: "Unknown document" } },
      },
      async ({ c, params, query, user }) =>
        c.json(await documents.status(user, params.doc_id, query, generation, { signer: files.signer, baseUrl: new URL(c.req.url).origin })),
    );

    router.add(
      {
        method: "delete", path: `/${generation}/{doc_id}`, tag, params: docIdParams,
        summary: "Delete a document with everything stored for it (a running job is cancelled)",
        responses: { 200: { description: "Deleted", schema: deleteResponse }, 404: { description: "Unknown document" } },
      },
      async ({ c, params, user }) => {
        await documents.delete(user, params.doc_id);
        return c.json({ doc_id: params.doc_id, deleted: true as const, message: "Document deleted successfully." as const });
      },
    );
  }

  router.add(
    {
      method: "get", path: "/doc/{doc_id}/metadata", tag: "documents", params: docIdParams, query: metadataQuery,
      summary: "A document's record: id, name, description, status, createdAt, pageNum, metadata, folderId",
      responses: { 200: { description: "Document record", schema: documentInfo }, 404: { description: "Unknown document" } },
    },
    async ({ c, params, user }) => c.json(documentInfoOf(await documents.get(user, params.doc_id))),
  );

  router.add(
    {
      method: "put", path: "/doc/{doc_id}/metadata", tag: "documents", params: docIdParams, query: metadataQuery, body: metadataBody,
      summary: "Replace a document's metadata (full overwrite; {} clears it; owner only)",
      responses: { 200: { description: "The updated record", schema: documentInfo }, 404: { description: "Unknown document" } },
    },
    async ({ c, params, body, user }) => c.json(documentInfoOf(await documents.setMetadata(user, params.doc_id, body))),
  );
}
