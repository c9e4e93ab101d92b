/**
 * The worker-thread pool (piscina). Parsing, OCR and summarising run here so the main
 * thread keeps answering requests. Each worker has its own heap limit: a document that
 * exhausts memory kills one worker and fails one job, not the service.
 */
import { fileURLToPath } from "node:url";
import type { TransferListItem } from "node:worker_threads";
import { Piscina } from "piscina";

/**
 * Each thread's space for short-lived objects: 48 MB, as V8 gives a main thread by default
 * (16 MB semi-spaces). Reading a PDF allocates fast; at 24 MB the scavenger ran twice as
 * often and took ~0.85 s of octave.pdf's read instead of ~0.45 s (GC time measured in a
 * worker). The memory it costs is won back on the server's main thread, which `npm start`
 * runs with 8 MB semi-spaces (package.json; BENCHMARKS.md, tenth session).
 */
const YOUNG_GENERATION_MB = 48;

/**
 * How long a cancelled task may run on before its thread is terminated. Terminating a
 * thread that is running JavaScript can abort the whole process: a zlib stream that pdfjs
 * was creating at that instant is torn down half-made (node_zlib.cc: "close before init"),
 * seen once in CI when a document was deleted mid-index. Tasks check their signal between
 * pages, so this is the fallback for a task stuck inside one page.
 */
const CANCEL_GRACE_MS = 10_000;

export interface WorkerTask {
  /** Absolute file path or file: URL of a module whose default export runs the task. */
  module: string;
  payload: unknown;
}

export class WorkerPool {
  private readonly piscina: Piscina<WorkerTask & { cancel: SharedArrayBuffer }, unknown>;

  private readonly cancelGraceMs: number;

  /**
   * @param preload task modules each thread loads at start; with it, all threads start at
   * once (warm), otherwise on demand.
   * @param cancelGraceMs how long a cancelled task may run on before its thread is
   * terminated (tests shorten it).
   */
  constructor(threads: number, options: { preload?: string[]; heapLimitMb?: number; cancelGraceMs?: number } = {}) {
    const preload = options.preload ?? [];
    this.cancelGraceMs = options.cancelGraceMs ?? CANCEL_GRACE_MS;
    this.piscina = new Piscina({
      filename: fileURLToPath(new URL("./worker-entry.mjs", import.meta.url)),
      workerData: { preload },
      // Threads start without the parent's loader flags (e.g. tsx's): worker-entry.mjs
      // registers tsx itself, after loading pdfjs without it.
      execArgv: [],
      minThreads: preload.length > 0 ? threads : 0,
      maxThreads: threads,
      idleTimeout: preload.length > 0 ? Number.POSITIVE_INFINITY : 30_000,
      resourceLimits: { maxOldGenerationSizeMb: options.heapLimitMb ?? 3072, maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
      // close() waits this long for running tasks before it terminates their threads.
      closeTimeout: this.cancelGraceMs,
    });
  }

  get threads(): number {
    return this.piscina.maxThreads;
  }

  /** The live threads' ids (a thread that was terminated and replaced gets a new one). */
  get threadIds(): number[] {
    return this.piscina.threads.map((t) => t.threadId);
  }

  /**
   * `transfer`: objects moved to the worker with the task (e.g. a MessagePort for progress).
   * When `signal` aborts, the returned promise rejects at once with its reason and the task
   * is asked to stop (worker-entry.mjs gives it an AbortSignal); its thread is stopped by
   * force only if it is still running CANCEL_GRACE_MS later (a page stuck in pdfjs).
   */
  run<R>(task: WorkerTask, signal?: AbortSignal, transfer?: TransferListItem[]): Promise<R> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    const cancel = new SharedArrayBuffer(4);
    const force = new AbortController();
    const running = this.piscina.run({ ...task, cancel }, { signal: force.signal, transferList: transfer }) as Promise<R>;
    if (!signal) return running;
    return new Promise<R>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const onAbort = () => {
        Atomics.store(new Int32Array(cancel), 0, 1);
        timer = setTimeout(() => force.abort(signal.reason), this.cancelGraceMs);
        timer.unref();
        reject(signal.reason);
      };
      signal.addEventListener("abort", onAbort, { once: true });
      running.then(resolve, reject).finally(() => {
        signal.removeEventListener("abort", onAbort);
        clearTimeout(timer);
      });
    });
  }

  /** Lets running tasks finish (cancelled ones stop at their next check), then ends the threads. */
  async close(): Promise<void> {
    await this.piscina.close();
  }
}
