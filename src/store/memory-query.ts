/**
 * Queries as values, evaluated over records in memory (the file store): conditions with
 * mingo (MongoDB semantics), sorting with mingo's value order, aggregates with mingo's
 * accumulators. The PostgreSQL store compiles the same values to SQL (pg-query.ts).
 *
 * Speed: values are resolved once per record before sorting or grouping, because mingo's
 * generic $sort and compound-key $group cost several times more at 10k+ records.
 */
import type { Query } from "mingo";
import type { Options } from "mingo/types";
import type { AggregateRow, Aggregation, FindOptions, SortKey, Where } from "./store.ts";

type Mingo = {
  Query: typeof Query;
  accumulators: typeof import("mingo/operators/accumulator");
  util: typeof import("mingo/util");
};
let loaded: Mingo | undefined;

/**
 * mingo takes ~80 ms to load: it is loaded on the first query, not when the store module
 * is imported (the CLI and a desktop client's stdio server start without it).
 */
export async function loadMingo(): Promise<void> {
  if (loaded) return;
  const [{ Query }, accumulators, util] = await Promise.all([import("mingo"), import("mingo/operators/accumulator"), import("mingo/util")]);
  loaded = { Query, accumulators, util };
}

function mingo(): Mingo {
  if (!loaded) throw new Error("loadMingo() must resolve before a query runs");
  return loaded;
}

type Rec = { id: string };
type Accessor = (record: Rec) => unknown;

/** A top-level name reads the field directly: same result as the path resolver, a fraction of the cost. */
export function accessor(path: string): Accessor {
  if (path.includes(".")) {
    const { resolve } = mingo().util;
    return (r) => resolve(r as Record<string, unknown>, path);
  }
  return (r) => (Object.hasOwn(r, path) ? (r as Record<string, unknown>)[path] : undefined);
}

const compiled = new Map<string, Query>();

/** A predicate for `where`; compiled conditions are cached by their JSON (the set of shapes is small). */
export function matcher(where: Where | undefined): (record: Rec) => boolean {
  if (!where || Object.keys(where).length === 0) return () => true;
  const key = JSON.stringify(where);
  let query = compiled.get(key);
  if (!query) {
    query = new (mingo().Query)(where, {});
    if (compiled.size > 1000) compiled.clear();
    compiled.set(key, query);
  }
  const q = query;
  const test = (record: Rec) => q.test(record);
  return plainEqualities(where, test) ?? test;
}

type PlainValue = string | number | boolean;
const isPlain = (v: unknown): v is PlainValue => typeof v === "string" || typeof v === "boolean" || (typeof v === "number" && !Number.isNaN(v));

/**
 * One field's condition, tested directly on a plain value: equal to, in, or not in a list
 * of plain values; `absent` is its answer for a missing or null field (MongoDB: only $nin).
 */
interface PlainTest {
  test: (value: PlainValue) => boolean;
  absent: boolean;
}

function plainTest(condition: unknown): PlainTest | undefined {
  if (isPlain(condition)) return { test: (value) => value === condition, absent: false };
  if (typeof condition !== "object" || condition === null || Array.isArray(condition)) return undefined;
  const entries = Object.entries(condition);
  if (entries.length !== 1) return undefined;
  const [op, list] = entries[0];
  if ((op !== "$in" && op !== "$nin") || !Array.isArray(list) || !list.every(isPlain)) return undefined;
  const set = new Set<unknown>(list);
  return op === "$in" ? { test: (value) => set.has(value), absent: false } : { test: (value) => !set.has(value), absent: true };
}

/**
 * `{owner: "u1", status: "completed"}` and `{status: {$in: ["queued", "processing"]}}`, the
 * commonest conditions (every poll of the job runner, every listing), tested by direct
 * compares: mingo's generic matcher costs ~1 µs a record (its $in builds a hash map per
 * record), which an idle server paid on every poll and a search over 10,000 documents on
 * every query. A field holding an array or an object (MongoDB matches inside it) or NaN goes
 * to mingo, so the answer is always mingo's.
 */
function plainEqualities(where: Where, fallback: (record: Rec) => boolean): ((record: Rec) => boolean) | undefined {
  const tests: Array<[string, PlainTest]> = [];
  for (const [k, condition] of Object.entries(where)) {
    const test = !k.startsWith("$") && !k.includes(".") ? plainTest(condition) : undefined;
    if (!test) return undefined;
    tests.push([k, test]);
  }
  return (record) => {
    for (const [k, { test, absent }] of tests) {
      const value = Object.hasOwn(record, k) ? (record as Record<string, unknown>)[k] : undefined;
      if (value === undefined || value === null) {
        if (!absent) return false;
      } else if (!isPlain(value)) return fallback(record);
      else if (!test(value)) return false;
    }
    return true;
  };
}

/** Sorts by the keys (MongoDB value order), then by id; returns a new array. */
export function sortRecords<T extends Rec>(records: T[], sort: SortKey[] = []): T[] {
  const { compare } = mingo().util;
  const keys: Array<[Accessor, 1 | -1]> = sort.map(([path, dir]) => [accessor(path), dir]);
  keys.push([(r) => r.id, 1]);
  const decorated = records.map((record) => ({ record, values: keys.map(([value]) => value(record)) }));
  decorated.sort((a, b) => {
    for (let i = 0; i < keys.length; i++) {
      const order = compare(a.values[i] as never, b.values[i] as never);
      if (order !== 0) return order * keys[i][1];
    }
    return 0;
  });
  return decorated.map((d) => d.record);
}

export function page<T>(sorted: T[], options: FindOptions): T[] {
  const offset = options.offset ?? 0;
  return options.limit === undefined ? sorted.slice(offset) : sorted.slice(offset, offset + options.limit);
}

// The accumulators complete partial options with mingo's defaults (ComputeOptions.init).
const MINGO_OPTIONS = {} as Options;

/**
 * Partitions with a Map keyed by the JSON of the group's values and runs mingo's
 * accumulators per partition: about half the cost of mingo's generic $group.
 */
export function aggregateRecords(records: Iterable<Rec>, aggregation: Aggregation): AggregateRow[] {
  // mingo's own accumulators: MongoDB semantics (e.g. $sum skips non-numbers, $max uses BSON order).
  const { $sum, $avg, $max, $min } = mingo().accumulators;
  const ACCUMULATORS = { $sum, $avg, $max, $min };
  const entries = Object.entries(aggregation.aggregates);
  const fields = entries.map(([, { field }]) => (field === null ? null : accessor(field)));
  const keyValues = aggregation.groupBy.map(accessor);
  const partitions = new Map<string, Array<Record<string, unknown>>>();
  for (const record of records) {
    const key = JSON.stringify(keyValues.map((value) => value(record) ?? null));
    let rows = partitions.get(key);
    if (!rows) partitions.set(key, (rows = []));
    const row: Record<string, unknown> = {};
    fields.forEach((value, i) => value && (row[`v${i}`] = value(record)));
    rows.push(row);
  }
  return [...partitions].map(([key, rows]) => ({
    keys: JSON.parse(key) as unknown[],
    values: Object.fromEntries(entries.map(([alias, { op }], i) => [alias, op === "$count" ? rows.length : (ACCUMULATORS[op](rows, `$v${i}`, MINGO_OPTIONS) ?? null)])),
  }));
}
