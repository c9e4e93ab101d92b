/**
 * A file still being written into a watched folder (a slow copy) is indexed once, when it
 * is complete: never from a partial file, never twice (issue #39).
 */
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { afterAll, beforeAll, expect, it } from "vitest";
import { originalBlobName } from "../../src/core/documents/index-job.ts";
import type { UserRecord } from "../../src/store/index.ts";
import { startServices } from "../helpers/indexed.ts";

/** A 3-page PDF padded to ~20 MB by an embedded file of random bytes (incompressible). */
async function twentyMegabytePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 1; p <= 3; p++) {
    const page = doc.addPage([595, 842]);
    page.drawText(`Chapter ${p}`, { x: 60, y: 780, size: 18, font });
    page.drawText(p === 3 ? "The final page speaks of the okapi." : `Ordinary words on page ${p} of the long report.`, { x: 60, y: 740, size: 11, font });
  }
  const padding = new Uint8Array(20 * 1024 * 1024);
  for (let at = 0; at < padding.length; at += 65536) padding.set(randomBytes(65536), at);
  await doc.attach(padding, "padding.bin", { mimeType: "application/octet-stream" });
  return doc.save({ useObjectStreams: false });
}

let env: Awaited<ReturnType<typeof startServices>>;
let user: UserRecord;
let dir: string;

beforeAll(async () => {
  dir = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), "treeindex-slowcopy-")));
  env = await startServices();
  user = await env.services.users.ensureUser("local");
  await env.services.sync.watch(user, dir);
});

afterAll(async () => {
  await env?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

it("indexes a 20 MB file copied in slowly once, and complete", async () => {
  const bytes = await twentyMegabytePdf();
  expect(bytes.length).toBeGreaterThan(20 * 1024 * 1024);
  const target = path.join(dir, "big-report.pdf");
  const handle = await fs.open(target, "w");
  const chunk = 1024 * 1024;
  // ~2.5 s of copying, a megabyte every 120 ms: longer than a pass, shorter than the settle time between writes.
  for (let at = 0; at < bytes.length; at += chunk) {
    await handle.write(bytes.subarray(at, Math.min(bytes.length, at + chunk)), 0, undefined, at);
    await new Promise((r) => setTimeout(r, 120));
  }
  await handle.close();
  const copyEnded = Date.now();

  const { services } = env;
  const doc = await (async () => {
    for (const deadline = Date.now() + 50_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
      const record = await services.store.read(async (tx) => (await tx.syncedFiles.find({ path: "big-report.pdf" }))[0]);
      const found = record?.docId ? await services.store.read((tx) => tx.documents.get(record.docId!)) : undefined;
      if (found && (found.status === "completed" || found.status === "failed")) return found;
    }
    throw new Error("the copied file was not indexed");
  })();
  await services.sync.idle();
  expect(doc.status).toBe("completed");
  expect(doc.pageNum).toBe(3);
  // Made after the copy ended, from the whole file: the stored original is the file, byte for byte.
  expect(Date.parse(doc.createdAt)).toBeGreaterThanOrEqual(copyEnded - 50);
  const stored = await services.store.blobs.read(doc.id, originalBlobName("pdf"));
  expect(createHash("sha256").update(stored!).digest("hex")).toBe(createHash("sha256").update(bytes).digest("hex"));
  // Once: one document, one index job.
  expect(await services.store.read((tx) => tx.documents.count({}))).toBe(1);
  expect(await services.store.read((tx) => tx.jobs.count({ docId: doc.id, kind: "index_document" }))).toBe(1);
  const result = await services.search.searchDocument(user, doc.id, "okapi");
  expect(JSON.stringify(result.result)).toMatch(/okapi/);
});
