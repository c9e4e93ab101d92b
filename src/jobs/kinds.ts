/**
 * A job kind: what runs in a worker thread, and what the main thread records around it.
 * Kinds are registered in code by the layer that owns them (e.g. core registers document
 * indexing); the store only names the kind.
 */
import type { JobRecord } from "../store/index.ts";

export interface JobKind {
  name: string;
  /** Absolute path of the task module run in a worker (default export `(payload) => result`). */
  workerModule: string;
  /** Wall-clock limit of one attempt; the worker is stopped when it passes. */
  timeoutMs?: number;
  /** Main thread, before the worker starts (e.g. mark the document `processing`). */
  onStart?(job: JobRecord): Promise<void>;
  onSuccess?(job: JobRecord, result: unknown): Promise<void>;
  onFailure?(job: JobRecord, message: string): Promise<void>;
}
