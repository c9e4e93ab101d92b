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

/** @param {{ module: string, payload: unknown }} task */
export default async function runTask(task) {
  const mod = await import(task.module);
  if (typeof mod.default !== "function") {
    throw new Error(`Job module ${task.module} has no default export function`);
  }
  return mod.default(task.payload);
}
