/** `GET /docs`: list mode and group mode. Thin adapter over ListingService. */
import { groupModeResponse, listDocsQuery, listModeResponse } from "../../core/listing/schemas.ts";
import type { Services } from "../../core/services.ts";
import type { Router } from "../route.ts";

export function listingRoutes(router: Router, { listing }: Services): void {
  router.add(
    {
      method: "get", path: "/docs", tag: "documents", query: listDocsQuery,
      summary: "List documents (filter, sort, aggregates) or group them (group_by + aggregates)",
      responses: {
        200: { description: "List mode: documents/total/limit/offset (+aggregates); group mode: groups/total/truncated", schema: listModeResponse.or(groupModeResponse) },
        404: { description: "Unknown folder" },
      },
    },
    async ({ c, query, user }) => c.json(await listing.list(user, query)),
  );
}
