/**
 * /mcp sessions are cheap and bounded: a client that never closes its sessions cannot
 * exhaust the server (issue: 3,000 unclosed sessions took 1.8 GB, 7,759 killed it).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { McpHttpSessions } from "../../src/mcp/http.ts";
import type { UserRecord } from "../../src/store/index.ts";
import { json, startTestServer, type TestServer } from "../helpers/server.ts";

const INIT = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } } };
const HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };
const PROTOCOL = { "mcp-protocol-version": "2025-06-18" };

let server: TestServer;
let alice: UserRecord;
beforeAll(async () => {
  server = await startTestServer({ TREEINDEX_MCP_MAX_SESSIONS_PER_KEY: "3", TREEINDEX_MCP_MAX_SESSIONS: "5" });
  alice = (await server.services.users.authenticate(server.key))!;
});
afterAll(() => server.close());

async function initialize(key = server.key): Promise<Response> {
  return fetch(`${server.url}/mcp`, { method: "POST", headers: { ...HEADERS, api_key: key }, body: JSON.stringify(INIT) });
}

async function openSession(key = server.key): Promise<string> {
  const res = await initialize(key);
  expect(res.status).toBe(200);
  await res.arrayBuffer();
  const id = res.headers.get("mcp-session-id")!;
  const initialized = await fetch(`${server.url}/mcp`, { method: "POST", headers: { ...HEADERS, ...PROTOCOL, api_key: key, "mcp-session-id": id }, body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }) });
  await initialized.arrayBuffer();
  return id;
}

function listTools(id: string, key = server.key): Promise<Response> {
  return fetch(`${server.url}/mcp`, { method: "POST", headers: { ...HEADERS, ...PROTOCOL, api_key: key, "mcp-session-id": id }, body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" }) });
}

describe("bounded /mcp sessions", () => {
  it("a fourth session of one key evicts that key's least recently active idle session", async () => {
    const [a, b, c] = [await openSession(), await openSession(), await openSession()];
    expect((await listTools(a)).status).toBe(200); // a is now more recent than b
    const d = await openSession();
    expect((await listTools(b)).status).toBe(404);
    for (const id of [a, c, d]) expect((await listTools(id)).status).toBe(200);
    for (const id of [a, c, d]) await fetch(`${server.url}/mcp`, { method: "DELETE", headers: { ...PROTOCOL, api_key: server.key, "mcp-session-id": id } });
  });

  it("an open GET stream counts as activity: busy sessions are not evicted, the new one gets 503 + Retry-After", async () => {
    const ids = [await openSession(), await openSession(), await openSession()];
    const streams = await Promise.all(
      ids.map(async (id) => {
        const controller = new AbortController();
        const res = await fetch(`${server.url}/mcp`, { method: "GET", headers: { accept: "text/event-stream", ...PROTOCOL, api_key: server.key, "mcp-session-id": id }, signal: controller.signal });
        expect(res.status).toBe(200);
        return controller;
      }),
    );
    const refused = await initialize();
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("5");
    expect((await json(refused)).error.message).toMatch(/Too many open MCP sessions/);
    // REST keeps answering meanwhile.
    expect((await server.api("/docs")).status).toBe(200);
    // Dropping one stream makes that session idle again: a new session now fits.
    streams[0].abort();
    await new Promise((r) => setTimeout(r, 100));
    const id = await openSession();
    expect(id).toBeTruthy();
    expect((await listTools(ids[0])).status).toBe(404);
    for (const s of streams.slice(1)) s.abort();
  });

  it("the total cap holds across keys", async () => {
    const { key: bobKey } = await server.services.users.createKey("bob");
    const bobs: string[] = [];
    const alices: string[] = [];
    for (let i = 0; i < 3; i++) bobs.push(await openSession(bobKey));
    for (let i = 0; i < 3; i++) alices.push(await openSession());
    // 6 opened, at most 5 in all: the least recently active (bob's first) was evicted.
    const alive = async (ids: string[], key: string) => (await Promise.all(ids.map(async (id) => (await listTools(id, key)).status))).filter((st) => st === 200).length;
    expect((await listTools(bobs[0], bobKey)).status).toBe(404);
    expect((await alive(bobs, bobKey)) + (await alive(alices, server.key))).toBe(5);
  });

  it("2,000 unclosed sessions from one key: the cap holds and memory stays bounded", async () => {
    const sessions = new McpHttpSessions(server.services, { perKey: 100, total: 1000, idleMs: 3_600_000 });
    const request = () => new Request("http://127.0.0.1/mcp", { method: "POST", headers: HEADERS, body: JSON.stringify(INIT) });
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < 2_000; i++) {
      const res = await sessions.handle(request(), alice, "one-key");
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    expect(sessions.size).toBe(100);
    // Without the cap 2,000 sessions would be kept; at ~0.5 MB each (tools rebuilt per session) that was 1 GB.
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(200 * 1024 * 1024);
    await sessions.closeAll();
  });

  it("sessions share the tool definitions: 500 kept sessions cost well under 100 KB each", async () => {
    const sessions = new McpHttpSessions(server.services, { perKey: 10_000, total: 10_000, idleMs: 3_600_000 });
    const request = () => new Request("http://127.0.0.1/mcp", { method: "POST", headers: HEADERS, body: JSON.stringify(INIT) });
    const warm = await sessions.handle(request(), alice, "k");
    await warm.arrayBuffer();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < 500; i++) await (await sessions.handle(request(), alice, "k")).arrayBuffer();
    const perSession = (process.memoryUsage().heapUsed - before) / 500;
    expect(sessions.size).toBe(501);
    expect(perSession).toBeLessThan(100 * 1024);
    await sessions.closeAll();
  });
});
