export type { Store, StoreChanges, ReadTx, WriteTx, CollectionReader, CollectionWriter, Where, SortKey, FindOptions, Aggregation, AggregateRow, AggregateOp } from "./store.ts";
export type * from "./records.ts";
export type { BlobStore } from "./blobs.ts";
export { FileStore, catalogExists, type FileStoreOptions } from "./file-store.ts";
export { self as thisProcess, isProvablyGone, type ProcessIdentity } from "./process-identity.ts";

import { FileStore, type FileStoreOptions } from "./file-store.ts";
import type { S3Settings } from "./s3-blobs.ts";
import type { Store } from "./store.ts";


export interface OpenStoreOptions extends FileStoreOptions {
  /** A postgres:// URL: the PostgreSQL store; `home` then only holds scratch files. */
  databaseUrl?: string;
  /** With a database: blobs in this S3-compatible bucket instead of the database. */
  s3?: S3Settings;
}

/** The store the configuration names: PostgreSQL when a database URL is set, else the file store in `home`. */
export async function openStore(home: string, options: OpenStoreOptions = {}): Promise<Store> {
  if (options.s3 && !options.databaseUrl) throw new Error("Blobs in S3 need the PostgreSQL store (TREEINDEX_DATABASE_URL)");
  if (options.databaseUrl) {
    const s3 = options.s3;
    // PostgreSQL's client and the S3 client load only when configured: the file store's
    // start (a desktop client's stdio server) does not pay for them.
    const { PgStore } = await import("./postgres/pg-store.ts");
    const S3 = s3 ? (await import("./s3-blobs.ts")).S3BlobStore : undefined;
    return PgStore.open(options.databaseUrl, home, { onWarning: options.onWarning, blobs: S3 && s3 ? (scratch) => new S3(s3, scratch) : undefined });
  }
  return FileStore.open(home, options);
}
export type { S3Settings } from "./s3-blobs.ts";
export { transferStore, type TransferReport } from "./transfer.ts";
export { removeOrphanBlobs, ORPHAN_GRACE_MS } from "./orphan-blobs.ts";
export { isDiskFull, StoreBusyError } from "./errors.ts";
export type * from "./library/types.ts";
