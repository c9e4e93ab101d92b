/**
 * What a user of one `npm start` server (and of two servers on one home, as a desktop
 * client's stdio server beside `serve`) relies on: every folder the API acknowledged is
 * there afterwards, while other clients keep reading.
 */
import { afterEach, describe, expect, it } from "vitest";
import { json, startTestServer, type TestServer } from "../helpers/server.ts";

const servers: TestServer[] = [];
afterEach(async () => {
  // The second server shares the first one's home: close it first, remove the home last.
  for (const s of servers.reverse()) await s.close().catch(() => undefined);
  servers.length = 0;
});

async function createFolders(server: TestServer, key: string, writer: number, count: number, tag: string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const res = await server.api("/folder", { method: "POST", key, headers: { "content-type": "application/json" }, body: JSON.stringify({ name: `${tag}-${writer}-${i}` }) });
    expect(res.status).toBe(200);
    ids.push((await json(res)).id);
  }
  return ids;
}

async function writersWithReaders(write: TestServer[], read: TestServer[], key: string, writers: number, perWriter: number, readers: number, tag: string): Promise<string[]> {
  let writing = true;
  const readerLoops = Array.from({ length: readers }, async (_, r) => {
    while (writing) {
      const res = await read[r % read.length].api("/folders", { key });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
  });
  const ids = (await Promise.all(Array.from({ length: writers }, (_, w) => createFolders(write[w % write.length], key, w, perWriter, tag)))).flat();
  writing = false;
  await Promise.all(readerLoops);
  return ids;
}

async function listedIds(server: TestServer, key: string): Promise<Set<string>> {
  const body = await json(await server.api("/folders", { key }));
  return new Set(body.folders.map((f: { id: string }) => f.id));
}

describe("acknowledged writes under concurrent readers (HTTP)", () => {
  it("one server, 8 writers + 4 readers, 3 rounds: no acknowledged folder is lost", async () => {
    const server = await startTestServer();
    servers.push(server);
    // A catalogue of some size: saves and listings take long enough to overlap.
    const owner = (await server.services.users.authenticate(server.key))!.id;
    await server.services.store.write(async (tx) => {
      for (let i = 0; i < 1_000; i++) await tx.folders.insert({ id: `fld_seed_${i}`, owner, name: `seed ${i}`, description: null, parentFolderId: null, createdAt: new Date().toISOString() });
    });
    const acknowledged: string[] = [];
    for (let round = 0; round < 3; round++) acknowledged.push(...(await writersWithReaders([server], [server], server.key, 8, 40, 4, `r${round}`)));
    const present = await listedIds(server, server.key);
    expect(acknowledged.filter((id) => !present.has(id))).toEqual([]);
    expect(present.size).toBe(1_960);
    // A correctness test, not a timing one: 960 writes beside readers take 55 s on a loaded
    // 2-core machine, so the default minute is too close.
  }, 180_000);

  it("two servers on one home, writers and readers on both: each server lists every acknowledged folder", async () => {
    const first = await startTestServer();
    servers.push(first);
    const second = await startTestServer(first.stateEnv);
    servers.push(second);
    // Both servers serve the same users; use one key (the first server's user).
    const key = first.key;
    const acknowledged: string[] = [];
    for (let round = 0; round < 2; round++) acknowledged.push(...(await writersWithReaders([first, second], [second, first], key, 8, 30, 4, `r${round}`)));
    for (const server of [first, second]) {
      const present = await listedIds(server, key);
      expect(acknowledged.filter((id) => !present.has(id))).toEqual([]);
    }
  });
});
