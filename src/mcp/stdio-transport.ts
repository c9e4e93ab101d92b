/**
 * MCP over stdio, newline-delimited JSON-RPC, that never dies silently on bad input. The
 * SDK's own stdio transport closes itself when a message exceeds its buffer (10 MB) and
 * ignores unparsable lines; a desktop client then sees its server gone with nothing said.
 * Here:
 * - a line over MCP_MAX_MESSAGE_BYTES is skipped up to its newline (never buffered) and
 *   answered with a JSON-RPC error (-32600, with the request id when it can be read from
 *   the start of the line); the server keeps serving;
 * - a line that is not JSON is answered -32700 (Parse error); valid JSON that is not a
 *   JSON-RPC message is answered -32600 (Invalid Request);
 * - the end of stdin closes the transport (the client is gone), reported through onclose.
 */
import process from "node:process";
import type { Readable, Writable } from "node:stream";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { JSONRPCMessageSchema, type JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { MCP_MAX_MESSAGE_BYTES } from "./limits.ts";

const NEWLINE = 0x0a;
/** How much of each end of an oversized line is kept to find its request id. */
const EDGE_KEPT = 4096;

const lastBytes = (b: Buffer) => (b.length > EDGE_KEPT ? Buffer.from(b.subarray(b.length - EDGE_KEPT)) : b);

type ErrorReply = { jsonrpc: "2.0"; id: string | number | null; error: { code: number; message: string } };

export class LineStdioTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;

  private chunks: Buffer[] = [];
  private buffered = 0;
  /** Set while skipping an oversized line: its first and last bytes, and its size so far. */
  private skipping: { head: Buffer; tail: Buffer; size: number } | undefined;
  private closed = false;

  constructor(
    private readonly stdin: Readable = process.stdin,
    private readonly stdout: Writable = process.stdout,
    private readonly maxBytes = MCP_MAX_MESSAGE_BYTES,
    /** Where refused messages are reported (stderr: stdout is the protocol). */
    private readonly warn: (message: string) => void = (message) => process.stderr.write(`${message}\n`),
  ) {}

  async start(): Promise<void> {
    this.stdin.on("data", this.onData);
    this.stdin.on("end", this.onEnd);
    this.stdin.on("error", this.onStreamError);
  }

  send(message: JSONRPCMessage | ErrorReply): Promise<void> {
    return new Promise((resolve) => {
      if (this.stdout.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.stdout.once("drain", resolve);
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stdin.off("data", this.onData);
    this.stdin.off("end", this.onEnd);
    this.stdin.off("error", this.onStreamError);
    this.chunks = [];
    this.onclose?.();
  }

  private readonly onEnd = () => void this.close();
  private readonly onStreamError = (error: Error) => this.onerror?.(error);

  private readonly onData = (chunk: Buffer) => {
    let start = 0;
    while (start < chunk.length) {
      const newline = chunk.indexOf(NEWLINE, start);
      const end = newline < 0 ? chunk.length : newline;
      const piece = chunk.subarray(start, end);
      if (this.skipping) {
        this.skipping.size += piece.length;
        this.skipping.tail = lastBytes(Buffer.concat([this.skipping.tail, piece]));
      } else if (this.buffered + piece.length > this.maxBytes) {
        const all = Buffer.concat([...this.chunks, piece]);
        this.skipping = { head: Buffer.from(all.subarray(0, EDGE_KEPT)), tail: lastBytes(all), size: all.length };
        this.chunks = [];
        this.buffered = 0;
      } else {
        this.chunks.push(piece);
        this.buffered += piece.length;
      }
      if (newline < 0) break;
      this.endOfLine();
      start = newline + 1;
    }
  };

  private endOfLine(): void {
    if (this.skipping) {
      const { head, tail, size } = this.skipping;
      this.skipping = undefined;
      const message = `Message too large: ${size} bytes; the limit on stdio is ${this.maxBytes} bytes (pass large Markdown by path, not content)`;
      this.warn(`MCP stdio: ${message}`);
      void this.send({ jsonrpc: "2.0", id: requestId(head, tail), error: { code: -32600, message } });
      return;
    }
    const line = Buffer.concat(this.chunks).toString("utf8").replace(/\r$/, "");
    this.chunks = [];
    this.buffered = 0;
    if (line.trim() === "") return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch (error) {
      void this.send({ jsonrpc: "2.0", id: null, error: { code: -32700, message: `Parse error: ${(error as Error).message}` } });
      return;
    }
    const checked = JSONRPCMessageSchema.safeParse(parsed);
    if (!checked.success) {
      const id = (parsed as { id?: unknown })?.id;
      void this.send({ jsonrpc: "2.0", id: typeof id === "string" || typeof id === "number" ? id : null, error: { code: -32600, message: "Invalid Request: not a JSON-RPC 2.0 message" } });
      return;
    }
    this.onmessage?.(checked.data);
  }
}

const ID = String.raw`"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.)*")`;
/** `id` as the last member of the message (`..., "id": 7}`), as the SDK's clients write it. */
const ID_AT_END = new RegExp(`${ID}\\s*}\\s*$`);
/** `id` among the first members (`{"jsonrpc": "2.0", "id": 7, ...`), as other clients write it. */
const ID_AT_START = new RegExp(`^\\s*{\\s*(?:"jsonrpc"\\s*:\\s*"2\\.0"\\s*,\\s*)?${ID}`);

/** The request id of an oversized line, read from its ends (its middle was never kept). */
function requestId(head: Buffer, tail: Buffer): string | number | null {
  const match = ID_AT_END.exec(tail.toString("utf8").replace(/\r$/, "")) ?? ID_AT_START.exec(head.toString("utf8"));
  if (!match) return null;
  try {
    return JSON.parse(match[1]) as string | number;
  } catch {
    return null;
  }
}
