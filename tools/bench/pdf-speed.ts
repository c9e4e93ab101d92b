/**
 * PDF speed: pages/s of the whole index job as the service runs it (its worker calls on a
 * two-thread pool) and in the bench's own thread, against raw
 * single-thread pdfjs text extraction of the same file in the same run (ratio); peak RSS of
 * indexing octave.pdf in a fresh process; throughput of four documents at once on the
 * worker pool against one at a time.
 */
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { pdfjs } from "../../src/indexing/pdf/load-pdfjs.mjs";
import { INDEX_TASK_MODULE } from "../../src/core/documents/index-job.ts";
import { indexAsService } from "./service-index.ts";
import { indexPdf } from "../../src/indexing/pdf/index.ts";
import { WorkerPool } from "../../src/jobs/index.ts";
import { CORPUS, corpusFile } from "./inputs.ts";
import { KEY, rssMb, serve, tempHome } from "./safety.ts";
import type { BenchFigure } from "./types.ts";

const { getDocument } = pdfjs;

const run = promisify(execFile);

/** The baseline: every page's text content with pdfjs, nothing else. */
async function rawExtract(bytes: Uint8Array): Promise<number> {
  const doc = await getDocument({ data: bytes.slice(), verbosity: 0, isEvalSupported: false, disableFontFace: true }).promise;
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i);
    await page.getTextContent();
    page.cleanup();
  }
  const pages = doc.numPages;
  await doc.destroy();
  return pages;
}

async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; seconds: number }> {
  const t = performance.now();
  const value = await fn();
  return { value, seconds: (performance.now() - t) / 1000 };
}

/** Raw and service runs alternated per file (the best of each sets the ratio). */
const PAIRS = 5;

async function speedFigures(file: string): Promise<BenchFigure[]> {
  const bytes = await corpusFile(`pdf/${file}`);
  if (!bytes) return [{ group: "pdf-speed", name: `${file}`, value: "skipped (corpus absent)" }];
  const filePath = path.join(CORPUS, "pdf", file);
  const pool = new WorkerPool(2, { preload: [INDEX_TASK_MODULE] });
  // Warm every path once (JIT, font data), then alternate and keep the best of PAIRS for each
  // (the machine is shared: one slow run of either side would otherwise set the ratio).
  await rawExtract(bytes);
  await indexAsService(pool, filePath);
  // Every run is kept for the note: on a noisy machine the spread says how far to trust the best.
  const raws: number[] = [];
  const services: number[] = [];
  let oneThread = Infinity;
  let pages = 0;
  for (let i = 0; i < PAIRS; i++) {
    const r = await timed(() => rawExtract(bytes));
    raws.push(r.seconds);
    pages = r.value;
    services.push((await timed(() => indexAsService(pool, filePath))).seconds);
  }
  const raw = Math.min(...raws);
  const service = Math.min(...services);
  const runs = (xs: number[]) => xs.map((x) => x.toFixed(2)).join(" / ");
  // Each pair ran back to back, so its ratio shares the machine's state of the moment; their
  // median says whether the best-of ratio rests on one lucky run of either side.
  const pairRatios = raws.map((r, i) => r / services[i]).sort((a, b) => a - b);
  const medianPair = pairRatios[Math.floor(pairRatios.length / 2)];
  await pool.close();
  // The one-thread job runs in this thread, after the pairs: interleaved, the garbage it left
  // here (pdfjs' caches, the tokenizer, the tree: ~0.5 GB) was collected while the next pair
  // ran, on the core the pool needs (ratio 1.09-1.11 that way against 1.21-1.26 without,
  // same code; BENCHMARKS.md, ninth session). The service's main thread never holds it.
  for (let i = 0; i < 3; i++) {
    oneThread = Math.min(oneThread, (await timed(() => indexPdf(bytes, { addSummaries: true, addDescription: true, addPageMarkdown: true }))).seconds);
  }
  const rawPps = pages / raw;
  return [
    { group: "pdf-speed", name: `${file}: raw pdfjs text extraction, one thread`, value: Math.round(rawPps), unit: "pages/s", note: `${pages} pages in ${raw.toFixed(2)} s (baseline; best of ${runs(raws)} s)` },
    { group: "pdf-speed", name: `${file}: index job as the service runs it (worker pool)`, value: Math.round(pages / service), unit: "pages/s", note: `ratio to raw ${(raw / service).toFixed(2)} (target >= 1.3); best of ${runs(services)} s; median ratio of the ${PAIRS} back-to-back pairs ${medianPair.toFixed(2)}` },
    { group: "pdf-speed", name: `${file}: index job in one thread (indexPdf)`, value: Math.round(pages / oneThread), unit: "pages/s", note: `ratio to raw ${(raw / oneThread).toFixed(2)}` },
  ];
}

async function peakRss(file: string): Promise<BenchFigure[]> {
  const pdf = path.join(CORPUS, "pdf", file);
  try {
    await fs.access(pdf);
  } catch {
    return [{ group: "pdf-speed", name: `peak RSS indexing ${file}`, value: "skipped (corpus absent)" }];
  }
  const child = fileURLToPath(new URL("./rss-child.ts", import.meta.url));
  const { stdout } = await run(process.execPath, ["--import", "tsx", child, pdf], { maxBuffer: 1 << 20 });
  const { maxRssMb, againMb, baselineMb } = JSON.parse(stdout) as { maxRssMb: number; againMb: number; baselineMb: number };
  return [
    { group: "pdf-speed", name: `peak RSS indexing ${file} from source (tsx in each of 2 threads, fresh process)`, value: Math.round(maxRssMb), unit: "MB", note: `before indexing (2 warm threads): ${Math.round(baselineMb)} MB` },
    { group: "pdf-speed", name: `peak RSS indexing ${file} from source, twice more on the same threads`, value: Math.round(againMb), unit: "MB", note: "threads that already ran a job" },
  ];
}

/**
 * The server's own peak: `treeindex serve` started as `npm start` starts it (the compiled
 * build, made fresh here first), octave.pdf uploaded over HTTP and polled until completed;
 * the kernel's high-water mark of the server process (VmHWM) is its peak RSS, store writes
 * and HTTP included. The peak of identical runs varies by ~50 MB (when V8 happens to collect
 * in each thread), so three fresh servers are measured and the highest is the figure.
 */
const RSS_RUNS = 3;

async function servePeakRss(file: string): Promise<BenchFigure[]> {
  const bytes = await corpusFile(`pdf/${file}`);
  if (!bytes) return [{ group: "pdf-speed", name: `server peak RSS indexing ${file}`, value: "skipped (corpus absent)" }];
  await run(process.execPath, ["tools/build.mjs"]);
  const runs: { peak: number; idle: number; status: string; seconds: number; afterMore: number }[] = [];
  // The first server indexes the file twice more afterwards: a server that has run several
  // large jobs holds the tokenizer's tables in both threads (each has been the reader once).
  for (let i = 0; i < RSS_RUNS; i++) runs.push(await onePeakRss(bytes, file, i === 0 ? 2 : 0));
  const highest = Math.max(...runs.map((r) => r.peak));
  const detail = runs.map((r) => `${r.peak} MB (idle ${r.idle}, ${r.status} in ${r.seconds.toFixed(2)} s)`).join("; ");
  return [
    { group: "pdf-speed", name: `server peak RSS indexing ${file} (treeindex serve as npm start runs it, upload over HTTP), highest of ${RSS_RUNS} fresh servers`, value: highest, unit: "MB", note: `${detail}; target < 500 MB` },
    { group: "pdf-speed", name: `server peak RSS after indexing ${file} three times in a row on one server`, value: runs[0].afterMore, unit: "MB", note: "both threads have then loaded the tokenizer" },
  ];
}

async function onePeakRss(bytes: Uint8Array, file: string, more: number): Promise<{ peak: number; idle: number; status: string; seconds: number; afterMore: number }> {
  const home = await tempHome();
  const server = await serve(home, {}, { compiled: true });
  const headers = { api_key: KEY };
  const indexOnce = async (name: string): Promise<string> => {
    const form = new FormData();
    form.set("file", new Blob([bytes]), name);
    const { doc_id: id } = (await (await fetch(`${server.url}/doc`, { method: "POST", body: form, headers })).json()) as { doc_id: string };
    let status = "queued";
    while (status === "queued" || status === "processing") {
      await new Promise((r) => setTimeout(r, 50));
      status = ((await (await fetch(`${server.url}/doc/${id}`, { headers })).json()) as { status: string }).status;
    }
    return status;
  };
  try {
    await new Promise((r) => setTimeout(r, 2_000));
    const idle = rssMb(server.child.pid!);
    const started = performance.now();
    const status = await indexOnce(file);
    const seconds = (performance.now() - started) / 1000;
    const peak = rssMb(server.child.pid!, "VmHWM");
    for (let i = 0; i < more; i++) await indexOnce(`again-${i}-${file}`);
    return { peak, idle, status, seconds, afterMore: rssMb(server.child.pid!, "VmHWM") };
  } finally {
    await server.stop();
    await fs.rm(home, { recursive: true, force: true });
  }
}

async function concurrency(): Promise<BenchFigure[]> {
  const source = (await corpusFile("pdf/gnuplot.pdf")) ? path.join(CORPUS, "pdf", "gnuplot.pdf") : path.resolve("test/fixtures/pdf/R-intro.pdf");
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), "treeindex-bench-"));
  const files = await Promise.all([0, 1, 2, 3].map(async (i) => {
    const p = path.join(tmp, `copy-${i}.pdf`);
    await fs.copyFile(source, p);
    return p;
  }));
  const pool = new WorkerPool(2, { preload: [INDEX_TASK_MODULE] });
  const task = (filePath: string) => pool.run({ module: INDEX_TASK_MODULE, payload: { filePath, format: "pdf" } });
  await Promise.all([task(files[0]), task(files[1])]); // warm both threads
  const serial = await timed(async () => {
    for (const f of files) await task(f);
  });
  const parallel = await timed(() => Promise.all(files.map(task)));
  await pool.close();
  await fs.rm(tmp, { recursive: true, force: true });
  const ratio = serial.seconds / parallel.seconds;
  return [
    { group: "pdf-speed", name: `4 x ${path.basename(source)} one at a time (2 workers)`, value: +serial.seconds.toFixed(2), unit: "s" },
    { group: "pdf-speed", name: `4 x ${path.basename(source)} at once (2 workers)`, value: +parallel.seconds.toFixed(2), unit: "s", note: `throughput ${ratio.toFixed(2)}x one at a time (target >= 1.6; ${os.availableParallelism()} cores)` },
  ];
}

export async function pdfSpeedBench(): Promise<BenchFigure[]> {
  return [
    ...(await speedFigures("octave.pdf")),
    ...(await speedFigures("3M_2022_10K.pdf")),
    ...(await servePeakRss("octave.pdf")),
    ...(await peakRss("octave.pdf")),
    ...(await concurrency()),
  ];
}
