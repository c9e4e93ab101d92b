/**
 * Keeps the library index in line with the catalogue, which stays the source of truth.
 *
 * - After every committed write that changed documents or folders (the store's `onCommit`),
 *   the changed documents are brought up to date: a completed document is (re)indexed when
 *   its content stamp differs, its fields replaced when only they changed; anything else
 *   (deleted, failed, being re-indexed) leaves the index. Folder changes refresh the
 *   folder path of the documents below them.
 * - At start, and every few minutes, a reconciliation compares every stamp of the index
 *   with the catalogue (another process may have crashed between its commit and its index
 *   update), and fixes the differences document by document: never a rebuild on the
 *   request path. `rebuild` (CLI `treeindex reindex`) empties the index and refills it.
 *
 * One pass at a time: changes arriving meanwhile are coalesced into the next pass.
 */
import type { Logger } from "../../logger.ts";
import type { DocumentRecord, FolderRecord, Store, StoreChanges } from "../../store/index.ts";
import type { TreeNode } from "../../indexing/tree-types.ts";
import { PAGES_BLOB, TREE_BLOB } from "../documents/index-job.ts";
import { ownerFolders, subtreeFolderIds } from "../folders/tree.ts";
import { buildEntry, contentStamp, documentFields, fieldsStamp, folderPath } from "./entry.ts";

const RECONCILE_EVERY_MS = 5 * 60_000;

export interface SyncReport {
  indexed: number;
  fieldsUpdated: number;
  removed: number;
  failed: number;
}

export class LibrarySync {
  private readonly pendingDocs = new Set<string>();
  private readonly pendingFolders = new Set<string>();
  private reconcileWanted = false;
  private running: Promise<void> | null = null;
  private timer?: NodeJS.Timeout;
  private unsubscribe?: () => void;
  private stopped = false;
  /** Closing: the pending changes are applied, a reconciliation under way stops early. */
  private closing = false;
  /** Documents the last reconciliation found missing or stale, still to do (for health). */
  private behind = 0;
  /** Changed documents of the pass under way still to do. */
  private inFlight = 0;

  constructor(
    private readonly store: Store,
    private readonly logger: Logger,
  ) {}

  /** Follows the store's commits and reconciles now and then. */
  start(): void {
    this.unsubscribe = this.store.onCommit((changes) => this.changed(changes));
    this.reconcileWanted = true;
    this.kick();
    this.timer = setInterval(() => {
      this.reconcileWanted = true;
      this.kick();
    }, RECONCILE_EVERY_MS);
    this.timer.unref();
  }

  /** Stops following; changes already seen are applied first (a CLI `add` exits right after its job). */
  async stop(): Promise<void> {
    this.closing = true;
    this.unsubscribe?.();
    clearInterval(this.timer);
    this.reconcileWanted = false;
    await this.idle();
    this.stopped = true;
  }

  changed(changes: StoreChanges): void {
    changes.documents.forEach((id) => this.pendingDocs.add(id));
    changes.folders.forEach((id) => this.pendingFolders.add(id));
    this.kick();
  }

  /** Resolves when every change seen so far is in the index. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Documents known to be missing from the index or stale in it. */
  get lag(): number {
    return this.behind + this.inFlight + this.pendingDocs.size;
  }

  /** Empties the index and indexes every completed document again. */
  async rebuild(): Promise<SyncReport> {
    await this.idle();
    await this.store.library.clear();
    return this.reconcile();
  }

  /** Compares the whole index with the catalogue and applies the differences. */
  async reconcile(): Promise<SyncReport> {
    const report: SyncReport = { indexed: 0, fieldsUpdated: 0, removed: 0, failed: 0 };
    const [docs, folders, stamps] = await Promise.all([
      this.store.read((tx) => tx.documents.find({ status: "completed" })),
      this.store.read((tx) => tx.folders.find({})),
      this.store.library.stamps(),
    ]);
    const folderIndex = new Map(folders.map((f) => [f.id, f]));
    const held = new Map(stamps.map((s) => [s.docId, s]));
    const completed = new Set(docs.map((d) => d.id));
    const gone = stamps.filter((s) => !completed.has(s.docId)).map((s) => s.docId);
    if (gone.length) {
      await this.store.library.remove(gone);
      report.removed += gone.length;
    }
    const todo = docs.filter((d) => {
      const s = held.get(d.id);
      return !s || s.contentStamp !== contentStamp(d) || s.fieldsStamp !== fieldsStamp(d, folderPath(folderIndex, d.folderId)) || s.owner !== d.owner;
    });
    this.behind = todo.length;
    if (todo.length) this.logger.info({ documents: todo.length }, "bringing the library index up to date");
    for (const doc of todo) {
      if (this.closing) break;
      await this.syncOne(doc, held.get(doc.id), folderIndex, report);
      this.behind--;
    }
    this.behind = 0;
    return report;
  }

  private kick(): void {
    if (this.running || this.stopped) return;
    this.running = this.drain().finally(() => {
      this.running = null;
      if (this.pendingDocs.size || this.pendingFolders.size || (this.reconcileWanted && !this.closing)) this.kick();
    });
  }

  private async drain(): Promise<void> {
    try {
      if (this.reconcileWanted && !this.closing) {
        this.reconcileWanted = false;
        await this.reconcile();
      }
      if (this.pendingFolders.size) await this.expandFolders();
      if (this.pendingDocs.size) {
        const ids = [...this.pendingDocs];
        this.pendingDocs.clear();
        await this.syncDocuments(ids);
      }
    } catch (error) {
      // The index is derived: a failed pass is logged, and the next reconciliation repairs it.
      this.logger.warn({ err: error }, "updating the library index failed; it is repaired at the next reconciliation");
      this.reconcileWanted = true;
      await new Promise((r) => setTimeout(r, 1000).unref());
    }
  }

  /** Documents below changed folders get their folder path refreshed. */
  private async expandFolders(): Promise<void> {
    const ids = [...this.pendingFolders];
    this.pendingFolders.clear();
    const docs = await this.store.read(async (tx) => {
      const folders = (await tx.folders.find({ id: { $in: ids } })) as FolderRecord[];
      const below = new Set<string>();
      for (const f of folders) for (const id of await subtreeFolderIds(tx, f.owner, f.id)) below.add(id);
      return below.size ? tx.documents.find({ folderId: { $in: [...below] }, status: "completed" }) : [];
    });
    docs.forEach((d) => this.pendingDocs.add(d.id));
  }

  private async syncDocuments(ids: string[]): Promise<void> {
    // By id, one at a time: `$in` over many ids is quadratic in the file store's matcher.
    const docs = (await this.store.read((tx) => Promise.all(ids.map((id) => tx.documents.get(id))))).filter((d): d is DocumentRecord => d !== undefined);
    const byId = new Map(docs.map((d) => [d.id, d]));
    const held = new Map((await this.store.library.stamps(ids)).map((s) => [s.docId, s]));
    const leaving = ids.filter((id) => byId.get(id)?.status !== "completed" && held.has(id));
    if (leaving.length) await this.store.library.remove(leaving);
    const report: SyncReport = { indexed: 0, fieldsUpdated: 0, removed: 0, failed: 0 };
    const owners = new Map<string, Map<string, FolderRecord>>();
    const todo = docs.filter((d) => d.status === "completed");
    this.inFlight = todo.length;
    for (const doc of todo) {
      if (!owners.has(doc.owner)) owners.set(doc.owner, await this.store.read((tx) => ownerFolders(tx, doc.owner)));
      await this.syncOne(doc, held.get(doc.id), owners.get(doc.owner)!, report);
      this.inFlight--;
    }
    this.inFlight = 0;
  }

  private async syncOne(doc: DocumentRecord, held: { contentStamp: string; fieldsStamp: string; owner: string } | undefined, folders: Map<string, FolderRecord>, report: SyncReport): Promise<void> {
    const path = folderPath(folders, doc.folderId);
    try {
      if (held && held.owner === doc.owner && held.contentStamp === contentStamp(doc)) {
        if (held.fieldsStamp === fieldsStamp(doc, path)) return;
        const [tree, pages] = await this.blobs(doc.id);
        if (await this.store.library.putFields(doc.id, fieldsStamp(doc, path), documentFields(doc, path, pages, tree))) {
          report.fieldsUpdated++;
          return;
        }
      }
      const [tree, pages] = await this.blobs(doc.id);
      if (!tree) throw new Error("its tree is missing from the store");
      // Deleted or re-queued while we read it: the next change event handles it.
      const still = await this.store.read((tx) => tx.documents.get(doc.id));
      if (!still || still.status !== "completed" || contentStamp(still) !== contentStamp(doc)) return;
      await this.store.library.put(await buildEntry(still, folderPath(folders, still.folderId), tree, pages));
      // A delete that committed while we built the entry: take it back out.
      const after = await this.store.read((tx) => tx.documents.get(doc.id));
      if (!after || after.status !== "completed") await this.store.library.remove([doc.id]);
      report.indexed++;
    } catch (error) {
      report.failed++;
      this.logger.warn({ err: error, doc_id: doc.id }, "a document could not be added to the library index");
    }
  }

  private async blobs(docId: string): Promise<[TreeNode[] | null, string[] | null]> {
    const [tree, pages] = await Promise.all([this.store.blobs.readJson<TreeNode[]>(docId, TREE_BLOB), this.store.blobs.readJson<string[]>(docId, PAGES_BLOB)]);
    return [tree ?? null, pages ?? null];
  }
}
