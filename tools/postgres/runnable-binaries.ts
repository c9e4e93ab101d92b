/**
 * Under root the embedded cluster runs as `nobody` (PostgreSQL refuses root), and `nobody`
 * must be able to reach the binaries. A clone under a directory other users cannot enter
 * (root's home is mode 700 on Debian and Ubuntu; any `mktemp -d` folder) hides them: every
 * spawn fails with EACCES. Then the package's `native/` folder is copied once into a
 * world-readable cache under the OS temp directory and run from there. The cache is named
 * by a hash of the folder's content and checked against it before each use, so an edited
 * or half-written copy is never run; it is made in a staging folder and renamed into place,
 * so two test runs starting together never see each other's partial copy.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
export const NOBODY = 65_534;

/** The cache folder's default parent. */
export const defaultCacheRoot = () => path.join(os.tmpdir(), "treeindex-embedded-postgres");

/** Whether `nobody` can run `bin/initdb` of this native folder. */
export async function nobodyCanRun(nativeDir: string): Promise<boolean> {
  try {
    await run(path.join(nativeDir, "bin", "initdb"), ["--version"], { uid: NOBODY, gid: NOBODY });
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EACCES" || code === "ENOENT" || code === "EPERM") return false;
    throw error;
  }
}

async function hashFile(file: string, hash: ReturnType<typeof createHash>): Promise<void> {
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
}

/** A hash of a folder's content: every entry's relative path and kind, each file's bytes, each link's target. */
export async function contentHash(dir: string): Promise<string> {
  const hash = createHash("sha256");
  const walk = async (rel: string): Promise<void> => {
    const entries = (await fs.readdir(path.join(dir, rel), { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const entry of entries) {
      const child = path.join(rel, entry.name);
      if (entry.isSymbolicLink()) hash.update(`L ${child} -> ${await fs.readlink(path.join(dir, child))}\n`);
      else if (entry.isDirectory()) {
        hash.update(`D ${child}\n`);
        await walk(child);
      } else if (entry.isFile()) {
        const stat = await fs.stat(path.join(dir, child));
        hash.update(`F ${child} ${stat.size} ${stat.mode & 0o100 ? "x" : "-"}\n`);
        await hashFile(path.join(dir, child), hash);
      }
    }
  };
  await walk("");
  return hash.digest("hex");
}

/** Makes every entry readable by all, and folders and owner-executable files executable by all. */
async function openToAll(dir: string): Promise<void> {
  await fs.chmod(dir, 0o755);
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const child = path.join(dir, entry.name);
    if (entry.isDirectory()) await openToAll(child);
    else if (entry.isFile()) {
      const { mode } = await fs.stat(child);
      await fs.chmod(child, mode & 0o100 ? 0o755 : 0o644);
    }
  }
}

/** Whether a folder is root's own and nobody else may write in it (in /tmp anyone may create names). */
async function trusted(dir: string): Promise<boolean> {
  const stat = await fs.lstat(dir).catch(() => undefined);
  return !!stat && stat.isDirectory() && stat.uid === 0 && (stat.mode & 0o022) === 0;
}

export interface RunnableNative {
  /** The native folder to run from: the package's own, or the cached copy. */
  dir: string;
  /** Whether the copy was made by this call (false: the package's own, or a cache already there). */
  copied: boolean;
}

/**
 * The native folder `nobody` can run: the package's own when it can reach it, else a
 * checked copy in the cache (made when missing or not equal to the package's content).
 * Throws with the cause named when even the copy cannot be run.
 */
export async function runnableNative(nativeDir: string, cacheRoot = defaultCacheRoot()): Promise<RunnableNative> {
  if (await nobodyCanRun(nativeDir)) return { dir: nativeDir, copied: false };
  const hash = await contentHash(nativeDir);
  await fs.mkdir(cacheRoot, { recursive: true, mode: 0o755 });
  if (!(await trusted(cacheRoot))) {
    throw new Error(`embedded PostgreSQL: under root it runs as 'nobody', which cannot reach ${nativeDir} (a parent folder is private), and the cache folder ${cacheRoot} is not root's own or is writable by others, so no copy is made there. Remove it, or set TREEINDEX_TEST_DATABASE_URL to a running PostgreSQL.`);
  }
  const target = path.join(cacheRoot, hash.slice(0, 16));
  let copied = false;
  if (!((await trusted(target)) && (await contentHash(target)) === hash)) {
    const staging = await fs.mkdtemp(path.join(cacheRoot, ".staging-"));
    try {
      await fs.cp(nativeDir, staging, { recursive: true, verbatimSymlinks: true });
      await openToAll(staging);
      if ((await contentHash(staging)) !== hash) throw new Error(`embedded PostgreSQL: the copy of ${nativeDir} in ${staging} differs from it`);
      // A stale or altered copy is replaced; a copy another run just renamed into place is kept.
      if (await fs.stat(target).catch(() => undefined)) {
        if ((await trusted(target)) && (await contentHash(target)) === hash) await fs.rm(staging, { recursive: true, force: true });
        else {
          await fs.rm(target, { recursive: true, force: true });
          await fs.rename(staging, target);
        }
      } else {
        await fs.rename(staging, target).catch(async (error: NodeJS.ErrnoException) => {
          if (error.code !== "ENOTEMPTY" && error.code !== "EEXIST") throw error;
          await fs.rm(staging, { recursive: true, force: true });
        });
      }
      copied = true;
    } catch (error) {
      await fs.rm(staging, { recursive: true, force: true });
      throw error;
    }
  }
  await fs.chmod(cacheRoot, 0o755);
  if (!(await nobodyCanRun(target))) {
    throw new Error(`embedded PostgreSQL: under root it runs as 'nobody', which can reach neither ${nativeDir} nor its copy in ${target} (is ${os.tmpdir()} private? set TMPDIR to a folder all users can enter, or TREEINDEX_TEST_DATABASE_URL to a running PostgreSQL)`);
  }
  return { dir: target, copied };
}
