/** `GET /search`: the whole library (or a folder, or a metadata filter) searched as one. Thin adapter over SearchService. */
import { librarySearchQuery, librarySearchResponse, type LibrarySearchResponse } from "../../core/library/schemas.ts";
import type { Services } from "../../core/services.ts";
import type { Router } from "../route.ts";

export function searchRoutes(router: Router, { search }: Services): void {
  router.add(
    {
      method: "get", path: "/search", tag: "retrieval", query: librarySearchQuery,
      summary: "Search every document of the library (or a folder and its subfolders, or documents matching a metadata filter) in one ranking: pages across documents, then sections",
      responses: {
        200: { description: "Pages across documents best first, then sections; `searched` says how many documents were searched of how many are in scope", schema: librarySearchResponse },
        404: { description: "Unknown folder" },
      },
    },
    async ({ c, query, user }) => {
      const result = await search.search(user, { folderId: query.folder_id, metadataFilter: query.metadata_filter as Record<string, unknown> | undefined }, query.query, { limit: query.limit ?? 5 });
      const body: LibrarySearchResponse = {
        query: query.query,
        searched: result.searched,
        documents: result.documents.map(({ doc_id, doc_name, score }) => ({ doc_id, doc_name, score })),
        pages: result.pages.map((p) => ({ ...p })),
        sections: result.nodes.map((n) => ({
          doc_id: n.doc_id, doc_name: n.doc_name, node_id: n.node_id, title: n.title, path: n.path,
          ...(n.start_index !== undefined ? { start_index: n.start_index, end_index: n.end_index } : {}),
          ...(n.line_num !== undefined ? { line_num: n.line_num } : {}),
          score: n.score,
          passages: n.passages.map((p) => ({ text: p.text, page: p.page, ...(p.line !== undefined ? { line: p.line } : {}) })),
        })),
      };
      return c.json(body);
    },
  );
}
