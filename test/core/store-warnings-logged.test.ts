// Every log line is JSON: the store's warnings (here: taking over a catalogue lock left by a
// killed process) reach the service's logger, not plain text on stderr beside the JSON log.
import fs from "node:fs/promises";
import path from "node:path";
import pino from "pino";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { createServices } from "../../src/core/services.ts";
import { makeTempHome } from "../helpers/server.ts";

let home: string | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  if (home) await fs.rm(home, { recursive: true, force: true });
});

describe("store warnings", () => {
  it("are JSON log lines of the service's logger", async () => {
    home = await makeTempHome();
    // A lock left without an owner record by a process killed while taking it, long enough ago to be taken over.
    const lockDir = path.join(home, "catalog.json.lock");
    await fs.mkdir(lockDir);
    const old = new Date(Date.now() - 5_000);
    await fs.utimes(lockDir, old, old);

    const lines: string[] = [];
    const logger = pino({ level: "info" }, { write: (line: string) => lines.push(line) });
    const stderr = vi.spyOn(process.stderr, "write");
    const services = await createServices(loadConfig({}, { TREEINDEX_HOME: home, TREEINDEX_WORKERS: "1" }), logger, { runJobs: false });
    await services.close();

    const records = lines.map((l) => JSON.parse(l) as { level: number; msg: string });
    expect(records).toContainEqual(expect.objectContaining({ level: 40, msg: expect.stringMatching(/took over a catalogue lock/) }));
    const plain = stderr.mock.calls.map((c) => String(c[0])).filter((s) => /catalogue lock/.test(s));
    expect(plain).toEqual([]);
  });
});
