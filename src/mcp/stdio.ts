/** MCP over stdio: stdout carries only protocol messages; all logs go to stderr. */
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { Services } from "../core/services.ts";
import { DEFAULT_USER_NAME } from "../core/users.ts";
import { createMcpServer } from "./server.ts";

export async function serveStdio(services: Services): Promise<() => Promise<void>> {
  const user = await services.users.ensureUser(DEFAULT_USER_NAME);
  const server = createMcpServer({ services, user });
  const transport = new StdioServerTransport();
  await server.connect(transport);
  return () => server.close();
}
