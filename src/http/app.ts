/**
 * The HTTP application: middleware, then routes. Public routes are registered before the
 * `api_key` middleware, so they answer without a key; everything after it needs one.
 */
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { Services } from "../core/services.ts";
import { requireApiKey } from "./auth.ts";
import { errorResponse } from "./errors.ts";
import { Router, type HttpEnv } from "./route.ts";
import { blockReferenceRoutes } from "./routes/block-reference.ts";
import { documentRoutes } from "./routes/documents.ts";
import { fileRoutes } from "./routes/files.ts";
import { folderRoutes } from "./routes/folders.ts";
import { listingRoutes } from "./routes/listing.ts";
import { searchRoutes } from "./routes/search.ts";
import { metadataSchemaRoutes } from "./routes/metadata-schemas.ts";
import { resourceRoutes } from "./routes/resources.ts";
import { shareRoutes } from "./routes/shares.ts";
import { markdownRoutes } from "./routes/markdown.ts";
import { mcpRoutes } from "./routes/mcp.ts";
import { retrievalRoutes } from "./routes/retrieval.ts";
import { chatRoutes } from "./routes/chat.ts";
import { healthRoute, openApiRoute } from "./routes/system.ts";
import { teamspaceScope } from "./teamspace-scope.ts";

export function createHttpApp(services: Services): Hono<HttpEnv> {
  // strict: false -> `/doc/x` and `/doc/x/` are the same route (the spec shows both forms).
  const app = new Hono<HttpEnv>({ strict: false });
  const router = new Router(app);
  const maxMb = Math.round(services.config.maxUploadBytes / 1024 / 1024);

  app.onError((error, c) => errorResponse(error, c, services.logger));
  app.notFound((c) => c.json({ detail: "Not Found" }, 404));

  healthRoute(router, services);
  fileRoutes(router, services); // signed URLs: the signature is the credential
  mcpRoutes(router, services); // MCP over HTTP: its own auth (api_key or Bearer) and Host check

  app.use("*", requireApiKey(services.users));
  app.use(
    "*",
    bodyLimit({
      maxSize: services.config.maxUploadBytes,
      onError: (c) => c.json({ detail: `Request body exceeds the upload limit of ${maxMb} MB` }, 413),
    }),
  );
  app.use("*", teamspaceScope(services.teamspaces));

  openApiRoute(router);
  documentRoutes(router, services);
  blockReferenceRoutes(router, services);
  folderRoutes(router, services);
  listingRoutes(router, services);
  metadataSchemaRoutes(router, services);
  shareRoutes(router, services);
  resourceRoutes(router, services);
  markdownRoutes(router, services);
  retrievalRoutes(router, services);
  searchRoutes(router, services);
  chatRoutes(router, services);
  return app;
}
