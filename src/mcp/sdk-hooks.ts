/**
 * Two adjustments of the MCP SDK's McpServer. Both reach private SDK fields and fail loudly
 * (at server creation, so in every test) if an upgrade moves them.
 */
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { errorResult } from "./tool-errors.ts";

/**
 * The SDK answers schema violations itself with a plain-text error. Route those through the
 * same `{error, errorCode, next_steps}` body so a model sees one error shape. The hook is a
 * private SDK method: test/mcp/tools.test.ts fails loudly if an upgrade renames it.
 */
export function structureSdkErrors(server: McpServer): void {
  const target = server as unknown as { createToolError?: (message: string) => CallToolResult };
  if (typeof target.createToolError !== "function") throw new Error("MCP SDK changed: McpServer.createToolError is gone");
  target.createToolError = (message: string) => {
    if (/^(MCP error -32602: )?Input validation error/.test(message)) {
      return errorResult("INVALID_INPUT", message.replace(/^MCP error -32602: /, ""), ["Check the tool's input schema and call it again with valid arguments"]);
    }
    if (/Tool .* not found|disabled/.test(message)) return errorResult("NOT_FOUND", message, ["Call tools/list for the available tools"]);
    return errorResult("INTERNAL", message);
  };
}

type RequestHandler = (request: unknown, extra: unknown) => unknown;
/** One answer per tool profile (the set of tools a session registers). */
const toolLists = new Map<string, Promise<unknown>>();

/**
 * The SDK rebuilds every tool's JSON schema on each tools/list (~15 ms for our tools, most
 * of the call). The list is the same for every server instance (tools never change at run
 * time), so the first answer is kept for all. Like structureSdkErrors, this reaches a
 * private SDK field and fails loudly if an upgrade removes it. Call after registering tools;
 * `profile` names the set of tools registered (sessions of one profile share the answer).
 */
export function cacheToolList(server: McpServer, profile: string): void {
  const handlers = (server.server as unknown as { _requestHandlers?: Map<string, RequestHandler> })._requestHandlers;
  const original = handlers?.get("tools/list");
  if (!handlers || !original) throw new Error("MCP SDK changed: the tools/list handler is not where it was");
  handlers.set("tools/list", (request, extra) => {
    let list = toolLists.get(profile);
    if (!list) {
      list = Promise.resolve(original(request, extra)).catch((error: unknown) => {
        toolLists.delete(profile);
        throw error;
      });
      toolLists.set(profile, list);
    }
    return list;
  });
}
