/**
 * A job kind: what runs in a worker thread, and what the main thread records around it.
 * Kinds are registered in code by the layer that owns them (e.g. core registers document
 * indexing); the store only names the kind.
 */
import type { Logger } from "../logger.ts";
import type { JobRecord } from "../store/index.ts";
import type { WorkerPool } from "./pool.ts";

/** What a kind's own `run` gets: the pool to spread its parts over, the job's abort signal. */
export interface JobContext {
  pool: WorkerPool;
  signal: AbortSignal;
  logger: Logger;
}

export interface JobKind {
  name: string;
  /** Absolute path of the task module run in a worker (default export `(payload) => result`). */
  workerModule: string;
  /** Wall-clock limit of one attempt; the worker is stopped when it passes. */
  timeoutMs?: number;
  /** Main thread, before the worker starts (e.g. mark the document `processing`). */
  onStart?(job: JobRecord): Promise<void>;
  /**
   * Main thread: runs the job in several worker calls (e.g. OCR pages of one document in
   * parallel). Without it the job is one call of `workerModule` with the payload.
   */
  run?(job: JobRecord, context: JobContext): Promise<unknown>;
  onSuccess?(job: JobRecord, result: unknown): Promise<void>;
  onFailure?(job: JobRecord, message: string): Promise<void>;
}
