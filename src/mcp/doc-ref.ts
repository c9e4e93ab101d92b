/**
 * Tools address a document by `doc_id`, or by `doc_name` when exactly one of the user's
 * documents has that name (with or without extension).
 */
import { z } from "zod";
import { documentInfoOf } from "../core/documents/render.ts";
import { documentFormat, documentInfo } from "../core/documents/schemas.ts";
import type { DocumentRecord } from "../store/index.ts";
import type { McpContext } from "./context.ts";
import { ToolFailure } from "./tool-errors.ts";

export const docRefFields = {
  doc_id: z.string().min(1).max(200).optional().describe("Document id (doc_...); preferred"),
  doc_name: z.string().min(1).max(255).optional().describe("File name, with or without extension, when unique; instead of doc_id"),
};

/** `folder_id` as PageIndex's tools take it: omitted = everywhere, null or "root" = unfiled, else that folder. */
export const folderScopeField = z.string().min(1).max(200).nullable().optional().describe('Only documents in this folder ("root" or null = unfiled); omitted = all');

/** A document reference whose doc_name is looked up in one folder when folder_id is given (PageIndex's tools take both). */
export const docRefInFolderFields = { ...docRefFields, folder_id: folderScopeField };

export async function resolveDocument(
  { services, user }: McpContext,
  ref: { doc_id?: string; doc_name?: string; folder_id?: string | null },
): Promise<DocumentRecord> {
  if (ref.doc_id) return services.documents.get(user, ref.doc_id);
  if (!ref.doc_name) {
    throw new ToolFailure("INVALID_INPUT", "Give doc_id (or a unique doc_name)", ["Call recent_documents or find_relevant_documents to find the doc_id"]);
  }
  const folderId = ref.folder_id === "root" ? null : ref.folder_id;
  const matches = (await services.documents.findByName(user, ref.doc_name)).filter((d) => folderId === undefined || d.folderId === folderId);
  if (matches.length === 0) {
    throw new ToolFailure("NOT_FOUND", `No document named ${JSON.stringify(ref.doc_name)}`, [
      "Call recent_documents or find_relevant_documents to see which documents exist",
      "Call process_document with the file's path to index it",
    ]);
  }
  if (matches.length > 1) {
    const ids = matches.map((d) => `${d.id} (${d.createdAt})`).join(", ");
    throw new ToolFailure("CONFLICT", `${matches.length} documents are named ${JSON.stringify(ref.doc_name)}: ${ids}`, ["Call the tool again with one of these doc_id values"]);
  }
  return matches[0];
}

/** The public fields of a document row. */
export const documentSummary = z.object({
  doc_id: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.enum(["queued", "processing", "completed", "failed"]),
  retrieval_ready: z.boolean(),
  format: documentFormat,
  page_count: z.number().int(),
  created_at: z.string(),
  folder_id: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
  error: z.string().optional(),
});
export type DocumentSummary = z.infer<typeof documentSummary>;

export function summarise(doc: DocumentRecord): DocumentSummary {
  const out: DocumentSummary = {
    doc_id: doc.id,
    name: doc.name,
    description: doc.description,
    status: doc.status,
    retrieval_ready: doc.status === "completed",
    format: doc.format,
    page_count: doc.pageNum,
    created_at: doc.createdAt,
    folder_id: doc.folderId,
    metadata: doc.metadata,
  };
  if (doc.error) out.error = doc.error;
  return out;
}

/**
 * A document as PageIndex's tools list it (its SDK's `RecentDocumentItem` /
 * `SearchDocumentItem`): the document record of `GET /doc/{id}/metadata` without metadata,
 * the rows of list answers (see listedDocument) so that SDK's clients work.
 */
export const pageIndexDoc = documentInfo.pick({ id: true, name: true, description: true, status: true, createdAt: true, pageNum: true, folderId: true });
export type PageIndexDoc = z.infer<typeof pageIndexDoc>;

export function asPageIndexDoc(doc: DocumentRecord): PageIndexDoc {
  const { metadata: _metadata, error: _error, ...rest } = documentInfoOf(doc);
  return rest;
}

/**
 * A document in a list answer (recent_documents, find_relevant_documents): the record as
 * PageIndex's tools give it (its SDK reads these fields) with metadata, its format and
 * whether it can be read. One row per document, each text once: an agent pays for every
 * character of an answer.
 */
export const documentRow = documentInfo.extend({
  format: documentSummary.shape.format,
  retrieval_ready: documentSummary.shape.retrieval_ready,
});
export type DocumentRow = z.infer<typeof documentRow>;

export function asDocumentRow(doc: DocumentRecord): DocumentRow {
  return { ...documentInfoOf(doc), format: doc.format, retrieval_ready: doc.status === "completed" };
}

/** What to do with a document in its current state. */
export function stepsFor(doc: DocumentRecord): string[] {
  switch (doc.status) {
    case "completed":
      if (doc.pageNum === 0) {
        return [`get_document_structure {doc_id: "${doc.id}"} to see its sections`, "Then get_node_content with node ids, and cite the sections (search_documents finds passages)"];
      }
      return [
        `get_document_structure {doc_id: "${doc.id}"} to see its sections and page ranges`,
        "Then get_page_content with tight page ranges, or get_node_content with node ids, and cite pages",
      ];
    case "failed":
      return ["Tell the user why indexing failed (error field)", `remove_document {doc_id: "${doc.id}"} to clean up`];
    default:
      return [`get_document {doc_id: "${doc.id}", wait_for_completion: true} until status is completed`];
  }
}
