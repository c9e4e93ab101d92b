/**
 * Keeping a folder indexed (issue #39), on a real temporary directory watched by the real
 * services (worker pool, store, library index, @parcel/watcher): files added, edited,
 * renamed, deleted; a link outside the allowed folders, temporary files, an unsupported
 * file and one over the upload limit.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "../../src/core/services.ts";
import type { DocumentRecord, UserRecord } from "../../src/store/index.ts";
import { startServices } from "../helpers/indexed.ts";
import { until as waitUntil } from "../helpers/until.ts";

/** A word no other file has (letters only: the library index treats digits apart). */
function wordOf(i: number): string {
  let s = "";
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(97 + ((n - 1) % 26)) + s;
  return `quokka${s}`;
}

function markdown(i: number, extra = ""): string {
  return `# Note ${wordOf(i)}\n\nThis note is about ${wordOf(i)} and nothing else. ${extra}\n\n## Details\n\nMore about ${wordOf(i)}.\n`;
}

const until = <T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 45_000) => waitUntil(what, probe, timeoutMs, 150);

describe("a watched folder", () => {
  let env: Awaited<ReturnType<typeof startServices>>;
  let services: Services;
  let user: UserRecord;
  let dir: string;
  let outside: string;
  let folderId: string;

  const docsOf = async (): Promise<DocumentRecord[]> => {
    const ids = await env.services.store.read(async (tx) => (await tx.syncedFiles.find({})).filter((r) => r.docId).map((r) => r.docId!));
    return env.services.store.read(async (tx) => (await Promise.all(ids.map((id) => tx.documents.get(id)))).filter((d): d is DocumentRecord => d !== undefined));
  };
  const docAt = async (relative: string): Promise<DocumentRecord | undefined> => {
    const record = await services.store.read(async (tx) => (await tx.syncedFiles.find({ path: relative }))[0]);
    return record?.docId ? services.store.read((tx) => tx.documents.get(record.docId!)) : undefined;
  };
  const jobsOf = (docId: string) => services.store.read((tx) => tx.jobs.count({ docId, kind: "index_document" }));
  const searchHits = async (query: string): Promise<string[]> => {
    await services.librarySync.idle();
    const result = await services.search.search(user, {}, query);
    return result.documents.map((d) => d.doc_id);
  };

  beforeAll(async () => {
    dir = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), "treeindex-watched-")));
    outside = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), "treeindex-outside-")));
    // Only the watched folder is allowed; `outside` is not.
    env = await startServices({ TREEINDEX_ALLOWED_ROOTS: dir, TREEINDEX_MAX_UPLOAD_MB: "1" });
    services = env.services;
    user = await services.users.ensureUser("local");
  });

  afterAll(async () => {
    await env?.close();
    await fs.rm(dir, { recursive: true, force: true });
    await fs.rm(outside, { recursive: true, force: true });
  });

  it("indexes 50 files added to it, mirroring its subdirectories as folders", async () => {
    await fs.mkdir(path.join(dir, "reports", "2024"), { recursive: true });
    for (let i = 0; i < 50; i++) {
      const sub = i < 10 ? "" : i < 30 ? "reports" : "reports/2024";
      await fs.writeFile(path.join(dir, sub, `note-${i}.md`), markdown(i));
    }
    const status = await services.sync.watch(user, dir);
    folderId = status.folder_id;
    await until("50 documents are indexed", async () => {
      const docs = await docsOf();
      return docs.length === 50 && docs.every((d) => d.status === "completed");
    });
    const root = await services.folders.get(user, folderId);
    expect(root).toMatchObject({ name: path.basename(dir), parent_folder_id: null, document_count: 10, subfolder_count: 1 });
    const reports = (await services.folders.list(user, folderId))[0];
    expect(reports).toMatchObject({ name: "reports", document_count: 20, subfolder_count: 1 });
    expect((await services.folders.list(user, reports.id))[0]).toMatchObject({ name: "2024", document_count: 20 });
    expect((await docAt("reports/2024/note-40.md"))?.name).toBe("note-40.md");
    for (const doc of await docsOf()) expect(await jobsOf(doc.id)).toBe(1);
    expect(await searchHits(wordOf(17))).toEqual([(await docAt("reports/note-17.md"))!.id]);
    const health = await services.health.get();
    expect(health.sync).toMatchObject({ roots: 1, files: 50, pending: 0 });
  });

  it("re-indexes an edited file in place: same doc_id and metadata, old text gone from search, new text found", async () => {
    const before = (await docAt("note-7.md"))!;
    await services.documents.setMetadata(user, before.id, { topic: "kept" });
    await fs.writeFile(path.join(dir, "note-7.md"), markdown(1007, "Now it speaks of narwhals."));
    const after = await until("the edit is indexed", async () => {
      const doc = await docAt("note-7.md");
      return doc && doc.status === "completed" && doc.indexedAt !== before.indexedAt ? doc : undefined;
    });
    expect(after.id).toBe(before.id);
    expect(after.metadata).toEqual({ topic: "kept" });
    expect(await jobsOf(before.id)).toBe(2);
    expect(await searchHits(wordOf(7))).toEqual([]);
    expect(await searchHits(wordOf(1007))).toEqual([before.id]);
  });

  it("keeps a renamed or moved file's document without indexing it again", async () => {
    const before = (await docAt("note-8.md"))!;
    await fs.rename(path.join(dir, "note-8.md"), path.join(dir, "reports", "renamed-eight.md"));
    const after = await until("the rename is applied", async () => {
      const doc = await docAt("reports/renamed-eight.md");
      return doc?.name === "renamed-eight.md" ? doc : undefined;
    });
    expect(after.id).toBe(before.id);
    expect(after.indexedAt).toBe(before.indexedAt);
    expect(await jobsOf(before.id)).toBe(1);
    expect(after.folderId).toBe((await services.folders.list(user, folderId)).find((f) => f.name === "reports")!.id);
    expect(await docAt("note-8.md")).toBeUndefined();
    expect(await searchHits(wordOf(8))).toEqual([before.id]);
  });

  it("mirrors a renamed directory: the same documents move, the old folder goes", async () => {
    const before = (await docAt("reports/2024/note-41.md"))!;
    await fs.rename(path.join(dir, "reports", "2024"), path.join(dir, "reports", "archive"));
    const after = await until("the directory rename is applied", async () => docAt("reports/archive/note-41.md"));
    expect(after.id).toBe(before.id);
    expect(await jobsOf(before.id)).toBe(1);
    const reports = (await services.folders.list(user, folderId)).find((f) => f.name === "reports")!;
    await until("the old folder is removed", async () => {
      const names = (await services.folders.list(user, reports.id)).map((f) => f.name);
      return names.length === 1 && names[0] === "archive";
    });
  });

  it("deletes a deleted file's document: gone from listings and search", async () => {
    const doomed = (await docAt("note-9.md"))!;
    await fs.rm(path.join(dir, "note-9.md"));
    await until("the document is deleted", async () => !(await services.documents.recent(user, 100)).some((d) => d.id === doomed.id));
    await expect(services.documents.get(user, doomed.id)).rejects.toThrow(/not found/i);
    expect(await searchHits(wordOf(9))).toEqual([]);
    expect((await services.folders.get(user, folderId)).document_count).toBe(8);
  });

  it("files a document made in a new subdirectory in a new subfolder", async () => {
    await fs.mkdir(path.join(dir, "fresh", "deeper"), { recursive: true });
    await fs.writeFile(path.join(dir, "fresh", "deeper", "late.md"), markdown(2000));
    const doc = await until("the new file is indexed", async () => docAt("fresh/deeper/late.md"));
    const fresh = (await services.folders.list(user, folderId)).find((f) => f.name === "fresh")!;
    expect(fresh).toBeDefined();
    const deeper = (await services.folders.list(user, fresh.id)).find((f) => f.name === "deeper")!;
    expect(doc.folderId).toBe(deeper.id);
    await fs.rm(path.join(dir, "fresh"), { recursive: true });
    await until("the removed directory's folders are gone", async () => !(await services.folders.list(user, folderId)).some((f) => f.name === "fresh"));
    expect(await services.documents.get(user, doc.id).catch(() => undefined)).toBeUndefined();
  });

  it("skips, with the reason, a link pointing outside the allowed folders, an unsupported file and one over the upload limit; ignores temporary files", async () => {
    await fs.writeFile(path.join(outside, "secret.md"), "# Secret\n\nThe password is walrusword.\n");
    await fs.symlink(path.join(outside, "secret.md"), path.join(dir, "linked-secret.md"));
    await fs.writeFile(path.join(dir, "picture.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]));
    await fs.writeFile(path.join(dir, "huge.md"), `# Huge\n\n${"elephant words ".repeat(100_000)}`);
    await fs.writeFile(path.join(dir, "~$draft.docx"), "lock");
    await fs.writeFile(path.join(dir, "movie.md.crdownload"), "# partial");
    await fs.writeFile(path.join(dir, ".hidden.md"), "# Hidden\n");
    const skipped = await until("three files are skipped", async () => {
      const list = await services.sync.skipped(user, folderId);
      return list.length === 3 ? list : undefined;
    });
    const reasons = Object.fromEntries(skipped.map((s) => [s.path, s.reason]));
    expect(reasons["linked-secret.md"]).toMatch(/outside the allowed folders/);
    expect(reasons["picture.png"]).toMatch(/unsupported/);
    expect(reasons["huge.md"]).toMatch(/upload limit/);
    await services.sync.idle();
    expect(await searchHits("walrusword")).toEqual([]);
    const names = (await docsOf()).map((d) => d.name);
    for (const name of ["linked-secret.md", "picture.png", "huge.md", "~$draft.docx", "movie.md.crdownload", ".hidden.md"]) expect(names).not.toContain(name);
    const [status] = await services.sync.status(user);
    expect(status).toMatchObject({ path: dir, folder_id: folderId, skipped: 3, files: 49, watched: true, held_here: true });
    expect((await services.health.get()).sync).toMatchObject({ roots: 1, files: 49, skipped: 3 });
  });

  it("stops mirroring into a folder deleted in treeindex, says why, and mirrors anew when synced again", async () => {
    await services.sync.idle();
    expect((await services.folders.delete(user, folderId)).outcome).toBe("deleted");
    await fs.writeFile(path.join(dir, "after-delete.md"), markdown(3000));
    const [stopped] = await until("the status says why", async () => {
      const statuses = await services.sync.status(user);
      return statuses[0]?.error ? statuses : undefined;
    });
    expect(stopped.error).toMatch(/deleted in treeindex/);
    expect(await services.store.read((tx) => tx.documents.count({}))).toBe(0);
    const report = await services.sync.syncOnce(user, dir);
    expect(report.folder_id).not.toBe(folderId);
    expect(report.added).toBe(50);
    expect((await services.folders.get(user, report.folder_id)).name).toBe(path.basename(dir));
  });
});
