/**
 * A transport wrapper that keeps a request's notifications inside its lifetime: once the
 * response to a request has been sent, a notification sent for it (the SDK passes the
 * request's id as `relatedRequestId`) is dropped. The MCP specification allows progress
 * only while a request is in flight; a client receiving it afterwards reports a protocol
 * error. Messages are otherwise passed through in the order they are sent.
 */
import type { Transport, TransportSendOptions } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage, MessageExtraInfo, RequestId } from "@modelcontextprotocol/sdk/types.js";

/** How many answered request ids are remembered (a late notification comes soon after its response). */
const REMEMBERED = 4096;

export class ResponseFence implements Transport {
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  /** Ids of answered requests, oldest first. */
  private readonly answered = new Set<RequestId>();
  /** Notifications dropped because their request had been answered (for tests and logs). */
  dropped = 0;

  constructor(private readonly inner: Transport) {}

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }

  async start(): Promise<void> {
    this.inner.onmessage = (message, extra) => this.onmessage?.(message, extra);
    this.inner.onclose = () => this.onclose?.();
    this.inner.onerror = (error) => this.onerror?.(error);
    await this.inner.start();
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    const related = options?.relatedRequestId;
    if ("method" in message && !("id" in message) && related !== undefined && this.answered.has(related)) {
      this.dropped++;
      return Promise.resolve();
    }
    if (("result" in message || "error" in message) && "id" in message && message.id !== undefined) this.remember(message.id);
    return this.inner.send(message, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  private remember(id: RequestId): void {
    this.answered.add(id);
    if (this.answered.size > REMEMBERED) this.answered.delete(this.answered.values().next().value as RequestId);
  }
}
