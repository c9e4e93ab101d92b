export type { Store, ReadTx, WriteTx, CollectionReader, CollectionWriter, Where, SortKey, FindOptions, Aggregation, AggregateRow, AggregateOp } from "./store.ts";
export type * from "./records.ts";
export type { BlobStore } from "./blobs.ts";
export { FileStore, catalogExists, type FileStoreOptions } from "./file-store.ts";
export { self as thisProcess, isProvablyGone, type ProcessIdentity } from "./process-identity.ts";

import { FileStore, type FileStoreOptions } from "./file-store.ts";
import type { Store } from "./store.ts";

export function openStore(home: string, options?: FileStoreOptions): Promise<Store> {
  return FileStore.open(home, options);
}
