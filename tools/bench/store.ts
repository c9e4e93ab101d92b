/**
 * Store figures: catalogue write latency at 1k, 10k and 100k documents with and without
 * durability (fsync), the raw fsync cost of the disk, and /health requests per
 * second while two indexing jobs run, against the same server idle (ratio).
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { loadConfig } from "../../src/config.ts";
import { uploadOptions } from "../../src/core/documents/schemas.ts";
import { createServices } from "../../src/core/services.ts";
import { createHttpApp } from "../../src/http/app.ts";
import { listen } from "../../src/http/server.ts";
import { createLogger } from "../../src/logger.ts";
import { openStore, type DocumentRecord } from "../../src/store/index.ts";
import { bigPdfForBench } from "./inputs.ts";
import { median } from "./safety.ts";
import type { BenchFigure } from "./types.ts";

function fakeDoc(i: number): DocumentRecord {
  return {
    id: `doc_bench_${i}`, owner: "usr_bench", name: `report-${i}.pdf`, description: "An annual report with a description of typical length for a list row.",
    status: "completed", createdAt: new Date().toISOString(), pageNum: 120, metadata: { year: 2000 + (i % 25), company: `Company ${i % 300}` },
    folderId: null, format: "pdf", options: { addNodeSummary: true }, tocSource: "outline",
  };
}

/** p50 of one catalogue write at `count` documents, with the store's fsyncs (`durable`) or without. */
async function writeLatency(count: number, durable: boolean): Promise<number> {
  const home = await fs.mkdtemp(path.join(os.tmpdir(), "treeindex-bench-"));
  const store = await openStore(home, { durable });
  await store.write(async (tx) => {
    for (let i = 0; i < count; i++) await tx.documents.insert(fakeDoc(i));
  });
  const samples: number[] = [];
  for (let i = 0; i < (count >= 100_000 ? 7 : 21); i++) {
    const t = performance.now();
    await store.write((tx) => tx.documents.update(`doc_bench_${i}`, { description: `changed ${i}` }));
    samples.push(performance.now() - t);
  }
  await store.close();
  await fs.rm(home, { recursive: true, force: true });
  return median(samples);
}

/** p50 of one fsync of a freshly written 4 KB file here: what the disk charges for durability. */
async function rawFsyncMs(): Promise<number> {
  const home = await fs.mkdtemp(path.join(os.tmpdir(), "treeindex-bench-"));
  const samples: number[] = [];
  for (let i = 0; i < 21; i++) {
    const handle = await fs.open(path.join(home, `f${i}`), "w");
    await handle.writeFile(Buffer.alloc(4096, i));
    const t = performance.now();
    await handle.sync();
    samples.push(performance.now() - t);
    await handle.close();
  }
  await fs.rm(home, { recursive: true, force: true });
  return median(samples);
}

async function healthRps(url: string, seconds: number): Promise<number> {
  let count = 0;
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (Date.now() < until) {
        const res = await fetch(`${url}/health`);
        await res.arrayBuffer();
        count++;
      }
    }),
  );
  return count / seconds;
}

export async function storeBench(): Promise<BenchFigure[]> {
  const figures: BenchFigure[] = [];
  figures.push({ group: "store", name: "one fsync of a 4 KB file on this disk (p50)", value: +(await rawFsyncMs()).toFixed(2), unit: "ms", note: "each durable save pays two (file + directory)" });
  for (const n of [1_000, 10_000, 100_000]) {
    const without = await writeLatency(n, false);
    const durable = await writeLatency(n, true);
    figures.push({
      group: "store",
      name: `catalogue write p50, ${n / 1000}k documents, durable (fsync file + dir)`,
      value: +durable.toFixed(1),
      unit: "ms",
      note: `without fsync ${without.toFixed(1)} ms: durability costs ${(durable - without).toFixed(1)} ms (x${(durable / without).toFixed(2)})`,
    });
  }

  const home = await fs.mkdtemp(path.join(os.tmpdir(), "treeindex-bench-"));
  const config = loadConfig({}, { TREEINDEX_HOME: home, TREEINDEX_WORKERS: "2" });
  const services = await createServices(config, createLogger("silent"));
  const user = await services.users.ensureUser("bench");
  const server = await listen(createHttpApp(services), "127.0.0.1", 0);
  const idle = await healthRps(server.url, 3);
  const { bytes, label } = await bigPdfForBench();
  const ids = await Promise.all([1, 2].map(() => services.documents.upload(user, { fileName: "big.pdf", bytes, options: uploadOptions({}, "doc") })));
  // Wait for both to be running in workers before measuring.
  for (let i = 0; i < 400 && (await services.health.get()).queue.processing < 2; i++) await new Promise((r) => setTimeout(r, 25));
  const busy = await healthRps(server.url, 3);
  const stillRunning = (await services.health.get()).queue.processing;
  for (const { doc_id } of ids) await services.documents.delete(user, doc_id).catch(() => undefined);
  await server.close();
  await services.close();
  await fs.rm(home, { recursive: true, force: true });
  figures.push({ group: "store", name: "/health requests/s, idle", value: Math.round(idle), unit: "req/s" });
  figures.push({ group: "store", name: `/health requests/s while 2 index jobs run (${label})`, value: Math.round(busy), unit: "req/s", note: `ratio to idle ${(busy / idle).toFixed(2)}; jobs still running at the end: ${stillRunning}` });
  return figures;
}
