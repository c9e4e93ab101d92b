/**
 * Which documents and folders a write transaction changed, told to listeners once it has
 * committed: the library index follows the catalogue this way, whatever path made the
 * change (an index job, a delete, a ZIP import, a folder moved or removed). Both stores use
 * it: `record` wraps the transaction's handles, `emit` runs after the commit.
 */
import type { StoreChanges, WriteTx } from "./store.ts";

export class ChangeFeed {
  private readonly listeners = new Set<(changes: StoreChanges) => void>();

  subscribe(listener: (changes: StoreChanges) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A transaction whose document and folder writes are noted in `into`. */
  record(tx: WriteTx, into: ChangeSet): WriteTx {
    if (this.listeners.size === 0) return tx;
    // A proxy, not a copy: a store's handles may be class instances whose methods live on
    // their prototype (a spread would drop them).
    const watch = <H extends object>(handle: H, ids: Set<string>): H =>
      new Proxy(handle, {
        get(target, property) {
          const value = Reflect.get(target, property, target) as unknown;
          if (typeof value !== "function") return value;
          const method = (value as (...args: unknown[]) => Promise<unknown>).bind(target);
          if (property === "insert") return async (record: { id: string }, ...rest: unknown[]) => {
            const out = await method(record, ...rest);
            ids.add(record.id);
            return out;
          };
          if (property === "update" || property === "remove") return async (id: string, ...rest: unknown[]) => {
            const out = await method(id, ...rest);
            if (out) ids.add(id);
            return out;
          };
          return method;
        },
      });
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
