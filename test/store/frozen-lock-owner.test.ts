/**
 * A process frozen (SIGSTOP) while it holds the catalogue lock must not have its lock taken
 * over: when it resumes it finishes its save, which would write over whatever the taker
 * wrote meanwhile. The other server waits a bounded time and answers 503 + Retry-After.
 */
import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { WAIT_LIMIT_MS } from "../../src/store/catalog-lock.ts";
import { json, makeTempHome, startTestServer } from "../helpers/server.ts";

const WRITER = path.resolve("test/fixtures/store-writer.ts");
const JSON_HEADERS = { "content-type": "application/json" };

describe("a frozen lock owner", () => {
  const homes: string[] = [];
  afterAll(() => Promise.all(homes.map((h) => fs.rm(h, { recursive: true, force: true }))));

  it("is never taken over: writes answer 503 + Retry-After while it is stopped, and after SIGCONT nothing is lost", async () => {
    const home = await makeTempHome();
    homes.push(home);
    const server = await startTestServer({ TREEINDEX_HOME: home });
    const child = spawn(process.execPath, ["--import", "tsx", WRITER, home, "frozen", "0", "--hold-lock-ms", "500"], { stdio: ["ignore", "ignore", "pipe"] });
    let err = "";
    await new Promise<void>((resolve, reject) => {
      child.stderr!.on("data", (d) => {
        err += d;
        if (err.includes("HOLDING")) resolve();
      });
      child.once("exit", (code) => reject(new Error(`writer exited ${code}: ${err}`)));
    });
    child.kill("SIGSTOP");
    const exited = new Promise((r) => child.once("exit", r));
    try {
      const frozenAt = Date.now();
      // One write waits out the limit (past the 10 s at which an unrefreshed lock used to be taken over).
      const busy = await server.api("/folder", { method: "POST", body: JSON.stringify({ name: "while-frozen" }), headers: JSON_HEADERS });
      expect(busy.status).toBe(503);
      expect(Number(busy.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await json(busy)).detail).toMatch(/busy/);
      expect(Date.now() - frozenAt).toBeGreaterThanOrEqual(WAIT_LIMIT_MS - 100);
    } finally {
      child.kill("SIGCONT");
    }
    await exited;
    expect(err).toContain("ACK");
    const after = await server.api("/folder", { method: "POST", body: JSON.stringify({ name: "after-resume" }), headers: JSON_HEADERS });
    expect(after.status).toBe(200);
    const names = (await server.services.store.read((tx) => tx.folders.find())).map((f) => f.name).sort();
    // The frozen process's write and the later one are both there; the refused one is not.
    expect(names).toEqual(["after-resume", "held"]);
    await server.close();
  }, 60_000);
});
