/**
 * `POST /resources/delete`: deletes several documents and folders in one call and reports
 * each item on its own; one item failing never stops the others.
 */
import { z } from "zod";
import type { UserRecord } from "../../store/index.ts";
import type { DocumentService } from "../documents/service.ts";
import { CoreError, ForbiddenError, NotFoundError } from "../errors.ts";
import type { FolderService } from "./service.ts";

const ids = z.array(z.string().min(1).max(200)).max(1000);

export const batchDeleteBody = z
  .object({ doc_ids: ids.optional(), folder_ids: ids.optional() })
  .refine((b) => (b.doc_ids?.length ?? 0) + (b.folder_ids?.length ?? 0) > 0, { message: "Give at least one id in doc_ids or folder_ids", path: ["doc_ids"] });

const counts = z.object({ folders: z.number().int(), documents: z.number().int() });

export const batchDeleteItem = z.object({
  type: z.enum(["document", "folder"]),
  id: z.string(),
  status: z.enum(["deleted", "not_found", "forbidden", "blocked", "interrupted", "error"]).describe("blocked/interrupted: see the folder deletion rules"),
  detail: z.string().optional(),
  deleted: counts.optional().describe("Folders only"),
  survived: counts.optional().describe("Folders only"),
});
export type BatchDeleteItem = z.infer<typeof batchDeleteItem>;

export const batchDeleteResponse = z.object({
  results: z.array(batchDeleteItem),
  deleted: z.number().int().describe("Items fully deleted"),
  failed: z.number().int().describe("Items not (fully) deleted"),
});

function failure(type: BatchDeleteItem["type"], id: string, error: unknown): BatchDeleteItem {
  if (error instanceof NotFoundError) return { type, id, status: "not_found", detail: error.message };
  if (error instanceof ForbiddenError) return { type, id, status: "forbidden", detail: error.message };
  if (error instanceof CoreError) return { type, id, status: "error", detail: error.message };
  throw error;
}

export async function deleteResources(documents: DocumentService, folders: FolderService, user: UserRecord, body: z.output<typeof batchDeleteBody>) {
  const results: BatchDeleteItem[] = [];
  // Documents first: a document listed on its own and inside a listed folder is reported once as deleted.
  for (const id of new Set(body.doc_ids ?? [])) {
    try {
      await documents.delete(user, id);
      results.push({ type: "document", id, status: "deleted" });
    } catch (error) {
      results.push(failure("document", id, error));
    }
  }
  for (const id of new Set(body.folder_ids ?? [])) {
    try {
      const done = await folders.delete(user, id);
      results.push({ type: "folder", id, status: done.outcome, ...(done.outcome === "deleted" ? {} : { detail: done.detail }), deleted: done.result.deleted, survived: done.result.survived });
    } catch (error) {
      results.push(failure("folder", id, error));
    }
  }
  const deleted = results.filter((r) => r.status === "deleted").length;
  return { results, deleted, failed: results.length - deleted };
}
