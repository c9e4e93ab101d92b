/** Metadata schema routes: PUT/GET/DELETE per folder (or `root`) and the overview. Thin adapters. */
import {
  effectiveSchema,
  metadataSchemaBody,
  schemaDeleteResponse,
  schemaFolderParams,
  schemaOverview,
  schemaOverviewQuery,
  schemaQuery,
  schemaWriteQuery,
} from "../../core/metadata-schemas/schemas.ts";
import type { Services } from "../../core/services.ts";
import type { Router } from "../route.ts";

function valuesOptions(query: { include_values?: boolean; values_limit?: number }) {
  return { includeValues: query.include_values ?? false, valuesLimit: query.values_limit ?? 100 };
}

export function metadataSchemaRoutes(router: Router, { metadataSchemas }: Services): void {
  const tag = "metadata schemas";
  router.add(
    {
      method: "put", path: "/folder/{folder_id}/metadata/schema", tag, params: schemaFolderParams, query: schemaWriteQuery, body: metadataSchemaBody,
      summary: "Declare the schema of a workspace (any folder id resolves to its workspace) or the user-level schema (`root`); immutable",
      responses: { 200: { description: "The declared schema", schema: effectiveSchema }, 404: { description: "Unknown folder" }, 409: { description: "Already declared: DELETE first" } },
    },
    async ({ c, params, body, user }) => c.json(await metadataSchemas.declare(user, params.folder_id, body)),
  );
  router.add(
    {
      method: "get", path: "/folder/{folder_id}/metadata/schema", tag, params: schemaFolderParams, query: schemaQuery,
      summary: "The schema in effect: the workspace's own, else the user-level one, else null (`root`: user-level only)",
      responses: { 200: { description: "Effective schema or null", schema: effectiveSchema }, 404: { description: "Unknown folder" } },
    },
    async ({ c, params, query, user }) => c.json(await metadataSchemas.effective(user, params.folder_id, valuesOptions(query))),
  );
  router.add(
    {
      method: "delete", path: "/folder/{folder_id}/metadata/schema", tag, params: schemaFolderParams, query: schemaWriteQuery,
      summary: "Clear the schema of a workspace (or the user-level one for `root`); documents keep their metadata",
      responses: { 200: { description: "Cleared", schema: schemaDeleteResponse }, 404: { description: "Unknown folder, or no schema declared there" } },
    },
    async ({ c, params, user }) => c.json(await metadataSchemas.remove(user, params.folder_id)),
  );
  router.add(
    {
      method: "get", path: "/metadata/schema", tag, query: schemaOverviewQuery,
      summary: "folder_id=root: user-level schema; a folder id: its workspace's effective schema; omitted: user-level plus all workspace schemas",
      responses: { 200: { description: "Schema(s)", schema: schemaOverview.or(effectiveSchema) }, 404: { description: "Unknown folder" } },
    },
    async ({ c, query, user }) => {
      const options = valuesOptions(query);
      if (query.folder_id !== undefined) return c.json(await metadataSchemas.effective(user, query.folder_id, options));
      return c.json(await metadataSchemas.overview(user, options));
    },
  );
}
