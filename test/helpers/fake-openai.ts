/**
 * A scripted OpenAI-compatible server on a loopback port: real HTTP, so tests exercise the
 * real `openai` client (retries, timeouts, streaming parser). Each POST /chat/completions
 * takes the next scripted reply (or asks `fallback`); every request body is recorded.
 * Replies: text, tool calls, an HTTP error status, a delay (for timeouts). Streaming requests
 * get the same reply as SSE chunks, text in small pieces and tool arguments in fragments.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface ScriptedToolCall {
  name: string;
  arguments: string | Record<string, unknown>;
}

export type Reply =
  | { text: string; delayMs?: number }
  | { toolCalls: ScriptedToolCall[]; text?: string; delayMs?: number }
  | { status: number; error?: string; retryAfterMs?: number };

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type RecordedRequest = { body: any; headers: http.IncomingHttpHeaders };

export interface FakeOpenAi {
  /** Base URL for OPENAI_BASE_URL, e.g. http://127.0.0.1:1234/v1 */
  url: string;
  requests: RecordedRequest[];
  /** Replies served in order. */
  script(...replies: Reply[]): void;
  /** Drops replies not served yet. */
  clearScript(): void;
  /** Used when the script is empty. */
  fallback: (request: RecordedRequest) => Reply;
  /** Requests whose connection the client closed before the reply ended. */
  aborted: number;
  /** Most chat requests open at the same time (checks the client's concurrency bound). */
  maxInFlight: number;
  close(): Promise<void>;
}

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const queue: Reply[] = [];
  const requests: RecordedRequest[] = [];
  let inFlight = 0;
  const sockets = new Set<import("node:net").Socket>();
  const fake: FakeOpenAi = {
    url: "",
    requests,
    aborted: 0,
    maxInFlight: 0,
    script: (...replies) => void queue.push(...replies),
    clearScript: () => void queue.splice(0),
    fallback: () => ({ text: "(unscripted)" }),
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
      res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "not found" } }));
      return;
    }
    const recorded: RecordedRequest = { body: JSON.parse(Buffer.concat(chunks).toString("utf8")), headers: req.headers };
    requests.push(recorded);
    const reply = queue.shift() ?? fake.fallback(recorded);
    let closed = false;
    inFlight++;
    fake.maxInFlight = Math.max(fake.maxInFlight, inFlight);
    res.on("close", () => {
      inFlight--;
      if (!res.writableEnded) {
        closed = true;
        fake.aborted++;
      }
    });

    if ("status" in reply) {
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (reply.retryAfterMs !== undefined) headers["retry-after-ms"] = String(reply.retryAfterMs);
      res.writeHead(reply.status, headers).end(JSON.stringify({ error: { message: reply.error ?? `scripted ${reply.status}`, type: "scripted" } }));
      return;
    }
    if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
    if (closed) return;
    const text = "text" in reply ? (reply.text ?? "") : "";
    const toolCalls = "toolCalls" in reply ? reply.toolCalls.map((c, i) => ({ id: `call_${requests.length}_${i}`, name: c.name, arguments: typeof c.arguments === "string" ? c.arguments : JSON.stringify(c.arguments) })) : [];
    const finish = toolCalls.length ? "tool_calls" : "stop";
    const usage = { prompt_tokens: 11, completion_tokens: 7, total_tokens: 18 };
    const base = { id: `chatcmpl-${requests.length}`, created: 1_700_000_000, model: recorded.body.model };

    if (!recorded.body.stream) {
      const message: Record<string, unknown> = { role: "assistant", content: toolCalls.length && !text ? null : text };
      if (toolCalls.length) message.tool_calls = toolCalls.map((c) => ({ id: c.id, type: "function", function: { name: c.name, arguments: c.arguments } }));
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ ...base, object: "chat.completion", choices: [{ index: 0, message, finish_reason: finish }], usage }));
      return;
    }

    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
    const send = async (delta: Record<string, unknown>, finishReason: string | null = null, extra: Record<string, unknown> = {}) => {
      if (closed) return;
      res.write(`data: ${JSON.stringify({ ...base, object: "chat.completion.chunk", choices: [{ index: 0, delta, finish_reason: finishReason }], ...extra })}\n\n`);
      await new Promise((r) => setTimeout(r, 2));
    };
    await send({ role: "assistant", content: "" });
    for (const piece of text.match(/.{1,6}/gs) ?? []) await send({ content: piece });
    for (const [index, call] of toolCalls.entries()) {
      await send({ tool_calls: [{ index, id: call.id, type: "function", function: { name: call.name, arguments: "" } }] });
      const half = Math.ceil(call.arguments.length / 2);
      await send({ tool_calls: [{ index, function: { arguments: call.arguments.slice(0, half) } }] });
      await send({ tool_calls: [{ index, function: { arguments: call.arguments.slice(half) } }] });
    }
    await send({}, finish);
    if (closed) return;
    res.write(`data: ${JSON.stringify({ ...base, object: "chat.completion.chunk", choices: [], usage })}\n\n`);
    res.end("data: [DONE]\n\n");
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return fake;
}
