/**
 * Atomic and durable file replacement, steno's idea plus the two fsyncs steno leaves out:
 * write a temp file, fsync it, rename it over the target, fsync the directory. After the
 * promise resolves the new content survives kill -9 and power loss; before it, readers see
 * the old content or none, never a torn file.
 *
 * Temp files are named after the writing process (see `identityTag`), so whoever finds one
 * later can tell whether its writer is gone and the file is garbage.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { identityTag, isProvablyGone, parseIdentityTag } from "./process-identity.ts";

export const TEMP_SUFFIX = ".tmp";

export interface WriteOptions {
  /** fsync file and directory (default true). Off only to measure what durability costs. */
  durable?: boolean;
  /** Directory for the temp file (same filesystem as the target); default: the target's. */
  tempDir?: string;
}

export function tempName(): string {
  return `${identityTag()}~${randomBytes(4).toString("hex")}${TEMP_SUFFIX}`;
}

/** `data` may come in pieces: strings written one after the other. */
export async function writeFileDurably(target: string, data: string | Uint8Array | Iterable<string>, options: WriteOptions = {}): Promise<void> {
  const durable = options.durable ?? true;
  const temp = path.join(options.tempDir ?? path.dirname(target), `${path.basename(target)}.${tempName()}`);
  try {
    const handle = await fs.open(temp, "w", 0o600);
    try {
      if (typeof data === "string" || data instanceof Uint8Array) await handle.writeFile(data);
      else for (const piece of data) await handle.writeFile(piece);
      if (durable) await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temp, target);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
  if (durable) await syncDirectory(path.dirname(target));
}

/** Makes a rename, creation or removal inside `dir` durable. */
export async function syncDirectory(dir: string): Promise<void> {
  let handle: fs.FileHandle | undefined;
  try {
    handle = await fs.open(dir, "r");
    await handle.sync();
  } catch (error) {
    // Some platforms (Windows) cannot open or fsync a directory; the rename is still atomic.
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "EISDIR" && code !== "EPERM" && code !== "EINVAL" && code !== "EBADF") throw error;
  } finally {
    await handle?.close();
  }
}

/**
 * Removes temp files in `dir` left by writers that are provably gone (killed mid-write).
 * Files of live writers, and files whose writer cannot be identified, are kept unless
 * `everyone` is set (the caller holds a lock that excludes every other writer).
 */
export async function removeStaleTemps(dir: string, options: { prefix?: string; everyone?: boolean } = {}): Promise<number> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  let removed = 0;
  for (const name of names) {
    if (!name.endsWith(TEMP_SUFFIX) || (options.prefix && !name.startsWith(options.prefix))) continue;
    const tag = name.slice((options.prefix ?? "").length).split("~");
    // <target>.<pid>~<host>~<start>~<token>~<rand>.tmp: the owner is the four fields before the random part.
    const owner = tag.length >= 5 ? parseIdentityTag([tag[0].slice(tag[0].lastIndexOf(".") + 1), ...tag.slice(1, 4)].join("~")) : undefined;
    if (options.everyone || isProvablyGone(owner)) {
      await fs.rm(path.join(dir, name), { force: true });
      removed++;
    }
  }
  return removed;
}
