/**
 * The MCP server factory: one McpServer per connection, tools registered from
 * `src/mcp/tools/*` (one file per tool), resources and prompts beside them, transports kept
 * apart (stdio.ts, http.ts). Every tool calls the same core services as the REST API.
 */
import { fileURLToPath } from "node:url";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { VERSION } from "../version.ts";
import type { McpContext } from "./context.ts";
import { SERVER_INSTRUCTIONS } from "./instructions.ts";
import { registerPrompts } from "./prompts.ts";
import { registerResources } from "./resources.ts";
import { cacheToolList, structureSdkErrors } from "./sdk-hooks.ts";
import { registerTool } from "./tool-kit.ts";
import { createFolderTool } from "./tools/create-folder.ts";
import { deleteFolderTool } from "./tools/delete-folder.ts";
import { deleteMetadataSchemaTool } from "./tools/delete-metadata-schema.ts";
import { findRelevantDocumentsTool } from "./tools/find-relevant-documents.ts";
import { getDocumentImageTool } from "./tools/get-document-image.ts";
import { getDocumentStructureTool } from "./tools/get-document-structure.ts";
import { getDocumentTool } from "./tools/get-document.ts";
import { getMetadataSchemaTool } from "./tools/get-metadata-schema.ts";
import { getNodeContentTool } from "./tools/get-node-content.ts";
import { getOcrTool } from "./tools/get-ocr.ts";
import { getPageContentTool } from "./tools/get-page-content.ts";
import { healthTool } from "./tools/health.ts";
import { listDocumentsTool } from "./tools/list-documents.ts";
import { listFoldersTool } from "./tools/list-folders.ts";
import { markdownToTreeTool } from "./tools/markdown-to-tree.ts";
import { processDocumentTool } from "./tools/process-document.ts";
import { recentDocumentsTool } from "./tools/recent-documents.ts";
import { removeDocumentTool } from "./tools/remove-document.ts";
import { searchDocumentsTool } from "./tools/search-documents.ts";
import { setDocumentMetadataTool } from "./tools/set-document-metadata.ts";
import { setMetadataSchemaTool } from "./tools/set-metadata-schema.ts";
import { syncFolderTool } from "./tools/sync-folder.ts";
import { syncStatusTool } from "./tools/sync-status.ts";

export type { McpContext } from "./context.ts";

/** In the order a model meets them: find, read, search, then manage. */
const TOOLS = [
  processDocumentTool,
  syncFolderTool,
  syncStatusTool,
  recentDocumentsTool,
  findRelevantDocumentsTool,
  getDocumentTool,
  getDocumentStructureTool,
  getPageContentTool,
  getNodeContentTool,
  searchDocumentsTool,
  getOcrTool,
  getDocumentImageTool,
  markdownToTreeTool,
  listDocumentsTool,
  setDocumentMetadataTool,
  getMetadataSchemaTool,
  setMetadataSchemaTool,
  deleteMetadataSchemaTool,
  removeDocumentTool,
  createFolderTool,
  listFoldersTool,
  deleteFolderTool,
  healthTool,
];

/**
 * Which tools a session offers: `all`, or `read`, only the tools annotated read-only (what
 * PageIndex's Python SDK connects its agent helpers to, `/mcp?tools=read`): a model in such
 * a session can neither call nor see anything that writes or deletes. With `ingest` (the
 * stdio server's `--tools read`, for desktop Q&A) `read` adds process_document and
 * sync_folder, so the user can still have a file or a folder indexed; schemas, folders,
 * metadata and deletes stay out.
 */
export const TOOL_PROFILES = ["all", "read"] as const;
/** What `read` adds with `ingest`: having a file indexed, or a folder kept indexed (sync_folder). */
const INGEST_TOOLS = new Set([processDocumentTool, syncFolderTool]);
export type ToolProfile = (typeof TOOL_PROFILES)[number];

export function toolsOf(profile: ToolProfile, options: { ingest?: boolean } = {}): typeof TOOLS {
  if (profile === "all") return TOOLS;
  return TOOLS.filter((t) => t.config.annotations.readOnlyHint === true || (options.ingest === true && INGEST_TOOLS.has(t)));
}

export function createMcpServer(context: McpContext, profile: ToolProfile = "all", options: { ingest?: boolean } = {}): McpServer {
  const server = new McpServer({ name: "treeindex", title: "treeindex", version: VERSION }, { instructions: SERVER_INSTRUCTIONS });
  context.clientRoots = () => listClientRoots(server);
  structureSdkErrors(server);
  for (const tool of toolsOf(profile, options)) registerTool(server, context, tool);
  cacheToolList(server, profile === "read" && options.ingest ? "read+ingest" : profile);
  registerResources(server, context);
  registerPrompts(server, context);
  return server;
}

/** How long a client may take to list its roots before process_document goes on without them. */
const ROOTS_TIMEOUT_MS = 5_000;

/** The client's file:// roots as local paths; none when it does not offer roots or fails to list them. */
async function listClientRoots(server: McpServer): Promise<string[]> {
  if (!server.server.getClientCapabilities()?.roots) return [];
  try {
    const { roots } = await server.server.listRoots(undefined, { timeout: ROOTS_TIMEOUT_MS });
    return roots.filter((r) => r.uri.startsWith("file://")).map((r) => fileURLToPath(r.uri));
  } catch {
    return [];
  }
}
