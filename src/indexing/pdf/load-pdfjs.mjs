// The one place pdfjs-dist is loaded (plain JavaScript, so the worker entry can load it
// before tsx is registered).
import { workerModuleUrl } from "./pdfjs-worker-source.mjs";

// pdfjs' legacy build bundles core-js polyfills that, on Node 20, replace JSON.stringify
// (about 9x slower) and Array.prototype.push (about 2.5x slower) although Node's own are
// compliant. Every thread that loads pdfjs would then run all our code with them: store
// writes, tree building, JSON output. Keep the natives: capture them before pdfjs loads and
// put them back after.
const nativeStringify = JSON.stringify;
const nativePush = Array.prototype.push;
// If core-js was loaded already (another copy of pdfjs), the captured values are not native.
const capturedNatives = !("__core-js_shared__" in globalThis);

// pdfjs inflates some streams (images, embedded CMaps) through the global DecompressionStream
// when there is one. In Node that is a zlib handle initialised on the thread pool, and a worker
// thread terminated while one is still initialising (a job past its time limit, a pool closing)
// aborts the whole process ("close before init" in node_zlib.cc). Without the global, pdfjs
// inflates those streams with its own synchronous decoder, as it does every content stream.
delete globalThis.DecompressionStream;

export const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
// In Node, pdfjs runs its "worker" in the same thread and imports this module on the first
// getDocument. Loading it here, with the main bundle, keeps that import out of whatever
// loader is registered by then: through tsx (transform plus source maps of a 2 MB bundle)
// it costs each thread about 300 MB of memory.
// It is loaded with two changes, to its reading of glyph names and to how it names fonts
// (see pdfjs-worker-source.mjs).
export const { WorkerMessageHandler } = await import(workerModuleUrl());

if (capturedNatives) {
  JSON.stringify = nativeStringify;
  Object.defineProperty(Array.prototype, "push", { value: nativePush, writable: true, configurable: true, enumerable: false });
}
