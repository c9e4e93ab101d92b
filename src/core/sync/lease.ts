/**
 * A lease per watched root, as the job queue leases jobs (src/jobs/queue.ts): the process
 * that holds it scans the directory and applies its changes; others on the same home stand
 * by and take it over when its heartbeat is older than the lease, or at once when its owner
 * is provably gone. Every write of the sync checks, in its own transaction, that the lease
 * is still ours, so a process that lost it (paused past the lease) cannot apply a change a
 * second time.
 */
import { isProvablyGone, thisProcess, type WatchedRootRecord, type WriteTx } from "../../store/index.ts";
import { nowIso } from "../ids.ts";

/**
 * How long a root's lease holds without a heartbeat; heartbeats come every third of it
 * (`renewalEvery`). Long, because on the file store a heartbeat rewrites the whole catalogue (with
 * a record per watched file: 2.3 MB for 10,000 files), which an idle watched folder should
 * not do often; and a holder that died on this machine is taken over at once anyway
 * (`isProvablyGone`), so the full lease is waited out only for a holder that hangs or whose
 * host vanished (PostgreSQL).
 */
export const ROOT_LEASE_MS = 300_000;

/** How often a holder renews its lease (a keeper, or a one-off sync that runs long). */
export function renewalEvery(leaseMs: number): number {
  return leaseMs / 3;
}

export class LeaseLostError extends Error {
  override name = "LeaseLostError";
}

/** True when the lease is free for this process: unheld, ours, expired, or its owner gone. */
export function leaseIsFree(root: WatchedRootRecord, leaseMs: number, now = Date.now()): boolean {
  if (!root.leaseOwner || !root.leaseHeartbeatAt) return true;
  if (root.leaseOwner.token === thisProcess.token) return true;
  return now - Date.parse(root.leaseHeartbeatAt) > leaseMs || isProvablyGone(root.leaseOwner);
}

/** Takes or renews the lease inside the caller's transaction; false when another process holds it. */
export async function claimLeaseIn(tx: WriteTx, rootId: string, leaseMs: number): Promise<boolean> {
  const root = await tx.watchedRoots.get(rootId);
  if (!root || !leaseIsFree(root, leaseMs)) return false;
  await tx.watchedRoots.update(rootId, { leaseOwner: thisProcess, leaseHeartbeatAt: nowIso() });
  return true;
}

/** Throws LeaseLostError unless this process holds the root's lease (checked in the transaction that writes). */
export async function assertLeaseIn(tx: WriteTx, rootId: string): Promise<WatchedRootRecord> {
  const root = await tx.watchedRoots.get(rootId);
  if (!root || root.leaseOwner?.token !== thisProcess.token) throw new LeaseLostError(`The lease of watched folder ${rootId} is held by another process now`);
  return root;
}

/** Gives the lease back (a clean stop), so a standby takes over at once. */
export async function releaseLeaseIn(tx: WriteTx, rootId: string): Promise<void> {
  const root = await tx.watchedRoots.get(rootId);
  if (root?.leaseOwner?.token === thisProcess.token) await tx.watchedRoots.update(rootId, { leaseOwner: undefined, leaseHeartbeatAt: undefined });
}
