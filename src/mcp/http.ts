/**
 * MCP over Streamable HTTP (the transport behind `/mcp`): one session per client, each with
 * its own McpServer acting for the user who opened it. A session id presented by another
 * user is unknown to them (404), like any other resource. Idle sessions are closed.
 */
import { randomUUID } from "node:crypto";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { Services } from "../core/services.ts";
import type { UserRecord } from "../store/index.ts";
import { createMcpServer } from "./server.ts";

/** Sessions unused this long are closed (clients re-initialize transparently). */
export const SESSION_IDLE_MS = 30 * 60_000;

interface Session {
  userId: string;
  server: McpServer;
  transport: WebStandardStreamableHTTPServerTransport;
  lastSeen: number;
}

function jsonRpcError(status: number, message: string): Response {
  return new Response(JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message }, id: null }), {
    status,
    headers: { "content-type": "application/json" },
  });
}

export class McpHttpSessions {
  private readonly sessions = new Map<string, Session>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly services: Services, private readonly idleMs = SESSION_IDLE_MS) {
    this.sweeper = setInterval(() => void this.sweep(), Math.min(60_000, idleMs)).unref();
  }

  get size(): number {
    return this.sessions.size;
  }

  /** Handles one protocol request (GET stream, POST messages, DELETE end) for `user`. */
  async handle(request: Request, user: UserRecord): Promise<Response> {
    const sessionId = request.headers.get("mcp-session-id");
    if (sessionId) {
      const session = this.sessions.get(sessionId);
      if (!session || session.userId !== user.id) return jsonRpcError(404, "Session not found: initialize a new one");
      session.lastSeen = Date.now();
      return session.transport.handleRequest(request);
    }
    if (request.method !== "POST") return jsonRpcError(400, "Bad Request: no session; POST an initialize request first");

    const server = createMcpServer({ services: this.services, user });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        this.sessions.set(id, { userId: user.id, server, transport, lastSeen: Date.now() });
      },
      onsessionclosed: (id) => void this.close(id),
    });
    await server.connect(transport);
    const response = await transport.handleRequest(request);
    // Anything but an initialize request was refused by the transport: nothing to keep.
    if (!transport.sessionId) await server.close();
    return response;
  }

  async close(id: string): Promise<void> {
    const session = this.sessions.get(id);
    if (!session) return;
    this.sessions.delete(id);
    await session.server.close().catch(() => undefined);
  }

  async closeAll(): Promise<void> {
    clearInterval(this.sweeper);
    await Promise.all([...this.sessions.keys()].map((id) => this.close(id)));
  }

  private async sweep(): Promise<void> {
    const cutoff = Date.now() - this.idleMs;
    for (const [id, session] of this.sessions) if (session.lastSeen < cutoff) await this.close(id);
  }
}
