/**
 * The acceptance scenario through the real tool: process_document called 400 times while
 * another process swaps a folder inside the allowed root for a symlink to an outside
 * folder, and 400 times while another process grows a file past the 1 MB limit. Nothing
 * in the store may hold the outside text, be over the limit, or be torn.
 */
import fs from "node:fs/promises";
import path from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "../../src/core/services.ts";
import { startServices } from "../helpers/indexed.ts";
import { startRacer } from "../helpers/racer.ts";
import { makeTempHome } from "../helpers/server.ts";
import { connectInMemory } from "./harness.ts";

let env: Awaited<ReturnType<typeof startServices>>;
let services: Services;
let client: Client;
let base: string;
let root: string;

beforeAll(async () => {
  base = await makeTempHome("treeindex-race-");
  root = path.join(base, "root");
  await fs.mkdir(path.join(root, "dir"), { recursive: true });
  await fs.mkdir(path.join(base, "outside", "dir"), { recursive: true });
  await fs.writeFile(path.join(root, "dir", "notes.md"), "# Inside\n\nallowed text\n");
  await fs.writeFile(path.join(base, "outside", "dir", "notes.md"), "# Outside\n\nOUTSIDE SECRET\n");
  env = await startServices({ TREEINDEX_ALLOWED_ROOTS: root, TREEINDEX_MAX_UPLOAD_MB: "1" });
  services = env.services;
  client = await connectInMemory({ services, user: await services.users.ensureUser("local") });
});
afterAll(async () => {
  await client?.close();
  await env?.close();
  await fs.rm(base, { recursive: true, force: true });
});


/** The original file of every stored document (except those in `skip`), by document id. */
async function storedOriginals(skip = new Set<string>()): Promise<Map<string, Buffer>> {
  const docs = (await services.store.read((tx) => tx.documents.find())).filter((d) => !skip.has(d.id));
  return new Map(await Promise.all(docs.map(async (d) => [d.id, (await services.store.blobs.read(d.id, "original.md")) ?? Buffer.alloc(0)] as const)));
}

const processDocument = (p: string) => client.callTool({ name: "process_document", arguments: { path: p } });

describe("process_document racing another process", () => {
  it("400 calls racing a symlink swap: nothing stored holds the outside text", async () => {
    const [dir, parked, target] = [path.join(root, "dir"), path.join(root, "parked"), path.join(base, "outside", "dir")].map((p) => JSON.stringify(p));
    const child = await startRacer(`
      const fs = require("fs");
      for (;;) { try { fs.renameSync(${dir}, ${parked}); fs.symlinkSync(${target}, ${dir}); fs.unlinkSync(${dir}); fs.renameSync(${parked}, ${dir}); } catch {} }`);
    let stored = 0;
    try {
      for (let i = 0; i < 400; i++) {
        const result = await processDocument(path.join(root, "dir", "notes.md"));
        const text = (result.content as { text: string }[])[0].text;
        if (!result.isError) stored++;
        else expect(text).toMatch(/FORBIDDEN_PATH|NOT_FOUND/);
      }
    } finally {
      await child.stop();
    }
    const originals = [...(await storedOriginals()).values()];
    expect(originals).toHaveLength(stored);
    for (const original of originals) expect(original.toString("utf8")).not.toMatch(/OUTSIDE/);
  });

  it("400 calls racing a file that grows past the 1 MB limit: nothing stored over the limit or torn", async () => {
    const before = new Set((await storedOriginals()).keys());
    const file = path.join(root, "growing.md");
    await fs.writeFile(file, "");
    const child = await startRacer(`
      const fs = require("fs");
      const block = (n) => Buffer.from(("block " + n + " ").padEnd(16383, "x") + "\\n");
      for (;;) { fs.writeFileSync(${JSON.stringify(file)}, ""); for (let n = 0; n < 192; n++) fs.appendFileSync(${JSON.stringify(file)}, block(n)); }`);
    try {
      for (let i = 0; i < 400; i++) {
        const result = await processDocument(file);
        if (result.isError) expect((result.content as { text: string }[])[0].text).toMatch(/TOO_LARGE|CONFLICT|INVALID_INPUT/);
      }
    } finally {
      await child.stop();
    }
    const grown = [...(await storedOriginals(before)).values()];
    for (const original of grown) {
      expect(original.length).toBeLessThanOrEqual(1024 * 1024);
      expect(original.length % 16384).toBe(0);
      for (let n = 0; n < original.length / 16384; n++) expect(original.toString("latin1", n * 16384, n * 16384 + 16)).toBe(`block ${n} `.padEnd(16, "x"));
    }
  });
});
