/**
 * The worker-thread pool (piscina). Parsing, OCR and summarising run here so the main
 * thread keeps answering requests. Each worker has its own heap limit: a document that
 * exhausts memory kills one worker and fails one job, not the service.
 */
import { fileURLToPath } from "node:url";
import { Piscina } from "piscina";

export interface WorkerTask {
  /** Absolute file path or file: URL of a module whose default export runs the task. */
  module: string;
  payload: unknown;
}

export class WorkerPool {
  private readonly piscina: Piscina<WorkerTask, unknown>;

  constructor(threads: number, heapLimitMb = 3072) {
    this.piscina = new Piscina({
      filename: fileURLToPath(new URL("./worker-entry.mjs", import.meta.url)),
      minThreads: 0,
      maxThreads: threads,
      idleTimeout: 30_000,
      resourceLimits: { maxOldGenerationSizeMb: heapLimitMb },
    });
  }

  get threads(): number {
    return this.piscina.maxThreads;
  }

  run<R>(task: WorkerTask, signal?: AbortSignal): Promise<R> {
    return this.piscina.run(task, { signal }) as Promise<R>;
  }

  async close(): Promise<void> {
    await this.piscina.destroy();
  }
}
