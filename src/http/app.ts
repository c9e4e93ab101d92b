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
import { documentRoutes } from "./routes/documents.ts";
import { folderRoutes } from "./routes/folders.ts";
import { healthRoute, openApiRoute } from "./routes/system.ts";

export function createHttpApp(services: Services): Hono<HttpEnv> {
  // strict: false -> `/doc/x` and `/doc/x/` are the same route (the spec shows both forms).
  const app = new Hono<HttpEnv>({ strict: false });
  const router = new Router(app);
  const maxMb = Math.round(services.config.maxUploadBytes / 1024 / 1024);

  app.onError((error, c) => errorResponse(error, c, services.logger));
  app.notFound((c) => c.json({ detail: "Not Found" }, 404));

  healthRoute(router, services);

  app.use("*", requireApiKey(services.users));
  app.use(
    "*",
    bodyLimit({
      maxSize: services.config.maxUploadBytes,
      onError: (c) => c.json({ detail: `Request body exceeds the upload limit of ${maxMb} MB` }, 413),
    }),
  );

  openApiRoute(router);
  documentRoutes(router, services);
  folderRoutes(router, services);
  return app;
}
