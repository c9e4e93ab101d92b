import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { JobRunner, WorkerPool, type JobKind } from "../../src/jobs/index.ts";
import { createLogger } from "../../src/logger.ts";
import { openStore, type JobRecord, type Store } from "../../src/store/index.ts";
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

  it("runs a job in a worker thread and records completion", async () => {
    const marker = path.join(home, "marker");
    await start(sleepKind({ onStart: async () => void events.push("start"), onSuccess: async (_j, r) => void events.push(`ok ${JSON.stringify(r)}`) }));
    const job = await runner.enqueue("sleep", { ms: 50, marker });
    const done = await waitFor(async () => ((await jobStatus(job.id))?.status === "completed" ? true : undefined));
    expect(done).toBe(true);
    expect(events).toEqual(["start", 'ok {"slept":50}']);
    expect((await fs.readFile(marker, "utf8")).trim()).toBe(String(process.pid));
  });

  it("ends a throwing job as failed with a readable error", async () => {
    let failure = "";
    await start(sleepKind({ onFailure: async (_j, message) => void (failure = message) }));
    const job = await runner.enqueue("sleep", { ms: 0, fail: "the PDF is broken" });
    const record = await waitFor(async () => {
      const j = await jobStatus(job.id);
      // The job record is finished first, then the kind's onFailure runs: wait for both.
      return j?.status === "failed" && failure ? j : undefined;
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
    await start(sleepKind({ onSuccess: async () => void events.push("success"), onFailure: async () => void events.push("failure") }));
    const job = await runner.enqueue("sleep", { ms: 1_500, marker }, "doc_1");
    await waitFor(async () => ((await jobStatus(job.id))?.status === "processing" ? true : undefined));
    await runner.cancelForDocument("doc_1");
    expect((await jobStatus(job.id))?.status).toBe("cancelled");
    await new Promise((r) => setTimeout(r, 1_700));
    expect(events).toEqual([]);
    await expect(fs.access(marker)).rejects.toThrow();
  });

  it("requeues a job left processing by a dead process, and gives up after 3 attempts", async () => {
    const orphan = (id: string, attempts: number): JobRecord => ({
      id, kind: "sleep", payload: { ms: 10 }, status: "processing", attempts, createdAt: new Date().toISOString(),
      ownerPid: 2 ** 22 + 12345, ownerToken: "dead:process",
    });
    await store.write((tx) => {
      tx.jobs.insert(orphan("job_retry", 1));
      tx.jobs.insert(orphan("job_giveup", 3));
    });
    let failure = "";
    await start(sleepKind({ onFailure: async (_j, m) => void (failure = m) }));
    await waitFor(async () => ((await jobStatus("job_retry"))?.status === "completed" ? true : undefined));
    const givenUp = await jobStatus("job_giveup");
    expect(givenUp?.status).toBe("failed");
    expect(givenUp?.error).toMatch(/Gave up after 3 attempts/);
    expect(failure).toMatch(/Gave up/);
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
