/**
 * Runs queued jobs on the worker pool: claims as many as there are free threads, runs
 * each in a worker, records the outcome. Other processes on the same home may enqueue
 * or cancel jobs, so the runner also polls the store (cheap: a stat when nothing changed).
 */
import type { Logger } from "../logger.ts";
import type { JobRecord, Store } from "../store/index.ts";
import type { JobKind } from "./kinds.ts";
import type { WorkerPool } from "./pool.ts";
import { JobQueue } from "./queue.ts";

const DEFAULT_TIMEOUT_MS = 30 * 60_000;

export interface JobRunnerOptions {
  store: Store;
  pool: WorkerPool;
  kinds: JobKind[];
  logger: Logger;
  /** How often to look for work enqueued by other processes and for cancellations. */
  pollMs?: number;
}

interface Running {
  job: JobRecord;
  controller: AbortController;
  done: Promise<void>;
}

export class JobRunner {
  readonly queue: JobQueue;
  private readonly kinds: Map<string, JobKind>;
  private readonly running = new Map<string, Running>();
  private timer?: NodeJS.Timeout;
  private ticking: Promise<void> | null = null;
  private again = false;
  private stopped = true;

  constructor(private readonly options: JobRunnerOptions) {
    this.queue = new JobQueue(options.store);
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
    if (!this.kinds.has(kind)) throw new Error(`Unknown job kind ${kind}`);
    const job = await this.queue.enqueue(kind, payload, docId);
    this.poke();
    return job;
  }

  /** Cancels a document's jobs here and in any other process (which notices on its next poll). */
  async cancelForDocument(docId: string): Promise<void> {
    const ids = await this.queue.cancelForDocument(docId);
    const waits: Promise<void>[] = [];
    for (const id of ids) {
      const running = this.running.get(id);
      if (running) {
        running.controller.abort(new Error("cancelled"));
        waits.push(running.done);
      }
    }
    await Promise.all(waits);
  }

  get activeCount(): number {
    return this.running.size;
  }

  /** Stops taking work and aborts running jobs; they stay `processing` and resume on the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    while (this.ticking) await this.ticking;
    const running = [...this.running.values()];
    for (const r of running) r.controller.abort(new Error("shutdown"));
    await Promise.all(running.map((r) => r.done));
  }

  /** Schedules one pass of the loop; passes never overlap. */
  private poke(): void {
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

  private lastRecover = 0;

  private async tick(): Promise<void> {
    if (Date.now() - this.lastRecover > 5_000) await this.recover();
    await this.abortCancelled();
    const free = this.options.pool.threads - this.running.size;
    const claimed = await this.queue.claim(free, new Set(this.kinds.keys()));
    for (const job of claimed) this.launch(job);
  }

  private async recover(): Promise<void> {
    this.lastRecover = Date.now();
    const givenUp = await this.queue.recoverOrphans();
    for (const job of givenUp) await this.kinds.get(job.kind)?.onFailure?.(job, job.error ?? "failed");
  }

  private async abortCancelled(): Promise<void> {
    if (this.running.size === 0) return;
    const owned = await this.queue.stillOwned([...this.running.keys()]);
    for (const [id, r] of this.running) if (!owned.has(id)) r.controller.abort(new Error("cancelled"));
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
    try {
      await kind.onStart?.(job);
      log.debug("job started");
      const result = kind.run
        ? await kind.run(job, { pool: this.options.pool, signal: controller.signal, logger: log })
        : await this.options.pool.run({ module: kind.workerModule, payload: job.payload }, controller.signal);
      if (controller.signal.aborted) throw controller.signal.reason;
      await kind.onSuccess?.(job, result);
      await this.queue.finish(job.id, { status: "completed" });
      log.info("job completed");
    } catch (error) {
      const reason = controller.signal.aborted ? controller.signal.reason : error;
      const message = readableError(reason);
      if (controller.signal.aborted && (message === "cancelled" || message === "shutdown")) {
        // Cancelled jobs leave nothing to record; shut-down jobs resume on the next start.
        log.info({ reason: message }, "job stopped");
        return;
      }
      log.warn({ error: message }, "job failed");
      await this.queue.finish(job.id, { status: "failed", error: message }).catch(() => undefined);
      await kind.onFailure?.(job, message).catch((e) => log.error({ err: e }, "recording a job failure failed"));
    }
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
