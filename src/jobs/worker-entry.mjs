// Worker-thread entry of the job pool. Plain JavaScript so it loads in any thread; run from
// the sources (tests, development) it registers tsx so the TypeScript task modules can be
// imported; from the compiled build (dist/, what `npm start` runs) the modules are
// JavaScript and tsx stays out. Then it runs the task module the main thread named.
import { existsSync } from "node:fs";
import { workerData } from "node:worker_threads";
// pdfjs is loaded before tsx is registered, by plain Node: through tsx's loader (transform
// plus source maps of a 1 MB bundle) it costs ~200 MB more memory per thread. Later
// imports of the same module hit Node's module cache.
// (load-pdfjs.mjs also keeps Node's native JSON.stringify and Array#push; see there.)
import "../indexing/pdf/load-pdfjs.mjs";

// Beside this file in src/ lies pool.ts; in dist/ only pool.js.
if (existsSync(new URL("./pool.ts", import.meta.url))) {
  const { register } = await import("tsx/esm/api");
  register();
}

// Warm up: load (and transpile) the task modules once per thread, at thread start, so the
// first job does not pay for it.
for (const module of workerData?.preload ?? []) await import(module);

// A promise a finished or cancelled task left behind that rejects later would otherwise
// end the thread and fail whatever task it runs by then; it is reported on stderr instead,
// as a JSON line in the main thread's log format (pino's warn level is 40): every log line
// on stderr is JSON.
process.on("unhandledRejection", (reason) => {
  const text = reason instanceof Error ? (reason.stack ?? reason.message) : String(reason);
  process.stderr.write(`${JSON.stringify({ level: 40, time: Date.now(), pid: process.pid, msg: "worker thread: unhandled rejection ignored", err: text })}\n`);
});

/** How often a running task looks at its cancel flag (it also checks between pages). */
const CANCEL_POLL_MS = 20;

/**
 * Runs the task module's default export with `(payload, { signal })`. The main thread
 * cancels a task by setting its flag (a shared Int32), not by stopping the thread: the
 * signal aborts and the task stops at its next check (see pool.ts for why).
 * @param {{ module: string, payload: unknown, cancel?: SharedArrayBuffer }} task
 */
export default async function runTask(task) {
  const mod = await import(task.module);
  if (typeof mod.default !== "function") {
    throw new Error(`Job module ${task.module} has no default export function`);
  }
  const controller = new AbortController();
  const flag = task.cancel ? new Int32Array(task.cancel) : null;
  const poll = flag
    ? setInterval(() => {
        if (Atomics.load(flag, 0) !== 0) controller.abort(new DOMException("The task was cancelled", "AbortError"));
      }, CANCEL_POLL_MS)
    : null;
  try {
    return await mod.default(task.payload, { signal: controller.signal });
  } finally {
    if (poll) clearInterval(poll);
  }
}
