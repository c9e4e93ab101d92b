/** Maps errors to the contract's bodies. Bodies never carry stack traces. */
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import {
  ConflictError,
  DISK_FULL_MESSAGE,
  ForbiddenError,
  isDiskFull,
  StoreBusyError,
  InvalidInputError,
  NotFoundError,
  PayloadTooLargeError,
  UnauthorizedError,
} from "../core/errors.ts";
import type { Logger } from "../logger.ts";
import { RequestValidationError } from "./validation.ts";

export function errorResponse(error: unknown, c: Context, logger: Logger): Response {
  if (error instanceof RequestValidationError) return c.json({ detail: error.detail }, 422);
  if (error instanceof InvalidInputError) {
    return c.json({ detail: [{ loc: error.loc, msg: error.message, type: "value_error", ...(error.input !== undefined ? { input: error.input } : {}) }] }, 422);
  }
  if (error instanceof NotFoundError) return c.json({ detail: error.message }, 404);
  if (error instanceof ConflictError) return c.json({ detail: error.message, ...(error.details ?? {}) }, 409);
  if (error instanceof ForbiddenError) return c.json({ detail: error.message }, 403);
  if (error instanceof UnauthorizedError) return c.json({ detail: error.message }, 401);
  if (error instanceof PayloadTooLargeError) return c.json({ detail: error.message }, 413);
  if (error instanceof StoreBusyError) {
    c.header("Retry-After", String(error.retryAfterS));
    return c.json({ detail: error.message }, 503);
  }
  if (isDiskFull(error)) {
    logger.warn({ path: c.req.path, method: c.req.method, err: error }, "write refused: disk full");
    return c.json({ detail: DISK_FULL_MESSAGE }, 507);
  }
  if (error instanceof HTTPException) return c.json({ detail: error.message || "Request failed" }, error.status as ContentfulStatusCode);
  logger.error({ err: error, path: c.req.path, method: c.req.method }, "request failed");
  return c.json({ detail: "Internal server error" }, 500);
}
