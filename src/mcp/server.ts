/**
 * The MCP server factory: one McpServer per connection, tools registered from
 * `src/mcp/tools/*` (one file per tool), transports kept apart (stdio.ts, /mcp in http).
 */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { Services } from "../core/services.ts";
import type { UserRecord } from "../store/index.ts";
import { VERSION } from "../version.ts";
import { registerServiceStatusTool } from "./tools/service-status.ts";

export interface McpContext {
  services: Services;
  /** The user every tool call acts for (stdio: the local user; /mcp: the api_key's user). */
  user: UserRecord;
}

export function createMcpServer(context: McpContext): McpServer {
  const server = new McpServer({ name: "treeindex", version: VERSION });
  registerServiceStatusTool(server, context);
  return server;
}
