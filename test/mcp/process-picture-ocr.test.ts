// A deck whose slide is only a picture of text, through MCP process_document: the index job
// reads the picture by OCR (the same rule as scanned PDF pages), so its words are searchable
// and the slide is listed among the OCR'd pages.
import fs from "node:fs/promises";
import path from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildPptx } from "../fixtures/formats/pptx.ts";
import { textPicture } from "../fixtures/formats/text-picture.ts";
import { makeTempHome, startTestServer, type TestServer } from "../helpers/server.ts";
import { connectInMemory, ok } from "./harness.ts";

let server: TestServer;
let client: Client;
let root: string;

beforeAll(async () => {
  root = await makeTempHome("treeindex-picture-ocr-");
  server = await startTestServer({ TREEINDEX_ALLOWED_ROOTS: root });
  client = await connectInMemory({ services: server.services, user: await server.services.users.ensureUser("alice") });
  const picture = await textPicture(["Turbine revenue doubled", "in the northern plant"]);
  await fs.writeFile(path.join(root, "scanned.pptx"), buildPptx([{ title: "Plant results", bullets: ["Figures on the next slide"] }, { picture }]));
}, 60_000);

afterAll(async () => {
  await client?.close();
  await server?.close();
  await fs.rm(root, { recursive: true, force: true });
});

describe("process_document on a deck of pictures of text", () => {
  it("OCRs the picture-only slide: its words are searchable on that slide", async () => {
    const done = ok(await client.callTool({ name: "process_document", arguments: { path: path.join(root, "scanned.pptx"), wait_for_completion: true } }));
    expect(done.status, done.error).toBe("completed");
    const found = ok(await client.callTool({ name: "search_documents", arguments: { doc_id: done.doc_id, query: "turbine revenue northern plant", full: true } }));
    expect(found.pages[0].page).toBe(2);
    const record = await server.services.store.read((tx) => tx.documents.get(done.doc_id));
    expect(record?.ocrPages).toEqual([2]);
  }, 180_000);
});
