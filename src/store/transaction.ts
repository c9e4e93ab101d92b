/**
 * Collection views over the in-memory catalogue (the file store). Write transactions
 * record an undo entry for every change so a transaction that throws half-way leaves
 * nothing behind. The methods are async to keep the interface of stores that do I/O.
 */
import { aggregateRecords, loadMingo, matcher, page, sortRecords } from "./memory-query.ts";
import { emptyCatalog, type CatalogData, type CollectionName } from "./records.ts";
import type { CollectionReader, CollectionWriter, ReadTx, RecordOf, WriteTx } from "./store.ts";

export type UndoLog = Array<() => void>;

// Derived from the empty catalogue, so a collection added to records.ts needs no edit here.
export const COLLECTIONS = Object.keys(emptyCatalog()).filter((k) => k !== "version") as CollectionName[];

/**
 * Each table's records as an array, kept until the table changes. A table of 10,000 records
 * is an object in dictionary mode, and listing its values costs V8 5 ms (it sorts them by
 * insertion order) on every query; writes below drop the array. Records are never changed
 * in place (an update stores a new object), so the array never shows a half-made change.
 */
const tableValues = new WeakMap<object, unknown[]>();
/** Counts by condition, kept the same way (a library search counts the owner's documents on every query). */
const tableCounts = new WeakMap<object, Map<string, number>>();
const COUNTS_KEPT = 100;

function valuesOf<T>(table: Record<string, T>): T[] {
  let values = tableValues.get(table) as T[] | undefined;
  if (!values) tableValues.set(table, (values = Object.values(table)));
  return values;
}

function changed(table: object): void {
  tableValues.delete(table);
  tableCounts.delete(table);
}

function countOf(table: object, where: object, count: () => number): number {
  let counts = tableCounts.get(table);
  if (!counts) tableCounts.set(table, (counts = new Map()));
  const key = JSON.stringify(where);
  let n = counts.get(key);
  if (n === undefined) {
    if (counts.size >= COUNTS_KEPT) counts.clear();
    counts.set(key, (n = count()));
  }
  return n;
}

function reader<T extends { id: string }>(table: Record<string, T>): CollectionReader<T> {
  // Matching runs over the stored records without copying them; only results are copied.
  const matching = (where: Parameters<typeof matcher>[0]) => {
    const test = matcher(where);
    return valuesOf(table).filter((record) => test(record));
  };
  return {
    get: async (id) => (Object.hasOwn(table, id) ? structuredClone(table[id]) : undefined),
    find: async (where, options = {}) => {
      await loadMingo();
      const found = matching(where);
      const ordered = options.sort?.length || options.limit !== undefined || options.offset ? page(sortRecords(found, options.sort), options) : found;
      return ordered.map((record) => structuredClone(record));
    },
    findPage: async (where, options) => {
      await loadMingo();
      const found = matching(where);
      return { records: page(sortRecords(found, options.sort), options).map((record) => structuredClone(record)), total: found.length };
    },
    count: async (where) => {
      await loadMingo();
      return where ? countOf(table, where, () => matching(where).length) : valuesOf(table).length;
    },
    aggregate: async (where, aggregation) => {
      await loadMingo();
      return aggregateRecords(matching(where), aggregation);
    },
  };
}

function writer<T extends { id: string }>(table: Record<string, T>, undo: UndoLog): CollectionWriter<T> {
  return {
    ...reader(table),
    async insert(record) {
      if (Object.hasOwn(table, record.id)) throw new Error(`Duplicate id ${record.id}`);
      table[record.id] = structuredClone(record);
      changed(table);
      undo.push(() => {
        delete table[record.id];
        changed(table);
      });
      return structuredClone(record);
    },
    async update(id, patch) {
      if (!Object.hasOwn(table, id)) return undefined;
      const before = table[id];
      const after = { ...before, ...structuredClone(patch), id } as T;
      table[id] = after;
      changed(table);
      undo.push(() => {
        table[id] = before;
        changed(table);
      });
      return structuredClone(after);
    },
    async remove(id) {
      if (!Object.hasOwn(table, id)) return undefined;
      const before = table[id];
      delete table[id];
      changed(table);
      undo.push(() => {
        table[id] = before;
        changed(table);
      });
      return structuredClone(before);
    },
  };
}

export function makeReadTx(data: CatalogData): ReadTx {
  const tx = {} as Record<CollectionName, unknown>;
  for (const name of COLLECTIONS) tx[name] = reader(data[name] as Record<string, RecordOf<typeof name>>);
  return tx as ReadTx;
}

export function makeWriteTx(data: CatalogData, undo: UndoLog): WriteTx {
  const tx = {} as Record<CollectionName, unknown>;
  for (const name of COLLECTIONS) tx[name] = writer(data[name] as Record<string, RecordOf<typeof name>>, undo);
  return tx as WriteTx;
}
