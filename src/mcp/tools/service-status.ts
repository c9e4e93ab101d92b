import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { healthSchema } from "../../core/health.ts";
import type { McpContext } from "../server.ts";

export function registerServiceStatusTool(server: McpServer, { services }: McpContext): void {
  server.registerTool(
    "service_status",
    {
      title: "Service status",
      description: "treeindex version, uptime and how many indexing jobs are queued or running.",
      outputSchema: healthSchema.shape,
    },
    async () => {
      const health = await services.health.get();
      return { content: [{ type: "text", text: JSON.stringify(health) }], structuredContent: health };
    },
  );
}
