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

function reader<T extends { id: string }>(table: Record<string, T>): CollectionReader<T> {
  // Matching runs over the stored records without copying them; only results are copied.
  const matching = (where: Parameters<typeof matcher>[0]) => {
    const test = matcher(where);
    return Object.values(table).filter((record) => test(record));
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
      return where ? matching(where).length : Object.keys(table).length;
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
      undo.push(() => delete table[record.id]);
      return structuredClone(record);
    },
    async update(id, patch) {
      if (!Object.hasOwn(table, id)) return undefined;
      const before = table[id];
      const after = { ...before, ...structuredClone(patch), id } as T;
      table[id] = after;
      undo.push(() => (table[id] = before));
      return structuredClone(after);
    },
    async remove(id) {
      if (!Object.hasOwn(table, id)) return undefined;
      const before = table[id];
      delete table[id];
      undo.push(() => (table[id] = before));
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
