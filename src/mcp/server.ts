/**
 * The MCP server factory: one McpServer per connection, tools registered from
 * `src/mcp/tools/*` (one file per tool), resources and prompts beside them, transports kept
 * apart (stdio.ts, http.ts). Every tool calls the same core services as the REST API.
 */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { VERSION } from "../version.ts";
import type { McpContext } from "./context.ts";
import { SERVER_INSTRUCTIONS } from "./instructions.ts";
import { registerPrompts } from "./prompts.ts";
import { registerResources } from "./resources.ts";
import { cacheToolList, structureSdkErrors } from "./sdk-hooks.ts";
import { registerCreateFolderTool } from "./tools/create-folder.ts";
import { registerDeleteFolderTool } from "./tools/delete-folder.ts";
import { registerDeleteMetadataSchemaTool } from "./tools/delete-metadata-schema.ts";
import { registerFindRelevantDocumentsTool } from "./tools/find-relevant-documents.ts";
import { registerGetDocumentImageTool } from "./tools/get-document-image.ts";
import { registerGetDocumentStructureTool } from "./tools/get-document-structure.ts";
import { registerGetDocumentTool } from "./tools/get-document.ts";
import { registerGetMetadataSchemaTool } from "./tools/get-metadata-schema.ts";
import { registerGetNodeContentTool } from "./tools/get-node-content.ts";
import { registerGetOcrTool } from "./tools/get-ocr.ts";
import { registerGetPageContentTool } from "./tools/get-page-content.ts";
import { registerHealthTool } from "./tools/health.ts";
import { registerListDocumentsTool } from "./tools/list-documents.ts";
import { registerListFoldersTool } from "./tools/list-folders.ts";
import { registerMarkdownToTreeTool } from "./tools/markdown-to-tree.ts";
import { registerProcessDocumentTool } from "./tools/process-document.ts";
import { registerRecentDocumentsTool } from "./tools/recent-documents.ts";
import { registerRemoveDocumentTool } from "./tools/remove-document.ts";
import { registerSearchDocumentsTool } from "./tools/search-documents.ts";
import { registerSetDocumentMetadataTool } from "./tools/set-document-metadata.ts";
import { registerSetMetadataSchemaTool } from "./tools/set-metadata-schema.ts";

export type { McpContext } from "./context.ts";

/** In the order a model meets them: find, read, search, then manage. */
const TOOLS = [
  registerProcessDocumentTool,
  registerRecentDocumentsTool,
  registerFindRelevantDocumentsTool,
  registerGetDocumentTool,
  registerGetDocumentStructureTool,
  registerGetPageContentTool,
  registerGetNodeContentTool,
  registerSearchDocumentsTool,
  registerGetOcrTool,
  registerGetDocumentImageTool,
  registerMarkdownToTreeTool,
  registerListDocumentsTool,
  registerSetDocumentMetadataTool,
  registerGetMetadataSchemaTool,
  registerSetMetadataSchemaTool,
  registerDeleteMetadataSchemaTool,
  registerRemoveDocumentTool,
  registerCreateFolderTool,
  registerListFoldersTool,
  registerDeleteFolderTool,
  registerHealthTool,
];

export function createMcpServer(context: McpContext): McpServer {
  const server = new McpServer({ name: "treeindex", title: "treeindex", version: VERSION }, { instructions: SERVER_INSTRUCTIONS });
  structureSdkErrors(server);
  for (const register of TOOLS) register(server, context);
  cacheToolList(server);
  registerResources(server, context);
  registerPrompts(server, context);
  return server;
}
