/**
 * Runs queued jobs on the worker pool: claims as many as there are free threads, runs
 * each in a worker, records the outcome. Other processes on the same home may enqueue
 * or cancel jobs, so the runner also polls the store (cheap: a stat when nothing changed),
 * renews the leases of its running jobs, and periodically takes back jobs whose owner lost
 * them (see JobQueue).
 */
import type { Logger } from "../logger.ts";
import { isDiskFull, type JobRecord, type Store, type WriteTx } from "../store/index.ts";
import type { JobKind } from "./kinds.ts";
import type { WorkerPool } from "./pool.ts";
import { JobQueue } from "./queue.ts";

const DEFAULT_TIMEOUT_MS = 30 * 60_000;
const RECOVER_EVERY_MS = 5_000;
/** After a job met a full disk, no new job is claimed for this long (each would fail the same way). */
const DISK_FULL_PAUSE_MS = 5_000;

export interface JobRunnerOptions {
  store: Store;
  pool: WorkerPool;
  kinds: JobKind[];
  logger: Logger;
  /** How often to look for work enqueued by other processes and for cancellations. */
  pollMs?: number;
  /** Lease of a claimed job (default 30 s); heartbeats renew it every fifth of that. */
  leaseMs?: number;
}

interface Running {
  job: JobRecord;
  controller: AbortController;
  done: Promise<void>;
}

/**
 * Why a running job was stopped from outside. A job that is no longer ours (cancelled with
 * its document, or taken over after our lease ran out) leaves no trace; one stopped by a
 * shutdown goes back to the queue.
 */
const NOT_OURS = "cancelled or taken over";
const SHUTDOWN = "shutdown";

export class JobRunner {
  readonly queue: JobQueue;
  private readonly kinds: Map<string, JobKind>;
  private readonly running = new Map<string, Running>();
  private timer?: NodeJS.Timeout;
  private ticking: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  private lastRecover = 0;
  private lastHeartbeat = 0;
  private pausedUntil = 0;

  constructor(private readonly options: JobRunnerOptions) {
    this.queue = new JobQueue(options.store, { leaseMs: options.leaseMs });
    this.kinds = new Map(options.kinds.map((k) => [k.name, k]));
  }

  async start(): Promise<void> {
    this.stopped = false;
    await this.recover();
    this.timer = setInterval(() => this.poke(), this.options.pollMs ?? 500);
    this.timer.unref();
    this.poke();
  }

  /** Enqueue a job and start it as soon as a thread is free. */
  async enqueue(kind: string, payload: Record<string, unknown>, docId?: string): Promise<JobRecord> {
    this.assertKind(kind);
    const job = await this.queue.enqueue(kind, payload, docId);
    this.poke();
    return job;
  }

  /** Adds a job inside the caller's transaction; call `poke()` once it is committed. */
  enqueueIn(tx: WriteTx, kind: string, payload: Record<string, unknown>, docId?: string): Promise<JobRecord> {
    this.assertKind(kind);
    return this.queue.enqueueIn(tx, kind, payload, docId);
  }

  /**
   * Stops, here, the running jobs of a document whose jobs were cancelled in the store
   * (other processes notice on their next poll), and waits for them to end.
   */
  async stopCancelled(ids: string[]): Promise<void> {
    const waits: Promise<void>[] = [];
    for (const id of ids) {
      const running = this.running.get(id);
      if (running) {
        running.controller.abort(new Error(NOT_OURS));
        waits.push(running.done);
      }
    }
    await Promise.all(waits);
  }

  /** Cancels a document's jobs here and in any other process. */
  async cancelForDocument(docId: string): Promise<void> {
    const ids = await this.options.store.write((tx) => this.queue.cancelForDocumentIn(tx, docId));
    await this.stopCancelled(ids);
  }

  get activeCount(): number {
    return this.running.size;
  }

  /**
   * Stops taking work and aborts running jobs; they go back to `queued` without counting an
   * attempt and resume on the next start (here or in another process on the home).
   */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    while (this.ticking) await this.ticking;
    const running = [...this.running.values()];
    for (const r of running) r.controller.abort(new Error(SHUTDOWN));
    await Promise.all(running.map((r) => r.done));
  }

  /** Schedules one pass of the loop; passes never overlap. */
  poke(): void {
    if (this.stopped) return;
    if (this.ticking) {
      this.again = true;
      return;
    }
    this.ticking = this.tick()
      .catch((error) => this.options.logger.error({ err: error }, "job runner pass failed"))
      .finally(() => {
        this.ticking = null;
        if (this.again) {
          this.again = false;
          this.poke();
        }
      });
  }

  private assertKind(kind: string): void {
    if (!this.kinds.has(kind)) throw new Error(`Unknown job kind ${kind}`);
  }

  private async tick(): Promise<void> {
    if (Date.now() - this.lastRecover > RECOVER_EVERY_MS) await this.recover();
    await this.checkRunning();
    if (Date.now() < this.pausedUntil) return;
    const free = this.options.pool.threads - this.running.size;
    const claimed = await this.queue.claim(free, new Set(this.kinds.keys()), async (tx, job) => this.kinds.get(job.kind)?.onStart?.(tx, job));
    for (const job of claimed) this.launch(job);
  }

  private async recover(): Promise<void> {
    this.lastRecover = Date.now();
    const givenUp = await this.queue.recover(
      async (tx, job, message) => this.kinds.get(job.kind)?.onFailure?.(tx, job, message),
      async (tx) => {
        for (const kind of this.kinds.values()) await kind.heal?.(tx, this.queue);
      },
      (id) => this.running.has(id),
    );
    for (const job of givenUp) this.options.logger.warn({ job: job.id, doc: job.docId }, job.error ?? "job given up");
  }

  /** Renews leases when due (a write) or just reads; stops jobs that are no longer ours. */
  private async checkRunning(): Promise<void> {
    if (this.running.size === 0) return;
    const ids = [...this.running.keys()];
    const renew = Date.now() - this.lastHeartbeat >= this.queue.leaseMs / 5;
    if (renew) this.lastHeartbeat = Date.now();
    const owned = renew ? await this.queue.heartbeat(ids) : await this.queue.stillOwned(ids);
    for (const id of ids) {
      const r = this.running.get(id);
      if (!owned.has(id) && r && !r.controller.signal.aborted) r.controller.abort(new Error(NOT_OURS));
    }
  }

  private launch(job: JobRecord): void {
    const kind = this.kinds.get(job.kind)!;
    const controller = new AbortController();
    const timeoutMs = kind.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const timer = setTimeout(() => controller.abort(new Error(`timed out after ${Math.round(timeoutMs / 1000)} s`)), timeoutMs);
    const done = this.execute(job, kind, controller).finally(() => {
      clearTimeout(timer);
      this.running.delete(job.id);
      this.poke();
    });
    this.running.set(job.id, { job, controller, done });
  }

  private async execute(job: JobRecord, kind: JobKind, controller: AbortController): Promise<void> {
    const log = this.options.logger.child({ job: job.id, kind: job.kind, doc: job.docId });
    const { signal } = controller;
    try {
      log.debug("job started");
      const result = kind.run
        ? await kind.run(job, { pool: this.options.pool, signal, logger: log })
        : await this.options.pool.run({ module: kind.workerModule, payload: job.payload }, signal);
      if (signal.aborted) throw signal.reason;
      await kind.prepare?.(job, result);
      if (signal.aborted) throw signal.reason;
      const recorded = await this.queue.finish(job.id, { status: "completed" }, async (tx, done) => kind.onSuccess?.(tx, done, result));
      if (recorded) log.info("job completed");
      else await this.discarded(job, kind, log);
    } catch (error) {
      const reason = signal.aborted ? signal.reason : error;
      const message = readableError(reason);
      if (signal.aborted && message === NOT_OURS) {
        log.info({ reason: message }, "job stopped");
        await this.discarded(job, kind, log);
        return;
      }
      if (signal.aborted && message === SHUTDOWN) {
        // Not an attempt: back to the queue for the next start.
        await this.queue.release([job.id]).catch((e) => log.error({ err: e }, "releasing a job at shutdown failed"));
        log.info("job released at shutdown");
        return;
      }
      if (isDiskFull(reason)) {
        // The disk, not the document: back to the queue without counting an attempt. If even
        // that cannot be written, the job stays ours and the next recovery pass takes it back.
        this.pausedUntil = Date.now() + DISK_FULL_PAUSE_MS;
        log.warn({ error: message }, "job stopped: disk full; it will run again when there is space");
        await this.queue.release([job.id]).catch(() => undefined);
        return;
      }
      log.warn({ error: message }, "job failed");
      const recorded = await this.queue
        .finish(job.id, { status: "failed", error: message }, async (tx, done) => kind.onFailure?.(tx, done, message))
        .catch((e) => (log.error({ err: e }, "recording a job failure failed"), true));
      if (!recorded) await this.discarded(job, kind, log);
    }
  }

  private async discarded(job: JobRecord, kind: JobKind, log: Logger): Promise<void> {
    await kind.onDiscarded?.(job).catch((e) => log.error({ err: e }, "cleaning up after a dropped job failed"));
  }
}

/** A one-line message for the user: no stack, no "Error:" prefix noise. */
export function readableError(error: unknown): string {
  // Errors from worker threads may arrive as plain objects (structured clone), so look
  // for a message rather than relying on instanceof.
  if (error && typeof error === "object" && "message" in error && typeof error.message === "string" && error.message) {
    return error.message;
  }
  if (error && typeof error === "object" && "code" in error && typeof error.code === "string") return `Failed with ${error.code}`;
  if (error instanceof Error) return error.name;
  if (typeof error === "string" && error) return error;
  return "Unknown error";
}
