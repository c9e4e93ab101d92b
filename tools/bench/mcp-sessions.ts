/**
 * /mcp session figures (issue 23) against a real `serve` process: 3,000 sessions opened by
 * one key and never closed, with the default caps (the oldest idle ones are evicted) and
 * with caps raised above 3,000 (all kept: memory per idle session). REST must keep answering.
 */
import fs from "node:fs/promises";
import { KEY, rssMb, serve, tempHome, type Served } from "./safety.ts";
import type { BenchFigure } from "./types.ts";

const INIT = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "bench", version: "1" } } };
const SESSIONS = 3_000;

async function openSessions(s: Served, count: number): Promise<{ ok: number; refused: number }> {
  let ok = 0;
  let refused = 0;
  // 8 clients at once, each initializing and walking away.
  await Promise.all(
    Array.from({ length: 8 }, async (_, w) => {
      for (let i = w; i < count; i += 8) {
        const res = await fetch(`${s.url}/mcp`, { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream", authorization: `Bearer ${KEY}` }, body: JSON.stringify(INIT) });
        await res.arrayBuffer();
        if (res.status === 200) ok++;
        else refused++;
      }
    }),
  );
  return { ok, refused };
}

async function run(env: Record<string, string>): Promise<{ idle: number; after: number; ok: number; refused: number; restMs: number; mcpAfter: string }> {
  const home = await tempHome();
  const s = await serve(home, env);
  // Warm: one session and one REST call, so the first-use costs are not counted per session.
  await openSessions(s, 8);
  await (await fetch(`${s.url}/docs`, { headers: { api_key: KEY } })).arrayBuffer();
  await new Promise((r) => setTimeout(r, 1_000));
  const idle = rssMb(s.child.pid!);
  const { ok, refused } = await openSessions(s, SESSIONS);
  await new Promise((r) => setTimeout(r, 1_000));
  const after = rssMb(s.child.pid!);
  const t = performance.now();
  const rest = await fetch(`${s.url}/docs`, { headers: { api_key: KEY } });
  await rest.arrayBuffer();
  const restMs = rest.status === 200 ? performance.now() - t : NaN;
  // MCP keeps answering too: a new session's initialize and tools/list.
  const mcpAfter = await toolsListAnswers(s);
  await s.stop();
  await fs.rm(home, { recursive: true, force: true });
  return { idle, after, ok, refused, restMs, mcpAfter };
}

async function toolsListAnswers(s: Served): Promise<string> {
  const headers = { "content-type": "application/json", accept: "application/json, text/event-stream", authorization: `Bearer ${KEY}` };
  const init = await fetch(`${s.url}/mcp`, { method: "POST", headers, body: JSON.stringify(INIT) });
  await init.arrayBuffer();
  const id = init.headers.get("mcp-session-id");
  if (init.status !== 200 || !id) return `initialize ${init.status}`;
  const list = await fetch(`${s.url}/mcp`, { method: "POST", headers: { ...headers, "mcp-session-id": id, "mcp-protocol-version": "2025-06-18" }, body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" }) });
  const text = await list.text();
  return list.status === 200 && text.includes("process_document") ? "MCP tools/list answers" : `tools/list ${list.status}`;
}

export async function mcpSessionsBench(): Promise<BenchFigure[]> {
  const capped = await run({});
  const uncapped = await run({ TREEINDEX_MCP_MAX_SESSIONS_PER_KEY: "10000", TREEINDEX_MCP_MAX_SESSIONS: "10000" });
  return [
    { group: "mcp-sessions", name: `${SESSIONS} unclosed /mcp sessions from one key, default caps: RSS growth`, value: capped.after - capped.idle, unit: "MB", note: `idle ${capped.idle} MB -> ${capped.after} MB; ${capped.ok} opened (oldest idle evicted beyond 100 per key), ${capped.refused} refused; REST /docs afterwards ${capped.restMs.toFixed(1)} ms; ${capped.mcpAfter}` },
    { group: "mcp-sessions", name: `${SESSIONS} unclosed sessions, caps raised above ${SESSIONS}: memory per idle session`, value: Math.round(((uncapped.after - uncapped.idle) * 1024) / SESSIONS), unit: "KB", note: `RSS ${uncapped.idle} -> ${uncapped.after} MB; all ${uncapped.ok} kept; REST /docs afterwards ${uncapped.restMs.toFixed(1)} ms; ${uncapped.mcpAfter}` },
  ];
}
