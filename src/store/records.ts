/**
 * Records kept in the catalogue. Large content (files, trees, OCR output) lives in the
 * per-document blob folder, never here: the whole catalogue is rewritten on each change.
 */
import type { DocumentFormat } from "../indexing/formats.ts";
import type { ProcessIdentity } from "./process-identity.ts";

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
  /** Decides which indexer runs and which node fields exist (src/indexing/formats.ts). */
  format: DocumentFormat;
  /** Upload options that shape the result (summaries, description, text, OCR...). */
  options: Record<string, unknown>;
  tocSource?: string;
  warnings?: string[];
  /** PDF pages (1-based) whose text came from OCR. */
  ocrPages?: number[];
  /** Feature flags set by later processing, e.g. `blockReference` once OCR blocks are stored. */
  features?: Record<string, boolean>;
  updatedAt?: string;
  /** When its current tree and pages were stored (the library index's content stamp). */
  indexedAt?: string;
  /** Times the document got a new index job because its job was lost (see the queue's healing). */
  recoveries?: number;
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
  /**
   * The lease: the process that claimed the job, and when it last said it is still at it.
   * Another process takes the job over when the heartbeat is older than the lease, or at
   * once when the owner is provably gone (same host, PID gone or reused).
   */
  owner?: ProcessIdentity;
  heartbeatAt?: string;
  /** Written by versions before leases; such jobs count as having an expired lease. */
  ownerPid?: number;
  ownerToken?: string;
}

export type RetrievalTaskStatus = "processing" | "completed" | "failed";

/** One passage of a retrieved node, with the physical page it is on. */
export interface RetrievedContent {
  relevant_content: string;
  page_index: number | null;
  line_num?: number;
}

export interface RetrievedNode {
  title: string;
  node_id: string;
  reason?: string;
  relevant_contents: RetrievedContent[];
}

/** A legacy retrieval task (POST /retrieval): small, so the result is kept on the record. */
export interface RetrievalTaskRecord {
  id: string;
  owner: string;
  docId: string;
  query: string;
  thinking: boolean;
  status: RetrievalTaskStatus;
  createdAt: string;
  finishedAt?: string;
  /** "lexical" or "reasoning": how the nodes were chosen. */
  method?: "lexical" | "reasoning";
  /** Why the method differs from the one asked for (e.g. no model configured). */
  note?: string;
  retrievedNodes?: RetrievedNode[];
  /** PDF: pages to open first (lexical ranking), best first. */
  pages?: { page: number; score: number; snippet: string }[];
  error?: string;
}

/** A metadata schema: per workspace, or per user (`workspaceId` null). Id: `<owner>:<workspace id|root>`. */
export interface MetadataSchemaRecord {
  id: string;
  owner: string;
  workspaceId: string | null;
  schema: { fields: Record<string, { type: string; description?: string; required?: boolean }> };
  createdAt: string;
}

/**
 * A document or folder shared by its owner: with one user (`kind: "user"`), or published
 * as official for anyone to follow (`kind: "official"`, `granteeId` null).
 */
export interface ShareRecord {
  id: string;
  owner: string;
  targetType: "document" | "folder";
  targetId: string;
  kind: "user" | "official";
  granteeId: string | null;
  createdAt: string;
}

/** A user following an official share. */
export interface FollowRecord {
  id: string;
  userId: string;
  shareId: string;
  createdAt: string;
}

/** A team's space: members act as the teamspace (its id owns the team's folders and documents). */
export interface TeamspaceRecord {
  id: string;
  name: string;
  createdBy: string;
  memberIds: string[];
  createdAt: string;
}

/**
 * A directory kept indexed (issue #39): mirrored into `folderId`. Its lease says which
 * process scans and applies its changes (one at a time, as the job queue leases jobs).
 */
export interface WatchedRootRecord {
  id: string;
  owner: string;
  /** The directory's real path (symbolic links resolved). */
  path: string;
  /** The folder the directory is mirrored into (a workspace named after it, or the one given). */
  folderId: string;
  createdAt: string;
  /** When a full comparison of the directory with the store last finished. */
  lastSyncAt?: string;
  /** Whether some process keeps watching it (`watch`, TREEINDEX_WATCH, sync_folder with watch), not only synced once. */
  watched?: boolean;
  leaseOwner?: ProcessIdentity;
  leaseHeartbeatAt?: string;
}

/**
 * The store's record of one file of a watched root, compared with the disk to find what
 * changed: a document's source, or a file skipped with the reason.
 */
export interface SyncedFileRecord {
  id: string;
  rootId: string;
  /** Relative to the root, "/"-separated. */
  path: string;
  size: number;
  mtimeMs: number;
  /** sha256 of the content, hex; empty for files skipped unread. */
  hash: string;
  /** The document made from it; null when skipped. */
  docId: string | null;
  /** Why it is not indexed: a short code (too large, unsupported, a link outside the allowed folders...) or the message found when reading it. */
  skipped?: string;
}

export interface CatalogData {
  version: 1;
  users: Record<string, UserRecord>;
  apiKeys: Record<string, ApiKeyRecord>;
  documents: Record<string, DocumentRecord>;
  folders: Record<string, FolderRecord>;
  jobs: Record<string, JobRecord>;
  retrievalTasks: Record<string, RetrievalTaskRecord>;
  metadataSchemas: Record<string, MetadataSchemaRecord>;
  shares: Record<string, ShareRecord>;
  follows: Record<string, FollowRecord>;
  teamspaces: Record<string, TeamspaceRecord>;
  watchedRoots: Record<string, WatchedRootRecord>;
  syncedFiles: Record<string, SyncedFileRecord>;
}

export type CollectionName = Exclude<keyof CatalogData, "version">;

export function emptyCatalog(): CatalogData {
  return { version: 1, users: {}, apiKeys: {}, documents: {}, folders: {}, jobs: {}, retrievalTasks: {}, metadataSchemas: {}, shares: {}, follows: {}, teamspaces: {}, watchedRoots: {}, syncedFiles: {} };
}
