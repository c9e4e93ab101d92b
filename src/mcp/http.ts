/**
 * MCP over Streamable HTTP (the transport behind `/mcp`): one session per client, each with
 * its own McpServer acting for the user who opened it (tools are shared, so a session costs
 * tens of KB, not the whole tool set). A session id presented by another user is unknown
 * to them (404), like any other resource.
 *
 * Sessions are bounded: at most `perKey` per API key and `total` overall. A new session
 * over a limit evicts the least recently active idle session (of that key first); an
 * evicted client gets 404 on its next call and initializes again, as the protocol says.
 * A session with a request in flight or an open stream is never idle; when every session
 * over the limit is busy, the new one is refused with 503 and `Retry-After`. Idle sessions
 * are also closed after `idleMs`.
 */
import { randomUUID } from "node:crypto";
import { ResponseFence } from "./response-fence.ts";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { Services } from "../core/services.ts";
import type { UserRecord } from "../store/index.ts";
import { MCP_MAX_MESSAGE_BYTES } from "./limits.ts";
import { createMcpServer, type ToolProfile } from "./server.ts";

export interface SessionLimits {
  /** Open sessions per API key. */
  perKey: number;
  /** Open sessions in this process. */
  total: number;
  /** Sessions without activity this long are closed. */
  idleMs: number;
}

interface Session {
  id: string;
  userId: string;
  keyId: string;
  server: McpServer;
  transport: WebStandardStreamableHTTPServerTransport;
  lastSeen: number;
  /** Requests in flight plus open response streams (a GET stream stays open). */
  active: number;
}

const RETRY_AFTER_S = 5;

function jsonRpcError(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message }, id: null }), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });
}

export class McpHttpSessions {
  private readonly sessions = new Map<string, Session>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly services: Services, private readonly limits: SessionLimits) {
    this.sweeper = setInterval(() => void this.sweep(), Math.min(60_000, limits.idleMs)).unref();
  }

  get size(): number {
    return this.sessions.size;
  }

  /**
   * Handles one protocol request (GET stream, POST messages, DELETE end) for `user`, who
   * presented key `keyId`. `profile` chooses the tools of a new session; a session keeps
   * the profile it was opened with.
   */
  async handle(request: Request, user: UserRecord, keyId: string, profile: ToolProfile = "all"): Promise<Response> {
    const sessionId = request.headers.get("mcp-session-id");
    if (sessionId) {
      const session = this.sessions.get(sessionId);
      if (!session || session.userId !== user.id) return jsonRpcError(404, "Session not found: initialize a new one");
      return this.track(session, () => session.transport.handleRequest(request));
    }
    if (request.method !== "POST") return jsonRpcError(400, "Bad Request: no session; POST an initialize request first");
    if (!(await this.makeRoom(keyId))) {
      return jsonRpcError(503, `Too many open MCP sessions and none is idle (at most ${this.limits.perKey} per key, ${this.limits.total} in all); retry later or close sessions with DELETE /mcp`, { "retry-after": String(RETRY_AFTER_S) });
    }

    const server = createMcpServer({ services: this.services, user, localFiles: { allowed: this.services.config.localFileUsers.includes(user.name) } }, profile);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      maxRequestBodySize: MCP_MAX_MESSAGE_BYTES,
      onsessioninitialized: (id) => {
        this.sessions.set(id, { id, userId: user.id, keyId, server, transport, lastSeen: Date.now(), active: 0 });
      },
      onsessionclosed: (id) => void this.close(id),
    });
    await server.connect(new ResponseFence(transport));
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

  /** Counts the request as activity until its response, streamed or not, has ended. */
  private async track(session: Session, run: () => Promise<Response>): Promise<Response> {
    session.active++;
    session.lastSeen = Date.now();
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      session.active--;
      session.lastSeen = Date.now();
    };
    try {
      const response = await run();
      if (!response.body) {
        end();
        return response;
      }
      const reader = response.body.getReader();
      // Passes the body through and ends the activity when it ends, fails, or the client drops it.
      const watched = new ReadableStream<Uint8Array>({
        async pull(controller) {
          try {
            const { done, value } = await reader.read();
            if (done) {
              end();
              controller.close();
            } else controller.enqueue(value);
          } catch (error) {
            end();
            controller.error(error);
          }
        },
        async cancel(reason) {
          end();
          await reader.cancel(reason).catch(() => undefined);
        },
      });
      return new Response(watched, { status: response.status, statusText: response.statusText, headers: response.headers });
    } catch (error) {
      end();
      throw error;
    }
  }

  /** Evicts idle sessions until a new one for `keyId` fits; false when only busy ones stand in the way. */
  private async makeRoom(keyId: string): Promise<boolean> {
    const ofKey = () => [...this.sessions.values()].filter((s) => s.keyId === keyId);
    while (ofKey().length >= this.limits.perKey) {
      if (!(await this.evictOldestIdle(ofKey()))) return false;
    }
    while (this.sessions.size >= this.limits.total) {
      if (!(await this.evictOldestIdle([...this.sessions.values()]))) return false;
    }
    return true;
  }

  private async evictOldestIdle(candidates: Session[]): Promise<boolean> {
    let oldest: Session | undefined;
    for (const s of candidates) if (s.active === 0 && (!oldest || s.lastSeen < oldest.lastSeen)) oldest = s;
    if (!oldest) return false;
    this.services.logger.info({ session: oldest.id, idle_s: Math.round((Date.now() - oldest.lastSeen) / 1000) }, "MCP session evicted to make room for a new one");
    await this.close(oldest.id);
    return true;
  }

  private async sweep(): Promise<void> {
    const cutoff = Date.now() - this.limits.idleMs;
    for (const [id, session] of this.sessions) if (session.active === 0 && session.lastSeen < cutoff) await this.close(id);
  }
}
