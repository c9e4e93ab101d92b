/**
 * zod issues -> the contract's 422 body: `{detail: [{loc, msg, type, input?, ctx?}]}`,
 * `loc` starting with where the value came from (body, query, path, header).
 */
import type { z } from "zod";

export type Location = "body" | "query" | "path" | "header";

export interface ValidationDetail {
  loc: (string | number)[];
  msg: string;
  type: string;
  input?: unknown;
  ctx?: Record<string, unknown>;
}

export class RequestValidationError extends Error {
  constructor(readonly detail: ValidationDetail[]) {
    super(detail.map((d) => `${d.loc.join(".")}: ${d.msg}`).join("; "));
    this.name = "RequestValidationError";
  }
}

function valueAt(root: unknown, path: PropertyKey[]): unknown {
  let value = root;
  for (const key of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function describe(issue: z.core.$ZodIssue, input: unknown): Pick<ValidationDetail, "msg" | "type" | "ctx"> {
  switch (issue.code) {
    case "invalid_type":
      if (input === undefined) return { msg: "Field required", type: "missing" };
      return { msg: issue.message, type: `${issue.expected}_type` };
    case "too_small":
      return { msg: issue.message, type: issue.origin === "string" ? "string_too_short" : "greater_than_equal", ctx: { min: issue.minimum } };
    case "too_big":
      return { msg: issue.message, type: issue.origin === "string" ? "string_too_long" : "less_than_equal", ctx: { max: issue.maximum } };
    case "invalid_value":
      return { msg: issue.message, type: "enum", ctx: { expected: issue.values } };
    case "unrecognized_keys":
      return { msg: issue.message, type: "extra_forbidden", ctx: { keys: issue.keys } };
    case "invalid_format":
      return { msg: issue.message, type: `${issue.format}_format` };
    default:
      return { msg: issue.message, type: "value_error" };
  }
}

export function issuesToDetail(location: Location, issues: z.core.$ZodIssue[], root: unknown): ValidationDetail[] {
  return issues.map((issue) => {
    const path = issue.path.map((p) => (typeof p === "symbol" ? String(p) : p));
    const input = valueAt(root, issue.path);
    const { msg, type, ctx } = describe(issue, input);
    const detail: ValidationDetail = { loc: [location, ...path], msg, type };
    if (input !== undefined) detail.input = input;
    if (ctx) detail.ctx = ctx;
    return detail;
  });
}

/** Parses `value` with `schema` or throws the 422 error for `location`. */
export function validate<S extends z.ZodType>(schema: S, value: unknown, location: Location): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new RequestValidationError(issuesToDetail(location, result.error.issues, value));
  return result.data;
}

/** A single 422 detail for a rule the schema cannot express. */
export function validationError(loc: (string | number)[], msg: string, input?: unknown, type = "value_error"): RequestValidationError {
  return new RequestValidationError([{ loc, msg, type, ...(input !== undefined ? { input } : {}) }]);
}
