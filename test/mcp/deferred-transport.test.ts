import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { McpContext } from "../../src/mcp/context.ts";
import { DeferredTransport } from "../../src/mcp/deferred-transport.ts";
import { createMcpServer } from "../../src/mcp/server.ts";
import { startServices } from "../helpers/indexed.ts";

describe("DeferredTransport", () => {
  let env: Awaited<ReturnType<typeof startServices>>;
  beforeAll(async () => {
    env = await startServices();
  });
  afterAll(() => env.close());

  it("answers the handshake and tools/list at once, holds tool calls until released, then answers them in order", async () => {
    const context = {} as McpContext;
    const server = createMcpServer(context);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const deferred = new DeferredTransport(serverSide);
    await server.connect(deferred);
    const client = new Client({ name: "t", version: "1" });
    await client.connect(clientSide);
    expect((await client.listTools()).tools.length).toBeGreaterThan(5);

    let answered = false;
    const call = client.callTool({ name: "health", arguments: {} }).then((r) => ((answered = true), r));
    await new Promise((r) => setTimeout(r, 100));
    expect(answered).toBe(false);

    context.services = env.services;
    context.user = await env.services.users.ensureUser("local");
    deferred.release();
    const result = await call;
    expect(result.structuredContent).toMatchObject({ status: "ok" });
    // After release, calls go straight through.
    expect((await client.callTool({ name: "recent_documents", arguments: {} })).isError).toBeFalsy();
    await client.close();
  });
});
