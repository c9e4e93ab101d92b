/**
 * A full disk: every write that fails for lack of space answers 507 with a message saying
 * so; after space is freed the service heals without a restart (jobs whose results could
 * not be written run again, no empty document folders stay). The home is a real 40 MB
 * tmpfs, which needs root and the right to mount; elsewhere the test is skipped.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePdf } from "../helpers/pdf.ts";
import { json, makeTempHome, startTestServer, type TestServer } from "../helpers/server.ts";

const JSON_HEADERS = { "content-type": "application/json" };

async function mountSmallDisk(): Promise<string | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const dir = await makeTempHome("treeindex-fulldisk-");
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=40m", "tmpfs", dir], { stdio: "ignore" });
    return dir;
  } catch {
    await fs.rm(dir, { recursive: true, force: true });
    return undefined;
  }
}

/** Writes a filler file until the disk is full. */
async function fill(file: string): Promise<void> {
  const chunk = Buffer.alloc(256 * 1024, 7);
  const handle = await fs.open(file, "w");
  try {
    for (;;) await handle.write(chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
  } finally {
    await handle.close().catch(() => undefined);
  }
}

const disk = await mountSmallDisk();

describe.skipIf(!disk)("disk full (a 40 MB tmpfs home; skipped unless root may mount one)", () => {
  let server: TestServer;
  const home = disk ? path.join(disk, "home") : "";
  beforeAll(async () => {
    await fs.mkdir(home);
    server = await startTestServer({ TREEINDEX_HOME: home, TREEINDEX_WORKERS: "2" });
  });
  afterAll(async () => {
    await server?.close().catch(() => undefined);
    execFileSync("umount", [disk!]);
    await fs.rm(disk!, { recursive: true, force: true });
  });

  it("answers 507 for every failed write, then heals without a restart once space is freed", async () => {
    const para = "Body text with enough ordinary words to be read as a paragraph of the report.";
    const pdf = await makePdf(Array.from({ length: 150 }, (_, i) => ({ lines: [`# ${i + 1} Section ${i}`, para, para, para] })));
    const upload = (name: string, bytes: Uint8Array | string) => {
      const form = new FormData();
      form.set("file", new Blob([bytes]), name);
      return server.api("/doc", { method: "POST", body: form });
    };
    const folder = await json(await server.api("/folder", { method: "POST", body: JSON.stringify({ name: "before" }), headers: JSON_HEADERS }));
    // Acknowledged uploads whose indexing will meet the full disk.
    const acknowledged: string[] = [];
    for (let i = 0; i < 4; i++) acknowledged.push((await json(await upload(`report-${i}.pdf`, pdf))).doc_id);
    const filler = path.join(disk!, "filler");
    await fill(filler);
    const busyAtFill = (await server.services.store.read((tx) => tx.documents.find({ status: { $in: ["queued", "processing"] } }))).length;
    // Some acknowledged documents are still being indexed when the disk fills (their results cannot be written).
    expect(busyAtFill).toBeGreaterThan(0);

    const refusals = [
      await upload("late.pdf", pdf),
      await upload("late.md", "# Late\n\nA note.\n".repeat(2000)),
      await server.api("/folder", { method: "POST", body: JSON.stringify({ name: "x".repeat(200) }), headers: JSON_HEADERS }),
      await server.api(`/doc/${acknowledged[0]}/metadata`, { method: "PUT", body: JSON.stringify({ note: "y".repeat(5000) }), headers: JSON_HEADERS }),
    ];
    for (const res of refusals) {
      // A write may squeeze into the last free bytes; one that fails must say why.
      if (res.status === 200) continue;
      expect(res.status).toBe(507);
      expect((await json(res)).detail).toMatch(/disk space/i);
    }
    expect(refusals.filter((r) => r.status === 507).length).toBeGreaterThan(0);

    await fs.rm(filler);
    const deadline = Date.now() + 60_000;
    let docs = await server.services.store.read((tx) => tx.documents.find());
    while (Date.now() < deadline) {
      docs = await server.services.store.read((tx) => tx.documents.find());
      const depth = await server.services.runner.queue.depth();
      if (docs.every((d) => d.status === "completed" || d.status === "failed") && depth.queued + depth.processing === 0) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    for (const id of acknowledged) {
      const doc = docs.find((d) => d.id === id);
      expect(doc?.status, `${id}: ${doc?.error}`).toBe("completed");
    }
    expect(docs.filter((d) => d.status === "failed" && /ENOSPC|space/i.test(d.error ?? ""))).toEqual([]);
    expect(await server.services.runner.queue.depth()).toEqual({ queued: 0, processing: 0 });
    // No empty document folders, none without a record.
    const known = new Set(docs.map((d) => d.id));
    for (const name of await fs.readdir(path.join(home, "docs"))) {
      expect(known.has(name), `docs/${name} has no record`).toBe(true);
      expect((await fs.readdir(path.join(home, "docs", name))).length).toBeGreaterThan(0);
    }
    // Writes work again.
    expect((await server.api("/folder", { method: "POST", body: JSON.stringify({ name: "after" }), headers: JSON_HEADERS })).status).toBe(200);
    expect(folder.id).toBeTruthy();
  }, 120_000);
});
