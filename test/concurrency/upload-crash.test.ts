/**
 * kill -9 of a server while uploads are arriving: every upload it acknowledged is indexed
 * after the restart, no document is left queued or processing, and no job is left without
 * its document (an upload's document and job are written in one transaction, so there is no
 * moment between "document stored" and "job stored" for a crash to hit).
 */
import fs from "node:fs/promises";
import { afterEach, describe, expect, it } from "vitest";
import { openStore } from "../../src/store/index.ts";
import { twoChapterPdf } from "../helpers/pdf.ts";
import { ChildServers } from "../helpers/child-server.ts";
import { makeTempHome } from "../helpers/server.ts";

const KEY = "crash-test-key-0123456789abcdef";
const servers = new ChildServers();
afterEach(() => servers.killAll());
const startServer = (home: string) => servers.start(home, { TREEINDEX_API_KEY: KEY, TREEINDEX_WORKERS: "2" });

describe("kill -9 during uploads", () => {
  it("every acknowledged upload completes after the restart; nothing is left queued, processing or orphaned", async () => {
    const home = await makeTempHome();
    const pdf = await twoChapterPdf();
    const first = await startServer(home);
    const acknowledged: string[] = [];
    let uploading = true;
    const uploaders = Array.from({ length: 4 }, async () => {
      while (uploading) {
        const form = new FormData();
        form.set("file", new Blob([pdf]), "report.pdf");
        try {
          const res = await fetch(`${first.url}/doc`, { method: "POST", headers: { api_key: KEY }, body: form });
          if (res.status === 200) acknowledged.push(((await res.json()) as { doc_id: string }).doc_id);
        } catch {
          return; // the server is gone
        }
      }
    });
    // Kill once a few uploads are acknowledged (bounded: the server must answer within a minute).
    const ackDeadline = Date.now() + 60_000;
    while (acknowledged.length < 6) {
      if (Date.now() > ackDeadline) throw new Error(`only ${acknowledged.length} uploads acknowledged in 60 s`);
      await new Promise((r) => setTimeout(r, 10));
    }
    const exited = new Promise((r) => first.child.once("exit", r)); // listen before the exit can happen
    first.child.kill("SIGKILL");
    uploading = false;
    await Promise.all(uploaders);
    await exited;

    await startServer(home);
    const store = await openStore(home);
    const deadline = Date.now() + 120_000;
    for (;;) {
      const docs = await store.read((tx) => tx.documents.find());
      if (docs.every((d) => d.status === "completed" || d.status === "failed")) break;
      if (Date.now() > deadline) throw new Error(`still busy after 120 s (${acknowledged.length} acknowledged): ${docs.filter((d) => d.status !== "completed").map((d) => `${d.id}:${d.status}`).join(", ")}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const docs = await store.read((tx) => tx.documents.find());
    const byId = new Map(docs.map((d) => [d.id, d]));
    for (const id of acknowledged) expect(byId.get(id)?.status).toBe("completed");
    const jobs = await store.read((tx) => tx.jobs.find());
    expect(jobs.filter((j) => j.status === "queued" || j.status === "processing")).toEqual([]);
    expect(jobs.filter((j) => j.docId && !byId.has(j.docId))).toEqual([]);
    await servers.killAll(); // the server writes into the home until it is gone
    await store.close();
    await fs.rm(home, { recursive: true, force: true });
  }, 240_000);
});
