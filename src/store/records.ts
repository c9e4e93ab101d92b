/**
 * Records kept in the catalogue. Large content (files, trees, OCR output) lives in the
 * per-document blob folder, never here: the whole catalogue is rewritten on each change.
 */

export interface UserRecord {
  id: string;
  name: string;
  createdAt: string;
}

export interface ApiKeyRecord {
  /** Public key id, also embedded in the key itself so lookup needs no scan. */
  id: string;
  userId: string;
  /** sha256 of the full key, hex. The key itself is never stored. */
  hash: string;
  label?: string;
  createdAt: string;
  revokedAt?: string;
}

export type DocumentStatus = "queued" | "processing" | "completed" | "failed";

export interface DocumentRecord {
  id: string;
  owner: string;
  name: string;
  description: string;
  status: DocumentStatus;
  createdAt: string;
  pageNum: number;
  metadata: Record<string, unknown>;
  folderId: string | null;
  error?: string;
  /** "pdf" or "markdown": decides which indexer runs and which node fields exist. */
  format: "pdf" | "markdown";
  /** Upload options that shape the result (summaries, description, text, OCR...). */
  options: Record<string, unknown>;
  tocSource?: string;
  warnings?: string[];
  updatedAt?: string;
}

export interface FolderRecord {
  id: string;
  owner: string;
  name: string;
  description: string | null;
  parentFolderId: string | null;
  createdAt: string;
}

export type JobStatus = "queued" | "processing" | "completed" | "failed" | "cancelled";

export interface JobRecord {
  id: string;
  /** Registered job kind, e.g. "index_document". */
  kind: string;
  payload: Record<string, unknown>;
  status: JobStatus;
  /** Document this job works for, so deleting the document cancels it. */
  docId?: string;
  attempts: number;
  createdAt: string;
  startedAt?: string;
  finishedAt?: string;
  error?: string;
  /** Process that claimed the job: used to resume jobs whose process died. */
  ownerPid?: number;
  ownerToken?: string;
}

export interface CatalogData {
  version: 1;
  users: Record<string, UserRecord>;
  apiKeys: Record<string, ApiKeyRecord>;
  documents: Record<string, DocumentRecord>;
  folders: Record<string, FolderRecord>;
  jobs: Record<string, JobRecord>;
}

export type CollectionName = Exclude<keyof CatalogData, "version">;

export function emptyCatalog(): CatalogData {
  return { version: 1, users: {}, apiKeys: {}, documents: {}, folders: {}, jobs: {} };
}
