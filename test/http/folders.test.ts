import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePdf, twoChapterPdf } from "../helpers/pdf.ts";
import { json, startTestServer, type TestServer } from "../helpers/server.ts";
import { removeOrphanBlobs } from "../../src/store/index.ts";

let server: TestServer;
let bobKey: string;
beforeAll(async () => {
  server = await startTestServer();
  bobKey = (await server.services.users.createKey("bob")).key;
});
afterAll(() => server.close());

async function createFolder(body: unknown, key?: string): Promise<Response> {
  return server.api("/folder", { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json" }, key });
}

async function uploadTo(folderId: string, bytes: Uint8Array): Promise<string> {
  const data = new FormData();
  data.set("file", new Blob([bytes]), "f.pdf");
  data.set("folder_id", folderId);
  const res = await server.api("/doc", { method: "POST", body: data });
  expect(res.status).toBe(200);
  return (await json(res)).doc_id;
}

async function waitCompleted(id: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const body = await json(await server.api(`/doc/${id}`));
    if (body.status !== "processing") return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("folders", () => {
  it("creates workspaces and subfolders and lists them by parent", async () => {
    const ws = await json(await createFolder({ name: "Contracts", description: "2024" }));
    expect(ws).toMatchObject({ name: "Contracts", description: "2024", parent_folder_id: null, workspace_id: ws.id });
    const sub = await json(await createFolder({ name: "Leases", parent_folder_id: ws.id }));
    expect(sub).toMatchObject({ parent_folder_id: ws.id, workspace_id: ws.id, description: null });
    const roots = await json(await server.api("/folders?parent_folder_id=root"));
    expect(roots.folders.map((f: any) => f.id)).toContain(ws.id);
    expect(roots.folders.map((f: any) => f.id)).not.toContain(sub.id);
    const children = await json(await server.api(`/folders/?parent_folder_id=${ws.id}`));
    expect(children.folders.map((f: any) => f.id)).toEqual([sub.id]);
    const all = await json(await server.api("/folders"));
    expect(all.folders.map((f: any) => f.id)).toEqual(expect.arrayContaining([ws.id, sub.id]));
  });

  it("validates the body and the parent", async () => {
    const empty = await createFolder({ name: "  " });
    expect(empty.status).toBe(422);
    expect((await json(empty)).detail[0].loc).toEqual(["body", "name"]);
    const wrongType = await createFolder({ name: 5 });
    expect((await json(wrongType)).detail[0]).toMatchObject({ loc: ["body", "name"], type: "string_type", input: 5 });
    const missing = await createFolder({});
    expect((await json(missing)).detail[0]).toMatchObject({ loc: ["body", "name"], type: "missing" });
    expect((await createFolder({ name: "x", parent_folder_id: "fld_nope" })).status).toBe(404);
    expect((await server.api("/folders?parent_folder_id=fld_nope")).status).toBe(404);
  });

  it("user B cannot see, list, use or delete user A's folders", async () => {
    const ws = await json(await createFolder({ name: "Private" }));
    const bobList = await json(await server.api("/folders", { key: bobKey }));
    expect(bobList.folders.map((f: any) => f.id)).not.toContain(ws.id);
    expect((await server.api(`/folders?parent_folder_id=${ws.id}`, { key: bobKey })).status).toBe(404);
    expect((await createFolder({ name: "intruder", parent_folder_id: ws.id }, bobKey)).status).toBe(404);
    expect((await server.api(`/folder/${ws.id}`, { method: "DELETE", key: bobKey })).status).toBe(404);
    const data = new FormData();
    data.set("file", new Blob([await twoChapterPdf()]), "f.pdf");
    data.set("folder_id", ws.id);
    expect((await server.api("/doc", { method: "POST", body: data, key: bobKey })).status).toBe(404);
    expect((await json(await server.api("/folders"))).folders.map((f: any) => f.id)).toContain(ws.id);
  });

  it("deletes a folder with its subfolders and documents (records and files)", async () => {
    const ws = await json(await createFolder({ name: "Old" }));
    const sub = await json(await createFolder({ name: "Older", parent_folder_id: ws.id }));
    const a = await uploadTo(ws.id, await twoChapterPdf());
    const b = await uploadTo(sub.id, await twoChapterPdf());
    await waitCompleted(a);
    await waitCompleted(b);
    const res = await server.api(`/folder/${ws.id}`, { method: "DELETE" });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ folder_id: ws.id, deleted: { folders: 2, documents: 2 }, survived: { folders: 0, documents: 0 } });
    for (const id of [a, b]) {
      expect((await server.api(`/doc/${id}`)).status).toBe(404);
      await expect(fs.stat(path.join(server.home, "docs", id))).rejects.toThrow();
    }
    expect((await server.api(`/folders?parent_folder_id=${sub.id}`)).status).toBe(404);
  });

  it("answers 409 with counts while documents inside are still being indexed, keeping them", async () => {
    const ws = await json(await createFolder({ name: "Busy" }));
    const para = "Body text line with several words to index and to summarise later on.";
    const big = await makePdf(Array.from({ length: 300 }, (_, i) => ({ lines: [`# Part ${i + 1}`, para, para, para] })));
    const busy = await uploadTo(ws.id, big);
    const res = await server.api(`/folder/${ws.id}`, { method: "DELETE" });
    expect(res.status).toBe(409);
    const body = await json(res);
    expect(body).toMatchObject({ survived: { folders: 1, documents: 1 }, deleted: { folders: 0, documents: 0 } });
    expect(typeof body.detail).toBe("string");
    expect((await server.api(`/doc/${busy}`)).status).toBe(200);
    await server.api(`/doc/${busy}`, { method: "DELETE" });
  });

  it("returns folder records with counts of direct documents and subfolders", async () => {
    const ws = await json(await createFolder({ name: "Counted" }));
    expect(ws).toMatchObject({ document_count: 0, subfolder_count: 0, createdAt: expect.stringMatching(/Z$/) });
    const sub = await json(await createFolder({ name: "Sub", parent_folder_id: ws.id }));
    await createFolder({ name: "Sub2", parent_folder_id: ws.id });
    await createFolder({ name: "Deep", parent_folder_id: sub.id });
    const a = await uploadTo(ws.id, await twoChapterPdf());
    const b = await uploadTo(sub.id, await twoChapterPdf());
    const roots = await json(await server.api("/folders?parent_folder_id=root"));
    expect(roots.folders.find((f: any) => f.id === ws.id)).toMatchObject({ document_count: 1, subfolder_count: 2 });
    const children = await json(await server.api(`/folders?parent_folder_id=${ws.id}`));
    expect(children.folders.find((f: any) => f.id === sub.id)).toMatchObject({ document_count: 1, subfolder_count: 1, workspace_id: ws.id });
    await waitCompleted(a);
    await waitCompleted(b);
    expect((await server.api(`/folder/${ws.id}`, { method: "DELETE" })).status).toBe(200);
  });

  it("removes the records first: a disk fault on the files after them still deletes the whole folder, and the sweep removes the files later", async () => {
    const ws = await json(await createFolder({ name: "Fragile" }));
    const sub = await json(await createFolder({ name: "Inner", parent_folder_id: ws.id }));
    const first = await uploadTo(ws.id, await twoChapterPdf());
    const second = await uploadTo(sub.id, await twoChapterPdf());
    const third = await uploadTo(sub.id, await twoChapterPdf());
    for (const id of [first, second, third]) await waitCompleted(id);

    // Inject a disk fault: removing the second document's files fails.
    const blobs = server.services.store.blobs;
    const original = blobs.removeAll.bind(blobs);
    blobs.removeAll = async (docId: string) => {
      if (docId === second) throw new Error("EIO: injected disk fault");
      return original(docId);
    };
    let res: Response;
    try {
      res = await server.api(`/folder/${ws.id}`, { method: "DELETE" });
    } finally {
      blobs.removeAll = original;
    }
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ folder_id: ws.id, deleted: { folders: 2, documents: 3 }, survived: { folders: 0, documents: 0 } });
    // No listed document whose files are gone: every one answers 404.
    for (const id of [first, second, third]) expect((await server.api(`/doc/${id}`)).status).toBe(404);
    expect(await blobs.exists(first)).toBe(false);
    expect(await blobs.exists(second)).toBe(true);
    // The sweep removes files without a record (with no grace period here).
    expect(await removeOrphanBlobs(server.services.store, 0)).toEqual([second]);
    expect(await blobs.exists(second)).toBe(false);
  });

  it("keeps only the folders on the path of a busy document (409 counts across a subtree)", async () => {
    const ws = await json(await createFolder({ name: "Mixed" }));
    const busyFolder = await json(await createFolder({ name: "Busy", parent_folder_id: ws.id }));
    const idle = await json(await createFolder({ name: "Idle", parent_folder_id: ws.id }));
    const done = await uploadTo(idle.id, await twoChapterPdf());
    await waitCompleted(done);
    const para = "Body text line with several words to index and to summarise later on.";
    const busy = await uploadTo(busyFolder.id, await makePdf(Array.from({ length: 300 }, (_, i) => ({ lines: [`# Part ${i + 1}`, para, para] }))));
    const res = await server.api(`/folder/${ws.id}`, { method: "DELETE" });
    expect(res.status).toBe(409);
    expect(await json(res)).toMatchObject({ deleted: { folders: 1, documents: 1 }, survived: { folders: 2, documents: 1 } });
    const left = (await json(await server.api("/folders"))).folders.map((f: any) => f.id);
    expect(left).toEqual(expect.arrayContaining([ws.id, busyFolder.id]));
    expect(left).not.toContain(idle.id);
    await server.api(`/doc/${busy}`, { method: "DELETE" });
  });
});
