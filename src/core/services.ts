/**
 * The composition root of the core: opens the store, the worker pool and the job runner,
 * and builds the services the adapters (HTTP, MCP, CLI) call.
 */
import type { Config } from "../config.ts";
import { JobRunner, WorkerPool, type JobKind } from "../jobs/index.ts";
import type { Logger } from "../logger.ts";
import { openStore, type Store } from "../store/index.ts";
import { INDEX_TASK_MODULE, indexJobKind } from "./documents/index-job.ts";
import { DocumentService } from "./documents/service.ts";
import { FolderService } from "./folders/service.ts";
import { HealthService } from "./health.ts";
import { UserService } from "./users.ts";

export interface Services {
  config: Config;
  logger: Logger;
  store: Store;
  users: UserService;
  health: HealthService;
  documents: DocumentService;
  folders: FolderService;
  runner: JobRunner;
  close(): Promise<void>;
}

export interface ServiceOptions {
  /** Extra job kinds (tests and benchmarks register their own tasks here). */
  extraJobKinds?: JobKind[];
  /** Start the job runner (off for one-shot CLI commands such as `keys`). Default true. */
  runJobs?: boolean;
}

export async function createServices(config: Config, logger: Logger, options: ServiceOptions = {}): Promise<Services> {
  const store = await openStore(config.home);
  const kinds: JobKind[] = [indexJobKind(store, config.jobTimeoutMs), ...(options.extraJobKinds ?? [])];
  const pool = new WorkerPool(config.workers, { preload: options.runJobs === false ? [] : [INDEX_TASK_MODULE] });
  const runner = new JobRunner({ store, pool, kinds, logger });
  const users = new UserService(store, config.apiKey);
  const health = new HealthService(runner.queue, pool);
  const folders = new FolderService(store);
  const documents = new DocumentService(store, runner, folders, { maxPages: config.maxPages });
  if (options.runJobs !== false) await runner.start();
  return {
    config,
    logger,
    store,
    users,
    health,
    documents,
    folders,
    runner,
    async close() {
      await runner.stop();
      await pool.close();
      await store.close();
    },
  };
}
