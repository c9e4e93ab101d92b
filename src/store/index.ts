export type { Store, ReadTx, WriteTx, CollectionReader, CollectionWriter, Where, SortKey, FindOptions, Aggregation, AggregateRow, AggregateOp } from "./store.ts";
export type * from "./records.ts";
export type { BlobStore } from "./blobs.ts";
export { FileStore, catalogExists, type FileStoreOptions } from "./file-store.ts";
export { self as thisProcess, isProvablyGone, type ProcessIdentity } from "./process-identity.ts";

import { FileStore, type FileStoreOptions } from "./file-store.ts";
import { PgStore } from "./postgres/pg-store.ts";
import type { Store } from "./store.ts";

export { PgStore } from "./postgres/pg-store.ts";
export { migrate } from "./postgres/migrate.ts";

export interface OpenStoreOptions extends FileStoreOptions {
  /** A postgres:// URL: the PostgreSQL store; `home` then only holds scratch files. */
  databaseUrl?: string;
}

/** The store the configuration names: PostgreSQL when a database URL is set, else the file store in `home`. */
export function openStore(home: string, options: OpenStoreOptions = {}): Promise<Store> {
  if (options.databaseUrl) return PgStore.open(options.databaseUrl, home, { onWarning: options.onWarning });
  return FileStore.open(home, options);
}
export { transferStore, type TransferReport } from "./transfer.ts";
