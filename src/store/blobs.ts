/**
 * Blobs: per document, named files (the original, the tree, extracted pages, OCR output);
 * the catalogue only holds the row. The file store keeps them in folders
 * `<home>/docs/<doc_id>/`; the PostgreSQL store in the database (see pg-blobs.ts).
 */
import fs from "node:fs/promises";
import path from "node:path";
import { removeStaleTemps, syncDirectory, writeFileDurably } from "./durable-file.ts";
import { jsonPieces } from "./json-pieces.ts";

const SAFE_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

export function checkSegment(kind: string, value: string): string {
  if (!SAFE_SEGMENT.test(value) || value.includes("..")) {
    throw new Error(`Invalid ${kind}: ${JSON.stringify(value)}`);
  }
  return value;
}

export interface BlobStore {
  /**
   * Atomic and durable: readers see the old content or the new one, never a partial blob,
   * and once this resolves the content survives a crash, so a record may point at it.
   */
  write(docId: string, name: string, data: string | Uint8Array): Promise<void>;
  writeJson(docId: string, name: string, value: unknown): Promise<void>;
  read(docId: string, name: string): Promise<Buffer | undefined>;
  readJson<T>(docId: string, name: string): Promise<T | undefined>;
  /** Names of the document's blobs (for copying a store). */
  names(docId: string): Promise<string[]>;
  /** True when the document has any blob (`name` omitted) or that blob. */
  exists(docId: string, name?: string): Promise<boolean>;
  /**
   * A local file holding the blob, for worker threads that read by path. The file store
   * answers its own file; stores that keep blobs elsewhere copy it into a scratch file
   * that lives until `removeAll` or until the store closes.
   */
  localPath(docId: string, name: string): Promise<string>;
  /** Removes every blob of the document. Idempotent. */
  removeAll(docId: string): Promise<void>;
  /**
   * Ids of the documents that have blobs, none of them written since `cutoffMs` (epoch ms):
   * candidates for the sweep of files whose record never came or is gone (orphan-blobs.ts).
   */
  documentsWrittenBefore(cutoffMs: number): Promise<string[]>;
}

export class FileBlobStore implements BlobStore {
  readonly root: string;
  /** Temp files of writes in flight, one folder for the store so a crash's leftovers are found without walking every document. */
  private readonly tempDir: string;
  private readonly durable: boolean;

  constructor(home: string, options: { durable?: boolean } = {}) {
    this.root = path.join(home, "docs");
    this.tempDir = path.join(home, "tmp");
    this.durable = options.durable ?? true;
  }

  dir(docId: string): string {
    return path.join(this.root, checkSegment("document id", docId));
  }

  path(docId: string, name: string): string {
    return path.join(this.dir(docId), checkSegment("blob name", name));
  }

  /** `data` may also come in pieces (strings written one after the other). */
  async write(docId: string, name: string, data: string | Uint8Array | Iterable<string>): Promise<void> {
    const target = this.path(docId, name);
    // A new document folder is itself an entry of docs/ that must survive a crash.
    const created = await fs.mkdir(path.dirname(target), { recursive: true });
    if (created && this.durable) await syncDirectory(this.root);
    await fs.mkdir(this.tempDir, { recursive: true });
    await writeFileDurably(target, data, { durable: this.durable, tempDir: this.tempDir });
  }

  /** Removes temp files of writers that died mid-write (called when the store opens). */
  async removeStaleTemps(): Promise<number> {
    return removeStaleTemps(this.tempDir);
  }

  async writeJson(docId: string, name: string, value: unknown): Promise<void> {
    // In pieces: a long document's blobs never exist as one string (json-pieces.ts).
    await this.write(docId, name, jsonPieces(value));
  }

  async read(docId: string, name: string): Promise<Buffer | undefined> {
    try {
      return await fs.readFile(this.path(docId, name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
  }

  async readJson<T>(docId: string, name: string): Promise<T | undefined> {
    const data = await this.read(docId, name);
    return data === undefined ? undefined : (JSON.parse(data.toString("utf8")) as T);
  }

  async localPath(docId: string, name: string): Promise<string> {
    return this.path(docId, name);
  }

  async names(docId: string): Promise<string[]> {
    try {
      return (await fs.readdir(this.dir(docId))).filter((n) => SAFE_SEGMENT.test(n)).sort();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
  }

  async exists(docId: string, name?: string): Promise<boolean> {
    try {
      await fs.access(name === undefined ? this.dir(docId) : this.path(docId, name));
      return true;
    } catch {
      return false;
    }
  }

  /** Removes the document's whole folder. Idempotent. */
  async removeAll(docId: string): Promise<void> {
    await fs.rm(this.dir(docId), { recursive: true, force: true });
  }

  /** A folder's mtime moves whenever a blob is renamed into it (every write ends so). */
  async documentsWrittenBefore(cutoffMs: number): Promise<string[]> {
    let names: string[];
    try {
      names = await fs.readdir(this.root);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
    const ids: string[] = [];
    for (const name of names) {
      if (!SAFE_SEGMENT.test(name) || name.startsWith(".")) continue;
      const stat = await fs.stat(path.join(this.root, name)).catch(() => undefined);
      if (stat?.isDirectory() && stat.mtimeMs < cutoffMs) ids.push(name);
    }
    return ids;
  }
}
