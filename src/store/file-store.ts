/**
 * The file store: a lowdb catalogue (`<home>/catalog.json`) plus blob folders.
 *
 * Two processes may share one home (a desktop client's stdio server and `serve`), so
 * every write takes a cross-process lock (proper-lockfile), re-reads the catalogue when
 * another process changed it, applies the change and saves atomically (lowdb/steno:
 * temp file + rename). Writes queued while one is in flight are coalesced into the next
 * save, because one save rewrites the whole file (~25 ms at 10k documents).
 */
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Low } from "lowdb";
import { DataFile } from "lowdb/node";
import lockfile from "proper-lockfile";
import { BlobStore } from "./blobs.ts";
import { emptyCatalog, type CatalogData, type CollectionName } from "./records.ts";
import type { ReadTx, Store, WriteTx } from "./store.ts";
import { makeReadTx, makeWriteTx, type UndoLog } from "./transaction.ts";

interface PendingWrite {
  fn: (tx: WriteTx) => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

interface FileStamp {
  ino: number;
  size: number;
  mtimeMs: number;
}

const LOCK_OPTIONS = {
  stale: 10_000,
  update: 2_000,
  realpath: false,
  retries: { retries: 2_000, factor: 1.2, minTimeout: 2, maxTimeout: 25, randomize: true },
} as const;

export class FileStore implements Store {
  readonly home: string;
  readonly blobs: BlobStore;
  private readonly file: string;
  private readonly db: Low<CatalogData>;
  private stamp: FileStamp | null = null;
  private pending: PendingWrite[] = [];
  private flushing: Promise<void> | null = null;
  private closed = false;

  private constructor(home: string) {
    this.home = home;
    this.file = path.join(home, "catalog.json");
    this.blobs = new BlobStore(home);
    this.db = new Low<CatalogData>(
      new DataFile<CatalogData>(this.file, { parse: JSON.parse, stringify: (d) => JSON.stringify(d) }),
      emptyCatalog(),
    );
  }

  static async open(home: string): Promise<FileStore> {
    const store = new FileStore(path.resolve(home));
    await fsp.mkdir(store.blobs.root, { recursive: true });
    // proper-lockfile locks an existing path; create the catalogue once, exclusively.
    try {
      await fsp.writeFile(store.file, JSON.stringify(emptyCatalog()), { flag: "wx" });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    await store.reloadIfChanged();
    return store;
  }

  async read<T>(fn: (tx: ReadTx) => T): Promise<T> {
    this.assertOpen();
    await this.reloadIfChanged();
    return fn(makeReadTx(this.db.data));
  }

  write<T>(fn: (tx: WriteTx) => T): Promise<T> {
    this.assertOpen();
    return new Promise<T>((resolve, reject) => {
      this.pending.push({ fn, resolve: resolve as (value: unknown) => void, reject });
      this.scheduleFlush();
    });
  }

  async close(): Promise<void> {
    while (this.flushing) await this.flushing;
    this.closed = true;
  }

  private assertOpen(): void {
    if (this.closed) throw new Error("Store is closed");
  }

  private scheduleFlush(): void {
    if (this.flushing) return;
    this.flushing = this.flush().finally(() => {
      this.flushing = null;
      if (this.pending.length > 0) this.scheduleFlush();
    });
  }

  private async flush(): Promise<void> {
    const batch = this.pending.splice(0);
    let release: (() => Promise<void>) | undefined;
    try {
      release = await lockfile.lock(this.file, LOCK_OPTIONS);
      await this.reloadIfChanged();
      const outcomes = batch.map((item) => this.apply(item));
      if (outcomes.some((o) => o.ok && o.changed)) {
        try {
          await this.db.write();
          this.stamp = await this.statFile();
        } catch (error) {
          // The memory copy is ahead of the disk: forget it, and fail the whole batch.
          this.stamp = null;
          throw error;
        }
      }
      outcomes.forEach((outcome, i) => {
        if (outcome.ok) batch[i].resolve(outcome.value);
        else batch[i].reject(outcome.error);
      });
    } catch (error) {
      for (const item of batch) item.reject(error);
    } finally {
      if (release) await release().catch(() => undefined);
    }
  }

  /** Runs one transaction; a throw undoes exactly that transaction's changes. */
  private apply(item: PendingWrite): { ok: true; value: unknown; changed: boolean } | { ok: false; error: unknown } {
    const undo: UndoLog = [];
    try {
      const value = item.fn(makeWriteTx(this.db.data, undo));
      return { ok: true, value, changed: undo.length > 0 };
    } catch (error) {
      for (let i = undo.length - 1; i >= 0; i--) undo[i]();
      return { ok: false, error };
    }
  }

  private async statFile(): Promise<FileStamp | null> {
    try {
      const s = await fsp.stat(this.file);
      return { ino: s.ino, size: s.size, mtimeMs: s.mtimeMs };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  /** Re-reads the catalogue when another process replaced it since we last saw it. */
  private async reloadIfChanged(): Promise<void> {
    const now = await this.statFile();
    const known = this.stamp;
    if (now && known && now.ino === known.ino && now.size === known.size && now.mtimeMs === known.mtimeMs) return;
    await this.db.read();
    this.db.data = normalise(this.db.data);
    this.stamp = now;
  }
}

/** Fills collections a catalogue written by an older version may lack. */
function normalise(data: CatalogData | null): CatalogData {
  const base = emptyCatalog();
  if (!data) return base;
  for (const key of Object.keys(base) as (CollectionName | "version")[]) {
    if (key !== "version" && (data[key] === undefined || data[key] === null)) {
      (data as unknown as Record<string, unknown>)[key] = {};
    }
  }
  return data;
}

/** True when a catalogue exists in `home` (used to decide first-run setup). */
export function catalogExists(home: string): boolean {
  return fs.existsSync(path.join(home, "catalog.json"));
}
