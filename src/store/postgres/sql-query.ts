/**
 * Queries as values (store.ts) compiled to parameterised SQL over a collection table
 * (`id text`, `data jsonb`, plus generated columns). Every value from a caller becomes a
 * bind parameter; field paths become parameters too (`data #> $n`), except the fixed
 * names of a table's scalar columns. No text from a request is ever spliced into SQL.
 *
 * Semantics follow MongoDB's as the file store's mingo does: `{f: v}` matches a value equal
 * to v or an array containing it, `null` also matches a missing field, comparisons only
 * order values of one JSON type, sorting and $max/$min order types as BSON does (missing
 * and null, numbers, strings, objects, arrays, booleans). Known difference: strings
 * compare in the database's collation (the embedded test database uses "C", code-point
 * order, like JavaScript within the BMP); create the database with `--locale=C` to match.
 */
import type { AggregateOp, Aggregation, SortKey, Where } from "../store.ts";

/** A table's record fields that are always scalar strings (or absent), read through an indexed expression. */
export type ScalarColumns = Record<string, string>;

export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

const COMPARISON_SQL: Record<string, string> = { $gt: ">", $gte: ">=", $lt: "<", $lte: "<=" };

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** `{a: {b: v}}` for the path `a.b`: the shape JSONB containment (`@>`) looks for. */
function nested(path: string[], value: unknown): unknown {
  return path.reduceRight<unknown>((inner, key) => ({ [key]: inner }), value);
}

export class WhereCompiler {
  constructor(private readonly scalars: ScalarColumns = {}) {}

  compile(where: Where | undefined, params: Params): string {
    if (!where || Object.keys(where).length === 0) return "TRUE";
    const parts: string[] = [];
    for (const [key, value] of Object.entries(where)) {
      if (key === "$and" || key === "$or") {
        const subs = (value as Where[]).map((sub) => `(${this.compile(sub, params)})`);
        parts.push(subs.length === 0 ? (key === "$and" ? "TRUE" : "FALSE") : subs.join(key === "$and" ? " AND " : " OR "));
      } else if (key.startsWith("$")) {
        throw new Error(`Unsupported operator ${key}`);
      } else if (isPlainObject(value) && Object.keys(value).some((k) => k.startsWith("$"))) {
        for (const [op, operand] of Object.entries(value)) parts.push(this.condition(key, op, operand, params));
      } else {
        parts.push(this.condition(key, "$eq", value, params));
      }
    }
    return parts.map((p) => `(${p})`).join(" AND ");
  }

  private condition(field: string, op: string, operand: unknown, params: Params): string {
    const column = this.scalars[field];
    switch (op) {
      case "$eq":
        return column && (typeof operand === "string" || operand === null) ? (operand === null ? `${column} IS NULL` : `${column} = ${params.add(operand)}`) : this.equals(field, operand, params);
      case "$ne":
        return `NOT COALESCE((${this.condition(field, "$eq", operand, params)}), FALSE)`;
      case "$in": {
        const values = operand as unknown[];
        if (values.length === 0) return "FALSE";
        if (column && values.every((v) => typeof v === "string" || v === null)) {
          const strings = values.filter((v): v is string => v !== null);
          const anyOf = strings.length ? [`${column} = ANY(${params.add(strings)}::text[])`] : [];
          if (strings.length !== values.length) anyOf.push(`${column} IS NULL`);
          return anyOf.join(" OR ");
        }
        return values.map((v) => `(${this.equals(field, v, params)})`).join(" OR ");
      }
      case "$nin":
        return `NOT COALESCE((${this.condition(field, "$in", operand, params)}), FALSE)`;
      case "$exists":
        return `${this.path(field, params)} IS ${operand ? "NOT NULL" : "NULL"}`;
      default: {
        const sqlOp = COMPARISON_SQL[op];
        if (!sqlOp) throw new Error(`Unsupported operator ${op}`);
        if (operand === null || typeof operand === "object") return "FALSE";
        const value = params.add(JSON.stringify(operand));
        const path = this.path(field, params);
        return `jsonb_typeof(${path}) = jsonb_typeof(${value}::jsonb) AND ${path} ${sqlOp} ${value}::jsonb`;
      }
    }
  }

  /** MongoDB equality: the value itself, an array holding it, or (for null) a missing field. */
  private equals(field: string, value: unknown, params: Params): string {
    const segments = field.split(".");
    if (value === null) {
      const path = this.path(field, params);
      return `${path} IS NULL OR ${path} = 'null'::jsonb`;
    }
    const whole = `data @> ${params.add(JSON.stringify(nested(segments, value)))}::jsonb`;
    if (Array.isArray(value)) return whole;
    // An array holding the value. Tested on the row, not through the GIN index: the index
    // cannot tell a scalar from a one-element array, so that branch would read every row
    // holding the value as a scalar a second time.
    const path = this.path(field, params);
    return `${whole} OR (jsonb_typeof(${path}) = 'array' AND ${path} @> ${params.add(JSON.stringify([value]))}::jsonb)`;
  }

  /** The JSONB value at a dotted path (SQL NULL when missing). */
  path(field: string, params: Params): string {
    return `(data #> ${params.add(field.split("."))}::text[])`;
  }

  /** ORDER BY terms: the keys (missing first when ascending, as MongoDB), then id. */
  orderBy(sort: SortKey[] | undefined, params: Params): string {
    const terms = (sort ?? []).flatMap(([field, dir]) => {
      const order = dir === 1 ? "ASC NULLS FIRST" : "DESC NULLS LAST";
      // A scalar column holds strings only; a JSON value is ordered by its type first, as BSON is.
      if (this.scalars[field]) return [`${this.scalars[field]} ${order}`];
      const path = this.path(field, params);
      return [`${typeRank(path)} ${order}`, `${path} ${order}`];
    });
    if (!(sort ?? []).some(([field]) => field === "id")) terms.push("id ASC");
    return terms.join(", ");
  }

  /** SELECT list and GROUP BY of an aggregation; keys come back as k0.., values as a0... */
  aggregation(aggregation: Aggregation, params: Params): { select: string; groupBy: string } {
    const keys = aggregation.groupBy.map((field, i) => `COALESCE(${this.path(field, params)}, 'null'::jsonb) AS k${i}`);
    const values = Object.values(aggregation.aggregates).map(({ op, field }, i) => `${accumulator(op, field === null ? null : this.path(field, params))} AS a${i}`);
    return {
      select: [...keys, ...values].join(", "),
      groupBy: aggregation.groupBy.length ? `GROUP BY ${aggregation.groupBy.map((_, i) => i + 1).join(", ")}` : "",
    };
  }
}

/** BSON's order of types: missing and null, numbers, strings, objects, arrays, booleans. */
function typeRank(value: string): string {
  return `CASE jsonb_typeof(${value}) WHEN 'number' THEN 1 WHEN 'string' THEN 2 WHEN 'object' THEN 3 WHEN 'array' THEN 4 WHEN 'boolean' THEN 5 ELSE 0 END`;
}

/** MongoDB's accumulators: $sum and $avg over numbers only; $max/$min ignore null and missing. */
function accumulator(op: AggregateOp, value: string | null): string {
  const numeric = `jsonb_typeof(${value}) = 'number'`;
  switch (op) {
    case "$count":
      return "count(*)::float8";
    case "$sum":
      return `COALESCE(sum((${value})::float8) FILTER (WHERE ${numeric}), 0)`;
    case "$avg":
      return `avg((${value})::float8) FILTER (WHERE ${numeric})`;
    case "$max":
    case "$min":
      return `(array_agg(${value} ORDER BY ${typeRank(value!)} ${op === "$max" ? "DESC" : "ASC"}, ${value} ${op === "$max" ? "DESC" : "ASC"}) FILTER (WHERE ${value} IS NOT NULL AND ${value} <> 'null'::jsonb))[1]`;
  }
}
