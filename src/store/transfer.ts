/**
 * Copies a whole state from one store to another (`treeindex import` / `export`): every
 * record of every collection, then every document's blobs. The target must be empty, so
 * a copy never mixes with or overwrites other state. Records go over in id order and in
 * batches (one write transaction each); blobs one at a time, so memory stays bounded by
 * a batch and the largest file.
 */
import { COLLECTIONS } from "./transaction.ts";
import type { CollectionReader, Store, Where } from "./store.ts";

const BATCH = 500;

export interface TransferReport {
  records: Record<string, number>;
  blobs: number;
}

export async function transferStore(from: Store, to: Store, onProgress?: (message: string) => void): Promise<TransferReport> {
  for (const name of COLLECTIONS) {
    const present = await to.read((tx) => tx[name].count());
    if (present > 0) throw new Error(`The target store is not empty (${present} ${name}); copy into an empty store`);
  }
  const report: TransferReport = { records: {}, blobs: 0 };
  for (const name of COLLECTIONS) {
    let copied = 0;
    for (let after: string | null = null; ; ) {
      const where: Where = after === null ? {} : { id: { $gt: after } };
      const batch = await from.read((tx) => (tx[name] as CollectionReader<{ id: string }>).find(where, { sort: [["id", 1]], limit: BATCH }));
      if (batch.length === 0) break;
      await to.write(async (tx) => {
        for (const record of batch) await (tx[name].insert as (r: unknown) => Promise<unknown>)(record);
      });
      copied += batch.length;
      after = batch[batch.length - 1].id;
    }
    report.records[name] = copied;
    if (copied) onProgress?.(`${name}: ${copied}`);
  }
  for (let after: string | null = null; ; ) {
    const where: Where = after === null ? {} : { id: { $gt: after } };
    const docs: Array<{ id: string }> = await from.read((tx) => tx.documents.find(where, { sort: [["id", 1]], limit: BATCH }));
    if (docs.length === 0) break;
    for (const doc of docs) {
      for (const blob of await from.blobs.names(doc.id)) {
        const data = await from.blobs.read(doc.id, blob);
        if (data !== undefined) await to.blobs.write(doc.id, blob, data);
        report.blobs++;
      }
    }
    after = docs[docs.length - 1].id;
  }
  onProgress?.(`blobs: ${report.blobs}`);
  return report;
}
