/**
 * What the contract tells clients to do: upload, then poll. With pollers and metadata
 * writers running beside the uploads, every document must end `completed`, every
 * acknowledged metadata value must be kept, and the queue must be empty afterwards.
 * Also: a document whose job record is gone (a catalogue written by an older version that
 * made the document and its job in two writes, and crashed between them) is healed.
 */
import { afterEach, describe, expect, it } from "vitest";
import { twoChapterPdf } from "../helpers/pdf.ts";
import { json, startTestServer, uploadFile, type TestServer } from "../helpers/server.ts";

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("uploads with pollers and metadata writers", () => {
  it("40 uploads, 4 pollers, 2 metadata writers: all completed, every acknowledged metadata kept, queue 0/0", async () => {
    server = await startTestServer();
    const s = server;
    const pdf = await twoChapterPdf();
    const ids: string[] = [];
    let uploading = true;
    const lastMetadata = new Map<string, number>();

    const pollers = Array.from({ length: 4 }, async (_, p) => {
      while (uploading || ids.length < 40) {
        const res = p % 2 === 0 ? await s.api("/docs?limit=100") : await s.api(`/doc/${ids[ids.length - 1] ?? "doc_none"}`);
        await res.arrayBuffer();
        await new Promise((r) => setTimeout(r, 2));
      }
    });
    const metadataWriters = Array.from({ length: 2 }, async (_, w) => {
      let n = 0;
      while (uploading) {
        // Each writer has its own documents (even / odd), so "last acknowledged" is well defined.
        const mine = ids.filter((_, i) => i % 2 === w);
        const id = mine[(n * 7) % Math.max(1, mine.length)];
        n++;
        if (!id) { await new Promise((r) => setTimeout(r, 5)); continue; }
        const value = w * 1_000_000 + n;
        const res = await s.api(`/doc/${id}/metadata`, { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify({ writer: w, value }) });
        expect(res.status).toBe(200);
        lastMetadata.set(id, value);
      }
    });

    for (let i = 0; i < 40; i++) {
      const res = await uploadFile(s, `doc-${i}.pdf`, pdf);
      expect(res.status).toBe(200);
      ids.push((await json(res)).doc_id);
    }
    uploading = false;
    await Promise.all([...pollers, ...metadataWriters]);

    const deadline = Date.now() + 120_000;
    for (;;) {
      const body = await json(await s.api("/docs?limit=100"));
      const statuses = body.documents.map((d: { status: string }) => d.status);
      if (statuses.length === 40 && statuses.every((st: string) => st === "completed")) break;
      if (Date.now() > deadline) throw new Error(`not all completed: ${JSON.stringify(statuses)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    for (const [id, value] of lastMetadata) {
      const meta = await json(await s.api(`/doc/${id}/metadata`));
      expect(meta.metadata.value).toBe(value);
    }
    const health = await json(await s.api("/health"));
    expect(health.queue).toEqual({ queued: 0, processing: 0 });
  });

  it("a document left queued without a job gets one and completes", async () => {
    server = await startTestServer();
    const pdf = await twoChapterPdf();
    const { doc_id } = await json(await uploadFile(server, "orphan.pdf", pdf));
    // Wait until it completed once, then make it look like the old crash: queued, job gone.
    for (let i = 0; (await json(await server.api(`/doc/${doc_id}`))).status !== "completed"; i++) {
      if (i > 2_000) throw new Error("never completed");
      await new Promise((r) => setTimeout(r, 25));
    }
    await server.services.store.write(async (tx) => {
      await tx.documents.update(doc_id, { status: "queued" });
      for (const job of await tx.jobs.find({ docId: doc_id })) await tx.jobs.remove(job.id);
    });
    // The runner's periodic sweep (every 5 s) gives it a new job.
    const deadline = Date.now() + 30_000;
    for (;;) {
      const doc = await server.services.store.read((tx) => tx.documents.get(doc_id));
      if (doc?.status === "completed" && doc.recoveries === 1) break;
      if (Date.now() > deadline) throw new Error(`not healed: ${JSON.stringify(doc)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect((await json(await server.api("/health"))).queue).toEqual({ queued: 0, processing: 0 });
  });
});
