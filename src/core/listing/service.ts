/**
 * `GET /docs`: list mode (documents, newest first unless sorted) and group mode (buckets
 * with aggregates). Filtering, value ordering, grouping and accumulators are mingo's
 * (MongoDB semantics) after the operators were checked in query-language.ts.
 *
 * Speed: documents are scanned without copying (only the returned page is copied), and
 * values are resolved once per document before sorting or grouping, because mingo's
 * generic $sort and compound-key $group cost several times more at 10k+ documents.
 */
import { Aggregator, Query } from "mingo";
import { $avg, $max, $min, $sum } from "mingo/operators/accumulator";
import type { Options } from "mingo/types";
import { compare, resolve } from "mingo/util";
import type { DocumentRecord, Store, UserRecord } from "../../store/index.ts";
import { documentInfoOf } from "../documents/render.ts";
import { InvalidInputError } from "../errors.ts";
import type { Aggregates, Filter, SortSpec } from "./query-language.ts";
import type { GroupModeResponse, ListDocsQuery, ListModeResponse, ListedDocument } from "./schemas.ts";
import { pathRenderer, resolveScope } from "./scope.ts";

type Doc = Readonly<DocumentRecord>;
type Accessor = (doc: Doc) => unknown;

/** Sort keys that name document fields rather than metadata fields. */
const DOCUMENT_FIELDS = new Set(["createdAt", "name", "pageNum", "status"]);

/** A metadata value; dotted names are paths into nested values (MongoDB style, via mingo). */
function metadataValue(field: string): Accessor {
  // Plain names skip the path resolver: same result, a fraction of the cost per document.
  return field.includes(".") ? (doc) => resolve(doc.metadata, field) : (doc) => (Object.hasOwn(doc.metadata, field) ? doc.metadata[field] : undefined);
}

function sortAccessor(field: string): Accessor {
  return DOCUMENT_FIELDS.has(field) ? (doc) => doc[field as "createdAt"] : metadataValue(field);
}

function listed(doc: Doc, path: string | null): ListedDocument {
  return { ...documentInfoOf(doc), path };
}

/** mingo's own accumulators: MongoDB semantics (e.g. $sum skips non-numbers, $max uses BSON order). */
const ACCUMULATORS = { $sum, $avg, $max, $min };
// The accumulators complete partial options with mingo's defaults (ComputeOptions.init).
const MINGO_OPTIONS = {} as Options;

/**
 * Runs the aggregates over `docs` partitioned by `keyOf` (a string key per document).
 * Partitioning with a Map and calling mingo's accumulators per partition costs about half
 * of mingo's generic $group, which hashes every document's compound key.
 */
function aggregate(docs: Doc[], aggregates: Aggregates, keyOf: (doc: Doc) => string): Array<[string, Record<string, unknown>]> {
  const entries = Object.entries(aggregates);
  const fields = entries.map(([, { field }]) => (field === null ? null : metadataValue(field)));
  const partitions = new Map<string, Array<Record<string, unknown>>>();
  for (const doc of docs) {
    const key = keyOf(doc);
    let rows = partitions.get(key);
    if (!rows) partitions.set(key, (rows = []));
    const row: Record<string, unknown> = {};
    fields.forEach((value, i) => value && (row[`v${i}`] = value(doc)));
    rows.push(row);
  }
  return [...partitions].map(([key, rows]) => [
    key,
    Object.fromEntries(entries.map(([alias, { op }], i) => [alias, op === "$count" ? rows.length : (ACCUMULATORS[op](rows, `$v${i}`, MINGO_OPTIONS) ?? null)])),
  ]);
}

export class ListingService {
  constructor(private readonly store: Store) {}

  async list(user: UserRecord, query: ListDocsQuery): Promise<ListModeResponse | GroupModeResponse> {
    const shared = query.folder_id === "shared-with-me" || query.folder_id === "following";
    if (shared && query.group_by) throw new InvalidInputError(`Group mode is not supported with folder_id=${query.folder_id}`, ["query", "group_by"], query.group_by);
    if (shared && query.aggregates) throw new InvalidInputError(`Aggregates are not supported with folder_id=${query.folder_id}`, ["query", "aggregates"]);
    if (query.group_by && !query.aggregates) throw new InvalidInputError("group_by needs at least one aggregate (e.g. aggregates={\"n\":{\"$count\":{}}})", ["query", "aggregates"]);

    return this.store.read((tx) => {
      const scope = resolveScope(tx, user, query.folder_id, query.recursive ?? false);
      const filter = query.metadata_filter ? new Query(query.metadata_filter as Filter, {}) : undefined;
      const matches: Doc[] = [];
      tx.documents.scan((d) => {
        if (scope.includes(d) && (query.name === undefined || d.name === query.name) && (!filter || filter.test(d.metadata))) matches.push(d);
      });
      if (query.group_by) return this.groups(matches, query.group_by, query.aggregates!, query.sort, query.limit ?? 1000);

      const limit = query.limit ?? 50;
      const offset = query.offset ?? 0;
      let sorted = this.sorted(matches, query.sort);
      if (query.name !== undefined) sorted = sorted.slice(0, 1);
      const path = pathRenderer(tx, scope);
      const response: ListModeResponse = {
        documents: sorted.slice(offset, offset + limit).map((d) => listed(d, path(d.folderId))),
        total: sorted.length,
        limit,
        offset,
      };
      if (query.aggregates) {
        const [totals] = aggregate(sorted, query.aggregates, () => "all");
        response.aggregates = totals?.[1] ?? Object.fromEntries(Object.entries(query.aggregates).map(([alias, { op }]) => [alias, op === "$count" ? 0 : null]));
      }
      return response;
    });
  }

  /** By the requested fields (MongoDB value order), then newest first, then id. */
  private sorted(docs: Doc[], sort: SortSpec | undefined): Doc[] {
    const keys: Array<[Accessor, 1 | -1]> = Object.entries(sort ?? {}).map(([field, dir]) => [sortAccessor(field), dir]);
    if (!sort || !("createdAt" in sort)) keys.push([(d) => d.createdAt, -1]);
    keys.push([(d) => d.id, 1]);
    const decorated = docs.map((doc) => ({ doc, values: keys.map(([value]) => value(doc)) }));
    decorated.sort((a, b) => {
      for (let i = 0; i < keys.length; i++) {
        const order = compare(a.values[i] as never, b.values[i] as never);
        if (order !== 0) return order * keys[i][1];
      }
      return 0;
    });
    return decorated.map((d) => d.doc);
  }

  private groups(docs: Doc[], groupBy: string[], aggregates: Aggregates, sort: SortSpec | undefined, limit: number): GroupModeResponse {
    const clash = groupBy.find((g) => g in aggregates);
    if (clash) throw new InvalidInputError(`Aggregate alias '${clash}' is also a group_by field`, ["query", "aggregates"]);
    const sortSpec: Record<string, 1 | -1> = {};
    for (const [field, dir] of Object.entries<1 | -1>(sort ?? { [groupBy[0]]: 1 })) {
      const internal = groupBy.includes(field) ? `g${groupBy.indexOf(field)}` : field in aggregates ? `a_${field}` : undefined;
      if (!internal) throw new InvalidInputError(`Group mode sorts by group_by fields or aggregate aliases; '${field}' is neither`, ["query", "sort"], sort);
      sortSpec[internal] = dir;
    }
    groupBy.forEach((_, i) => (sortSpec[`g${i}`] ??= 1));

    // Missing and null group together (as null); the key is the JSON of the group's values.
    const keyValues = groupBy.map(metadataValue);
    const buckets = aggregate(docs, aggregates, (doc) => JSON.stringify(keyValues.map((value) => value(doc) ?? null))).map(([key, totals]) => {
      const values = JSON.parse(key) as unknown[];
      return { ...Object.fromEntries(values.map((v, i) => [`g${i}`, v])), ...Object.fromEntries(Object.entries(totals).map(([alias, v]) => [`a_${alias}`, v])) };
    });
    // Internal names (g0.., a_alias) keep dotted field names from being read as paths.
    const ordered = new Aggregator([{ $sort: sortSpec }]).run(buckets) as Record<string, unknown>[];
    const groups = ordered.slice(0, limit).map((b) => ({
      ...Object.fromEntries(groupBy.map((field, i) => [field, b[`g${i}`] ?? null])),
      ...Object.fromEntries(Object.keys(aggregates).map((alias) => [alias, b[`a_${alias}`] ?? null])),
    }));
    return { groups, total: ordered.length, truncated: ordered.length > limit, limit };
  }
}
