/**
 * MCP over stdio: stdout carries only protocol messages; all logs go to stderr. The
 * handshake is answered before the store and worker pool are up (they are imported and
 * opened afterwards), so a desktop client sees the server start quickly; tool calls that
 * arrive meanwhile wait until the services are ready.
 */
import type { Config } from "../config.ts";
import type { Services } from "../core/services.ts";
import { DEFAULT_USER_NAME } from "../core/users.ts";
import type { Logger } from "../logger.ts";
import type { McpContext } from "./context.ts";
import { DeferredTransport } from "./deferred-transport.ts";
import { createMcpServer } from "./server.ts";
import { ResponseFence } from "./response-fence.ts";
import { LineStdioTransport } from "./stdio-transport.ts";

export interface StdioServer {
  services: Services;
  close(): Promise<void>;
}

export async function serveStdio(config: Config, logger: Logger): Promise<StdioServer> {
  // Filled in below, before any held request is delivered to a tool.
  const context = {} as McpContext;
  const server = createMcpServer(context, config.mcpTools, { ingest: true });
  const transport = new DeferredTransport(new LineStdioTransport(process.stdin, process.stdout, undefined, (message) => logger.warn(message)));
  await server.connect(new ResponseFence(transport));

  const { createServices } = await import("../core/services.ts");
  const services = await createServices(config, logger);
  context.services = services;
  context.user = await services.users.ensureUser(DEFAULT_USER_NAME);
  // The person who started this server on their machine: local files under the roots are theirs to index.
  context.localFiles = { allowed: true };
  transport.release();
  // TREEINDEX_WATCH: after the handshake and the held requests, so a client never waits for it.
  await services.watchConfigured();
  return {
    services,
    async close() {
      await server.close();
      await services.close();
    },
  };
}
