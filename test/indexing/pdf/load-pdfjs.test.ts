/**
 * pdfjs' legacy build polyfills JSON.stringify and Array#push with slower versions; the
 * loader must leave Node's natives in place (checked in a fresh process, since this test
 * worker may have loaded pdfjs already).
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const exec = promisify(execFile);

const probe = (target: string) => `
  const before = { stringify: JSON.stringify, push: Array.prototype.push };
  await import(${JSON.stringify(target)});
  console.log(JSON.stringify({ stringify: JSON.stringify === before.stringify, push: Array.prototype.push === before.push, polyfilled: "__core-js_shared__" in globalThis, workerLoaded: typeof globalThis.pdfjsWorker?.WorkerMessageHandler === "function", decompressionStream: typeof globalThis.DecompressionStream === "function" }));
`;

async function run(target: string): Promise<{ stringify: boolean; push: boolean; polyfilled: boolean; workerLoaded: boolean; decompressionStream: boolean }> {
  const { stdout } = await exec(process.execPath, ["--input-type=module", "-e", probe(target)], { cwd: process.cwd() });
  return JSON.parse(stdout);
}

describe("load-pdfjs", () => {
  it("keeps Node's native JSON.stringify and Array#push, which pdfjs alone would replace", async () => {
    const raw = await run(new URL("../../../node_modules/pdfjs-dist/legacy/build/pdf.mjs", import.meta.url).href);
    expect(raw.polyfilled).toBe(true);
    expect(raw.stringify && raw.push).toBe(false); // what the loader guards against
    const loaded = await run(new URL("../../../src/indexing/pdf/load-pdfjs.mjs", import.meta.url).href);
    expect(loaded).toMatchObject({ stringify: true, push: true, polyfilled: true, workerLoaded: true });
  });

  it("loads pdfjs' in-thread worker module with the main bundle, before any loader such as tsx sees it", async () => {
    // Otherwise pdfjs imports pdf.worker.mjs on the first getDocument, through whatever
    // loader is registered by then: through tsx that cost each worker thread ~300 MB.
    const raw = await run(new URL("../../../node_modules/pdfjs-dist/legacy/build/pdf.mjs", import.meta.url).href);
    expect(raw.workerLoaded).toBe(false);
    const loaded = await run(new URL("../../../src/indexing/pdf/load-pdfjs.mjs", import.meta.url).href);
    expect(loaded.workerLoaded).toBe(true);
  });

  it("hides DecompressionStream from pdfjs, whose zlib handles abort the process when a worker thread ends mid-initialisation", async () => {
    const raw = await run(new URL("../../../node_modules/pdfjs-dist/legacy/build/pdf.mjs", import.meta.url).href);
    expect(raw.decompressionStream).toBe(true);
    const loaded = await run(new URL("../../../src/indexing/pdf/load-pdfjs.mjs", import.meta.url).href);
    expect(loaded.decompressionStream).toBe(false);
  });
});
