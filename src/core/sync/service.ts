/**
 * Keeping folders indexed (issue #39): `syncOnce` (CLI `sync`, MCP sync_folder) compares a
 * directory with the store once and applies the differences; `watch` (CLI `watch`,
 * TREEINDEX_WATCH for `serve` and `mcp`, sync_folder with watch) keeps doing so. Which
 * process does the work on a root is decided by the root's lease (lease.ts), so a desktop
 * client's `mcp` beside `serve` on one home index each change once.
 */
import { Mutex, Semaphore } from "async-mutex";
import fs from "node:fs/promises";
import type { Logger } from "../../logger.ts";
import type { Store, UserRecord, WatchedRootRecord } from "../../store/index.ts";
import { realPaths, type LocalFileImporter } from "../documents/local-files.ts";
import type { DocumentService } from "../documents/service.ts";
import { InvalidInputError, NotFoundError } from "../errors.ts";
import { subtreeFolderIds } from "../folders/tree.ts";
import { emptyReport, runPass, type PassContext } from "./apply.ts";
import { RootKeeper } from "./keeper.ts";
import { claimLeaseIn, releaseLeaseIn, renewalEvery, ROOT_LEASE_MS } from "./lease.ts";
import { attachRoot } from "./root.ts";
import { describeSkip } from "./skip-reasons.ts";
import type { SyncHealth, SyncReport, WatchedRootStatus } from "./schemas.ts";

export interface SyncSettings {
  /** TREEINDEX_ALLOWED_ROOTS: where links inside a watched folder may point (the folder itself always counts). */
  allowedRoots: string[];
  maxBytes: number;
  /** Files read and prepared at once: the worker pool's size. */
  concurrency: number;
  /** A file counts as completely written once it has not changed for this long (default 1.5 s). */
  settleMs?: number;
  leaseMs?: number;
  debounceMs?: number;
}

export interface SyncOnceOptions {
  folderId?: string;
  /** How long to wait for files still being written before answering with them as `waiting` (default 10 min). */
  waitForWritesMs?: number;
}

const DEFAULT_SETTLE_MS = 1500;
const DEFAULT_DEBOUNCE_MS = 300;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function describeHolder(root: WatchedRootRecord): string {
  return `process ${root.leaseOwner?.pid ?? "?"} on ${root.leaseOwner?.host ?? "?"}`;
}

export class SyncService {
  private readonly keepers = new Map<string, RootKeeper>();
  /** Per root: its passes one at a time (a sync_folder call while this process watches it). */
  private readonly turns = new Map<string, Mutex>();
  private readonly limit: Semaphore;
  private readonly settleMs: number;
  private readonly leaseMs: number;
  private readonly debounceMs: number;

  constructor(
    private readonly store: Store,
    private readonly documents: DocumentService,
    private readonly files: LocalFileImporter,
    private readonly logger: Logger,
    private readonly settings: SyncSettings,
  ) {
    this.limit = new Semaphore(Math.max(1, settings.concurrency));
    this.settleMs = settings.settleMs ?? DEFAULT_SETTLE_MS;
    this.leaseMs = settings.leaseMs ?? ROOT_LEASE_MS;
    this.debounceMs = settings.debounceMs ?? DEFAULT_DEBOUNCE_MS;
  }

  /** The real path of a directory the person named (CLI, TREEINDEX_WATCH); MCP checks the allowed roots first. */
  async directory(location: string): Promise<string> {
    let real: string;
    try {
      real = await fs.realpath(location);
    } catch {
      throw new NotFoundError(`No folder at ${location}`);
    }
    if (!(await fs.stat(real)).isDirectory()) throw new InvalidInputError(`${location} is not a folder`, ["path"], location);
    return real;
  }

  private async context(user: UserRecord, root: WatchedRootRecord): Promise<PassContext> {
    return {
      store: this.store,
      documents: this.documents,
      files: this.files,
      user,
      root,
      realRoots: [root.path, ...(await realPaths(this.settings.allowedRoots))],
      maxBytes: this.settings.maxBytes,
      settleMs: this.settleMs,
      limit: this.limit,
      turn: this.turns.get(root.id) ?? this.turns.set(root.id, new Mutex()).get(root.id)!,
    };
  }

  /**
   * Compares the directory (a real path) with the store once and applies the differences;
   * files still being written are waited for, up to `waitForWritesMs`. When another process
   * holds the folder's lease (it watches it), nothing is done here and `held_by` says who.
   */
  async syncOnce(user: UserRecord, realDir: string, options: SyncOnceOptions = {}): Promise<SyncReport> {
    const root = await attachRoot(this.store, user, realDir, { folderId: options.folderId });
    const keeper = this.keepers.get(root.id);
    const claimed = keeper?.holding || (await this.store.write((tx) => claimLeaseIn(tx, root.id, this.leaseMs)));
    if (!claimed) {
      const current = (await this.store.read((tx) => tx.watchedRoots.get(root.id)))!;
      return { ...emptyReport(root), held_by: describeHolder(current) };
    }
    const context = await this.context(user, root);
    // A long first sync renews the lease as the keeper would, so no standby takes the root midway.
    const heartbeat = keeper ? undefined : setInterval(() => void this.store.write((tx) => claimLeaseIn(tx, root.id, this.leaseMs)).catch(() => undefined), renewalEvery(this.leaseMs));
    heartbeat?.unref();
    try {
      const { report, waiting } = await runPass(context, [""]);
      const deadline = Date.now() + (options.waitForWritesMs ?? 10 * 60_000);
      let pending = waiting;
      while (pending.length && Date.now() < deadline) {
        await sleep(this.settleMs);
        const next = await runPass(context, pending);
        merge(report, next.report);
        pending = next.waiting;
      }
      report.waiting = pending.length;
      return report;
    } finally {
      clearInterval(heartbeat);
      if (!keeper) await this.store.write((tx) => releaseLeaseIn(tx, root.id)).catch(() => undefined);
    }
  }

  /**
   * Keeps the directory (a real path) indexed from now on: this process watches it while it
   * holds the folder's lease, and stands by to take over otherwise. Answers the root's status.
   */
  async watch(user: UserRecord, realDir: string, options: { folderId?: string } = {}): Promise<WatchedRootStatus> {
    const root = await attachRoot(this.store, user, realDir, { folderId: options.folderId, watched: true });
    if (!this.keepers.has(root.id)) {
      const keeper = new RootKeeper(await this.context(user, root), { leaseMs: this.leaseMs, debounceMs: this.debounceMs, settleMs: this.settleMs }, this.logger);
      this.keepers.set(root.id, keeper);
      await keeper.start();
    }
    return this.statusAt(user, root.path);
  }

  /** The status of the user's watched root at that real path (attached by `syncOnce` or `watch`). */
  async statusAt(user: UserRecord, realDir: string): Promise<WatchedRootStatus> {
    const status = (await this.status(user)).find((s) => s.path === realDir);
    if (!status) throw new Error(`${realDir} is not a watched folder`);
    return status;
  }

  /** Resolves once every keeper of this process has applied what it has seen (tests, CLI). */
  async idle(): Promise<void> {
    await Promise.all([...this.keepers.values()].map((k) => k.idle()));
  }

  /** Files waiting here to be written completely, per root. */
  private waitingHere(rootId: string): number {
    return this.keepers.get(rootId)?.waiting.size ?? 0;
  }

  /** The user's watched roots (every root of the store without a user). */
  async status(user?: UserRecord): Promise<WatchedRootStatus[]> {
    return this.store.read(async (tx) => {
      const roots = await tx.watchedRoots.find(user ? { owner: user.id } : {}, { sort: [["createdAt", 1]] });
      const statuses: WatchedRootStatus[] = [];
      for (const root of roots) {
        const folderIds = [...(await subtreeFolderIds(tx, root.owner, root.folderId))];
        const indexing = await tx.documents.count({ owner: root.owner, folderId: { $in: folderIds }, status: { $in: ["queued", "processing"] } });
        statuses.push({
          path: root.path,
          folder_id: root.folderId,
          files: await tx.syncedFiles.count({ rootId: root.id, docId: { $ne: null } }),
          pending: indexing + this.waitingHere(root.id),
          skipped: await tx.syncedFiles.count({ rootId: root.id, docId: null }),
          last_sync_at: root.lastSyncAt ?? null,
          watched: root.watched === true,
          held_here: this.keepers.get(root.id)?.holding === true,
          ...(this.keepers.get(root.id)?.lastError ? { error: this.keepers.get(root.id)!.lastError } : {}),
        });
      }
      return statuses;
    });
  }

  /** The files of the user's root mirrored into `rootFolderId` that are not indexed, with the reasons (the first 200 by path). */
  async skipped(user: UserRecord, rootFolderId: string): Promise<Array<{ path: string; reason: string }>> {
    return this.store.read(async (tx) => {
      const root = (await tx.watchedRoots.find({ owner: user.id, folderId: rootFolderId }))[0];
      if (!root) return [];
      const records = await tx.syncedFiles.find({ rootId: root.id, docId: null }, { sort: [["path", 1]], limit: 200 });
      return records.map((r) => ({ path: r.path, reason: describeSkip(r.skipped ?? "not indexed") }));
    });
  }

  /** The documents made from the files of the user's root (by its folder) whose indexing failed. */
  async failedDocuments(user: UserRecord, rootFolderId: string): Promise<Array<{ name: string; error: string }>> {
    return this.store.read(async (tx) => {
      const folderIds = [...(await subtreeFolderIds(tx, user.id, rootFolderId))];
      const failed = await tx.documents.find({ owner: user.id, folderId: { $in: folderIds }, status: "failed" }, { sort: [["name", 1]] });
      return failed.map((d) => ({ name: d.name, error: d.error ?? "indexing failed" }));
    });
  }

  /** Totals over every watched root of the store, for /health (no paths: it needs no key). */
  async health(): Promise<SyncHealth> {
    const roots = await this.status();
    const last = roots.map((r) => r.last_sync_at).filter((t): t is string => t !== null).sort().pop() ?? null;
    return {
      roots: roots.length,
      files: roots.reduce((n, r) => n + r.files, 0),
      pending: roots.reduce((n, r) => n + r.pending, 0),
      skipped: roots.reduce((n, r) => n + r.skipped, 0),
      last_sync_at: last,
    };
  }

  async close(): Promise<void> {
    await Promise.all([...this.keepers.values()].map((k) => k.stop()));
    this.keepers.clear();
  }
}

function merge(into: SyncReport, more: SyncReport): void {
  into.added += more.added;
  into.updated += more.updated;
  into.moved += more.moved;
  into.deleted += more.deleted;
  into.unchanged += more.unchanged;
  into.skipped.push(...more.skipped);
  into.failed.push(...more.failed);
}
