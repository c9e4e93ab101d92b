/**
 * What a watched directory holds now: every file not ignored (relative path, size, times),
 * every subdirectory, and what cannot be indexed for a reason found without reading it.
 * A scan covers the whole root or only some paths below it (what a watcher reported);
 * records outside the covered paths are not compared.
 *
 * Symbolic links are resolved here: one to a file inside the allowed folders is that file;
 * one pointing outside them is skipped with the reason, without looking at its target;
 * a link to a directory is not followed (a loop or a second copy of a tree otherwise).
 * The file's reader checks the link again on its open handle (local-files.ts).
 */
import type { Dirent, Stats } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { isIgnoredName } from "./ignore.ts";
import type { SkipCode } from "./skip-reasons.ts";
import { isInside } from "../documents/local-files.ts";

export interface ScannedFile {
  size: number;
  mtimeMs: number;
}

export interface Scan {
  /** Root-relative path ("/"-separated) -> the file's stats. */
  files: Map<string, ScannedFile>;
  /** Root-relative directories found (the root itself is ""). */
  directories: Set<string>;
  /** Root-relative path -> why it is not indexed (found without reading it). */
  skipped: Map<string, SkipCode>;
  /** Directories that could not be read: what the store knows below them is left alone. */
  unreadable: Set<string>;
  /** The paths this scan speaks for: "" is the whole root. */
  scopes: string[];
}


function toRelative(root: string, full: string): string {
  return path.relative(root, full).split(path.sep).join("/");
}

/**
 * Scans `scopes` (root-relative paths; [""] = everything) of the directory `root` (a real
 * path). `realRoots` are the real paths links may point into.
 */
export async function scanRoot(root: string, realRoots: string[], scopes: string[] = [""]): Promise<Scan> {
  const scan: Scan = { files: new Map(), directories: new Set(), skipped: new Map(), unreadable: new Set(), scopes };
  for (const scope of scopes) {
    if (scope.split("/").some((segment) => segment !== "" && isIgnoredName(segment))) continue;
    const full = scope === "" ? root : path.join(root, ...scope.split("/"));
    let stat: Stats;
    try {
      stat = await fs.lstat(full);
    } catch {
      continue; // gone: whatever the store knows below it was deleted
    }
    if (stat.isDirectory()) await walk(root, full, realRoots, scan);
    else await addEntry(root, full, stat, realRoots, scan);
  }
  return scan;
}

async function walk(root: string, dir: string, realRoots: string[], scan: Scan): Promise<void> {
  const relative = toRelative(root, dir);
  let entries: Dirent[];
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    scan.unreadable.add(relative);
    return;
  }
  scan.directories.add(relative);
  for (const entry of entries) {
    if (isIgnoredName(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      await walk(root, full, realRoots, scan);
      continue;
    }
    if (!entry.isFile() && !entry.isSymbolicLink()) continue; // sockets, devices, pipes
    try {
      await addEntry(root, full, await fs.lstat(full), realRoots, scan);
    } catch {
      // Removed between the listing and the stat: as if never there.
    }
  }
}

async function addEntry(root: string, full: string, stat: Stats, realRoots: string[], scan: Scan): Promise<void> {
  const relative = toRelative(root, full);
  if (stat.isSymbolicLink()) {
    let real: string;
    try {
      real = await fs.realpath(full);
    } catch {
      scan.skipped.set(relative, "dangling_link");
      return;
    }
    if (!realRoots.some((allowed) => isInside(real, allowed))) {
      scan.skipped.set(relative, "link_outside");
      return;
    }
    stat = await fs.stat(real);
    if (stat.isDirectory()) {
      scan.skipped.set(relative, "link_to_folder");
      return;
    }
  }
  if (!stat.isFile()) return;
  scan.files.set(relative, { size: stat.size, mtimeMs: stat.mtimeMs });
}
