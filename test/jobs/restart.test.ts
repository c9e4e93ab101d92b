import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { JobQueue } from "../../src/jobs/index.ts";
import { openStore } from "../../src/store/index.ts";
import { ChildServers } from "../helpers/child-server.ts";
import { makeTempHome } from "../helpers/server.ts";

const servers = new ChildServers();
afterEach(() => servers.killAll());
const startServer = async (home: string) => (await servers.start(home)).child;

describe("job recovery after kill -9", () => {
  it("resumes a job whose server was killed mid-job and completes it on the next start", async () => {
    const home = await makeTempHome();
    const marker = path.join(home, "marker");
    const store = await openStore(home);
    const queue = new JobQueue(store);

    const first = await startServer(home);
    const job = await queue.enqueue("sleep", { ms: 3_000, marker });
    // The first server picks it up (it polls the shared store) ...
    for (let i = 0; ; i++) {
      const j = await queue.get(job.id);
      if (j?.status === "processing") {
        expect(j.owner?.pid).toBe(first.pid);
        break;
      }
      if (i > 400) throw new Error("job never started");
      await new Promise((r) => setTimeout(r, 25));
    }
    // ... and dies without any chance to clean up.
    first.kill("SIGKILL");
    await new Promise((r) => first.once("exit", r));
    expect((await queue.get(job.id))?.status).toBe("processing");

    const second = await startServer(home);
    for (let i = 0; ; i++) {
      const j = await queue.get(job.id);
      if (j?.status === "completed") {
        expect(j.attempts).toBe(2);
        break;
      }
      if (i > 800) throw new Error(`job not completed: ${JSON.stringify(j)}`);
      await new Promise((r) => setTimeout(r, 25));
    }
    // The marker is written once, by the second server's worker.
    expect((await fs.readFile(marker, "utf8")).trim()).toBe(String(second.pid));
    await servers.killAll(); // the server writes into the home until it is gone
    await fs.rm(home, { recursive: true, force: true });
  });
});

describe("two processes sharing one queue", () => {
  it("12 jobs enqueued on a home served by two processes: each runs exactly once, both take work", async () => {
    const home = await makeTempHome();
    const store = await openStore(home);
    const queue = new JobQueue(store);
    const [a, b] = await Promise.all([startServer(home), startServer(home)]);
    const jobs = await Promise.all(Array.from({ length: 12 }, (_, i) => queue.enqueue("sleep", { ms: 300, marker: path.join(home, `marker-${i}`) })));
    for (let i = 0; ; i++) {
      const states = await Promise.all(jobs.map((j) => queue.get(j.id)));
      if (states.every((j) => j?.status === "completed")) break;
      if (i > 1200) throw new Error(`not all completed: ${states.map((j) => j?.status).join(",")}`);
      await new Promise((r) => setTimeout(r, 25));
    }
    const runners = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const lines = (await fs.readFile(path.join(home, `marker-${i}`), "utf8")).trim().split("\n");
      expect(lines).toHaveLength(1); // ran once, never twice
      runners.add(lines[0]);
    }
    expect(runners).toEqual(new Set([String(a.pid), String(b.pid)]));
    // Both servers go on writing (heartbeats, sweeps) until they are gone.
    await servers.killAll();
    await store.close();
    await fs.rm(home, { recursive: true, force: true });
  });
});
