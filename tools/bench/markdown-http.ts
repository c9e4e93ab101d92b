/**
 * `POST /markdown` with a large file through the real HTTP server: the corpus' largest file
 * repeated to ~5 MB (the synchronous limit), timed end to end, with `/health` probed
 * meanwhile to show the parse runs off the event loop.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { loadConfig } from "../../src/config.ts";
import { createServices } from "../../src/core/services.ts";
import { createHttpApp } from "../../src/http/app.ts";
import { listen } from "../../src/http/server.ts";
import { createLogger } from "../../src/logger.ts";
import type { BenchFigure } from "./types.ts";

const TARGET_BYTES = 5 * 1024 * 1024 - 64 * 1024;

export async function largeMarkdownRequest(seed: string): Promise<BenchFigure[]> {
  const home = await fs.mkdtemp(path.join(os.tmpdir(), "treeindex-bench-md-"));
  const services = await createServices(loadConfig({}, { TREEINDEX_HOME: home, TREEINDEX_PORT: "0", TREEINDEX_WORKERS: "2" }), createLogger("silent"));
  const { key } = await services.users.createKey("bench");
  const server = await listen(createHttpApp(services), "127.0.0.1", 0);
  try {
    const source = seed.repeat(Math.max(1, Math.floor(TARGET_BYTES / Buffer.byteLength(seed))));
    const bytes = Buffer.byteLength(source);
    const form = new FormData();
    form.set("file", new Blob([source]), "large.md");
    form.set("if_thinning", "yes");
    let probing = true;
    const healthMs: number[] = [];
    const probe = (async () => {
      while (probing) {
        const t = performance.now();
        await fetch(`${server.url}/health`);
        healthMs.push(performance.now() - t);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const t0 = performance.now();
    const res = await fetch(`${server.url}/markdown`, { method: "POST", body: form, headers: { api_key: key } });
    const body = (await res.json()) as { structure?: unknown[] };
    const seconds = (performance.now() - t0) / 1000;
    probing = false;
    await probe;
    if (res.status !== 200 || !body.structure) throw new Error(`POST /markdown answered ${res.status}`);
    healthMs.sort((a, b) => a - b);
    const worstHealth = healthMs.at(-1) ?? 0;
    return [
      { group: "markdown", name: "POST /markdown 5 MB seconds", value: Number(seconds.toFixed(1)), unit: "s", note: `${(bytes / 1e6).toFixed(1)} MB, thinning + summaries, ${(bytes / 1e6 / seconds).toFixed(2)} MB/s` },
      { group: "markdown", name: "/health worst ms during it", value: Number(worstHealth.toFixed(1)), unit: "ms", note: `${healthMs.length} probes; the parse runs in a worker thread` },
    ];
  } finally {
    await server.close();
    await services.close();
    await fs.rm(home, { recursive: true, force: true });
  }
}
