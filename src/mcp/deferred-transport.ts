/**
 * A transport wrapper that answers the handshake at once and holds every other request
 * until the server's services are ready. A desktop client gives a server a few seconds to
 * answer `initialize`; opening the store and starting the worker pool should not count
 * against that. Listing tools, prompts and templates needs no services, so it passes too.
 */
import type { Transport, TransportSendOptions } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage, MessageExtraInfo } from "@modelcontextprotocol/sdk/types.js";

const IMMEDIATE = new Set(["initialize", "notifications/initialized", "ping", "tools/list", "prompts/list", "resources/templates/list"]);

export class DeferredTransport implements Transport {
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  private held: Array<[JSONRPCMessage, MessageExtraInfo | undefined]> | undefined = [];

  constructor(private readonly inner: Transport) {}

  async start(): Promise<void> {
    this.inner.onmessage = (message, extra) => this.receive(message, extra);
    this.inner.onclose = () => this.onclose?.();
    this.inner.onerror = (error) => this.onerror?.(error);
    await this.inner.start();
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    return this.inner.send(message, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  /** Delivers the held messages in arrival order; later ones go straight through. */
  release(): void {
    const held = this.held ?? [];
    this.held = undefined;
    for (const [message, extra] of held) this.onmessage?.(message, extra);
  }

  private receive(message: JSONRPCMessage, extra?: MessageExtraInfo): void {
    const method = "method" in message ? message.method : undefined;
    if (this.held && !(method && IMMEDIATE.has(method))) this.held.push([message, extra]);
    else this.onmessage?.(message, extra);
  }
}
