/**
 * Keeps one watched root indexed in this process: holds (or waits for) the root's lease,
 * and while it holds it, watches the directory with @parcel/watcher and runs sync passes.
 *
 * @parcel/watcher was chosen by measurement on a 10,000-file tree (tools/watcher-compare.ts,
 * README "Keep a folder indexed"): a sixth of chokidar's memory, a faster start, the same
 * events seen in bursts. Its events are hints: each batch names paths, and a pass scans
 * those paths and compares them with the store, so a missed or coalesced event costs only
 * time (a full pass runs when the lease is taken, on a watcher error, and every
 * FULL_PASS_EVERY_MS).
 *
 * One pass at a time; paths reported meanwhile are collected for the next. Files still being
 * written are looked at again once they have been still for the settle time.
 */
import type { AsyncSubscription } from "@parcel/watcher";
import path from "node:path";
import type { Logger } from "../../logger.ts";
import { thisProcess } from "../../store/index.ts";
import { RootFolderGoneError, runPass, type PassContext } from "./apply.ts";
import { isIgnoredPath } from "./ignore.ts";
import { claimLeaseIn, LeaseLostError, releaseLeaseIn, renewalEvery } from "./lease.ts";
import { isWithin } from "./paths.ts";

/** A full comparison with the disk now and then, in case the system dropped events (an inotify overflow). */
const FULL_PASS_EVERY_MS = 10 * 60_000;
/** How often a process that does not hold a root's lease looks whether it may take it. */
const STANDBY_LOOK_MS = 5_000;

export interface KeeperTimings {
  leaseMs: number;
  /** Events are collected this long before a pass (a burst becomes one pass). */
  debounceMs: number;
  settleMs: number;
}

/** The fewest paths that cover all of `paths` ("a" covers "a/b"; "" covers everything). */
export function coveringScopes(paths: Iterable<string>): string[] {
  const sorted = [...new Set(paths)].sort((a, b) => a.length - b.length);
  const kept: string[] = [];
  for (const p of sorted) if (!kept.some((k) => isWithin(p, k))) kept.push(p);
  return kept;
}

export class RootKeeper {
  /** Set while this process holds the root's lease. */
  holding = false;
  /** Files waiting to settle (being written). */
  readonly waiting = new Set<string>();
  /** The last pass's failure, or why the folder cannot be watched (status). */
  lastError?: string;
  private subscription?: AsyncSubscription;
  private readonly dirty = new Set<string>();
  private fullWanted = false;
  private running: Promise<void> | null = null;
  private leaseTimer?: NodeJS.Timeout;
  private renewedAt = 0;
  private debounceTimer?: NodeJS.Timeout;
  private settleTimer?: NodeJS.Timeout;
  private fullTimer?: NodeJS.Timeout;
  private stopped = false;

  constructor(
    private readonly ctx: PassContext,
    private readonly timings: KeeperTimings,
    private readonly logger: Logger,
  ) {}

  get rootId(): string {
    return this.ctx.root.id;
  }

  async start(): Promise<void> {
    await this.leaseTick();
    // The holder renews every third of the lease: on the file store a renewal rewrites the
    // catalogue, which an idle watched folder should not do every few seconds. A standby
    // looks more often (a look that changes nothing writes nothing), so it takes over a
    // holder that is provably gone within seconds.
    this.leaseTimer = setInterval(() => void this.leaseTick(), Math.max(100, Math.min(STANDBY_LOOK_MS, renewalEvery(this.timings.leaseMs))));
    this.leaseTimer.unref();
    this.fullTimer = setInterval(() => this.schedule([""]), FULL_PASS_EVERY_MS);
    this.fullTimer.unref();
  }

  /** Resolves once no pass is running and nothing is waiting to run. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.leaseTimer);
    clearInterval(this.fullTimer);
    clearTimeout(this.debounceTimer);
    clearTimeout(this.settleTimer);
    await this.unsubscribe();
    await this.idle();
    if (this.holding) await this.ctx.store.write((tx) => releaseLeaseIn(tx, this.rootId)).catch(() => undefined);
    this.holding = false;
  }

  private async leaseTick(): Promise<void> {
    if (this.stopped) return;
    if (this.holding && Date.now() - this.renewedAt < renewalEvery(this.timings.leaseMs) - 50) return;
    let held: boolean;
    try {
      held = await this.ctx.store.write((tx) => claimLeaseIn(tx, this.rootId, this.timings.leaseMs));
      if (held) this.renewedAt = Date.now();
    } catch (error) {
      this.logger.warn({ err: error, root: this.ctx.root.path }, "renewing the lease of a watched folder failed");
      return;
    }
    if (held && !this.holding && !this.stopped) {
      this.holding = true;
      this.logger.info({ root: this.ctx.root.path, folder_id: this.ctx.root.folderId, pid: thisProcess.pid }, "keeping a folder indexed");
      await this.subscribe();
      // Whatever changed while no process watched (or while another held the lease and stopped).
      this.schedule([""]);
    } else if (!held && this.holding) {
      await this.lose();
    }
  }

  private async lose(): Promise<void> {
    this.holding = false;
    this.logger.info({ root: this.ctx.root.path }, "another process keeps this folder indexed now");
    await this.unsubscribe();
  }

  private async subscribe(): Promise<void> {
    try {
      // Loaded on first use: commands that watch nothing never load the native module.
      const watcher = await import("@parcel/watcher");
      this.subscription = await watcher.subscribe(this.ctx.root.path, (error, events) => {
        if (error) {
          // Events may have been lost (e.g. an overflow): compare everything.
          this.logger.warn({ err: error, root: this.ctx.root.path }, "the folder watcher reported an error; comparing the whole folder");
          this.schedule([""]);
          return;
        }
        const paths: string[] = [];
        for (const event of events) {
          const relative = path.relative(this.ctx.root.path, event.path).split(path.sep).join("/");
          if (relative.startsWith("..") || isIgnoredPath(relative)) continue;
          paths.push(relative);
        }
        if (paths.length) this.schedule(paths);
      });
    } catch (error) {
      // No watcher (e.g. out of inotify watches): periodic full passes still keep the folder current.
      this.lastError = `watching failed: ${(error as Error).message}`;
      this.logger.warn({ err: error, root: this.ctx.root.path }, "the folder cannot be watched; it is compared with the store every few minutes instead");
    }
  }

  private async unsubscribe(): Promise<void> {
    const subscription = this.subscription;
    this.subscription = undefined;
    await subscription?.unsubscribe().catch(() => undefined);
  }

  /** Asks for a pass over `paths` after the debounce. */
  schedule(paths: string[]): void {
    if (this.stopped) return;
    for (const p of paths) {
      if (p === "") this.fullWanted = true;
      else this.dirty.add(p);
    }
    clearTimeout(this.debounceTimer);
    this.debounceTimer = setTimeout(() => this.kick(), this.fullWanted && this.dirty.size === 0 ? 0 : this.timings.debounceMs);
    this.debounceTimer.unref();
  }

  private kick(): void {
    if (this.running || !this.holding || this.stopped) return;
    if (!this.fullWanted && this.dirty.size === 0) return;
    this.running = this.drain().finally(() => {
      this.running = null;
      if (this.fullWanted || this.dirty.size) this.kick();
    });
  }

  private async drain(): Promise<void> {
    const scopes = this.fullWanted ? [""] : coveringScopes(this.dirty);
    this.fullWanted = false;
    this.dirty.clear();
    for (const scope of scopes) for (const w of this.waiting) if (isWithin(w, scope)) this.waiting.delete(w);
    try {
      const { report, waiting } = await runPass(this.ctx, scopes);
      if (this.subscription) this.lastError = undefined;
      for (const w of waiting) this.waiting.add(w);
      if (waiting.length) this.recheckLater();
      if (report.added || report.updated || report.moved || report.deleted || report.failed.length) {
        this.logger.info({ root: this.ctx.root.path, added: report.added, updated: report.updated, moved: report.moved, deleted: report.deleted, skipped: report.skipped.length, failed: report.failed.length, waiting: report.waiting }, "watched folder synced");
      }
    } catch (error) {
      if (error instanceof LeaseLostError) {
        await this.lose();
        return;
      }
      if (error instanceof RootFolderGoneError) {
        // Not retried: the next event, or attaching the folder again, tries once more.
        this.lastError = error.message;
        return;
      }
      this.lastError = (error as Error).message;
      this.logger.warn({ err: error, root: this.ctx.root.path }, "a sync pass failed; it is tried again");
      for (const scope of scopes) this.schedule([scope]);
      await new Promise((r) => setTimeout(r, 1000).unref());
    }
  }

  /** Files being written are looked at again once they may have settled. */
  private recheckLater(): void {
    clearTimeout(this.settleTimer);
    this.settleTimer = setTimeout(() => this.schedule([...this.waiting]), this.timings.settleMs);
    this.settleTimer.unref();
  }
}
