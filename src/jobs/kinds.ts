/**
 * A job kind: what runs in a worker thread, and what the main thread records around it.
 * Kinds are registered in code by the layer that owns them (e.g. core registers document
 * indexing); the store only names the kind.
 *
 * The hooks that record something take the store transaction of the queue change they go
 * with, so one user-visible step is one write: claiming a job and marking its document
 * `processing`; completing it and storing the document's status; failing it and recording
 * why. They run inside that transaction: quick, no I/O other than the transaction's.
 */
import type { Logger } from "../logger.ts";
import type { JobRecord, WriteTx } from "../store/index.ts";
import type { JobQueue } from "./queue.ts";
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
  /** In the claim transaction (e.g. mark the document `processing`). */
  onStart?(tx: WriteTx, job: JobRecord): Promise<void>;
  /**
   * Main thread: runs the job in several worker calls (e.g. OCR pages of one document in
   * parallel). Without it the job is one call of `workerModule` with the payload.
   */
  run?(job: JobRecord, context: JobContext): Promise<unknown>;
  /**
   * Main thread, after the work and before the outcome is recorded: make durable what the
   * record will point at (blobs). Its failure fails the job.
   */
  prepare?(job: JobRecord, result: unknown): Promise<void>;
  /** In the transaction that completes the job. */
  onSuccess?(tx: WriteTx, job: JobRecord, result: unknown): Promise<void>;
  /** In the transaction that fails the job: a job error, its time limit, or given up after crashes. */
  onFailure?(tx: WriteTx, job: JobRecord, message: string): Promise<void>;
  /** After a finished job's outcome was dropped because the job was no longer ours (cancelled, taken over). */
  onDiscarded?(job: JobRecord): Promise<void>;
  /**
   * In the periodic recovery transaction: give work whose job record is gone a new job
   * (e.g. a document left `queued` by a catalogue written before uploads were one write).
   */
  heal?(tx: WriteTx, queue: JobQueue): Promise<void>;
}
