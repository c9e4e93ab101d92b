/** An in-process MCP client wired to our server factory over InMemoryTransport. */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { expect } from "vitest";
import { createMcpServer, type McpContext } from "../../src/mcp/server.ts";
import { toolErrorSchema, type ErrorCode, type ToolError } from "../../src/mcp/tool-errors.ts";

/** `localFiles` defaults to allowed, as for the stdio server (the person at the machine). */
export async function connectInMemory(context: Omit<McpContext, "localFiles"> & Partial<Pick<McpContext, "localFiles">>): Promise<Client> {
  const server = createMcpServer({ localFiles: { allowed: true }, ...context });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "test", version: "1.0.0" });
  await client.connect(clientSide);
  // Listing tools makes the client validate every structuredContent against its output schema.
  await client.listTools();
  return client;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

/** A successful result's structuredContent; checks the text carries the same JSON and next_steps exist. */
export function ok(result: unknown): Loose {
  const r = result as CallToolResult;
  if (r.isError) throw new Error(`Expected success, got error: ${(r.content[0] as { text: string }).text}`);
  expect(r.structuredContent).toBeDefined();
  expect(JSON.parse((r.content[0] as { text: string }).text)).toEqual(r.structuredContent);
  const steps = (r.structuredContent as { next_steps: { summary: unknown; options: unknown } }).next_steps;
  expect(typeof steps.summary === "string" && steps.summary.length > 0).toBe(true);
  expect(Array.isArray(steps.options) && steps.options.length > 0).toBe(true);
  return r.structuredContent;
}

/** An expected failure: isError with {error, errorCode, next_steps} of the given code. */
export function failed(result: unknown, code: ErrorCode): ToolError {
  const r = result as CallToolResult;
  expect(r.isError).toBe(true);
  const body = toolErrorSchema.parse(JSON.parse((r.content[0] as { text: string }).text));
  expect(body.errorCode, body.error).toBe(code);
  expect(body.next_steps.options.length).toBeGreaterThan(0);
  expect(body.next_steps.summary.length).toBeGreaterThan(0);
  return body;
}
