/**
 * The cross-process lock around every catalogue save: proper-lockfile (an atomic `mkdir`
 * of `catalog.json.lock`, kept fresh by mtime updates), plus an owner record inside the lock
 * directory so that a lock left by a killed process is taken over at once when its owner is
 * provably gone (same host, PID gone or reused), instead of after proper-lockfile's stale
 * timeout; a lock without an owner record (its holder was killed between taking the lock and
 * writing the record, or between removing it and releasing) is taken over once it is 1.5 s
 * old. Owners on another host still fall back to the 10 s timeout.
 *
 * A live owner on this host is never taken over, however long it holds the lock: a process
 * that is frozen (SIGSTOP, a debugger, a laptop lid) and then resumes would write over the
 * newer state of whoever took over. So proper-lockfile's own stale takeover is off (its
 * `stale` is a day); other processes wait up to WAIT_LIMIT_MS and then give up with a
 * StoreBusyError (503 + Retry-After), leaving the lock whole.
 *
 * Takeover renames the dead lock away and checks the moved directory still names the dead
 * owner; if a live owner slipped in between, its lock is put back. Only one of several
 * processes racing for the same dead lock can rename it.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import lockfile from "proper-lockfile";
import { StoreBusyError } from "./errors.ts";
import { isProvablyGone, self, type ProcessIdentity } from "./process-identity.ts";

const OWNER_FILE = "owner.json";
/** An owner on another host whose lock has not been refreshed this long is taken to be gone. */
const STALE_MS = 10_000;
/** proper-lockfile's own takeover of an unrefreshed lock: effectively never (see above). */
const LIBRARY_STALE_MS = 24 * 60 * 60_000;
/** How often the holder refreshes the lock's mtime. */
const REFRESH_MS = 2_000;
/** How long a writer waits for a lock held by a live process before answering busy. */
export const WAIT_LIMIT_MS = 15_000;
const RETRY_AFTER_S = 5;
/** An owner-less lock untouched this long was left by a killed process (see takeOverIfOwnerGone). */
const ORPHAN_MS = 1_500;

export type Release = () => Promise<void>;

export class CatalogLock {
  private readonly lockDir: string;

  constructor(
    private readonly file: string,
    private readonly onWarning: (message: string) => void = (m) => process.stderr.write(`${m}\n`),
    private readonly waitLimitMs = WAIT_LIMIT_MS,
  ) {
    this.lockDir = `${file}.lock`;
  }

  async acquire(): Promise<Release> {
    const started = Date.now();
    for (let attempt = 0; ; attempt++) {
      let release: Release;
      try {
        release = await lockfile.lock(this.file, {
          stale: LIBRARY_STALE_MS,
          update: REFRESH_MS,
          realpath: false,
          retries: 0,
          // Never throw from a timer: a lock lost to a takeover is reported, the save still completes.
          onCompromised: (error) => this.onWarning(`catalogue lock compromised: ${error.message}`),
        });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ELOCKED") throw error;
        if (await this.takeOverIfOwnerGone()) continue;
        if (Date.now() - started > this.waitLimitMs) {
          throw new StoreBusyError(`The store is busy: another process has held its write lock for over ${Math.round(this.waitLimitMs / 1000)} s`, RETRY_AFTER_S);
        }
        await sleep(Math.min(25, 1 + attempt) * (0.5 + Math.random()));
        continue;
      }
      try {
        // proper-lockfile takes a changed mtime of its directory for another process's
        // lock (and reports it compromised at its next refresh): writing the owner record
        // into the directory changes it, so the mtime is put back.
        const before = await fs.stat(this.lockDir);
        await fs.writeFile(path.join(this.lockDir, OWNER_FILE), JSON.stringify(self));
        await fs.utimes(this.lockDir, before.atime, before.mtime);
      } catch (error) {
        // A full disk creates the file and fails to fill it: remove it too, or the lock
        // directory could not be removed and would be left owner-less for others to take over.
        await fs.rm(path.join(this.lockDir, OWNER_FILE), { force: true }).catch(() => undefined);
        await release().catch(() => undefined);
        throw error;
      }
      return async () => {
        // proper-lockfile removes the directory with rmdir, which needs it empty.
        await fs.rm(path.join(this.lockDir, OWNER_FILE), { force: true });
        await release();
      };
    }
  }

  /** Lock directories moved aside by takeovers that were interrupted; safe to remove under the lock. */
  async removeLeftovers(): Promise<void> {
    const dir = path.dirname(this.file);
    const prefix = `${path.basename(this.lockDir)}.gone-`;
    for (const name of await fs.readdir(dir)) {
      if (name.startsWith(prefix)) await fs.rm(path.join(dir, name), { recursive: true, force: true });
    }
  }

  /**
   * Takes the lock over when its owner is provably gone, or when it names no owner and has
   * not been touched for a while: a live holder writes its owner record within milliseconds
   * of taking the lock and removes it only just before releasing, so an owner-less lock
   * older than ORPHAN_MS was left by a process killed in one of those two moments.
   */
  private async takeOverIfOwnerGone(): Promise<boolean> {
    const owner = await readOwner(this.lockDir);
    let mtimeMs: number | undefined;
    if (owner) {
      if (owner.host === self.host) {
        if (!isProvablyGone(owner)) return false;
      } else {
        // Another host's process cannot be checked: it is gone when it stopped refreshing the lock.
        try {
          mtimeMs = (await fs.stat(this.lockDir)).mtimeMs;
        } catch {
          return false;
        }
        if (Date.now() - mtimeMs < STALE_MS) return false;
      }
    } else {
      try {
        mtimeMs = (await fs.stat(this.lockDir)).mtimeMs;
      } catch {
        return false; // released meanwhile
      }
      if (Date.now() - mtimeMs < ORPHAN_MS) return false;
    }
    const moved = `${this.lockDir}.gone-${randomBytes(6).toString("hex")}`;
    try {
      await fs.rename(this.lockDir, moved);
    } catch {
      return false; // someone else took it over first
    }
    // Still the lock we judged: the same dead owner, or still owner-less and untouched.
    const movedOwner = await readOwner(moved);
    const same = owner
      ? movedOwner?.token === owner.token
      : !movedOwner && (await fs.stat(moved).then((st) => st.mtimeMs === mtimeMs, () => false));
    if (same) {
      await fs.rm(moved, { recursive: true, force: true });
      this.onWarning(owner ? `took over the catalogue lock of process ${owner.pid}, which is gone` : "took over a catalogue lock left without an owner by a process killed while taking or releasing it");
      return true;
    }
    // A live process took the lock between our read and the rename: give it back.
    await fs.rename(moved, this.lockDir).catch(() => this.onWarning("could not restore a catalogue lock moved during a takeover"));
    return false;
  }
}

async function readOwner(lockDir: string): Promise<ProcessIdentity | undefined> {
  try {
    return JSON.parse(await fs.readFile(path.join(lockDir, OWNER_FILE), "utf8")) as ProcessIdentity;
  } catch {
    return undefined;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
