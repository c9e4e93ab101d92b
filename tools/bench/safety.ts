/**
 * Data-safety figures (issue 22), each against real `serve` processes on a fresh home:
 * - acknowledged / lost folders: one server with 8 writers + 4 readers, 3 rounds x 800;
 *   two servers on one home, 2 rounds x 800, counted in each server's view;
 * - 40 uploads with 4 pollers and 2 metadata writers: completed, metadata kept, queue after;
 * - kill -9 mid-write, then restart: acknowledged lost, restart time vs a clean start;
 * - two 1 GiB decompression bombs at once: how they end, peak RSS, RSS 30 s later vs idle.
 * (What durability costs per write is in the store section.)
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { decompressionBombPdf } from "../fixtures/decompression-bomb.ts";
import type { BenchFigure } from "./types.ts";

const CLI = path.resolve("src/cli.ts");
export const KEY = "ti_benchsafety_0123456789abcdef0123456789";

export interface Served {
  url: string;
  child: ChildProcess;
  startMs: number;
  stop(): Promise<void>;
}

/** The Node flags `npm start` gives the server (package.json's start script, before the binary). */
export function startFlags(): string[] {
  const start = (JSON.parse(readFileSync(path.resolve("package.json"), "utf8")) as { scripts: { start: string } }).scripts.start;
  const words = start.split(/\s+/);
  return words.slice(1, words.indexOf("bin/treeindex.js"));
}

/** `compiled`: through bin/treeindex.js with npm start's Node flags, as `npm start` runs it (the build in dist/ when it is fresh). */
export async function serve(home: string, env: Record<string, string> = {}, { compiled = false } = {}): Promise<Served> {
  const started = Date.now();
  const command = compiled ? [...startFlags(), path.resolve("bin/treeindex.js")] : ["--import", "tsx", CLI];
  const child = spawn(process.execPath, [...command, "serve", "--port", "0", "--home", home], {
    env: { ...process.env, TREEINDEX_API_KEY: KEY, TREEINDEX_WORKERS: "2", TREEINDEX_LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let err = "";
    child.stderr!.on("data", (d) => {
      err += d;
      const m = /listening on (http:\/\/[^"\s]+)/.exec(err);
      if (m) resolve(m[1]);
    });
    child.once("exit", (code) => reject(new Error(`serve exited ${code}: ${err.slice(-2000)}`)));
  });
  return {
    url,
    child,
    startMs: Date.now() - started,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
    },
  };
}

const api = (s: Served, p: string, init: RequestInit = {}) => fetch(s.url + p, { ...init, headers: { api_key: KEY, ...(init.headers ?? {}) } });

async function foldersRound(write: Served[], read: Served[], writers: number, total: number, tag: string): Promise<string[]> {
  let writing = true;
  const readers = Array.from({ length: 4 }, async (_, r) => {
    while (writing) await (await api(read[r % read.length], "/folders")).arrayBuffer();
  });
  const ids: string[] = [];
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      for (let i = 0; i < total / writers; i++) {
        const res = await api(write[w % write.length], "/folder", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: `${tag}-${w}-${i}` }) });
        if (res.status === 200) ids.push(((await res.json()) as { id: string }).id);
      }
    }),
  );
  writing = false;
  await Promise.all(readers);
  return ids;
}

async function lostIn(server: Served, acknowledged: string[]): Promise<number> {
  const body = (await (await api(server, "/folders")).json()) as { folders: { id: string }[] };
  const present = new Set(body.folders.map((f) => f.id));
  return acknowledged.filter((id) => !present.has(id)).length;
}

export function rssMb(pid: number, field: "VmRSS" | "VmHWM" = "VmRSS"): number {
  try {
    const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Math.round(Number(m[1]) / 1024) : NaN;
  } catch {
    return NaN;
  }
}

export async function tempHome(): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), "treeindex-bench-safety-"));
}

async function foldersFigures(): Promise<BenchFigure[]> {
  const figures: BenchFigure[] = [];
  let home = await tempHome();
  const one = await serve(home);
  const acked: string[] = [];
  for (let round = 0; round < 3; round++) acked.push(...(await foldersRound([one], [one], 8, 800, `r${round}`)));
  figures.push({ group: "safety", name: "one server, 8 writers + 4 readers, 3 x 800 folders: acknowledged / lost", value: `${acked.length} / ${await lostIn(one, acked)}` });
  await one.stop();
  await fs.rm(home, { recursive: true, force: true });

  home = await tempHome();
  const a = await serve(home);
  const b = await serve(home);
  const both: string[] = [];
  for (let round = 0; round < 2; round++) both.push(...(await foldersRound([a, b], [b, a], 8, 800, `r${round}`)));
  figures.push({ group: "safety", name: "two servers on one home, 2 x 800 folders: acknowledged / lost (view of A, of B)", value: `${both.length} / ${await lostIn(a, both)}, ${await lostIn(b, both)}` });
  await a.stop();
  await b.stop();
  await fs.rm(home, { recursive: true, force: true });
  return figures;
}

async function uploadsFigures(): Promise<BenchFigure[]> {
  const home = await tempHome();
  const s = await serve(home);
  const pdf = readFileSync(path.resolve("test/fixtures/pdf/R-data.pdf"));
  const ids: string[] = [];
  let uploading = true;
  const pollers = Array.from({ length: 4 }, async (_, p) => {
    while (uploading) {
      await (await api(s, p % 2 ? `/doc/${ids[ids.length - 1] ?? "none"}` : "/docs?limit=100")).arrayBuffer();
    }
  });
  const kept = new Map<string, number>();
  const writers = Array.from({ length: 2 }, async (_, w) => {
    for (let n = 0; uploading; n++) {
      const mine = ids.filter((_, i) => i % 2 === w);
      if (mine.length === 0) {
        await new Promise((r) => setTimeout(r, 10));
        continue;
      }
      const id = mine[n % mine.length];
      const res = await api(s, `/doc/${id}/metadata`, { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify({ n }) });
      if (res.status === 200) kept.set(id, n);
    }
  });
  for (let i = 0; i < 40; i++) {
    const form = new FormData();
    form.set("file", new Blob([pdf]), `doc-${i}.pdf`);
    const res = await api(s, "/doc", { method: "POST", body: form });
    ids.push(((await res.json()) as { doc_id: string }).doc_id);
  }
  uploading = false;
  await Promise.all([...pollers, ...writers]);
  const deadline = Date.now() + 300_000;
  let completed = 0;
  while (Date.now() < deadline) {
    const body = (await (await api(s, "/docs?limit=100")).json()) as { documents: { status: string }[] };
    completed = body.documents.filter((d) => d.status === "completed").length;
    if (body.documents.every((d) => d.status === "completed" || d.status === "failed")) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  let metadataLost = 0;
  for (const [id, n] of kept) {
    const meta = (await (await api(s, `/doc/${id}/metadata`)).json()) as { metadata: { n?: number } };
    if (meta.metadata.n !== n) metadataLost++;
  }
  const health = (await (await fetch(`${s.url}/health`)).json()) as { queue: { queued: number; processing: number } };
  await s.stop();
  await fs.rm(home, { recursive: true, force: true });
  return [
    { group: "safety", name: "40 uploads + 4 pollers + 2 metadata writers: completed", value: `${completed} / 40` },
    { group: "safety", name: "  acknowledged metadata values lost", value: `${metadataLost} of ${kept.size}` },
    { group: "safety", name: "  /health queue afterwards (queued/processing)", value: `${health.queue.queued}/${health.queue.processing}` },
  ];
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** 8 writers create folders until the server is killed with SIGKILL; returns what it acknowledged. */
async function writeUntilKilled(s: Served, ms: number): Promise<string[]> {
  const acked: string[] = [];
  let writing = true;
  const writers = Array.from({ length: 8 }, async (_, w) => {
    for (let i = 0; writing; i++) {
      try {
        const res = await api(s, "/folder", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: `k-${w}-${i}` }) });
        if (res.status === 200) acked.push(((await res.json()) as { id: string }).id);
      } catch {
        return; // the server is gone
      }
    }
  });
  await new Promise((r) => setTimeout(r, ms));
  s.child.kill("SIGKILL");
  writing = false;
  await Promise.all(writers);
  return acked;
}

async function killFigures(): Promise<BenchFigure[]> {
  const home = await tempHome();
  await (await serve(home)).stop(); // first start creates the store
  const clean: number[] = [];
  for (let i = 0; i < 3; i++) {
    const s = await serve(home);
    clean.push(s.startMs);
    await s.stop();
  }
  const restarts: number[] = [];
  const acked: string[] = [];
  let lost = 0;
  for (let i = 0; i < 3; i++) {
    acked.push(...(await writeUntilKilled(await serve(home), 2_000)));
    const restarted = await serve(home);
    restarts.push(restarted.startMs);
    lost = await lostIn(restarted, acked);
    await restarted.stop();
  }
  await fs.rm(home, { recursive: true, force: true });
  const [c, r] = [median(clean), median(restarts)];
  return [
    { group: "safety", name: "kill -9 during 8 writers, 3 times: acknowledged / lost after restart", value: `${acked.length} / ${lost}` },
    { group: "safety", name: "restart after kill -9 vs clean start (medians of 3)", value: r, unit: "ms", note: `clean start ${c} ms; ratio ${(r / c).toFixed(2)}` },
  ];
}

async function bombFigures(): Promise<BenchFigure[]> {
  const home = await tempHome();
  const s = await serve(home);
  const pid = s.child.pid!;
  const bomb = await decompressionBombPdf(1024 * 1024 * 1024);
  await new Promise((r) => setTimeout(r, 2_000));
  const idle = rssMb(pid);
  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
  const started = Date.now();
  const ids = await Promise.all(
    [1, 2].map(async (i) => {
      const form = new FormData();
      form.set("file", new Blob([bomb]), `bomb-${i}.pdf`);
      return ((await (await api(s, "/doc", { method: "POST", body: form })).json()) as { doc_id: string }).doc_id;
    }),
  );
  const outcomes: string[] = [];
  for (const id of ids) {
    for (;;) {
      const body = (await (await api(s, `/doc/${id}`)).json()) as { status: string; error?: string };
      if (body.status !== "processing") {
        outcomes.push(body.status === "failed" ? `failed (${body.error})` : body.status);
        break;
      }
      if (Date.now() - started > 180_000) {
        outcomes.push("still processing after 3 min");
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const endedMs = Date.now() - started;
  await new Promise((r) => setTimeout(r, 30_000));
  clearInterval(sampler);
  const after = rssMb(pid);
  await s.stop();
  await fs.rm(home, { recursive: true, force: true });
  return [
    { group: "safety", name: `two ${(bomb.length / 1024 / 1024).toFixed(1)} MB -> 1 GiB bomb PDFs at once: outcome`, value: (outcomes[0] === outcomes[1] ? `both ${outcomes[0]}` : outcomes.join("; ")).slice(0, 90), note: `both ended after ${(endedMs / 1000).toFixed(1)} s` },
    { group: "safety", name: "  server peak RSS (idle before)", value: peak, unit: "MB", note: `idle ${idle} MB` },
    { group: "safety", name: "  server RSS 30 s later", value: after, unit: "MB", note: `${after - idle >= 0 ? "+" : ""}${after - idle} MB vs idle` },
  ];
}

export async function safetyBench(): Promise<BenchFigure[]> {
  return [...(await foldersFigures()), ...(await uploadsFigures()), ...(await killFigures()), ...(await bombFigures())];
}
