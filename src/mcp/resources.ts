/**
 * Resources: a document's structure and its pages by URI, so clients that attach resources
 * (instead of calling tools) can read documents too. Ids complete from the user's documents.
 * The context is read at call time, never at registration (stdio fills it in after the
 * handshake).
 */
import { ResourceTemplate, type McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { McpContext } from "./context.ts";

export const TREE_URI = "treeindex://doc/{doc_id}/tree";
export const PAGE_URI = "treeindex://doc/{doc_id}/page/{page}";

/** Most ids offered by completion (the protocol caps a completion answer at 100). */
const COMPLETION_LIMIT = 100;

function single(value: string | string[]): string {
  return Array.isArray(value) ? value[0] : value;
}

/** The user's completed documents whose id or name starts with `prefix`. */
export async function completeDocId({ services, user }: McpContext, prefix: string): Promise<string[]> {
  const docs = await services.documents.recent(user, 10_000);
  const p = prefix.toLowerCase();
  return docs
    .filter((d) => d.status === "completed" && (d.id.startsWith(prefix) || d.name.toLowerCase().startsWith(p)))
    .slice(0, COMPLETION_LIMIT)
    .map((d) => d.id);
}

export function registerResources(server: McpServer, context: McpContext): void {
  const complete = { doc_id: (prefix: string) => completeDocId(context, prefix) };

  server.registerResource(
    "document_tree",
    new ResourceTemplate(TREE_URI, {
      list: async () => {
        const docs = (await context.services.documents.recent(context.user, 200)).filter((d) => d.status === "completed");
        return {
          resources: docs.map((d) => ({ uri: `treeindex://doc/${d.id}/tree`, name: `${d.name} (structure)`, mimeType: "application/json", description: d.description || undefined })),
        };
      },
      complete,
    }),
    { title: "Document structure", description: "Section tree (titles, node ids, page ranges) of a completed document, without text", mimeType: "application/json" },
    async (uri, variables) => {
      const result = await context.services.reader.structure(context.user, single(variables.doc_id));
      return { contents: [{ uri: uri.href, mimeType: "application/json", text: JSON.stringify(result) }] };
    },
  );

  server.registerResource(
    "document_page",
    new ResourceTemplate(PAGE_URI, { list: undefined, complete }),
    { title: "Document page", description: "Text of one page (1-based) of a completed PDF", mimeType: "text/plain" },
    async (uri, variables) => {
      const result = await context.services.reader.pages(context.user, single(variables.doc_id), single(variables.page));
      return { contents: [{ uri: uri.href, mimeType: "text/plain", text: result.pages[0].text }] };
    },
  );
}
