/**
 * The store interface the rest of the code uses. Nothing outside `src/store` touches
 * catalogue files, so a PostgreSQL/object-store adapter can replace the file store later.
 */
import type { BlobStore } from "./blobs.ts";
import type { CatalogData, CollectionName } from "./records.ts";

export type RecordOf<K extends CollectionName> = CatalogData[K][string];

export interface CollectionReader<T> {
  get(id: string): T | undefined;
  list(filter?: (record: T) => boolean): T[];
  count(filter?: (record: T) => boolean): number;
  /**
   * Visits every record without copying it, for read-only scans of large collections
   * (listing 100k documents must not clone them all). Never mutate or keep the records.
   */
  scan(visit: (record: Readonly<T>) => void): void;
}

export interface CollectionWriter<T> extends CollectionReader<T> {
  /** Throws if a record with the same id exists. */
  insert(record: T): T;
  /** Shallow-merges `patch`; returns the new record, or undefined when the id is unknown. */
  update(id: string, patch: Partial<T>): T | undefined;
  /** Returns the removed record, or undefined when the id is unknown. */
  remove(id: string): T | undefined;
}

export type ReadTx = { [K in CollectionName]: CollectionReader<RecordOf<K>> };
export type WriteTx = { [K in CollectionName]: CollectionWriter<RecordOf<K>> };

export interface Store {
  /** Absolute path of the store's home directory. */
  readonly home: string;
  readonly blobs: BlobStore;
  /** Runs `fn` on a fresh view of the catalogue. Records returned are copies. */
  read<T>(fn: (tx: ReadTx) => T): Promise<T>;
  /**
   * Runs `fn` atomically: every change it makes is saved together, or none is (a throw
   * rolls the transaction back). Concurrent writes, also from other processes on the same
   * home, are serialised and never lost. `fn` must be synchronous and fast.
   */
  write<T>(fn: (tx: WriteTx) => T): Promise<T>;
  close(): Promise<void>;
}
