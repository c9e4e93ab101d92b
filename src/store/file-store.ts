/**
 * The file store: a lowdb catalogue (`<home>/catalog.json`) plus blob folders.
 *
 * The guarantee: a write is acknowledged only once it is durable on disk (temp file,
 * fsync, rename, fsync of the directory), and every later read in every process sharing
 * the home sees it.
 *
 * How, in one process: the in-memory catalogue changes only inside one mutex (`turn`):
 * reloading it from disk, and applying + saving a batch of writes, each run alone. A read
 * takes the same turn, so it never sees a batch that is applied but not yet durable, and a
 * reload can never assign an older file to memory after a newer save (the race that lost
 * acknowledged writes when reads overlapped writes).
 *
 * Across processes: every save holds the catalogue lock (`CatalogLock`) and first reloads
 * the file if another process replaced it since we last saw it (inode, size and ns mtime
 * compared; every save creates a new inode). Writes queued while a save is in flight are
 * coalesced into the next one, because one save rewrites the whole file.
 */
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Mutex } from "async-mutex";
import { Low, type Adapter } from "lowdb";
import { FileBlobStore } from "./blobs.ts";
import { CatalogLock } from "./catalog-lock.ts";
import { removeStaleTemps, writeFileDurably } from "./durable-file.ts";
import { emptyCatalog, type CatalogData, type CollectionName } from "./records.ts";
import { ChangeFeed, newChangeSet } from "./change-feed.ts";
import { SqliteLibraryIndex } from "./library/sqlite-library.ts";
import type { ReadTx, Store, StoreChanges, WriteTx } from "./store.ts";
import { makeReadTx, makeWriteTx, type UndoLog } from "./transaction.ts";

interface PendingWrite {
  fn: (tx: WriteTx) => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

interface FileStamp {
  ino: bigint;
  size: bigint;
  mtimeNs: bigint;
}

export interface FileStoreOptions {
  /** fsync before acknowledging (default true). Off only in the bench, to measure its cost. */
  durable?: boolean;
  /** Warnings (lock takeovers, cleanup) go here; default stderr. */
  onWarning?: (message: string) => void;
}

/** lowdb adapter over `writeFileDurably`: steno's atomic rename plus the fsyncs. */
class DurableJsonFile implements Adapter<CatalogData> {
  constructor(private readonly file: string, private readonly durable: boolean) {}

  async read(): Promise<CatalogData | null> {
    try {
      return JSON.parse(await fsp.readFile(this.file, "utf8")) as CatalogData;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  async write(data: CatalogData): Promise<void> {
    await writeFileDurably(this.file, JSON.stringify(data), { durable: this.durable });
  }
}

export class FileStore implements Store {
  readonly home: string;
  readonly kind = "file" as const;
  readonly blobs: FileBlobStore;
  private readonly file: string;
  private readonly db: Low<CatalogData>;
  private readonly lock: CatalogLock;
  /** Serialises everything that changes `db.data`: reloads, and apply + save of a batch. */
  private readonly turn = new Mutex();
  private readonly feed = new ChangeFeed();
  /** Opened with the store (in `open`, once the home exists). */
  library!: SqliteLibraryIndex;
  private stamp: FileStamp | null = null;
  private pending: PendingWrite[] = [];
  private flushing: Promise<void> | null = null;
  private closed = false;

  private constructor(home: string, options: FileStoreOptions) {
    this.home = home;
    this.file = path.join(home, "catalog.json");
    const durable = options.durable ?? true;
    this.blobs = new FileBlobStore(home, { durable });
    this.db = new Low<CatalogData>(new DurableJsonFile(this.file, durable), emptyCatalog());
    this.lock = new CatalogLock(this.file, options.onWarning);
  }

  static async open(home: string, options: FileStoreOptions = {}): Promise<FileStore> {
    const store = new FileStore(path.resolve(home), options);
    await fsp.mkdir(store.blobs.root, { recursive: true });
    store.library = SqliteLibraryIndex.open(store.home);
    if (store.library.recreated) (options.onWarning ?? ((m) => process.stderr.write(`${m}\n`)))(`The library index in ${store.home} was damaged (${store.library.recreated}); it starts empty and is rebuilt from the catalogue`);
    // proper-lockfile locks an existing path; create the catalogue once, exclusively.
    try {
      await fsp.writeFile(store.file, JSON.stringify(emptyCatalog()), { flag: "wx" });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    // Under the lock no other process is mid-save, so every catalogue temp file is garbage
    // from a crash; blob temp files are removed when their writer is provably gone.
    const release = await store.lock.acquire();
    try {
      await removeStaleTemps(store.home, { prefix: "catalog.json.", everyone: true });
      await store.lock.removeLeftovers();
    } finally {
      await release();
    }
    await store.blobs.removeStaleTemps();
    await store.turn.runExclusive(() => store.reloadIfChanged());
    return store;
  }

  read<T>(fn: (tx: ReadTx) => Promise<T> | T): Promise<T> {
    this.assertOpen();
    return this.turn.runExclusive(async () => {
      await this.reloadIfChanged();
      return fn(makeReadTx(this.db.data));
    });
  }

  write<T>(fn: (tx: WriteTx) => Promise<T> | T): Promise<T> {
    this.assertOpen();
    const changes = newChangeSet();
    const recorded = (tx: WriteTx) => fn(this.feed.record(tx, changes));
    return new Promise<T>((resolve, reject) => {
      this.pending.push({ fn: recorded, resolve: resolve as (value: unknown) => void, reject });
      this.scheduleFlush();
    }).then((value) => {
      this.feed.emit(changes);
      return value;
    });
  }

  onCommit(listener: (changes: StoreChanges) => void): () => void {
    return this.feed.subscribe(listener);
  }

  async close(): Promise<void> {
    while (this.flushing) await this.flushing;
    this.closed = true;
    await this.library.close();
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
      // The cross-process lock is taken outside the turn: readers keep reading the
      // (committed) memory while we wait for another process to finish its save.
      release = await this.lock.acquire();
      const outcomes = await this.turn.runExclusive(() => this.applyAndSave(batch));
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

  private async applyAndSave(batch: PendingWrite[]): Promise<Outcome[]> {
    await this.reloadIfChanged();
    const undos: UndoLog[] = [];
    const outcomes: Outcome[] = [];
    // One after another: each transaction sees the ones before it in the batch.
    for (const item of batch) {
      const undo: UndoLog = [];
      undos.push(undo);
      outcomes.push(await apply(this.db.data, item, undo));
    }
    if (!undos.some((u) => u.length > 0)) return outcomes;
    try {
      await this.db.write();
      this.stamp = await this.statFile();
    } catch (error) {
      // Nothing of the batch is durable: take every change back out of memory.
      for (let t = undos.length - 1; t >= 0; t--) for (let i = undos[t].length - 1; i >= 0; i--) undos[t][i]();
      throw error;
    }
    return outcomes;
  }

  private async statFile(): Promise<FileStamp | null> {
    try {
      const s = await fsp.stat(this.file, { bigint: true });
      return { ino: s.ino, size: s.size, mtimeNs: s.mtimeNs };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  /**
   * Re-reads the catalogue when another process replaced it since we last saw it. Runs
   * only inside `turn`. The stamp is taken before reading: if the file is replaced in
   * between we read the newer content under the older stamp, which costs one extra reload
   * later and never hides a change.
   */
  private async reloadIfChanged(): Promise<void> {
    const now = await this.statFile();
    const known = this.stamp;
    if (now && known && now.ino === known.ino && now.size === known.size && now.mtimeNs === known.mtimeNs) return;
    await this.db.read();
    this.db.data = normalise(this.db.data);
    this.stamp = now;
  }
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** Runs one transaction; a throw undoes exactly that transaction's changes. */
async function apply(data: CatalogData, item: PendingWrite, undo: UndoLog): Promise<Outcome> {
  try {
    return { ok: true, value: await item.fn(makeWriteTx(data, undo)) };
  } catch (error) {
    for (let i = undo.length - 1; i >= 0; i--) undo[i]();
    undo.length = 0;
    return { ok: false, error };
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
