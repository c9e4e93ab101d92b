/** Public system routes: health, and the OpenAPI document (which needs a key). */
import { z } from "zod";
import { healthSchema } from "../../core/health.ts";
import type { Services } from "../../core/services.ts";
import { buildOpenApi } from "../openapi.ts";
import type { Router } from "../route.ts";

export function healthRoute(router: Router, services: Services): void {
  router.add(
    { method: "get", path: "/health", summary: "Liveness, version and job queue depth", tag: "system", public: true, responses: { 200: { description: "Healthy", schema: healthSchema } } },
    async ({ c }) => c.json(await services.health.get()),
  );
}

export function openApiRoute(router: Router): void {
  router.add(
    { method: "get", path: "/openapi.json", summary: "This API's OpenAPI 3.1 description", tag: "system", responses: { 200: { description: "OpenAPI document", schema: z.record(z.string(), z.unknown()) } } },
    ({ c }) => c.json(buildOpenApi(router.defs)),
  );
}
