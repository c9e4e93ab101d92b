import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { twoChapterPdf } from "../helpers/pdf.ts";
import { json, startTestServer, waitForStatus, type TestServer } from "../helpers/server.ts";
import { buildZip } from "../fixtures/zip/zip-writer.ts";
import pg from "pg";

/** Documents that have blobs in a PostgreSQL store. */
async function docsWithBlobs(url: string): Promise<Set<string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ doc_id: string }>("SELECT DISTINCT doc_id FROM blobs");
  await client.end();
  return new Set(rows.map((r) => r.doc_id));
}

let server: TestServer;
let pdf: Uint8Array;
beforeAll(async () => {
  server = await startTestServer();
  pdf = await twoChapterPdf();
});
afterAll(() => server.close());

function post(route: string, zip: Uint8Array, fields: Record<string, string> = {}, name = "archive.zip"): Promise<Response> {
  const data = new FormData();
  data.set("file", new Blob([zip]), name);
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return server.api(route, { method: "POST", body: data });
}

/** Every file under `dir`. The server keeps indexing meanwhile, so its transient entries
 * (the catalogue's lock folder, temp files) may vanish mid-walk: those are skipped. */
async function filesUnder(dir: string, root = dir): Promise<string[]> {
  let entries: import("node:fs").Dirent[];
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const out: string[] = [];
  for (const e of entries) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...(await filesUnder(full, root)));
    else if (e.isFile()) out.push(path.relative(root, full));
  }
  return out;
}

describe("ZIP import through POST /doc and POST /tree", () => {
  it("imports nested folders, CP437 names and Markdown, and reports unsupported and hostile entries", async () => {
    const cp437Name = Buffer.concat([Buffer.from("reports/Bericht_"), Buffer.from([0x8e]), Buffer.from(".pdf")]); // 0x8E = Ä
    const zip = buildZip([
      { name: "reports/" },
      { name: "reports/2024/annual.pdf", data: pdf, method: 0 },
      { name: cp437Name, data: pdf },
      { name: "reports/notes.md", data: "# Notes\n\nSome notes.\n\n## Detail\n\nMore text." },
      { name: "reports/photo.png", data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]) },
      { name: "reports/fake.pdf", data: "not a pdf at all" },
      { name: "../evil.pdf", data: pdf },
      { name: "/abs/evil.pdf", data: pdf },
      { name: "bomb.pdf", data: Buffer.alloc(30 * 1024 * 1024) },
      { name: "locked.pdf", data: pdf, encrypted: true },
      { name: "link.pdf", data: "/etc/passwd", symlink: true },
    ]);
    const res = await post("/doc", zip, { metadata: JSON.stringify({ batch: "zip-1" }) }, "Quarterly.zip");
    expect(res.status).toBe(202);
    const body = await json(res);

    expect(body.items.map((i: any) => i.path).sort()).toEqual(["reports/2024/annual.pdf", "reports/Bericht_Ä.pdf", "reports/notes.md"]);
    for (const item of body.items) {
      expect(item).toMatchObject({ status: "queued", doc_id: expect.stringMatching(/^doc_/), folder_id: expect.stringMatching(/^fld_/) });
      expect(item.file_name).toBe(item.path.split("/").at(-1));
    }
    expect(body.skipped).toEqual(
      expect.arrayContaining([
        { path: "reports/photo.png", reason: "unsupported_format" },
        { path: "reports/fake.pdf", reason: "unsupported_format" },
      ]),
    );
    expect(body.skipped).toHaveLength(2);
    const failed = Object.fromEntries(body.failed.map((f: any) => [f.path, f.reason]));
    expect(failed).toEqual({
      "../evil.pdf": "path_traversal",
      "/abs/evil.pdf": "absolute_path",
      "bomb.pdf": "compression_ratio",
      "locked.pdf": "encrypted",
      "link.pdf": "symlink",
    });
    for (const f of body.failed) expect(typeof f.detail).toBe("string");

    // Folders mirror the archive: Quarterly (workspace) / reports / 2024.
    const root = await json(await server.api(`/folders?parent_folder_id=root`));
    const archive = root.folders.find((f: any) => f.id === body.root_folder_id);
    expect(archive).toMatchObject({ name: "Quarterly", parent_folder_id: null, subfolder_count: 1 });
    const [reports] = (await json(await server.api(`/folders?parent_folder_id=${archive.id}`))).folders;
    expect(reports).toMatchObject({ name: "reports", document_count: 2, subfolder_count: 1 });
    const [year] = (await json(await server.api(`/folders?parent_folder_id=${reports.id}`))).folders;
    expect(year).toMatchObject({ name: "2024", document_count: 1 });
    const annual = body.items.find((i: any) => i.path === "reports/2024/annual.pdf");
    expect(annual.folder_id).toBe(year.id);

    // Each entry is a real document: indexed, named after the entry, carrying the upload's metadata.
    for (const item of body.items) {
      expect((await waitForStatus(server, item.doc_id, { timeoutMs: 30_000 })).status).toBe("completed");
      const info = await json(await server.api(`/doc/${item.doc_id}/metadata`));
      expect(info).toMatchObject({ name: item.file_name, folderId: item.folder_id, metadata: { batch: "zip-1" } });
    }
    const listed = await json(await server.api(`/docs?folder_id=${archive.id}&recursive=true`));
    expect(listed.documents.map((d: any) => d.path).sort()).toEqual(["Quarterly/reports", "Quarterly/reports", "Quarterly/reports/2024"]);

    // Nothing landed outside the store, and inside it only the imported documents' folders.
    await expect(fs.stat(path.join(server.home, "..", "evil.pdf"))).rejects.toThrow();
    await expect(fs.stat("/abs/evil.pdf")).rejects.toThrow();
    const files = await filesUnder(server.home);
    const withBlobs = server.services.store.kind === "file" ? new Set(files.filter((f) => f.startsWith("docs/")).map((f) => f.split("/")[1])) : await docsWithBlobs(server.stateEnv.TREEINDEX_DATABASE_URL);
    expect([...withBlobs].sort()).toEqual(body.items.map((i: any) => i.doc_id).sort());
    expect(files.some((f) => f.includes("evil"))).toBe(false);
  });

  it("answers 202 on /tree too, nesting the archive folder under folder_id", async () => {
    const ws = await json(await server.api("/folder", { method: "POST", body: JSON.stringify({ name: "Imports" }), headers: { "content-type": "application/json" } }));
    const res = await post("/tree", buildZip([{ name: "one.pdf", data: pdf }]), { folder_id: ws.id }, "batch.ZIP");
    expect(res.status).toBe(202);
    const body = await json(res);
    const folder = await json(await server.api(`/folders?parent_folder_id=${ws.id}`));
    expect(folder.folders).toEqual([expect.objectContaining({ id: body.root_folder_id, name: "batch", document_count: 1 })]);
    expect(body.items).toHaveLength(1);
    expect(body.skipped).toEqual([]);
    expect(body.failed).toEqual([]);
  });

  it("rejects an unreadable or empty archive (422) and an unknown folder (404) without creating folders", async () => {
    const before = (await json(await server.api("/folders"))).folders.length;
    const broken = await post("/doc", Buffer.concat([Buffer.from("PK\u0003\u0004"), Buffer.alloc(100)]));
    expect(broken.status).toBe(422);
    expect((await json(broken)).detail[0]).toMatchObject({ loc: ["body", "file"], msg: expect.stringContaining("ZIP") });
    expect((await post("/doc", buildZip([{ name: "a.pdf", data: pdf }]), { folder_id: "fld_missing" })).status).toBe(404);
    const empty = await post("/doc", buildZip([]));
    expect(empty.status).toBe(422);
    expect((await json(empty)).detail[0].msg).toContain("no entries");
    expect((await json(await server.api("/folders"))).folders.length).toBe(before);
  });
});
