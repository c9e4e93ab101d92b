// Child process of the RSS bench: indexes one PDF the way the service does (one job on the
// worker pool) and prints the process's peak RSS (stdout, JSON).
import { INDEX_TASK_MODULE } from "../../src/core/documents/index-job.ts";
import { WorkerPool } from "../../src/jobs/index.ts";

const file = process.argv[2];
const pool = new WorkerPool(1, { preload: [INDEX_TASK_MODULE] });
await pool.run({ module: INDEX_TASK_MODULE, payload: { filePath: "/dev/null", format: "none" } }).catch(() => undefined);
const baselineMb = process.resourceUsage().maxRSS / 1024;
await pool.run({ module: INDEX_TASK_MODULE, payload: { filePath: file, format: "pdf" } });
const maxRssMb = process.resourceUsage().maxRSS / 1024;
await pool.close();
process.stdout.write(JSON.stringify({ maxRssMb, baselineMb }));
