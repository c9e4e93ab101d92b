/**
 * Who a process is, in a form other processes on the same machine can check later: the
 * catalogue lock and job leases record it, so a survivor can tell a dead owner from a
 * slow one and take over at once instead of waiting for a timeout.
 *
 * A PID alone is not proof: PIDs are reused. On Linux the kernel's start time of the
 * process (field 22 of /proc/<pid>/stat, in clock ticks since boot) together with the boot
 * id identifies one process for good; elsewhere we only know "a process with that PID
 * exists", which is never taken as proof of death.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import os from "node:os";

export interface ProcessIdentity {
  pid: number;
  host: string;
  /** Linux: "<boot id>:<start ticks>"; absent where the platform cannot tell. */
  start?: string;
  /** Random per process: distinguishes owners even where `start` is unknown. */
  token: string;
}

function bootId(): string | undefined {
  try {
    return readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
  } catch {
    return undefined;
  }
}

/** Start time of a live process, or undefined when it does not exist or cannot be read. */
export function processStart(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may contain spaces and parentheses: count from its end.
    const afterName = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = afterName[19]; // field 22 overall
    const boot = bootId();
    return ticks && boot ? `${boot}:${ticks}` : undefined;
  } catch {
    return undefined;
  }
}

export const self: ProcessIdentity = {
  pid: process.pid,
  host: os.hostname(),
  start: processStart(process.pid),
  token: randomBytes(9).toString("base64url"),
};

function pidExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * True only when `owner` is provably gone: it ran on this host and either no process has
 * its PID any more, or the process with that PID started at another time (a reused PID).
 * Owners on other hosts, or whose liveness cannot be established, are not provably gone.
 */
export function isProvablyGone(owner: Partial<ProcessIdentity> | undefined): boolean {
  if (!owner || typeof owner.pid !== "number" || owner.host !== self.host) return false;
  if (owner.token === self.token) return false;
  // Only one process holds a PID at a time, and with another token it is not us.
  if (owner.pid === self.pid) return true;
  if (!pidExists(owner.pid)) return true;
  if (owner.start === undefined) return false;
  const now = processStart(owner.pid);
  return now !== undefined && now !== owner.start;
}

/**
 * A file-name-safe tag for files a process leaves while working (temp files), from which
 * `isProvablyGone` can later be answered: `<pid>~<host>~<start>~<token>`.
 */
export function identityTag(owner: ProcessIdentity = self): string {
  const safe = (s: string | undefined) => (s ?? "").replace(/[^A-Za-z0-9:_-]/g, "_");
  return [owner.pid, safe(owner.host), safe(owner.start), owner.token].join("~");
}

export function parseIdentityTag(tag: string): Partial<ProcessIdentity> | undefined {
  const [pid, host, start, token] = tag.split("~");
  if (!pid || !/^\d+$/.test(pid) || token === undefined) return undefined;
  return { pid: Number(pid), host: host === self.host.replace(/[^A-Za-z0-9:_-]/g, "_") ? self.host : host, start: start || undefined, token };
}
