/**
 * "Is this file already stored?" for adds that may be retried (`treeindex add a.pdf b.md`
 * after a run where b.md failed): an upload of a name already taken is stored as `a_1.pdf`,
 * so running the same command again would duplicate every file that had succeeded. A file
 * whose bytes equal a stored document of the same user and folder, under its name or a
 * suffixed copy of it (`a.pdf`, `a_1.pdf`, …), is that document. A copy that failed to index
 * does not count: adding the file again is then a deliberate retry.
 */
import path from "node:path";
import type { DocumentRecord, Store, UserRecord } from "../../store/index.ts";
import { originalBlobName } from "./index-job.ts";

export interface StoredCopyQuery {
  /** The file's name as given (only its base name counts, as for an upload). */
  fileName: string;
  bytes: Uint8Array;
  folderId?: string;
}

/** `a.pdf` and the names freeName gives its copies (`a_1.pdf` … `a_99.pdf`), case-insensitively. */
function sameNameOrCopy(name: string): RegExp {
  const dot = name.lastIndexOf(".");
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
  const quote = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`^${quote(stem)}(_[1-9][0-9]?)?${quote(ext)}$`, "i");
}

export async function findStoredCopy(store: Store, user: UserRecord, query: StoredCopyQuery): Promise<DocumentRecord | undefined> {
  const name = path.basename(query.fileName.replace(/\\/g, "/")).trim();
  if (!name) return undefined;
  const pattern = sameNameOrCopy(name);
  const siblings = await store.read((tx) => tx.documents.find({ owner: user.id, folderId: query.folderId ?? null }));
  // Oldest first: a retry finds the document the first run stored.
  const candidates = siblings.filter((d) => d.status !== "failed" && pattern.test(d.name)).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  for (const doc of candidates) {
    const stored = await store.blobs.read(doc.id, originalBlobName(doc.format));
    if (stored && Buffer.compare(stored, query.bytes) === 0) return doc;
  }
  return undefined;
}
