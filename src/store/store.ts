/**
 * The store interface the rest of the code uses. Nothing outside `src/store` knows which
 * store is in use: the file store (lowdb catalogue + blob folders, the embedded default)
 * and the PostgreSQL store (TREEINDEX_DATABASE_URL) keep the same contract.
 *
 * It speaks in data, not callbacks: reads are queries as values (`Where`, sort, limit,
 * aggregation), which the file store evaluates in memory with mingo and PostgreSQL compiles
 * to parameterised SQL; transactions are async functions over collection handles.
 */
import type { BlobStore } from "./blobs.ts";
import type { LibraryIndex } from "./library/types.ts";
import type { CatalogData, CollectionName } from "./records.ts";

export type RecordOf<K extends CollectionName> = CatalogData[K][string];

/**
 * A MongoDB-style condition on a record's fields: `{field: value}` (a value equal to it, or
 * an array containing it; `null` also matches a missing field), `{field: {$eq|$ne|$in|$nin|
 * $gt|$gte|$lt|$lte: v}}`, `{field: {$exists: boolean}}`, `$and`/`$or` of conditions.
 * Dotted names reach nested values (`metadata.year`). Comparisons order values of the
 * same type only, as MongoDB does.
 */
export type Where = Record<string, unknown>;

export type SortKey = [path: string, direction: 1 | -1];

export interface FindOptions {
  /** Keys in order of precedence; records equal on all keys come in id order. */
  sort?: SortKey[];
  limit?: number;
  offset?: number;
}

export type AggregateOp = "$count" | "$sum" | "$avg" | "$max" | "$min";

export interface Aggregation {
  /** Paths whose values form a group's key (missing counts as null); empty: one group of all. */
  groupBy: string[];
  /** alias -> operator over a path (`null` for $count). MongoDB semantics: $sum/$avg skip non-numbers. */
  aggregates: Record<string, { op: AggregateOp; field: string | null }>;
}

export interface AggregateRow {
  keys: unknown[];
  values: Record<string, unknown>;
}

export interface CollectionReader<T> {
  get(id: string): Promise<T | undefined>;
  find(where?: Where, options?: FindOptions): Promise<T[]>;
  count(where?: Where): Promise<number>;
  /** `find` with `sort`/`limit`/`offset`, plus how many records match in all (one pass for listings). */
  findPage(where: Where | undefined, options: FindOptions): Promise<{ records: T[]; total: number }>;
  /** One row per group of the matching records (unordered). */
  aggregate(where: Where | undefined, aggregation: Aggregation): Promise<AggregateRow[]>;
}

export interface CollectionWriter<T> extends CollectionReader<T> {
  /** Throws if a record with the same id exists. */
  insert(record: T): Promise<T>;
  /** Shallow-merges `patch`; returns the new record, or undefined when the id is unknown. */
  update(id: string, patch: Partial<T>): Promise<T | undefined>;
  /** Returns the removed record, or undefined when the id is unknown. */
  remove(id: string): Promise<T | undefined>;
}

export type ReadTx = { [K in CollectionName]: CollectionReader<RecordOf<K>> };
export type WriteTx = { [K in CollectionName]: CollectionWriter<RecordOf<K>> };

/** What one committed write changed. */
export interface StoreChanges {
  documents: string[];
  folders: string[];
}

export interface Store {
  /** Local directory for this process's files (the file store's whole state; scratch files otherwise). */
  readonly home: string;
  /** "file" or "postgres", for logs and health. */
  readonly kind: "file" | "postgres";
  readonly blobs: BlobStore;
  /** The library index (derived data; `src/core/library` keeps it in line with the catalogue). */
  readonly library: LibraryIndex;
  /**
   * Calls `listener` after every committed write of this process that changed documents or
   * folders, with their ids. Returns a function that stops the calls.
   */
  onCommit(listener: (changes: StoreChanges) => void): () => void;
  /** Runs `fn` on a consistent view of the catalogue. Records returned are copies. */
  read<T>(fn: (tx: ReadTx) => Promise<T> | T): Promise<T>;
  /**
   * Runs `fn` atomically: every change it makes is saved together, or none is (a throw
   * rolls the transaction back). Concurrent writes, also from other processes or servers
   * on the same state, are serialised and never lost. `fn` should only touch `tx`: it holds
   * the write turn while it runs.
   */
  write<T>(fn: (tx: WriteTx) => Promise<T> | T): Promise<T>;
  close(): Promise<void>;
}
