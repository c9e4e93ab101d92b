export { WorkerPool } from "./pool.ts";
export { JobQueue, MAX_ATTEMPTS, DEFAULT_LEASE_MS, type QueueDepth } from "./queue.ts";
export { JobRunner, readableError } from "./runner.ts";
export type { JobContext, JobKind } from "./kinds.ts";
