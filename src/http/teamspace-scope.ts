/**
 * `teamspace_id` on any request: a member then acts as the teamspace (which owns the team's
 * folders, documents and schemas); anyone else gets 403. Runs after authentication.
 */
import type { MiddlewareHandler } from "hono";
import type { TeamspaceService } from "../core/shares/teamspaces.ts";
import type { HttpEnv } from "./route.ts";

export function teamspaceScope(teamspaces: TeamspaceService): MiddlewareHandler<HttpEnv> {
  return async (c, next) => {
    const teamspaceId = c.req.query("teamspace_id");
    if (teamspaceId) c.set("user", await teamspaces.actingAs(c.get("user"), teamspaceId));
    await next();
  };
}
