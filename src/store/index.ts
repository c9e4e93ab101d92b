export type { Store, ReadTx, WriteTx, CollectionReader, CollectionWriter } from "./store.ts";
export type * from "./records.ts";
export { BlobStore } from "./blobs.ts";
export { FileStore, catalogExists } from "./file-store.ts";

import { FileStore } from "./file-store.ts";
import type { Store } from "./store.ts";

export function openStore(home: string): Promise<Store> {
  return FileStore.open(home);
}
