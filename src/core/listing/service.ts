/**
 * `GET /docs`: list mode (documents, newest first unless sorted) and group mode (buckets
 * with aggregates). The request becomes a store query as a value: the scope and the
 * metadata filter one condition over document records (metadata fields under
 * `metadata.`), the sort keys and aggregates paths; the file store evaluates it with mingo
 * (MongoDB semantics), PostgreSQL compiles it to SQL. Only the buckets of group mode are
 * ordered here (there are few).
 */
import { Aggregator } from "mingo";
import type { AggregateRow, Aggregation, SortKey, Store, UserRecord, Where } from "../../store/index.ts";
import { documentInfoOf } from "../documents/render.ts";
import { InvalidInputError } from "../errors.ts";
import type { Aggregates, Filter, SortSpec } from "./query-language.ts";
import type { GroupModeResponse, ListDocsQuery, ListModeResponse } from "./schemas.ts";
import { pathRenderer, resolveScope } from "./scope.ts";

/** Sort keys that name document fields rather than metadata fields. */
const DOCUMENT_FIELDS = new Set(["createdAt", "name", "pageNum", "status"]);

const metadataPath = (field: string) => `metadata.${field}`;

/** The user's metadata filter as a condition over document records. */
export function onMetadata(filter: Filter): Where {
  return Object.fromEntries(
    Object.entries(filter).map(([key, value]) => (key === "$and" || key === "$or" ? [key, (value as Filter[]).map(onMetadata)] : [metadataPath(key), value])),
  );
}

function storeAggregates(aggregates: Aggregates): Aggregation["aggregates"] {
  return Object.fromEntries(Object.entries(aggregates).map(([alias, { op, field }]) => [alias, { op, field: field === null ? null : metadataPath(field) }]));
}

export class ListingService {
  constructor(private readonly store: Store) {}

  async list(user: UserRecord, query: ListDocsQuery): Promise<ListModeResponse | GroupModeResponse> {
    const shared = query.folder_id === "shared-with-me" || query.folder_id === "following";
    if (shared && query.group_by) throw new InvalidInputError(`Group mode is not supported with folder_id=${query.folder_id}`, ["query", "group_by"], query.group_by);
    if (shared && query.aggregates) throw new InvalidInputError(`Aggregates are not supported with folder_id=${query.folder_id}`, ["query", "aggregates"]);
    if (query.group_by && !query.aggregates) throw new InvalidInputError("group_by needs at least one aggregate (e.g. aggregates={\"n\":{\"$count\":{}}})", ["query", "aggregates"]);
    if (query.group_by) this.checkGroupSort(query.group_by, query.aggregates!, query.sort);

    return this.store.read(async (tx) => {
      const scope = await resolveScope(tx, user, query.folder_id, query.recursive ?? false);
      const conditions: Where[] = [scope.where];
      if (query.name !== undefined) conditions.push({ name: query.name });
      if (query.metadata_filter) conditions.push(onMetadata(query.metadata_filter as Filter));
      const where: Where = conditions.length === 1 ? conditions[0] : { $and: conditions };

      if (query.group_by) {
        const rows = await tx.documents.aggregate(where, { groupBy: query.group_by.map(metadataPath), aggregates: storeAggregates(query.aggregates!) });
        return this.groups(rows, query.group_by, query.aggregates!, query.sort, query.limit ?? 1000);
      }

      const limit = query.limit ?? 50;
      const offset = query.offset ?? 0;
      const byName = query.name !== undefined;
      // A name picks one document (the first in the requested order); offset and limit apply to that list of one.
      const page = await tx.documents.findPage(where, { sort: this.sortKeys(query.sort), ...(byName ? { offset: 0, limit: 1 } : { offset, limit }) });
      const records = byName ? page.records.slice(offset, offset + limit) : page.records;
      const path = pathRenderer(scope);
      const response: ListModeResponse = {
        documents: records.map((d) => ({ ...documentInfoOf(d), path: path(d.folderId) })),
        total: byName ? page.records.length : page.total,
        limit,
        offset,
      };
      if (query.aggregates) {
        const [totals] = await tx.documents.aggregate(byName ? { id: { $in: page.records.map((d) => d.id) } } : where, {
          groupBy: [],
          aggregates: storeAggregates(query.aggregates),
        });
        response.aggregates = totals?.values ?? Object.fromEntries(Object.entries(query.aggregates).map(([alias, { op }]) => [alias, op === "$count" ? 0 : null]));
      }
      return response;
    });
  }

  /** By the requested fields (MongoDB value order), then newest first, then id. */
  private sortKeys(sort: SortSpec | undefined): SortKey[] {
    const keys: SortKey[] = Object.entries(sort ?? {}).map(([field, dir]) => [DOCUMENT_FIELDS.has(field) ? field : metadataPath(field), dir]);
    if (!sort || !("createdAt" in sort)) keys.push(["createdAt", -1]);
    return keys;
  }

  private checkGroupSort(groupBy: string[], aggregates: Aggregates, sort: SortSpec | undefined): void {
    const clash = groupBy.find((g) => g in aggregates);
    if (clash) throw new InvalidInputError(`Aggregate alias '${clash}' is also a group_by field`, ["query", "aggregates"]);
    for (const field of Object.keys(sort ?? {})) {
      if (!groupBy.includes(field) && !(field in aggregates)) throw new InvalidInputError(`Group mode sorts by group_by fields or aggregate aliases; '${field}' is neither`, ["query", "sort"], sort);
    }
  }

  private groups(rows: AggregateRow[], groupBy: string[], aggregates: Aggregates, sort: SortSpec | undefined, limit: number): GroupModeResponse {
    const sortSpec: Record<string, 1 | -1> = {};
    for (const [field, dir] of Object.entries<1 | -1>(sort ?? { [groupBy[0]]: 1 })) sortSpec[groupBy.includes(field) ? `g${groupBy.indexOf(field)}` : `a_${field}`] = dir;
    groupBy.forEach((_, i) => (sortSpec[`g${i}`] ??= 1));
    // Internal names (g0.., a_alias) keep dotted field names from being read as paths.
    const buckets = rows.map(({ keys, values }) => ({
      ...Object.fromEntries(keys.map((v, i) => [`g${i}`, v])),
      ...Object.fromEntries(Object.entries(values).map(([alias, v]) => [`a_${alias}`, v])),
    }));
    const ordered = new Aggregator([{ $sort: sortSpec }]).run(buckets) as Record<string, unknown>[];
    const groups = ordered.slice(0, limit).map((b) => ({
      ...Object.fromEntries(groupBy.map((field, i) => [field, b[`g${i}`] ?? null])),
      ...Object.fromEntries(Object.keys(aggregates).map((alias) => [alias, b[`a_${alias}`] ?? null])),
    }));
    return { groups, total: ordered.length, truncated: ordered.length > limit, limit };
  }
}
