/** `api_key` header -> the calling user. 401 `{detail}` when the key is missing or unknown. */
import type { MiddlewareHandler } from "hono";
import type { UserService } from "../core/users.ts";
import type { HttpEnv } from "./route.ts";

export function requireApiKey(users: UserService): MiddlewareHandler<HttpEnv> {
  return async (c, next) => {
    const key = c.req.header("api_key");
    if (!key) return c.json({ detail: "Missing api_key header" }, 401);
    const user = await users.authenticate(key);
    if (!user) return c.json({ detail: "Invalid or revoked API key" }, 401);
    c.set("user", user);
    await next();
  };
}
