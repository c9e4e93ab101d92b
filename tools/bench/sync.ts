/**
 * Keeping a folder indexed (issue #39), `npm run bench -- sync`:
 * - a generated tree of 2,000 real documents (variants of the corpus and evaldata PDFs and
 *   Markdown when present, generated Markdown, HTML, text, DOCX, PPTX, ODT and EPUB), time
 *   to the first full sync (every document indexed and searchable);
 * - 100 mixed changes (edits, renames, deletes, copies of large PDFs) in bursts of ten, and
 *   for each the time from the end of its write until search reflects it, with and without
 *   its own indexing time (its job's run);
 * - the tree grown to 10,000 files (8,000 files that are not documents: pictures, data;
 *   listed as skipped), then idle CPU over 60 s of no changes of `treeindex serve` started
 *   on that home watching the tree (the whole process, from /proc), beside the same `serve`
 *   watching nothing;
 * - the watcher's own RSS growth and idle CPU for those 10,000 files, in a child process
 *   (tools/watcher-compare.ts), since the service's RSS holds much more than the watcher.
 * Targets: search reflects a change within 5 s of the write ending (plus indexing time);
 * idle CPU < 1% of a core; watcher RSS growth < 100 MB.
 */
import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadConfig } from "../../src/config.ts";
import { createServices, type Services } from "../../src/core/services.ts";
import { createLogger } from "../../src/logger.ts";
import type { DocumentRecord, UserRecord } from "../../src/store/index.ts";
import { reportDocx } from "../../test/fixtures/formats/docx.ts";
import { buildEpub } from "../../test/fixtures/formats/epub.ts";
import { buildOdt } from "../../test/fixtures/formats/odt.ts";
import { buildPptx } from "../../test/fixtures/formats/pptx.ts";
import { CORPUS } from "./inputs.ts";
import type { BenchFigure } from "./types.ts";

const GROUP = "sync";
const EVALDATA = path.resolve(fileURLToPath(new URL("../../../shared/evaldata/pdfs", import.meta.url)));
// Smaller values only for trying the bench out; the figures in BENCHMARKS.md use the defaults.
const DOCUMENTS = Number(process.env.BENCH_SYNC_DOCUMENTS ?? 2000);
const TOTAL_FILES = Number(process.env.BENCH_SYNC_FILES ?? 10_000);
const IDLE_S = Number(process.env.BENCH_SYNC_IDLE_S ?? 60);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A word unique to `i` (letters only: the library index treats digits apart). */
function wordOf(prefix: string, i: number): string {
  let s = "";
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(97 + ((n - 1) % 26)) + s;
  return `${prefix}${s}`;
}

async function readDir(dir: string, pattern: RegExp): Promise<Array<{ name: string; bytes: Buffer }>> {
  try {
    const names = (await fs.readdir(dir)).filter((n) => pattern.test(n)).sort();
    return Promise.all(names.map(async (name) => ({ name, bytes: await fs.readFile(path.join(dir, name)) })));
  } catch {
    return [];
  }
}

/** A PDF with a distinct hash: a comment after %%EOF (readers ignore it). */
function pdfVariant(bytes: Buffer, tag: string): Buffer {
  return Buffer.concat([bytes, Buffer.from(`\n% variant ${tag}\n`)]);
}

interface Generated {
  /** Root-relative path -> the word only it contains (Markdown, HTML, text). */
  words: Map<string, string>;
  pdfs: string[];
}

async function generateTree(root: string): Promise<Generated> {
  // Small PDFs with a text layer (scans would make the bench an OCR bench).
  const smallPdfs = [
    ...(await readDir(path.join(CORPUS, "pdf"), /^(ULTABEAUTY_2023Q4_EARNINGS|q1-fy25-earnings|R-data|four-lectures|Regulation Best Interest_Interpretive release)\.pdf$/)),
    ...(await readDir(EVALDATA, /^FOOTLOCKER_2022_8K.*\.pdf$/)),
  ];
  const markdowns = await readDir(path.join(CORPUS, "markdown"), /\.md$/);
  const words = new Map<string, string>();
  const pdfs: string[] = [];
  const dirOf = (i: number) => `area-${i % 8}/topic-${i % 40}`;
  for (let i = 0; i < 40; i++) await fs.mkdir(path.join(root, dirOf(i)), { recursive: true });
  const write = async (relative: string, data: string | Buffer) => fs.writeFile(path.join(root, relative), data);
  for (let i = 0; i < DOCUMENTS; i++) {
    const word = wordOf("zyx", i);
    const dir = dirOf(i);
    const kind = i % 20;
    if (kind === 0 && smallPdfs.length) {
      const source = smallPdfs[(i / 20) % smallPdfs.length | 0];
      const relative = `${dir}/${source.name.replace(/\.pdf$/, "")}-${i}.pdf`;
      await write(relative, pdfVariant(source.bytes, String(i)));
      pdfs.push(relative);
    } else if (kind === 1) {
      await write(`${dir}/report-${i}.docx`, await reportDocx());
    } else if (kind === 2) {
      await write(`${dir}/deck-${i}.pptx`, buildPptx([{ title: `Deck ${word}`, bullets: [`About ${word}`, "Second point"] }, { title: "Close", bullets: ["Thanks"] }]));
    } else if (kind === 3) {
      await write(`${dir}/paper-${i}.odt`, buildOdt(`<text:h text:outline-level="1">Paper ${word}</text:h><text:p>About ${word} in depth.</text:p>`));
      words.set(`${dir}/paper-${i}.odt`, word);
    } else if (kind === 4) {
      await write(`${dir}/book-${i}.epub`, buildEpub({ title: `Book ${word}`, chapters: [{ file: "c1.xhtml", body: `<h1>Book ${word}</h1><p>About ${word}.</p>` }], nav: [{ title: `Book ${word}`, href: "c1.xhtml" }] }));
    } else if (kind === 5 || kind === 6) {
      await write(`${dir}/page-${i}.html`, `<!doctype html><html><head><title>Page ${word}</title></head><body><h1>Page ${word}</h1><p>About ${word}.</p><h2>More</h2><p>Details.</p></body></html>`);
      words.set(`${dir}/page-${i}.html`, word);
    } else if (kind === 7 || kind === 8) {
      await write(`${dir}/notes-${i}.txt`, `NOTES ${word.toUpperCase()}\n\nAbout ${word}, written plainly.\n`);
      words.set(`${dir}/notes-${i}.txt`, word);
    } else if (kind === 9 && markdowns.length) {
      const source = markdowns[i % markdowns.length];
      const relative = `${dir}/${source.name.replace(/\.md$/, "")}-${i}.md`;
      await write(relative, `${source.bytes.toString("utf8")}\n\n## Variant ${word}\n\nAbout ${word}.\n`);
      words.set(relative, word);
    } else {
      const relative = `${dir}/note-${i}.md`;
      await write(relative, `# Note ${word}\n\nThis note is about ${word}.\n\n## Details\n\nMore about ${word} and its neighbours.\n`);
      words.set(relative, word);
    }
  }
  return { words, pdfs };
}

async function until<T>(fn: () => Promise<T | undefined | false>, timeoutMs: number, pollMs = 100): Promise<T | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // A poll that fails (the file's record between two states) is tried again.
    const value = await fn().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) return undefined;
    await sleep(pollMs);
  }
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
}

const seconds = (ms: number) => Math.round(ms / 100) / 10;

interface Change {
  kind: "edit" | "rename" | "delete" | "copy";
  /** When its write ended. */
  at: number;
  /** Resolves with when search reflected it, and its own index job's times (0 without re-indexing). */
  reflected: Promise<{ at: number; indexingMs: { running: number; queuedAndRunning: number } } | undefined>;
}

export async function syncBench(): Promise<BenchFigure[]> {
  const figures: BenchFigure[] = [];
  const home = await fs.mkdtemp(path.join(os.tmpdir(), "treeindex-bench-sync-home-"));
  const root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), "treeindex-bench-sync-")));
  const config = loadConfig({}, { ...process.env, TREEINDEX_HOME: home, TREEINDEX_DATABASE_URL: "", TREEINDEX_LOG_LEVEL: "warn" });
  let services: Services | undefined;
  try {
    const generated = await generateTree(root);
    process.stderr.write(`sync bench: ${DOCUMENTS} documents generated (${generated.pdfs.length} PDFs), ${config.workers} workers\n`);
    services = await createServices(config, createLogger("warn"));
    const user = await services.users.ensureUser("local");
    const s = services;

    const docAt = async (relative: string): Promise<DocumentRecord | undefined> => {
      const record = await s.store.read(async (tx) => (await tx.syncedFiles.find({ path: relative }))[0]);
      return record?.docId ? s.store.read((tx) => tx.documents.get(record.docId!)) : undefined;
    };
    const hits = async (word: string) => (await s.search.search(user, {}, word)).documents;
    /** Its last index job's time: running, and queued plus running (waiting behind other files). */
    const indexingMs = async (docId: string) => {
      const jobs = await s.store.read((tx) => tx.jobs.find({ docId, kind: "index_document", status: "completed" }, { sort: [["finishedAt", -1]], limit: 1 }));
      const job = jobs[0];
      if (!job?.startedAt || !job.finishedAt) return { running: 0, queuedAndRunning: 0 };
      return { running: Date.parse(job.finishedAt) - Date.parse(job.startedAt), queuedAndRunning: Date.parse(job.finishedAt) - Date.parse(job.createdAt) };
    };
    const notIndexed = { running: 0, queuedAndRunning: 0 };

    // First full sync: every document indexed and in the library index.
    // Meanwhile, what a client's requests wait: a listing of the newest documents, 4 times a second.
    const requestMs: number[] = [];
    let syncing = true;
    const prober = (async () => {
      while (syncing) {
        const t = performance.now();
        await s.documents.recent(user, 10);
        requestMs.push(performance.now() - t);
        await sleep(250);
      }
    })();
    const t0 = performance.now();
    await s.sync.watch(user, root);
    const synced = await until(async () => {
      const [status] = await s.sync.status(user);
      if (!status || status.files + status.skipped < DOCUMENTS || status.pending > 0) return false;
      await s.librarySync.idle();
      return (await s.store.library.stamps()).length >= status.files ? status : false;
    }, 60 * 60_000, 500);
    const firstSyncS = (performance.now() - t0) / 1000;
    syncing = false;
    await prober;
    const failedDocs = await s.store.read((tx) => tx.documents.count({ status: "failed" }));
    figures.push({ group: GROUP, name: `first full sync, ${DOCUMENTS} documents`, value: Math.round(firstSyncS), unit: "s", note: `${synced?.files ?? "?"} indexed, ${synced?.skipped ?? "?"} skipped, ${failedDocs} failed; ${config.workers} workers` });
    figures.push({ group: GROUP, name: "a listing request during the first sync, p50 / p95 / max", value: `${Math.round(percentile(requestMs, 50))} / ${Math.round(percentile(requestMs, 95))} / ${Math.round(Math.max(...requestMs))}`, unit: "ms", note: `${requestMs.length} requests (recent documents, in the syncing process)` });
    process.stderr.write(`sync bench: first sync ${firstSyncS.toFixed(0)} s\n`);

    // 100 mixed changes in bursts of ten, a burst every 3 s.
    // Each change touches another file: a spread of the text files, none twice.
    const textPaths = [...generated.words.keys()].filter((p) => /\.(md|txt|html)$/.test(p)).sort((a, b) => wordOf("", a.length * 31 + a.charCodeAt(a.length - 4)).localeCompare(wordOf("", b.length * 31 + b.charCodeAt(b.length - 4))) || a.localeCompare(b));
    if (textPaths.length < 100) throw new Error(`the sync bench needs at least 100 text files (has ${textPaths.length}): raise BENCH_SYNC_DOCUMENTS`);
    const large = (await readDir(path.join(CORPUS, "pdf"), /^(2023-annual-report|3M_2022_10K|gnuplot)\.pdf$/)).concat(await readDir(EVALDATA, /^(CORNING_2020_10K)\.pdf$/));
    const changes: Change[] = [];
    let n = 0;
    const plan: Change["kind"][] = [];
    for (let i = 0; i < 100; i++) plan.push(i % 10 < 4 ? "edit" : i % 10 < 6 ? "rename" : i % 10 < 9 ? "delete" : "copy");
    for (const kind of plan) {
      const relative = textPaths[n++];
      const word = generated.words.get(relative)!;
      const full = path.join(root, relative);
      if (kind === "edit") {
        const fresh = wordOf("qwv", n);
        await fs.appendFile(full, `\n\nAn edit about ${fresh}.\n`);
        const at = Date.now();
        changes.push({ kind, at, reflected: until(async () => {
          const found = (await hits(fresh)).find((d) => d.doc_name === path.basename(relative));
          return found ? { at: Date.now(), indexingMs: await indexingMs(found.doc_id) } : undefined;
        }, 10 * 60_000) });
      } else if (kind === "rename") {
        const renamed = relative.replace(/(\.\w+)$/, `-renamed$1`).replace(/^area-(\d)/, (_m, d) => `area-${(Number(d) + 1) % 8}`);
        await fs.mkdir(path.dirname(path.join(root, renamed)), { recursive: true });
        await fs.rename(full, path.join(root, renamed));
        const at = Date.now();
        changes.push({ kind, at, reflected: until(async () => ((await hits(word)).some((d) => d.doc_name === path.basename(renamed)) ? { at: Date.now(), indexingMs: notIndexed } : undefined), 10 * 60_000) });
      } else if (kind === "delete") {
        await fs.rm(full);
        const at = Date.now();
        changes.push({ kind, at, reflected: until(async () => ((await hits(word)).some((d) => d.doc_name === path.basename(relative)) ? undefined : { at: Date.now(), indexingMs: notIndexed }), 10 * 60_000) });
      } else {
        const source = large[changes.filter((c) => c.kind === "copy").length % Math.max(1, large.length)];
        if (!source) continue;
        const relative2 = `incoming/${source.name.replace(/\.pdf$/, "")}-copy-${n}.pdf`;
        await fs.mkdir(path.join(root, "incoming"), { recursive: true });
        await fs.writeFile(path.join(root, relative2), pdfVariant(source.bytes, `copy-${n}`));
        const at = Date.now();
        changes.push({ kind, at, reflected: until(async () => {
          const doc = await docAt(relative2);
          if (doc?.status !== "completed") return undefined;
          await s.librarySync.idle();
          return (await s.store.library.stamps([doc.id])).length ? { at: Date.now(), indexingMs: await indexingMs(doc.id) } : undefined;
        }, 20 * 60_000, 250) });
      }
      if (changes.length % 10 === 0) await sleep(3000);
    }
    const outcomes = await Promise.all(changes.map(async (c) => ({ c, r: await c.reflected })));
    const reflected = outcomes.filter((o) => o.r !== undefined);
    const latency = reflected.map((o) => o.r!.at - o.c.at);
    const beyondIndexing = reflected.map((o) => o.r!.at - o.c.at - o.r!.indexingMs.running);
    const beyondQueue = reflected.map((o) => o.r!.at - o.c.at - o.r!.indexingMs.queuedAndRunning);
    figures.push({ group: GROUP, name: "100 changes: reflected in search", value: `${reflected.length}/${changes.length}` });
    figures.push({ group: GROUP, name: "change -> search, p50 / p95 / max", value: `${seconds(percentile(latency, 50))} / ${seconds(percentile(latency, 95))} / ${seconds(Math.max(...latency))}`, unit: "s", note: "from the write's end, bursts of 10 every 3 s" });
    figures.push({ group: GROUP, name: "same, minus its own indexing time", value: `${seconds(percentile(beyondIndexing, 50))} / ${seconds(percentile(beyondIndexing, 95))} / ${seconds(Math.max(...beyondIndexing))}`, unit: "s", note: "includes waiting in the job queue behind other files" });
    figures.push({ group: GROUP, name: "same, minus its job's queue wait and indexing", value: `${seconds(percentile(beyondQueue, 50))} / ${seconds(percentile(beyondQueue, 95))} / ${seconds(Math.max(...beyondQueue))}`, unit: "s", note: "the sync's own share; target < 5 s" });
    for (const kind of ["edit", "rename", "delete", "copy"] as const) {
      const own = reflected.filter((o) => o.c.kind === kind).map((o) => o.r!.at - o.c.at);
      if (own.length) figures.push({ group: GROUP, name: `  ${kind}: p50 / max`, value: `${seconds(percentile(own, 50))} / ${seconds(Math.max(...own))}`, unit: "s", note: `${own.length} changes` });
    }

    // Grown to 10,000 files with files that are not documents (skipped, listed with the reason).
    const existing = (await s.sync.status(user))[0];
    const extra = TOTAL_FILES - (existing.files + existing.skipped);
    for (let i = 0; i < extra; i++) {
      const dir = path.join(root, `area-${i % 8}`, `topic-${i % 40}`, "assets");
      if (i < 40) await fs.mkdir(dir, { recursive: true });
      await fs.writeFile(path.join(dir, `asset-${i}.${i % 2 ? "png" : "dat"}`), `asset ${i}`);
    }
    await until(async () => {
      const [status] = await s.sync.status(user);
      return status.files + status.skipped >= TOTAL_FILES && status.pending === 0 ? status : undefined;
    }, 10 * 60_000, 500);
    await s.sync.idle();
    const [final] = await s.sync.status(user);
    await services.close();
    services = undefined;

    // Idle CPU as a user meets it: `serve` started anew on this home, watching the tree
    // (it reconciles the 10,000 files by size and mtime, then waits), measured from /proc
    // over IDLE_S seconds with every thread (worker pool, GC) counted. Beside it, in the
    // same run, the same `serve` watching nothing: the difference is the watching's share.
    const watching = await serveIdle(home, root, final.files + final.skipped);
    const unwatched = await serveIdle(home, undefined, 0);
    if (watching && unwatched) {
      figures.push({ group: GROUP, name: `idle CPU, \`serve\` watching ${final.files + final.skipped} files`, value: watching.cpuPercent, unit: "% of a core", note: `${IDLE_S} s without changes, whole process (job runner, pool, GC); target < 1 %` });
      figures.push({ group: GROUP, name: "idle CPU, the same `serve` watching nothing", value: unwatched.cpuPercent, unit: "% of a core", note: "same home, same run: the difference is the watching's share" });
      figures.push({ group: GROUP, name: "`serve` RSS while idle, watching / not", value: `${watching.rssMb} / ${unwatched.rssMb}`, unit: "MB" });
    }

    // The watcher alone on the same 10,000-file tree, in its own process.
    const watcherOnly = await watcherChild(root);
    figures.push({ group: GROUP, name: `watcher RSS growth, ${TOTAL_FILES} files`, value: watcherOnly.rssGrowthMb, unit: "MB", note: "@parcel/watcher, its own process; target < 100 MB" });
    figures.push({ group: GROUP, name: "watcher idle CPU", value: watcherOnly.idleCpuPercent, unit: "% of a core", note: "20 s" });
  } finally {
    await services?.close();
    await fs.rm(home, { recursive: true, force: true });
    await fs.rm(root, { recursive: true, force: true });
  }
  return figures;
}

/**
 * Starts `treeindex serve` on `home` (watching `watch` when given), waits until its sync
 * has compared `files` files and nothing is pending, then measures the process's CPU time
 * (all threads) and RSS from /proc over IDLE_S seconds. Undefined where /proc is missing.
 */
async function serveIdle(home: string, watch: string | undefined, files: number): Promise<{ cpuPercent: number; rssMb: number } | undefined> {
  if (process.platform !== "linux") return undefined;
  const bin = fileURLToPath(new URL("../../bin/treeindex.js", import.meta.url));
  const env = { ...process.env, TREEINDEX_API_KEY: "bench-sync-idle-key", TREEINDEX_WATCH: watch ?? "" };
  const child = spawn(process.execPath, [bin, "serve", "--port", "0", "--home", home], { env, stdio: ["ignore", "ignore", "pipe"] });
  try {
    let err = "";
    child.stderr.on("data", (d) => (err += d));
    const url = await until(async () => /"url":"([^"]+)"/.exec(err)?.[1], 120_000, 100);
    if (!url) throw new Error(`serve did not start: ${err.slice(-500)}`);
    const ready = await until(async () => {
      const health = (await (await fetch(`${url}/health`)).json()) as { sync?: { files: number; skipped: number; pending: number } };
      if (!watch) return true;
      return health.sync && health.sync.files + health.sync.skipped >= files && health.sync.pending === 0 ? true : undefined;
    }, 10 * 60_000, 500);
    if (!ready) throw new Error("serve did not finish comparing the watched folder");
    await sleep(5000);
    // utime + stime in clock ticks (100 per second on Linux), fields 14 and 15.
    const ticks = async () => (await fs.readFile(`/proc/${child.pid}/stat`, "utf8")).split(") ")[1].split(" ").slice(11, 13).reduce((a, b) => a + Number(b), 0);
    const before = await ticks();
    const start = performance.now();
    await sleep(IDLE_S * 1000);
    const used = (await ticks()) - before;
    const elapsedS = (performance.now() - start) / 1000;
    const rssKb = Number(/VmRSS:\s+(\d+)/.exec(await fs.readFile(`/proc/${child.pid}/status`, "utf8"))?.[1] ?? 0);
    return { cpuPercent: Math.round((used / 100 / elapsedS) * 10_000) / 100, rssMb: Math.round(rssKb / 1024) };
  } finally {
    child.kill("SIGINT");
    await new Promise((resolve) => (child.exitCode !== null ? resolve(undefined) : child.on("close", resolve)));
  }
}

/** tools/watcher-compare.ts's measurement of @parcel/watcher on `root`, in a child process. */
async function watcherChild(root: string): Promise<{ rssGrowthMb: number; idleCpuPercent: number }> {
  const script = fileURLToPath(new URL("../watcher-compare.ts", import.meta.url));
  const child = spawn(process.execPath, ["--import", "tsx", "--expose-gc", script, "--child", "parcel", root, "20"], { stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  await new Promise((resolve) => child.on("close", resolve));
  return JSON.parse(out);
}
