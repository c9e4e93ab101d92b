/**
 * The worker-thread pool (piscina). Parsing, OCR and summarising run here so the main
 * thread keeps answering requests. Each worker has its own heap limit: a document that
 * exhausts memory kills one worker and fails one job, not the service.
 */
import { fileURLToPath } from "node:url";
import type { TransferListItem } from "node:worker_threads";
import { Piscina } from "piscina";

/**
 * Each thread's space for short-lived objects. V8 sizes it from the heap limit (3 GB gives
 * it ~48 MB per thread); 24 MB keeps indexing as fast (octave.pdf through the pool: same
 * time within noise) and the server's peak RSS on it about 30 MB lower. At 12 MB the extra
 * scavenges cost ~10% of the time. (`npm run bench -- pdf-speed`; BENCHMARKS.md.)
 */
const YOUNG_GENERATION_MB = 24;

export interface WorkerTask {
  /** Absolute file path or file: URL of a module whose default export runs the task. */
  module: string;
  payload: unknown;
}

export class WorkerPool {
  private readonly piscina: Piscina<WorkerTask, unknown>;

  /**
   * @param preload task modules each thread loads at start; with it, all threads start at
   * once (warm), otherwise on demand.
   */
  constructor(threads: number, options: { preload?: string[]; heapLimitMb?: number } = {}) {
    const preload = options.preload ?? [];
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
    });
  }

  get threads(): number {
    return this.piscina.maxThreads;
  }

  /** `transfer`: objects moved to the worker with the task (e.g. a MessagePort for progress). */
  run<R>(task: WorkerTask, signal?: AbortSignal, transfer?: TransferListItem[]): Promise<R> {
    return this.piscina.run(task, { signal, transferList: transfer }) as Promise<R>;
  }

  async close(): Promise<void> {
    await this.piscina.destroy();
  }
}
