/** What every tool, resource and prompt acts with: the core services and the calling user. */
import type { Services } from "../core/services.ts";
import type { LocalFileAccess } from "../core/documents/local-files.ts";
import type { UserRecord } from "../store/index.ts";

export interface McpContext {
  services: Services;
  /** The user every call acts for (stdio: the local user; /mcp: the api_key's user). */
  user: UserRecord;
  /** Whether this session may name local files (stdio: yes; /mcp: users in TREEINDEX_LOCAL_FILE_USERS). */
  localFiles: LocalFileAccess;
  /**
   * The folders the client offers as MCP roots (file:// URIs as paths), asked on each use
   * (they can change); empty when the client has no roots capability. Set by createMcpServer.
   */
  clientRoots?: () => Promise<string[]>;
  /** Longest a tool waits for indexing within one call (default ~45 s; tests shorten it). */
  waitLimitMs?: number;
}
