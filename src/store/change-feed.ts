/**
 * Which documents and folders a write transaction changed, told to listeners once it has
 * committed: the library index follows the catalogue this way, whatever path made the
 * change (an index job, a delete, a ZIP import, a folder moved or removed). Both stores use
 * it: `record` wraps the transaction's handles, `emit` runs after the commit.
 */
import type { CollectionWriter, StoreChanges, WriteTx } from "./store.ts";

export class ChangeFeed {
  private readonly listeners = new Set<(changes: StoreChanges) => void>();

  subscribe(listener: (changes: StoreChanges) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A transaction whose document and folder writes are noted in `into`. */
  record(tx: WriteTx, into: ChangeSet): WriteTx {
    if (this.listeners.size === 0) return tx;
    type Handle = CollectionWriter<{ id: string }>;
    const watch = (collection: WriteTx["documents" | "folders"], ids: Set<string>) => {
      const handle = collection as unknown as Handle;
      return {
        ...handle,
        insert: async (record: { id: string }) => {
          const out = await handle.insert(record);
          ids.add(record.id);
          return out;
        },
        update: async (id: string, patch: Partial<{ id: string }>) => {
          const out = await handle.update(id, patch);
          if (out) ids.add(id);
          return out;
        },
        remove: async (id: string) => {
          const out = await handle.remove(id);
          if (out) ids.add(id);
          return out;
        },
      } satisfies Handle as unknown;
    };
    return { ...tx, documents: watch(tx.documents, into.documents), folders: watch(tx.folders, into.folders) } as WriteTx;
  }

  emit(changes: ChangeSet): void {
    if (changes.documents.size === 0 && changes.folders.size === 0) return;
    const out: StoreChanges = { documents: [...changes.documents], folders: [...changes.folders] };
    for (const listener of this.listeners) {
      try {
        listener(out);
      } catch {
        // A listener's failure is its own (it logs); the write has committed.
      }
    }
  }
}

export interface ChangeSet {
  documents: Set<string>;
  folders: Set<string>;
}

export const newChangeSet = (): ChangeSet => ({ documents: new Set(), folders: new Set() });
