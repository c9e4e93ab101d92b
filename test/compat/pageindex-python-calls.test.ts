/**
 * What the official PageIndex Python SDK (`pageindex` 0.4.x: `client.py`, `cloud_api.py` in
 * VectifyAI/PageIndex) does, replayed with a plain HTTP client and an MCP client (the Python
 * package cannot be installed here): its agent helpers open `/mcp?tools=read`, its
 * collection API reads `resp["folder"]["id"]` from `POST /folder` and files documents there,
 * uploads read `{doc_id, name}`, and `DELETE /doc/{id}` answers a message.
 */
import fs from "node:fs/promises";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.ts";

let server: TestServer;
let pdf: Buffer;

async function mcp(query = ""): Promise<Client> {
  const client = new Client({ name: "pageindex-python-replay", version: "0.4.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp${query}`), { requestInit: { headers: { authorization: `Bearer ${server.key}` } } }));
  return client;
}

async function upload(name: string, fields: Record<string, string> = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  const form = new FormData();
  form.append("file", new Blob([pdf]), name);
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const res = await server.api("/doc/", { method: "POST", body: form });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe("calls of PageIndex's Python SDK", () => {
  beforeAll(async () => {
    server = await startTestServer();
    pdf = await fs.readFile("test/fixtures/pdf/R-data.pdf");
  });
  afterAll(async () => server?.close());

  it("a /mcp?tools=read session lists only read-only tools and refuses a destructive call", async () => {
    const { body } = await upload("keep-me.pdf");
    const full = await mcp();
    const all = (await full.listTools()).tools;
    // Every tool says whether it only reads and whether it destroys.
    for (const tool of all) {
      expect(typeof tool.annotations?.readOnlyHint, tool.name).toBe("boolean");
      expect(typeof tool.annotations?.destructiveHint, tool.name).toBe("boolean");
    }
    expect(all.map((t) => t.name)).toEqual(expect.arrayContaining(["remove_document", "delete_folder", "process_document"]));
    await full.close();

    const reader = await mcp("?tools=read");
    const listed = (await reader.listTools()).tools;
    expect(listed.length).toBeGreaterThan(5);
    expect(listed.every((t) => t.annotations?.readOnlyHint === true && t.annotations?.destructiveHint === false)).toBe(true);
    expect(listed.map((t) => t.name)).toEqual(expect.arrayContaining(["recent_documents", "find_relevant_documents", "get_document", "get_document_structure", "get_page_content"]));
    expect(listed.map((t) => t.name)).not.toEqual(expect.arrayContaining(["remove_document"]));
    const refused = (await reader.callTool({ name: "remove_document", arguments: { doc_id: body.doc_id } })) as CallToolResult;
    expect(refused.isError).toBe(true);
    expect(JSON.parse((refused.content[0] as { text: string }).text)).toMatchObject({ errorCode: "NOT_FOUND" });
    expect(((await reader.callTool({ name: "delete_folder", arguments: { folder_id: "fld_x" } })) as CallToolResult).isError).toBe(true);
    // Nothing was deleted.
    expect((await server.api(`/doc/${body.doc_id}/metadata`)).status).toBe(200);
    await reader.close();
  });

  it("an unknown tools= value is refused with 400", async () => {
    for (const value of ["write", "", "READ"]) {
      const res = await server.api(`/mcp?tools=${value}`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "x", version: "1" } } }),
      });
      expect(res.status, value).toBe(400);
      expect(((await res.json()) as { detail: string }).detail).toMatch(/tools=read/);
    }
  });

  it("uploads answer {doc_id, name}; a name taken in the folder gains a suffix, so name lookups stay unique", async () => {
    const first = await upload("R-intro.pdf");
    expect(first).toMatchObject({ status: 200, body: { doc_id: expect.stringMatching(/^doc_/), name: "R-intro.pdf" } });
    const second = await upload("R-intro.pdf");
    expect(second.body.name).toBe("R-intro_1.pdf");
    // Case does not make a name free; several at once still get one name each.
    const third = await upload("r-intro.PDF");
    expect(third.body.name).toBe("r-intro_2.PDF");
    const together = await Promise.all([upload("R-intro.pdf"), upload("R-intro.pdf"), upload("R-intro.pdf")]);
    expect(new Set(together.map((t) => t.body.name))).toEqual(new Set(["R-intro_3.pdf", "R-intro_4.pdf", "R-intro_5.pdf"]));
    for (const name of ["R-intro.pdf", "R-intro_1.pdf", "R-intro_4.pdf"]) {
      const listed = (await (await server.api(`/docs?name=${encodeURIComponent(name)}`)).json()) as { documents: { name: string }[] };
      expect(listed.documents.map((d) => d.name), name).toEqual([name]);
    }
  });

  it("POST /folder answers {folder: {id}}, which files documents there; the same name is free in another folder", async () => {
    const res = await server.api("/folder/", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: "Collection" }) });
    const created = (await res.json()) as { id: string; folder: { id: string; name: string } };
    expect(res.status).toBe(200);
    expect(created.folder).toMatchObject({ id: created.id, name: "Collection" });
    const filed = await upload("R-intro.pdf", { folder_id: created.folder.id });
    expect(filed.body.name).toBe("R-intro.pdf");
    const listed = (await (await server.api(`/docs?folder_id=${created.folder.id}`)).json()) as { documents: { id: string }[] };
    expect(listed.documents.map((d) => d.id)).toEqual([filed.body.doc_id]);
    const folders = (await (await server.api("/folders/")).json()) as { folders: unknown[]; total: number };
    expect(folders.total).toBe(folders.folders.length);
  });

  it("DELETE /doc/{id} answers with a message", async () => {
    const { body } = await upload("to-delete.pdf");
    const res = await server.api(`/doc/${body.doc_id}/`, { method: "DELETE" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ doc_id: body.doc_id, deleted: true, message: "Document deleted successfully." });
  });
});
