/**
 * The sync's resources, once (issue #39): what one pass did, and the status of the watched
 * roots (MCP sync_folder and sync_status, the CLI, /health).
 */
import { z } from "zod";

export const skippedFile = z.object({
  path: z.string().describe("Relative to the watched folder"),
  reason: z.string().describe("Why it is not indexed: unsupported format, over the upload limit, a link outside the allowed folders..."),
});

export const syncReport = z.object({
  root: z.string().describe("The folder on disk (real path)"),
  folder_id: z.string().describe("The treeindex folder it is mirrored into"),
  added: z.number().int().describe("New documents (queued for indexing)"),
  updated: z.number().int().describe("Documents whose file changed (content hash): indexed again in place"),
  moved: z.number().int().describe("Files renamed or moved (same content): the same document, not indexed again"),
  deleted: z.number().int().describe("Documents whose file is gone"),
  unchanged: z.number().int(),
  waiting: z.number().int().describe("Files still being written: indexed once they stop changing"),
  skipped: z.array(skippedFile).describe("Files not indexed by this pass, with the reason"),
  failed: z.array(z.object({ path: z.string(), error: z.string() })),
  held_by: z.string().optional().describe("Another process keeps this folder indexed (it holds the folder's lease); nothing was done here"),
});
export type SyncReport = z.infer<typeof syncReport>;

export const watchedRootStatus = z.object({
  path: z.string(),
  folder_id: z.string(),
  files: z.number().int().describe("Files indexed as documents"),
  pending: z.number().int().describe("Files not indexed yet: being written, waiting for the sync, or their documents queued or indexing"),
  skipped: z.number().int().describe("Files not indexed, each with a reason (sync_status lists them)"),
  last_sync_at: z.string().nullable().describe("When a full comparison with the disk last finished"),
  watched: z.boolean().describe("Kept watched for changes (not only synced once)"),
  held_here: z.boolean().describe("This process holds the folder's lease (it applies the changes)"),
  error: z.string().optional().describe("Why the last sync here failed, or why the folder cannot be watched (it is then compared every 10 minutes)"),
});
export type WatchedRootStatus = z.infer<typeof watchedRootStatus>;

/** In /health: totals only (it needs no key, so it names no paths). */
export const syncHealth = z.object({
  roots: z.number().int().describe("Folders kept indexed"),
  files: z.number().int(),
  pending: z.number().int(),
  skipped: z.number().int(),
  last_sync_at: z.string().nullable().describe("The latest full comparison of any of them with the disk"),
});
export type SyncHealth = z.infer<typeof syncHealth>;
