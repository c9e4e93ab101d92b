/** `POST /resources/delete`: batch delete of documents and folders, per-item results. */
import { batchDeleteBody, batchDeleteResponse, deleteResources } from "../../core/folders/batch-delete.ts";
import type { Services } from "../../core/services.ts";
import type { Router } from "../route.ts";

export function resourceRoutes(router: Router, { documents, folders }: Services): void {
  router.add(
    {
      method: "post", path: "/resources/delete", tag: "folders", body: batchDeleteBody,
      summary: "Delete documents and folders in one call ({doc_ids?, folder_ids?}); each item is reported on its own",
      responses: { 200: { description: "Per-item results (always 200 once the body is valid)", schema: batchDeleteResponse } },
    },
    async ({ c, body, user }) => c.json(await deleteResources(documents, folders, user, body)),
  );
}
