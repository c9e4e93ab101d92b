/**
 * The sweep of blobs that no document record points at. Every action that stores files
 * and records orders them so that a crash leaves, at worst, such files: an upload or ZIP
 * import writes its files before the one transaction that commits its records; a delete
 * removes its records in one transaction before their files. The sweep finishes what a
 * crash (or a full disk) interrupted. Files written in the last `graceMs` are left alone:
 * they may belong to an upload on its way to its commit, in this process or another.
 */
import type { Store } from "./store.ts";

/** How old unreferenced files must be before they are removed. */
export const ORPHAN_GRACE_MS = 10 * 60_000;

/** Removes the blobs of documents without a record; returns their ids. */
export async function removeOrphanBlobs(store: Store, graceMs = ORPHAN_GRACE_MS, now = Date.now()): Promise<string[]> {
  const candidates = await store.blobs.documentsWrittenBefore(now - graceMs);
  if (candidates.length === 0) return [];
  // Looked up one by one: a query with thousands of ids in `$in` is quadratic in the file
  // store's matcher (10,000 documents blocked a server for 36 s at every sweep).
  const known = new Set((await store.read((tx) => Promise.all(candidates.map((id) => tx.documents.get(id))))).flatMap((d) => (d ? [d.id] : [])));
  const orphans = candidates.filter((id) => !known.has(id));
  for (const id of orphans) await store.blobs.removeAll(id);
  return orphans;
}
