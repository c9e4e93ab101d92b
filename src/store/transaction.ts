/**
 * Collection views over the in-memory catalogue. Write transactions record an undo entry
 * for every change so a transaction that throws half-way leaves nothing behind.
 */
import { emptyCatalog, type CatalogData, type CollectionName } from "./records.ts";
import type { CollectionReader, CollectionWriter, ReadTx, RecordOf, WriteTx } from "./store.ts";

export type UndoLog = Array<() => void>;

// Derived from the empty catalogue, so a collection added to records.ts needs no edit here.
const COLLECTIONS = Object.keys(emptyCatalog()).filter((k) => k !== "version") as CollectionName[];

function reader<T>(table: Record<string, T>): CollectionReader<T> {
  return {
    get: (id) => (Object.hasOwn(table, id) ? structuredClone(table[id]) : undefined),
    list: (filter) => {
      const out: T[] = [];
      for (const record of Object.values(table)) if (!filter || filter(record)) out.push(structuredClone(record));
      return out;
    },
    count: (filter) => {
      if (!filter) return Object.keys(table).length;
      let n = 0;
      for (const record of Object.values(table)) if (filter(record)) n++;
      return n;
    },
    scan: (visit) => {
      for (const record of Object.values(table)) visit(record);
    },
  };
}

function writer<T extends { id: string }>(table: Record<string, T>, undo: UndoLog): CollectionWriter<T> {
  return {
    ...reader(table),
    insert(record) {
      if (Object.hasOwn(table, record.id)) throw new Error(`Duplicate id ${record.id}`);
      table[record.id] = structuredClone(record);
      undo.push(() => delete table[record.id]);
      return structuredClone(record);
    },
    update(id, patch) {
      if (!Object.hasOwn(table, id)) return undefined;
      const before = table[id];
      const after = { ...before, ...structuredClone(patch), id } as T;
      table[id] = after;
      undo.push(() => (table[id] = before));
      return structuredClone(after);
    },
    remove(id) {
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
