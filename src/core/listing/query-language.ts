/**
 * The JSON parameters of `GET /docs` (metadata_filter, sort, aggregates, group_by), parsed
 * and checked before anything runs: mingo would accept far more operators ($where, $expr,
 * $regex...) than the contract allows, so only `$eq $ne $in $gt $gte $lt $lte $and $or`
 * pass the filter check and only `$count $sum $avg $max $min` the aggregate check.
 */
import { z } from "zod";
import { parseJsonWithinLimits } from "../schemas/json-limits.ts";

export const FILTER_OPERATORS = ["$eq", "$ne", "$in", "$gt", "$gte", "$lt", "$lte", "$and", "$or"] as const;
export const AGGREGATE_OPERATORS = ["$count", "$sum", "$avg", "$max", "$min"] as const;
export type AggregateOperator = (typeof AGGREGATE_OPERATORS)[number];

const COMPARISONS = new Set<string>(["$eq", "$ne", "$in", "$gt", "$gte", "$lt", "$lte"]);
const FIELD_NAME = /^[^$][^\0]{0,199}$/;
/** Names that would address an object's prototype instead of a metadata field (in any dotted segment). */
const PROTOTYPE_KEYS = new Set(["__proto__", "constructor", "prototype"]);

function isFieldName(name: string): boolean {
  return FIELD_NAME.test(name) && !name.split(".").some((segment) => PROTOTYPE_KEYS.has(segment));
}
const ALIAS = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

export type Filter = Record<string, unknown>;
export type SortSpec = Record<string, 1 | -1>;
export type Aggregates = Record<string, { op: AggregateOperator; field: string | null }>;

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

const isScalar = (v: unknown) => v === null || ["string", "number", "boolean"].includes(typeof v);

/** Returns a message naming the first thing that is not allowed, or null. */
export function filterProblem(node: unknown, where = "metadata_filter"): string | null {
  if (!isPlainObject(node)) return `${where} must be a JSON object`;
  for (const [key, value] of Object.entries(node)) {
    if (key === "$and" || key === "$or") {
      if (!Array.isArray(value) || value.length === 0) return `${key} takes a non-empty array of conditions`;
      for (const [i, sub] of value.entries()) {
        const problem = filterProblem(sub, `${key}[${i}]`);
        if (problem) return problem;
      }
    } else if (key.startsWith("$")) {
      return `Operator ${key} is not supported here; allowed: ${FILTER_OPERATORS.join(" ")} ($and/$or at the top of a condition)`;
    } else if (!isFieldName(key)) {
      return `Invalid field name '${key}'${PROTOTYPE_KEYS.has(key) ? " (reserved)" : ""}`;
    } else if (isPlainObject(value)) {
      const ops = Object.keys(value);
      if (ops.length === 0) return `Condition on '${key}' is empty`;
      for (const op of ops) {
        if (!COMPARISONS.has(op)) return `Operator ${op} on '${key}' is not supported; allowed: ${[...COMPARISONS].join(" ")}`;
        const operand = value[op];
        if (op === "$in") {
          if (!Array.isArray(operand) || !operand.every(isScalar)) return `$in on '${key}' takes an array of strings, numbers, booleans or null`;
        } else if (!isScalar(operand)) return `${op} on '${key}' takes a string, number, boolean or null`;
      }
    } else if (!isScalar(value) && !(Array.isArray(value) && value.every(isScalar))) {
      return `Value of '${key}' must be a scalar, an array of scalars, or an operator object`;
    }
  }
  return null;
}

/** A zod field for a URL-encoded JSON query parameter, checked by `check` (message or null). */
function jsonParam<T>(example: string, check: (v: unknown) => string | null, convert: (v: unknown) => T) {
  return z
    .string()
    .transform((text, ctx) => {
      let parsed: unknown;
      try {
        parsed = parseJsonWithinLimits(text);
      } catch (error) {
        ctx.addIssue({ code: "custom", message: `Invalid JSON (${(error as Error).message}); expected e.g. ${example}`, input: text });
        return z.NEVER;
      }
      const problem = check(parsed);
      if (problem) {
        ctx.addIssue({ code: "custom", message: problem, input: parsed });
        return z.NEVER;
      }
      return convert(parsed);
    })
    .meta({ type: "string", description: `URL-encoded JSON, e.g. ${example}` });
}

export const metadataFilterParam = jsonParam('{"year":{"$gte":2020}}', (v) => filterProblem(v), (v) => v as Filter);

export const sortParam = jsonParam(
  '{"year":-1}',
  (v) => {
    if (!isPlainObject(v) || Object.keys(v).length === 0) return "sort must be a non-empty JSON object mapping field to 1 or -1";
    if (Object.keys(v).length > 5) return "sort takes at most 5 fields";
    for (const [k, dir] of Object.entries(v)) {
      if (!isFieldName(k)) return `Invalid sort field '${k}'`;
      if (dir !== 1 && dir !== -1) return `Sort direction of '${k}' must be 1 or -1`;
    }
    return null;
  },
  (v) => v as SortSpec,
);

export const aggregatesParam = jsonParam(
  '{"n":{"$count":{}},"total":{"$sum":"amount"}}',
  (v) => {
    if (!isPlainObject(v) || Object.keys(v).length === 0) return "aggregates must be a non-empty JSON object mapping alias to {operator: field}";
    if (Object.keys(v).length > 10) return "aggregates takes at most 10 entries";
    for (const [alias, spec] of Object.entries(v)) {
      if (!ALIAS.test(alias)) return `Aggregate alias '${alias}' must be letters, digits or _ (not starting with a digit)`;
      if (!isPlainObject(spec) || Object.keys(spec).length !== 1) return `Aggregate '${alias}' must be one {operator: field} pair`;
      const [op, field] = Object.entries(spec)[0];
      if (!(AGGREGATE_OPERATORS as readonly string[]).includes(op)) return `Aggregate operator ${op} is not supported; allowed: ${AGGREGATE_OPERATORS.join(" ")}`;
      if (op !== "$count" && (typeof field !== "string" || !isFieldName(field.replace(/^\$/, "")))) return `Aggregate '${alias}' needs a metadata field name, e.g. {"${op}":"amount"}`;
    }
    return null;
  },
  (v) =>
    Object.fromEntries(
      Object.entries(v as Record<string, Record<string, unknown>>).map(([alias, spec]) => {
        const [op, field] = Object.entries(spec)[0];
        return [alias, { op: op as AggregateOperator, field: op === "$count" ? null : String(field).replace(/^\$/, "") }];
      }),
    ) as Aggregates,
);

export const groupByParam = jsonParam(
  '["year","type"]',
  (v) => {
    if (!Array.isArray(v) || v.length === 0) return "group_by must be a non-empty JSON array of metadata field names";
    if (v.length > 5) return "group_by takes at most 5 fields";
    if (!v.every((f) => typeof f === "string" && isFieldName(f))) return "group_by entries must be metadata field names";
    if (new Set(v).size !== v.length) return "group_by lists a field twice";
    return null;
  },
  (v) => v as string[],
);
