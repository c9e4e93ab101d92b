/** Legacy retrieval routes: create a task, read it. Thin adapters over RetrievalTaskService. */
import { retrievalBody, retrievalCreated, retrievalIdParams, retrievalTask } from "../../core/retrieval/schemas.ts";
import type { Services } from "../../core/services.ts";
import type { Router } from "../route.ts";

export function retrievalRoutes(router: Router, { retrieval, teamspaces }: Services): void {
  router.add(
    {
      method: "post", path: "/retrieval", tag: "retrieval (legacy)", body: retrievalBody,
      summary: "Start a retrieval task over one completed document (lexical search; reasoning search when a model is configured)",
      responses: {
        200: { description: "Accepted; poll GET /retrieval/{retrieval_id}", schema: retrievalCreated },
        404: { description: "Unknown document" },
        403: { description: "teamspace_id names a teamspace you are not a member of" },
        409: { description: "The document is not retrieval_ready (still processing, or failed)" },
      },
    },
    // The body's teamspace_id acts like the query parameter: a member acts as the teamspace.
    async ({ c, body, user }) => c.json(await retrieval.create(body.teamspace_id ? await teamspaces.actingAs(user, body.teamspace_id) : user, body)),
  );
  router.add(
    {
      method: "get", path: "/retrieval/{retrieval_id}", tag: "retrieval (legacy)", params: retrievalIdParams,
      summary: "A retrieval task: processing, completed with retrieved_nodes, or failed with an error",
      responses: { 200: { description: "The task", schema: retrievalTask }, 404: { description: "Unknown retrieval id" } },
    },
    async ({ c, params, user }) => c.json(await retrieval.get(user, params.retrieval_id)),
  );
}
