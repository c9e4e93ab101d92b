/**
 * `GET`/`POST`/`DELETE /mcp`: MCP over Streamable HTTP. Authenticated by the `api_key` header
 * or `Authorization: Bearer <key>` (MCP clients send the latter), scoped to that user. The
 * Host header is checked against the names this server answers to, so a web page cannot
 * reach it through DNS rebinding. With TREEINDEX_MCP_UPSTREAM set, requests are forwarded
 * there instead (the contract's proxy), credentials included.
 */
import { createHash } from "node:crypto";
import type { Context } from "hono";
import type { Services } from "../../core/services.ts";
import { McpHttpSessions } from "../../mcp/http.ts";
import { TOOL_PROFILES, type ToolProfile } from "../../mcp/server.ts";
import type { HttpEnv, Router } from "../route.ts";

const LOOPBACK_NAMES = ["localhost", "127.0.0.1", "[::1]", "::1"];
const WILDCARD_HOSTS = new Set(["0.0.0.0", "::", "[::]"]);
/** Headers that describe one hop, not the message: never forwarded. */
const HOP_HEADERS = ["host", "connection", "keep-alive", "transfer-encoding", "upgrade", "content-length", "proxy-authorization", "te", "trailer"];

export function presentedKey(c: Context): string | undefined {
  const header = c.req.header("api_key");
  if (header) return header;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header("authorization") ?? "");
  return match?.[1];
}

/** Sessions are bounded per key: a short hash names the key without keeping it. */
function keyIdentity(key: string): string {
  return createHash("sha256").update(key).digest("hex").slice(0, 16);
}

function hostOf(value: string): string {
  return value.startsWith("[") ? value.slice(0, value.indexOf("]") + 1) : value.split(":")[0];
}

/** Whether the Host header names this server (not checked when bound to every interface). */
export function hostAllowed(configuredHost: string, hostHeader: string | undefined): boolean {
  if (WILDCARD_HOSTS.has(configuredHost)) return true;
  const host = hostOf((hostHeader ?? "").toLowerCase());
  return LOOPBACK_NAMES.includes(host) || host === configuredHost.toLowerCase();
}

async function forward(upstream: string, request: Request): Promise<Response> {
  // The client's query (`?tools=read`, `?folder=1`) is meant for the MCP server: pass it on.
  const target = new URL(upstream);
  for (const [name, value] of new URL(request.url).searchParams) target.searchParams.append(name, value);
  const headers = new Headers(request.headers);
  for (const name of HOP_HEADERS) headers.delete(name);
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  const response = await fetch(target, {
    method: request.method,
    headers,
    body: hasBody ? request.body : undefined,
    // Streamed request bodies need half-duplex in Node's fetch.
    ...(hasBody ? { duplex: "half" } : {}),
    signal: request.signal,
  } as RequestInit);
  const out = new Headers(response.headers);
  // fetch has already decoded the body; length and encoding no longer describe it.
  for (const name of ["content-encoding", "content-length", "transfer-encoding", "connection"]) out.delete(name);
  return new Response(endQuietly(response.body), { status: response.status, statusText: response.statusText, headers: out });
}

/**
 * An upstream that drops a long-lived SSE stream ends our stream too; the MCP client then
 * reconnects. Without this the dropped read is an error our HTTP server logs as a failure.
 */
function endQuietly(body: ReadableStream<Uint8Array> | null): ReadableStream<Uint8Array> | null {
  if (!body) return null;
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch {
        controller.close();
      }
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

const RESPONSES = {
  200: { description: "A JSON-RPC response, or an SSE stream (POST with Accept: text/event-stream; GET for server messages)" },
  400: { description: "No session: POST an initialize request first; or an unknown tools= value" },
  401: { description: "No key (api_key header or Authorization: Bearer), or an unknown one" },
  403: { description: "Host header not allowed" },
  404: { description: "Unknown session (or another user's)" },
  502: { description: "TREEINDEX_MCP_UPSTREAM unreachable" },
};

/**
 * Mounts /mcp. Register before the app-wide api_key middleware: this route authenticates
 * itself, because MCP clients send `Authorization: Bearer`.
 */
export function mcpRoutes(router: Router, services: Services): McpHttpSessions {
  const sessions = new McpHttpSessions(services, services.config.mcpSessions);
  const upstream = services.config.mcpUpstream;
  const handle = async (c: Context<HttpEnv>): Promise<Response> => {
    if (!hostAllowed(services.config.host, c.req.header("host"))) {
      return c.json({ detail: `Host ${JSON.stringify(c.req.header("host") ?? "")} is not allowed for /mcp` }, 403);
    }
    const key = presentedKey(c);
    if (!key) {
      c.header("WWW-Authenticate", 'Bearer realm="treeindex"');
      return c.json({ detail: "Missing API key: send the api_key header or Authorization: Bearer <key>" }, 401);
    }
    const user = await services.users.authenticate(key);
    if (!user) return c.json({ detail: "Invalid or revoked API key" }, 401);
    if (!upstream) {
      const tools = c.req.query("tools") ?? "all";
      if (!(TOOL_PROFILES as readonly string[]).includes(tools)) {
        return c.json({ detail: `Unknown tools=${JSON.stringify(tools)}: use tools=read (read-only tools) or tools=all` }, 400);
      }
      return sessions.handle(c.req.raw, user, keyIdentity(key), tools as ToolProfile);
    }
    try {
      return await forward(upstream, c.req.raw);
    } catch (error) {
      services.logger.warn({ err: error, upstream }, "MCP upstream unreachable");
      return c.json({ detail: "The upstream MCP server (TREEINDEX_MCP_UPSTREAM) is unreachable" }, 502);
    }
  };
  const summaries = { get: "MCP: server-to-client SSE stream of a session", post: "MCP: JSON-RPC messages (Streamable HTTP)", delete: "MCP: end a session" } as const;
  for (const method of ["get", "post", "delete"] as const) {
    router.add({ method, path: "/mcp", tag: "mcp", summary: summaries[method], responses: RESPONSES }, ({ c }) => handle(c));
  }
  return sessions;
}
