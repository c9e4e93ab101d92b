import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { ResponseFence } from "../../src/mcp/response-fence.ts";

/** An inner transport that records what it is asked to send. */
function recorder(): Transport & { sent: JSONRPCMessage[] } {
  const sent: JSONRPCMessage[] = [];
  return { sent, start: async () => undefined, close: async () => undefined, send: async (message) => void sent.push(message) };
}

const progress = (token: number, progress: number): JSONRPCMessage => ({ jsonrpc: "2.0", method: "notifications/progress", params: { progressToken: token, progress } });

describe("ResponseFence", () => {
  it("passes a request's notifications until its response, drops them after, and keeps send order", async () => {
    const inner = recorder();
    const fence = new ResponseFence(inner);
    await fence.start();
    await fence.send(progress(7, 1), { relatedRequestId: 7 });
    await fence.send(progress(8, 1), { relatedRequestId: 8 });
    await fence.send({ jsonrpc: "2.0", id: 7, result: {} });
    await fence.send(progress(7, 2), { relatedRequestId: 7 }); // after its result: dropped
    await fence.send(progress(8, 2), { relatedRequestId: 8 }); // still in flight: sent
    await fence.send({ jsonrpc: "2.0", id: 8, error: { code: -1, message: "x" } });
    await fence.send(progress(8, 3), { relatedRequestId: 8 });
    // Notifications not tied to a request always pass.
    await fence.send({ jsonrpc: "2.0", method: "notifications/tools/list_changed" });
    expect(inner.sent.map((m) => ("id" in m ? `R${m.id}` : `${("params" in m ? (m.params as { progressToken?: number })?.progressToken : undefined) ?? "N"}`))).toEqual(["7", "8", "R7", "8", "R8", "N"]);
    expect(fence.dropped).toBe(2);
  });

  it("hands received messages, close and errors through", async () => {
    const inner = recorder();
    const fence = new ResponseFence(inner);
    const got: JSONRPCMessage[] = [];
    let closed = false;
    fence.onmessage = (m) => void got.push(m);
    fence.onclose = () => (closed = true);
    await fence.start();
    inner.onmessage?.({ jsonrpc: "2.0", id: 1, method: "ping" });
    inner.onclose?.();
    expect(got).toEqual([{ jsonrpc: "2.0", id: 1, method: "ping" }]);
    expect(closed).toBe(true);
  });
});
