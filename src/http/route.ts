/**
 * A route is declared once: method, path, zod schemas for its inputs and outputs, and a
 * handler. The same declaration validates requests (422 in the contract's shape) and feeds
 * /openapi.json, so the documentation cannot drift from the behaviour.
 */
import type { Context, Hono } from "hono";
import { z } from "zod";
import type { UserRecord } from "../store/index.ts";
import { JsonLimitError, decodeUtf8, parseJsonWithinLimits } from "../core/schemas/json-limits.ts";
import { validate, validationError } from "./validation.ts";

export type HttpEnv = { Variables: { user: UserRecord } };

export type Method = "get" | "post" | "put" | "delete";

export interface ResponseDef {
  description: string;
  schema?: z.ZodType;
  contentType?: string;
}

export interface RouteDef<Q extends z.ZodType, P extends z.ZodType, B extends z.ZodType> {
  method: Method;
  /** OpenAPI form, e.g. `/doc/{doc_id}`. */
  path: string;
  summary: string;
  tag: string;
  /** No `api_key` needed (only /health and signed file URLs). */
  public?: boolean;
  query?: Q;
  params?: P;
  body?: B;
  bodyKind?: "json" | "multipart";
  responses: Record<number, ResponseDef>;
}

export interface Input<Q extends z.ZodType, P extends z.ZodType, B extends z.ZodType> {
  c: Context<HttpEnv>;
  query: z.output<Q>;
  params: z.output<P>;
  body: z.output<B>;
  user: UserRecord;
}

export type AnyRouteDef = RouteDef<z.ZodType, z.ZodType, z.ZodType>;

const NONE = z.unknown();

export class Router {
  readonly defs: AnyRouteDef[] = [];

  constructor(private readonly app: Hono<HttpEnv>) {}

  add<Q extends z.ZodType = z.ZodUnknown, P extends z.ZodType = z.ZodUnknown, B extends z.ZodType = z.ZodUnknown>(
    def: RouteDef<Q, P, B>,
    handler: (input: Input<Q, P, B>) => Response | Promise<Response>,
  ): void {
    this.defs.push(def as unknown as AnyRouteDef);
    const honoPath = def.path.replace(/\{(\w+)\}/g, ":$1");
    this.app.on(def.method.toUpperCase(), honoPath, async (c) => {
      const query = validate(def.query ?? NONE, def.query ? c.req.query() : undefined, "query");
      const params = validate(def.params ?? NONE, def.params ? c.req.param() : undefined, "path");
      const body = def.body ? validate(def.body, await readBody(c, def.bodyKind ?? "json"), "body") : undefined;
      return handler({ c, query, params, body, user: c.get("user") } as Input<Q, P, B>);
    });
  }
}

async function readBody(c: Context<HttpEnv>, kind: "json" | "multipart"): Promise<unknown> {
  const contentType = c.req.header("content-type") ?? "";
  if (kind === "multipart") {
    if (!/^multipart\/form-data/i.test(contentType)) {
      throw validationError(["body"], "Expected a multipart/form-data body", undefined, "multipart_type");
    }
    try {
      return await c.req.parseBody({ all: false });
    } catch {
      throw validationError(["body"], "The multipart body could not be parsed", undefined, "multipart_invalid");
    }
  }
  const text = decodeUtf8(await c.req.arrayBuffer());
  if (text === null) throw validationError(["body"], "The body is not valid UTF-8", undefined, "utf8_invalid");
  if (text.trim() === "") return undefined;
  try {
    return parseJsonWithinLimits(text);
  } catch (error) {
    if (error instanceof JsonLimitError) throw validationError(["body"], error.message, undefined, "json_too_deep");
    throw validationError(["body"], `JSON decode error: ${(error as Error).message}`, undefined, "json_invalid");
  }
}
