/**
 * PostgreSQL figures (issue #20), on an embedded PostgreSQL with fsync on:
 * - GET /docs through ListingService at 10k, 100k and 1M documents of one owner (newest
 *   first; the listing bench's filter + sort; its group-by), and at 1M documents spread
 *   over 100 owners; beside the file store at 10k and 100k in the same run;
 * - p50 of one write (a document inserted) on both stores;
 * - indexing throughput of one server and of two servers on one database (one worker
 *   thread each), as documents per minute and their ratio.
 * `npm run bench -- postgres`
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { listDocsQuery } from "../../src/core/listing/schemas.ts";
import { ListingService } from "../../src/core/listing/service.ts";
import { openStore, type Store, type UserRecord } from "../../src/store/index.ts";
import { startTestPostgres, type TestPostgres } from "../postgres/embedded.ts";
import { makePdf } from "../../test/helpers/pdf.ts";
import { GROUP, LIST, benchDoc, seededHome, time } from "./listing.ts";
import type { BenchFigure } from "./types.ts";

const NEWEST = { limit: "50" };
const label = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}M` : `${n / 1000}k`);

/** The listing bench's documents, generated inside PostgreSQL (1M rows through the client would take minutes). */
async function seed(store: Store, url: string, count: number, owners: number): Promise<void> {
  const pg = (await import("pg")).default;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const owner = owners === 1 ? "'usr_bench'" : `'usr_bench_' || (abs(hashint4(i)) % ${owners})`;
  for (let from = 0; from < count; from += 100_000) {
    await client.query(
      `INSERT INTO documents (id, data)
       SELECT 'doc_bench_' || i, jsonb_build_object(
         'id', 'doc_bench_' || i, 'owner', ${owner}, 'name', 'report-' || i || '.pdf',
         'description', 'An annual report with a description of typical length for a list row.',
         'status', 'completed',
         'createdAt', to_char(timestamp '2024-01-01' + i * interval '1 second', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
         'pageNum', 120,
         'metadata', jsonb_build_object('year', 2000 + i % 25, 'company', 'Company ' || (i % 300), 'amount', (i::bigint * 7919) % 100000,
                                        'type', (ARRAY['invoice','report','contract','memo','letter'])[i % 5 + 1], 'region', 'R' || (i % 10)),
         'folderId', null, 'format', 'pdf', 'options', '{}'::jsonb)
       FROM generate_series($1::int, $2::int) AS i`,
      [from, Math.min(count, from + 100_000) - 1],
    );
  }
  await client.query("VACUUM ANALYZE documents");
  await client.end();
  const user: UserRecord = { id: owners === 1 ? "usr_bench" : "usr_bench_0", name: "bench", createdAt: new Date().toISOString() };
  await store.write((tx) => tx.users.insert(user));
}

async function listingFigures(store: Store, user: UserRecord, size: string, kind: string, runs: number): Promise<BenchFigure[]> {
  const listing = new ListingService(store);
  const newest = await time(runs, () => listing.list(user, listDocsQuery.parse(NEWEST)));
  const filtered = await time(runs, () => listing.list(user, listDocsQuery.parse(LIST)));
  const grouped = await time(Math.max(5, Math.floor(runs / 4)), () => listing.list(user, listDocsQuery.parse(GROUP)));
  let n = 1_000_000_000;
  const write = await time(21, () => store.write((tx) => tx.documents.insert(benchDoc(n++, user.id))));
  const figure = (name: string, value: number, note = "") => ({ group: "postgres", name: `${name} p50 (${size}, ${kind})`, value, unit: "ms", note });
  return [
    figure("list newest 50", newest.p50, size === "1M" && kind === "PostgreSQL" ? "target < 100 ms" : ""),
    figure("list filter+sort", filtered.p50, size === "1M" && kind === "PostgreSQL" ? "target < 100 ms" : ""),
    figure("group-by 2 aggregates", grouped.p50),
    figure("write (insert one document)", write.p50, kind === "file store" ? "durable: fsync" : "durable: fsync on, commit"),
  ];
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v) => (v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([x], [y]) => x.localeCompare(y))) : v));
}

async function sanityCheck(file: Store, database: Store): Promise<void> {
  const user = { id: "usr_bench", name: "bench", createdAt: "" };
  for (const query of [NEWEST, LIST, GROUP]) {
    const [a, b] = await Promise.all([new ListingService(file).list(user, listDocsQuery.parse(query)), new ListingService(database).list(user, listDocsQuery.parse(query))]);
    // JSONB keeps object keys in its own order (JSON objects are unordered): compare canonically.
    if (canonical(a) !== canonical(b)) throw new Error(`file store and PostgreSQL list differently for ${JSON.stringify(query)}`);
  }
}

/** A `treeindex serve` process on the database, one worker thread. */
async function server(url: string, key: string): Promise<{ child: ChildProcess; base: string; home: string }> {
  const home = await fs.mkdtemp(path.join(os.tmpdir(), "treeindex-bench-pg-"));
  const child = spawn(process.execPath, [path.resolve("bin/treeindex.js"), "serve"], {
    env: { ...process.env, TREEINDEX_HOME: home, TREEINDEX_PORT: "0", TREEINDEX_WORKERS: "1", TREEINDEX_DATABASE_URL: url, TREEINDEX_API_KEY: key, TREEINDEX_LOG_LEVEL: "info" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  const base = await new Promise<string>((resolve, reject) => {
    let err = "";
    child.stderr!.on("data", (d) => {
      err += d;
      const m = /"url":"(http:\/\/[^"]+)"/.exec(err);
      if (m) resolve(m[1]);
    });
    child.once("exit", (code) => reject(new Error(`server exited ${code}: ${err}`)));
  });
  return { child, base, home };
}

async function throughput(postgres: TestPostgres, servers: number, pdfs: Uint8Array[]): Promise<number> {
  const url = await postgres.createDatabase("bench");
  const key = "bench-key-0123456789abcdef";
  const running: Array<Awaited<ReturnType<typeof server>>> = [];
  for (let i = 0; i < servers; i++) running.push(await server(url, key)); // one at a time: migrations are applied once either way
  const started = performance.now();
  const ids = await Promise.all(
    pdfs.map(async (bytes, i) => {
      const form = new FormData();
      form.set("file", new Blob([bytes]), `book-${i}.pdf`);
      const res = await fetch(`${running[i % servers].base}/doc`, { method: "POST", body: form, headers: { api_key: key } });
      return ((await res.json()) as { doc_id: string }).doc_id;
    }),
  );
  for (const id of ids) {
    for (;;) {
      const body = (await (await fetch(`${running[0].base}/doc/${id}`, { headers: { api_key: key } })).json()) as { status: string };
      if (body.status === "completed") break;
      if (body.status === "failed") throw new Error(`bench document ${id} failed`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const minutes = (performance.now() - started) / 60_000;
  for (const r of running) {
    r.child.kill("SIGTERM");
    await new Promise((res) => r.child.once("exit", res));
    await fs.rm(r.home, { recursive: true, force: true });
  }
  await postgres.dropDatabase(url);
  return Math.round((pdfs.length / minutes) * 10) / 10;
}

export async function postgresBench(): Promise<BenchFigure[]> {
  const postgres = await startTestPostgres({ durable: true, embedded: true });
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), "treeindex-bench-pg-scratch-"));
  const figures: BenchFigure[] = [];
  const log = (f: BenchFigure[]) => (figures.push(...f), f.forEach((x) => process.stderr.write(`postgres: ${x.name} = ${x.value} ${x.unit ?? ""}\n`)));
  try {
    for (const count of [10_000, 100_000]) {
      const { home, user } = await seededHome(count);
      const file = await openStore(home);
      if (count === 10_000) {
        const url = await postgres.createDatabase("bench");
        const database = await openStore(scratch, { databaseUrl: url });
        await seed(database, url, count, 1);
        await sanityCheck(file, database);
        await database.close();
        await postgres.dropDatabase(url);
      }
      log(await listingFigures(file, user, label(count), "file store", count >= 100_000 ? 10 : 40));
      await file.close();
      await fs.rm(home, { recursive: true, force: true });
    }
    for (const [count, owners] of [[10_000, 1], [100_000, 1], [1_000_000, 1], [1_000_000, 100]] as const) {
      const url = await postgres.createDatabase("bench");
      const database = await openStore(scratch, { databaseUrl: url });
      const t = performance.now();
      await seed(database, url, count, owners);
      process.stderr.write(`postgres: seeded ${count} documents in ${Math.round((performance.now() - t) / 1000)} s\n`);
      const user = { id: owners === 1 ? "usr_bench" : "usr_bench_0", name: "bench", createdAt: "" };
      log(await listingFigures(database, user, owners === 1 ? label(count) : `${label(count)} over ${owners} owners`, "PostgreSQL", 20));
      await database.close();
      await postgres.dropDatabase(url);
    }
    const para = "This paragraph has enough ordinary words in it to be recognised as body text of the page.";
    const pdfs = await Promise.all(Array.from({ length: 12 }, (_, n) => makePdf(Array.from({ length: 400 }, (_, i) => ({ lines: [...(i % 10 === 0 ? [`# ${i / 10 + 1} Part ${n}.${i / 10 + 1}`] : []), para, para, para, para, para, para, para, para] })))));
    const one = await throughput(postgres, 1, pdfs);
    const two = await throughput(postgres, 2, pdfs);
    log([
      { group: "postgres", name: "indexing, 1 server x 1 worker", value: one, unit: "docs/min", note: "12 generated 400-page PDFs, upload to last completed" },
      { group: "postgres", name: "indexing, 2 servers x 1 worker, one database", value: two, unit: "docs/min", note: `${(two / one).toFixed(2)}x one server (${os.cpus().length} cores)` },
    ]);
  } finally {
    await postgres.stop();
    await fs.rm(scratch, { recursive: true, force: true });
  }
  return figures;
}
