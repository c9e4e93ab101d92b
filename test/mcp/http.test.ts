import fs from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hostAllowed } from "../../src/http/routes/mcp.ts";
import { McpHttpSessions } from "../../src/mcp/http.ts";
import { makeTempHome, startTestServer, type TestServer } from "../helpers/server.ts";
import { failed, ok } from "./harness.ts";

const INIT = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } } };
const MCP_HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };

async function connect(url: string, headers: Record<string, string>): Promise<Client> {
  const client = new Client({ name: "http-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers } }));
  await client.listTools();
  return client;
}

/** A raw request with a chosen Host header (fetch does not let callers set it). */
function requestWithHost(url: string, host: string, key: string): Promise<{ status: number; body: string }> {
  const target = new URL(`${url}/mcp`);
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname: target.hostname, port: target.port, path: "/mcp", method: "POST", headers: { ...MCP_HEADERS, host, api_key: key } }, (res) => {
      let body = "";
      res.on("data", (d) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end(JSON.stringify(INIT));
  });
}

describe("/mcp over Streamable HTTP", () => {
  let server: TestServer;
  let root: string;

  beforeAll(async () => {
    root = await makeTempHome("treeindex-root-");
    await fs.copyFile("test/fixtures/pdf/R-data.pdf", path.join(root, "R-data.pdf"));
    // alice (the test key's user) may index local files over HTTP; bob may not.
    server = await startTestServer({ TREEINDEX_ALLOWED_ROOTS: root, TREEINDEX_LOCAL_FILE_USERS: "local,alice" });
  });
  afterAll(async () => {
    await server?.close();
    await fs.rm(root, { recursive: true, force: true });
  });

  it("answers 401 {detail} without a key or with a wrong one", async () => {
    const none = await fetch(`${server.url}/mcp`, { method: "POST", headers: MCP_HEADERS, body: JSON.stringify(INIT) });
    expect(none.status).toBe(401);
    expect(((await none.json()) as { detail: string }).detail).toMatch(/api_key header or Authorization: Bearer/);
    expect(none.headers.get("www-authenticate")).toMatch(/Bearer/);
    const wrong = await fetch(`${server.url}/mcp`, { method: "POST", headers: { ...MCP_HEADERS, authorization: "Bearer ti_000000000000_wrongwrongwrongwrongwrong" }, body: JSON.stringify(INIT) });
    expect(wrong.status).toBe(401);
    const get = await fetch(`${server.url}/mcp`, { headers: { accept: "text/event-stream" } });
    expect(get.status).toBe(401);
    await expect(connect(server.url, {})).rejects.toThrow(/Missing API key/);
  });

  it("is described in /openapi.json (GET, POST, DELETE)", async () => {
    const spec = (await (await server.api("/openapi.json")).json()) as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(spec.paths["/mcp"]).sort()).toEqual(["delete", "get", "post"]);
  });

  it("refuses a Host header that does not name this server", async () => {
    const evil = await requestWithHost(server.url, "evil.example:8765", server.key);
    expect(evil.status).toBe(403);
    expect(JSON.parse(evil.body).detail).toMatch(/not allowed/);
    const local = await requestWithHost(server.url, `localhost:${server.server.port}`, server.key);
    expect(local.status).toBe(200);
  });

  it("serves the same flow as stdio with a Bearer key: index, wait, structure, pages, node", async () => {
    const client = await connect(server.url, { authorization: `Bearer ${server.key}` });
    const started = ok(await client.callTool({ name: "process_document", arguments: { path: path.join(root, "R-data.pdf") } }));
    let doc = ok(await client.callTool({ name: "get_document", arguments: { doc_id: started.doc_id, wait_for_completion: true } }));
    for (let i = 0; i < 3 && doc.status !== "completed"; i++) doc = ok(await client.callTool({ name: "get_document", arguments: { doc_id: started.doc_id, wait_for_completion: true } }));
    expect(doc.status).toBe("completed");
    const structure = ok(await client.callTool({ name: "get_document_structure", arguments: { doc_id: started.doc_id } }));
    expect(structure.page_count).toBe(41);
    const pages = ok(await client.callTool({ name: "get_page_content", arguments: { doc_id: started.doc_id, pages: "1" } }));
    expect(pages.content[0].text).toMatch(/R Data Import\/Export/);
    const node = ok(await client.callTool({ name: "get_node_content", arguments: { doc_id: started.doc_id, node_ids: [structure.structure[0].node_id] } }));
    expect(node.nodes[0].node_id).toBe(structure.structure[0].node_id);
    // The document is the key's user's: the REST API sees it too, with the same key.
    expect((await server.api(`/doc/${started.doc_id}`)).status).toBe(200);
    await client.close();
  }, 90_000);

  it("accepts the api_key header; sessions belong to their user", async () => {
    const alice = await connect(server.url, { api_key: server.key });
    const aliceDocs = ok(await alice.callTool({ name: "recent_documents", arguments: {} }));
    expect(aliceDocs.total_shown).toBeGreaterThan(0);
    const { key: bobKey } = await server.services.users.createKey("bob");
    const bob = await connect(server.url, { api_key: bobKey });
    expect(ok(await bob.callTool({ name: "recent_documents", arguments: {} })).total_shown).toBe(0);
    failed(await bob.callTool({ name: "get_document", arguments: { doc_id: aliceDocs.docs[0].id } }), "NOT_FOUND");
    // Bob is not in TREEINDEX_LOCAL_FILE_USERS: the server's local files are not his to index.
    const refused = failed(await bob.callTool({ name: "process_document", arguments: { path: path.join(root, "R-data.pdf") } }), "FORBIDDEN_PATH");
    expect(refused.error).toMatch(/TREEINDEX_LOCAL_FILE_USERS/);
    expect(ok(await bob.callTool({ name: "recent_documents", arguments: {} })).total_shown).toBe(0);

    // Bob presenting Alice's session id gets "session not found", not her session.
    const sessionId = (alice.transport as StreamableHTTPClientTransport).sessionId!;
    const hijack = await fetch(`${server.url}/mcp`, {
      method: "POST",
      headers: { ...MCP_HEADERS, api_key: bobKey, "mcp-session-id": sessionId, "mcp-protocol-version": "2025-06-18" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" }),
    });
    expect(hijack.status).toBe(404);
    const noSession = await fetch(`${server.url}/mcp`, { method: "POST", headers: { ...MCP_HEADERS, api_key: bobKey }, body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" }) });
    expect(noSession.status).toBe(400);
    // DELETE /mcp ends the session: its id is unknown afterwards.
    await (alice.transport as StreamableHTTPClientTransport).terminateSession();
    const ended = await fetch(`${server.url}/mcp`, {
      method: "POST",
      headers: { ...MCP_HEADERS, api_key: server.key, "mcp-session-id": sessionId, "mcp-protocol-version": "2025-06-18" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 3, method: "tools/list" }),
    });
    expect(ended.status).toBe(404);
    await alice.close();
    await bob.close();
  });

  it("closes idle sessions", async () => {
    const sessions = new McpHttpSessions(server.services, { perKey: 10, total: 10, idleMs: 50 });
    const user = await server.services.users.ensureUser("alice");
    const res = await sessions.handle(new Request("http://127.0.0.1/mcp", { method: "POST", headers: MCP_HEADERS, body: JSON.stringify(INIT) }), user, "key-a");
    expect(res.status).toBe(200);
    expect(res.headers.get("mcp-session-id")).toBeTruthy();
    expect(sessions.size).toBe(1);
    await new Promise((r) => setTimeout(r, 300));
    expect(sessions.size).toBe(0);
    await sessions.closeAll();
  });

  it("forwards to TREEINDEX_MCP_UPSTREAM when set", async () => {
    const sharedKey = "shared-env-key-for-proxy-test-0123456789";
    const upstream = await startTestServer({ TREEINDEX_API_KEY: sharedKey, TREEINDEX_ALLOWED_ROOTS: root });
    const proxy = await startTestServer({ TREEINDEX_API_KEY: sharedKey, TREEINDEX_MCP_UPSTREAM: `${upstream.url}/mcp` });
    try {
      const direct = await connect(upstream.url, { api_key: sharedKey });
      const created = ok(await direct.callTool({ name: "create_folder", arguments: { name: "Only upstream" } }));
      await direct.close();
      const viaProxy = await connect(proxy.url, { api_key: sharedKey });
      const folders = ok(await viaProxy.callTool({ name: "list_folders", arguments: {} }));
      expect(folders.folders.map((f: { id: string }) => f.id)).toEqual([created.id]);
      await viaProxy.close();
      // The query is the MCP server's: ?tools=read through the proxy opens a read-only upstream session.
      const readOnly = new Client({ name: "http-test", version: "1.0.0" });
      await readOnly.connect(new StreamableHTTPClientTransport(new URL(`${proxy.url}/mcp?tools=read`), { requestInit: { headers: { api_key: sharedKey } } }));
      const names = (await readOnly.listTools()).tools.map((t) => t.name);
      expect(names).toContain("list_folders");
      expect(names).not.toContain("create_folder");
      await readOnly.close();
      // The proxy still demands a key of its own users first.
      expect((await fetch(`${proxy.url}/mcp`, { method: "POST", headers: MCP_HEADERS, body: JSON.stringify(INIT) })).status).toBe(401);
    } finally {
      await proxy.close();
      await upstream.close();
    }
    const dead = await startTestServer({ TREEINDEX_API_KEY: sharedKey, TREEINDEX_MCP_UPSTREAM: "http://127.0.0.1:9/mcp" });
    try {
      const res = await fetch(`${dead.url}/mcp`, { method: "POST", headers: { ...MCP_HEADERS, api_key: sharedKey }, body: JSON.stringify(INIT) });
      expect(res.status).toBe(502);
      expect(((await res.json()) as { detail: string }).detail).toMatch(/unreachable/);
    } finally {
      await dead.close();
    }
  }, 60_000);
});

describe("Host header check", () => {
  it("allows loopback names and the configured host, on any port; everything when bound to all interfaces", () => {
    for (const host of ["localhost:8765", "127.0.0.1", "[::1]:8765", "LOCALHOST"]) expect(hostAllowed("127.0.0.1", host)).toBe(true);
    expect(hostAllowed("docs.internal", "docs.internal:8765")).toBe(true);
    for (const host of ["evil.example", "127.0.0.1.evil.example:80", "", undefined]) expect(hostAllowed("127.0.0.1", host)).toBe(false);
    expect(hostAllowed("0.0.0.0", "192.168.1.5:8765")).toBe(true);
    expect(hostAllowed("::", "evil.example")).toBe(true);
  });
});
