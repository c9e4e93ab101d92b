// Child process of the RSS bench: indexes one PDF the way the service does (the index job's
// worker calls on a two-thread pool) and prints the process's peak
// RSS (stdout, JSON).
import { INDEX_TASK_MODULE } from "../../src/core/documents/index-job.ts";
import { WorkerPool } from "../../src/jobs/index.ts";
import { indexAsService } from "./service-index.ts";

const file = process.argv[2];
const pool = new WorkerPool(2, { preload: [INDEX_TASK_MODULE] });
await pool.run({ module: INDEX_TASK_MODULE, payload: { filePath: "/dev/null", format: "none" } }).catch(() => undefined);
const baselineMb = process.resourceUsage().maxRSS / 1024;
await indexAsService(pool, file);
const maxRssMb = process.resourceUsage().maxRSS / 1024;
// Again, on threads that have done a job already (tokenizer tables loaded, heaps grown).
await indexAsService(pool, file);
await indexAsService(pool, file);
const againMb = process.resourceUsage().maxRSS / 1024;
await pool.close();
process.stdout.write(JSON.stringify({ maxRssMb, againMb, baselineMb }));
