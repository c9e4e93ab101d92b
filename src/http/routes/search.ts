/** `GET /search`: the whole library (or a folder, or a metadata filter) searched as one. Thin adapter over SearchService. */
import { librarySearchAnswer, librarySearchQuery, librarySearchResponse } from "../../core/library/schemas.ts";
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
      return c.json(librarySearchAnswer(query.query, result));
    },
  );
}
