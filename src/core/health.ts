import type { JobQueue, WorkerPool } from "../jobs/index.ts";
import { VERSION } from "../version.ts";
import { z } from "zod";
import { syncHealth } from "./sync/schemas.ts";
import type { SyncService } from "./sync/service.ts";

export const healthSchema = z.object({
  status: z.literal("ok"),
  version: z.string(),
  uptime_s: z.number().describe("Seconds since this process started serving"),
  queue: z.object({ queued: z.number().int(), processing: z.number().int() }).describe("Jobs waiting and running, all processes on this store"),
  workers: z.number().int(),
  store: z.enum(["file", "postgres"]).describe("Where the state lives: the embedded file store, or PostgreSQL shared by every server on it"),
  sync: syncHealth.describe("Folders kept indexed (TREEINDEX_WATCH, treeindex watch, sync_folder), all processes on this store"),
});
export type Health = z.infer<typeof healthSchema>;

export class HealthService {
  private readonly startedAt = Date.now();

  constructor(
    private readonly queue: JobQueue,
    private readonly pool: WorkerPool,
    private readonly store: Health["store"],
    private readonly sync: SyncService,
  ) {}

  async get(): Promise<Health> {
    return {
      status: "ok",
      version: VERSION,
      uptime_s: Math.round((Date.now() - this.startedAt) / 100) / 10,
      queue: await this.queue.depth(),
      workers: this.pool.threads,
      store: this.store,
      sync: await this.sync.health(),
    };
  }
}
