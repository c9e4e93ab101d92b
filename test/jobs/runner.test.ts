import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { JobRunner, WorkerPool, type JobKind } from "../../src/jobs/index.ts";
import { createLogger } from "../../src/logger.ts";
import { openStore, type JobRecord, type ProcessIdentity, type Store } from "../../src/store/index.ts";
import { processStart } from "../../src/store/process-identity.ts";
import { sleepKind } from "../fixtures/jobs/sleep-kind.ts";
import { makeTempHome } from "../helpers/server.ts";

async function waitFor<T>(fn: () => Promise<T | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > until) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe("JobRunner", () => {
  let home: string;
  let store: Store;
  let pool: WorkerPool;
  let runner: JobRunner;
  const events: string[] = [];

  async function start(kind: JobKind) {
    runner = new JobRunner({ store, pool, kinds: [kind], logger: createLogger("silent"), pollMs: 50 });
    await runner.start();
  }
  const jobStatus = (id: string) => store.read((tx) => tx.jobs.get(id));

  beforeEach(async () => {
    events.length = 0;
    home = await makeTempHome();
    store = await openStore(home);
    pool = new WorkerPool(2);
  });
  afterEach(async () => {
    await runner?.stop();
    await pool.close();
    await fs.rm(home, { recursive: true, force: true });
  });

  it("an idle runner polls without write transactions, and still picks up a job another process queues", async () => {
    await start(sleepKind({}));
    await new Promise((r) => setTimeout(r, 300)); // start-up recovery done
    let writes = 0;
    const write = store.write.bind(store);
    store.write = ((fn: Parameters<Store["write"]>[0]) => {
      writes++;
      return write(fn);
    }) as Store["write"];
    await new Promise((r) => setTimeout(r, 600)); // a dozen polls at 50 ms
    expect(writes).toBe(0);
    // A job written straight into the store (as another process's enqueue would) still runs.
    const other = new JobRunner({ store, pool, kinds: [sleepKind({})], logger: createLogger("silent") });
    const job = await other.queue.enqueue("sleep", { ms: 0 });
    await waitFor(async () => ((await jobStatus(job.id))?.status === "completed" ? true : undefined));
  });

  it("runs a job in a worker thread and records completion", async () => {
    const marker = path.join(home, "marker");
    await start(sleepKind({ onStart: async () => void events.push("start"), onSuccess: async (_tx, _j, r) => void events.push(`ok ${JSON.stringify(r)}`) }));
    const job = await runner.enqueue("sleep", { ms: 50, marker });
    const done = await waitFor(async () => ((await jobStatus(job.id))?.status === "completed" ? true : undefined));
    expect(done).toBe(true);
    expect(events).toEqual(["start", 'ok {"slept":50}']);
    expect((await fs.readFile(marker, "utf8")).trim()).toBe(String(process.pid));
  });

  it("ends a throwing job as failed with a readable error", async () => {
    let failure = "";
    await start(sleepKind({ onFailure: async (_tx, _j, message) => void (failure = message) }));
    const job = await runner.enqueue("sleep", { ms: 0, fail: "the PDF is broken" });
    const record = await waitFor(async () => {
      const j = await jobStatus(job.id);
      return j?.status === "failed" ? j : undefined;
    });
    expect(record.error).toBe("the PDF is broken");
    expect(failure).toBe("the PDF is broken");
  });

  it("fails a job that passes its time limit and stops its worker", async () => {
    await start(sleepKind({ timeoutMs: 300 }));
    const job = await runner.enqueue("sleep", { ms: 5_000 });
    const record = await waitFor(async () => {
      const j = await jobStatus(job.id);
      return j?.status === "failed" ? j : undefined;
    });
    expect(record.error).toMatch(/timed out/);
  });

  it("cancels a running job of a deleted document without recording success", async () => {
    const marker = path.join(home, "marker");
    await start(sleepKind({ onSuccess: async () => void events.push("success"), onFailure: async () => void events.push("failure"), onDiscarded: async () => void events.push("discarded") }));
    const job = await runner.enqueue("sleep", { ms: 1_500, marker }, "doc_1");
    await waitFor(async () => ((await jobStatus(job.id))?.status === "processing" ? true : undefined));
    await runner.cancelForDocument("doc_1");
    expect((await jobStatus(job.id))?.status).toBe("cancelled");
    await new Promise((r) => setTimeout(r, 1_700));
    expect(events).toEqual(["discarded"]);
    await expect(fs.access(marker)).rejects.toThrow();
  });

  const fresh = () => new Date().toISOString();
  const orphan = (id: string, attempts: number, owner: Partial<ProcessIdentity>, heartbeatAt = fresh()): JobRecord => ({
    id, kind: "sleep", payload: { ms: 10 }, status: "processing", attempts, createdAt: fresh(), heartbeatAt,
    owner: { host: os.hostname(), token: `other-${id}`, pid: 0, ...owner } as ProcessIdentity,
  });

  it("requeues a job left processing by a dead process at once, and gives up after 3 attempts", async () => {
    await store.write(async (tx) => {
      await tx.jobs.insert(orphan("job_retry", 1, { pid: 2 ** 22 + 12345 }));
      await tx.jobs.insert(orphan("job_giveup", 3, { pid: 2 ** 22 + 12346 }));
    });
    let failure = "";
    await start(sleepKind({ onFailure: async (_tx, _j, m) => void (failure = m) }));
    await waitFor(async () => ((await jobStatus("job_retry"))?.status === "completed" ? true : undefined));
    const givenUp = await jobStatus("job_giveup");
    expect(givenUp?.status).toBe("failed");
    expect(givenUp?.error).toMatch(/Gave up after 3 attempts/);
    expect(failure).toMatch(/Gave up/);
  });

  it("takes over a job whose owner's PID now belongs to another process (a reused PID)", async () => {
    // Our parent is alive, but it started at another time than the recorded owner did.
    const reused = orphan("job_reused", 1, { pid: process.ppid, start: "other-boot:1" });
    // A live owner with a fresh lease on the same host keeps its job.
    const live = orphan("job_live", 1, { pid: process.ppid, start: processStart(process.ppid) });
    await store.write(async (tx) => {
      await tx.jobs.insert(reused);
      await tx.jobs.insert(live);
    });
    await start(sleepKind());
    await waitFor(async () => ((await jobStatus("job_reused"))?.status === "completed" ? true : undefined));
    const kept = await jobStatus("job_live");
    expect(kept?.status).toBe("processing");
    expect(kept?.owner?.token).toBe("other-job_live");
  });

  it("takes over a job whose owner stopped renewing its lease (another host, or hung)", async () => {
    const stale = new Date(Date.now() - 60_000).toISOString();
    await store.write(async (tx) => {
      await tx.jobs.insert(orphan("job_far", 1, { pid: 1, host: "elsewhere" }, stale));
      await tx.jobs.insert(orphan("job_far_fresh", 1, { pid: 1, host: "elsewhere" }));
    });
    await start(sleepKind());
    await waitFor(async () => ((await jobStatus("job_far"))?.status === "completed" ? true : undefined));
    expect((await jobStatus("job_far_fresh"))?.status).toBe("processing");
  });

  it("renews the lease of a running job, and drops a job another process took over", async () => {
    runner = new JobRunner({ store, pool, kinds: [sleepKind({ onSuccess: async () => void events.push("success"), onDiscarded: async () => void events.push("discarded") })], logger: createLogger("silent"), pollMs: 20, leaseMs: 500 });
    await runner.start();
    const job = await runner.enqueue("sleep", { ms: 1_200 });
    const first = await waitFor(async () => { const j = await jobStatus(job.id); return j?.status === "processing" ? j : undefined; });
    const renewed = await waitFor(async () => { const j = await jobStatus(job.id); return j && j.heartbeatAt! > first.heartbeatAt! ? j : undefined; });
    expect(renewed.owner?.token).toBe(runner.queue.owner.token);
    // Another process claims it (as after our lease ran out while we were paused).
    await store.write((tx) => tx.jobs.update(job.id, { owner: { ...renewed.owner!, token: "someone-else" }, heartbeatAt: fresh() }));
    await waitFor(async () => (events.includes("discarded") ? true : undefined));
    expect(events).toEqual(["discarded"]);
    expect((await jobStatus(job.id))?.owner?.token).toBe("someone-else");
  });

  it("a clean stop hands a running job back without counting the attempt", async () => {
    await start(sleepKind());
    const job = await runner.enqueue("sleep", { ms: 3_000 });
    await waitFor(async () => ((await jobStatus(job.id))?.status === "processing" ? true : undefined));
    await runner.stop();
    const back = await jobStatus(job.id);
    expect(back).toMatchObject({ status: "queued", attempts: 0 });
    expect(back?.owner).toBeUndefined();
  });

  it("runs as many jobs at once as there are threads", async () => {
    await start(sleepKind());
    const jobs = await Promise.all([1, 2, 3].map(() => runner.enqueue("sleep", { ms: 600 })));
    await waitFor(async () => ((await runner.queue.depth()).processing === 2 ? true : undefined));
    expect((await runner.queue.depth()).queued).toBe(1);
    await waitFor(async () => {
      const all = await Promise.all(jobs.map((j) => jobStatus(j.id)));
      return all.every((j) => j?.status === "completed") ? true : undefined;
    });
  });
});
