/**
 * The persistent job queue, kept in the store so it survives restarts and is shared by
 * every process on the same home.
 *
 * Ownership is a lease: claiming a job records this process's identity and a heartbeat
 * time, renewed while the job runs. A job whose lease expired, or whose owner is provably
 * gone, is taken back by whichever process looks first (one store transaction, so exactly
 * one does). An owner that lost its lease finds out on its next heartbeat and drops the
 * job; its result is never recorded, so a job is neither lost nor done twice.
 *
 * Attempts count crashes, not restarts: a claim adds one, a clean shutdown gives it back.
 */
import { newId, nowIso } from "../core/ids.ts";
import { isProvablyGone, thisProcess, type JobRecord, type Store, type WriteTx } from "../store/index.ts";

/** Attempts before a job whose process keeps dying is failed for good. */
export const MAX_ATTEMPTS = 3;
/** How long a claim holds without a heartbeat. Heartbeats come every fifth of it. */
export const DEFAULT_LEASE_MS = 30_000;
/** Finished jobs kept for inspection; older ones are pruned to keep the catalogue lean. */
const FINISHED_KEPT = 500;

export interface QueueDepth {
  queued: number;
  processing: number;
}

const LIVE = ["queued", "processing"];

export class JobQueue {
  readonly owner = thisProcess;
  readonly leaseMs: number;

  constructor(private readonly store: Store, options: { leaseMs?: number } = {}) {
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  }

  /** Adds a job inside the caller's transaction (e.g. with the document it works for). */
  enqueueIn(tx: WriteTx, kind: string, payload: Record<string, unknown>, docId?: string): Promise<JobRecord> {
    const job: JobRecord = { id: newId("job"), kind, payload, docId, status: "queued", attempts: 0, createdAt: nowIso() };
    return tx.jobs.insert(job);
  }

  enqueue(kind: string, payload: Record<string, unknown>, docId?: string): Promise<JobRecord> {
    return this.store.write((tx) => this.enqueueIn(tx, kind, payload, docId));
  }

  /**
   * Atomically moves up to `max` queued jobs of the given kinds to `processing` under this
   * process's lease, oldest first. `onClaim` runs in the same transaction (e.g. marks the
   * document `processing`), so the job and what it stands for change together.
   */
  async claim(max: number, kinds: Set<string>, onClaim?: (tx: WriteTx, job: JobRecord) => Promise<void>): Promise<JobRecord[]> {
    if (max <= 0) return [];
    // Most passes find nothing to do: a read says so without the write lock (on the file
    // store a write transaction takes the catalogue lock), which kept an idle server at
    // ~1.6% of a core. A job queued between this read and the next pass waits one poll.
    const any = await this.store.read((tx) => tx.jobs.find({ status: "queued", kind: { $in: [...kinds] } }, { limit: 1 }));
    if (any.length === 0) return [];
    return this.store.write(async (tx) => {
      const queued = await tx.jobs.find({ status: "queued", kind: { $in: [...kinds] } }, { sort: [["createdAt", 1]], limit: max });
      const now = nowIso();
      const claimedJobs: JobRecord[] = [];
      for (const j of queued) {
        const claimed = (await tx.jobs.update(j.id, {
          status: "processing",
          attempts: j.attempts + 1,
          startedAt: now,
          heartbeatAt: now,
          owner: this.owner,
          ownerPid: undefined,
          ownerToken: undefined,
        }))!;
        await onClaim?.(tx, claimed);
        claimedJobs.push(claimed);
      }
      return claimedJobs;
    });
  }

  private async ownedIn(tx: WriteTx, id: string): Promise<JobRecord | undefined> {
    const job = await tx.jobs.get(id);
    return job?.status === "processing" && job.owner?.token === this.owner.token ? job : undefined;
  }

  /**
   * Renews the lease of the given jobs and answers which of them are still ours: a job
   * cancelled (document deleted) or taken over by another process is not, and its runner
   * should stop it.
   */
  async heartbeat(ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    return this.store.write(async (tx) => {
      const now = nowIso();
      const owned = new Set<string>();
      for (const id of ids) {
        if (!(await this.ownedIn(tx, id))) continue;
        await tx.jobs.update(id, { heartbeatAt: now });
        owned.add(id);
      }
      return owned;
    });
  }

  /** Ids among `ids` still `processing` under this process's lease (a read, no renewal). */
  async stillOwned(ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const jobs = await this.store.read((tx) => tx.jobs.find({ id: { $in: ids }, status: "processing" }));
    return new Set(jobs.filter((j) => j.owner?.token === this.owner.token).map((j) => j.id));
  }

  /**
   * Records a job's outcome and, in the same transaction, what it means (`apply`: the
   * document's status, its tree). Returns false, recording nothing, when the job is no
   * longer ours (cancelled, or taken over after our lease expired).
   */
  async finish(id: string, outcome: { status: "completed" } | { status: "failed"; error: string }, apply?: (tx: WriteTx, job: JobRecord) => Promise<void>): Promise<boolean> {
    return this.store.write(async (tx) => {
      const job = await this.ownedIn(tx, id);
      if (!job) return false;
      const finished = (await tx.jobs.update(id, { ...outcome, finishedAt: nowIso() }))!;
      await apply?.(tx, finished);
      await prune(tx);
      return true;
    });
  }

  /**
   * A clean shutdown hands the jobs back: queued again, the attempt not counted, so a
   * desktop client restarting its server never uses up a document's attempts.
   */
  async release(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.store.write(async (tx) => {
      for (const id of ids) {
        const job = await this.ownedIn(tx, id);
        if (!job) continue;
        await tx.jobs.update(id, { status: "queued", attempts: Math.max(0, job.attempts - 1), owner: undefined, heartbeatAt: undefined, startedAt: undefined });
      }
    });
  }

  /** Cancels every unfinished job of a document inside the caller's transaction; returns their ids. */
  async cancelForDocumentIn(tx: WriteTx, docId: string): Promise<string[]> {
    const live = await tx.jobs.find({ docId, status: { $in: LIVE } });
    for (const j of live) await tx.jobs.update(j.id, { status: "cancelled", finishedAt: nowIso() });
    return live.map((j) => j.id);
  }

  async get(id: string): Promise<JobRecord | undefined> {
    return this.store.read((tx) => tx.jobs.get(id));
  }

  async depth(): Promise<QueueDepth> {
    return this.store.read(async (tx) => ({
      queued: await tx.jobs.count({ status: "queued" }),
      processing: await tx.jobs.count({ status: "processing" }),
    }));
  }

  /**
   * True when a `processing` job's owner has lost it: the lease expired or the owner is
   * provably gone; or it is this process's own and not running here (its outcome could not
   * be recorded, e.g. on a full disk), when `runningHere` is given.
   */
  isOrphan(job: JobRecord, now = Date.now(), runningHere?: (id: string) => boolean): boolean {
    if (job.status !== "processing") return false;
    if (job.owner?.token === this.owner.token) return runningHere !== undefined && !runningHere(job.id);
    if (!job.owner || !job.heartbeatAt) return true; // written before leases existed
    return now - Date.parse(job.heartbeatAt) > this.leaseMs || isProvablyGone(job.owner);
  }

  /**
   * Takes back jobs whose owner lost them. A job that already used all its attempts is
   * failed instead (`onGiveUp` records what that means, in the same transaction), so a
   * document that crashes the process cannot crash it forever. `heal` runs in the same
   * transaction, for the kinds to give work that lost its job record a new one.
   */
  async recover(
    onGiveUp: (tx: WriteTx, job: JobRecord, message: string) => Promise<void>,
    heal?: (tx: WriteTx) => Promise<void>,
    runningHere?: (id: string) => boolean,
  ): Promise<JobRecord[]> {
    return this.store.write(async (tx) => {
      const givenUp: JobRecord[] = [];
      const now = Date.now();
      const orphans = (await tx.jobs.find({ status: "processing" })).filter((j) => this.isOrphan(j, now, runningHere));
      for (const job of orphans) {
        if (job.owner?.token === this.owner.token) {
          // Ours, its outcome lost to a store failure: not the document's fault, so not an attempt.
          await tx.jobs.update(job.id, { status: "queued", attempts: Math.max(0, job.attempts - 1), owner: undefined, heartbeatAt: undefined, startedAt: undefined });
        } else if (job.attempts >= MAX_ATTEMPTS) {
          const error = `Gave up after ${job.attempts} attempts: the process running this job stopped each time`;
          const failed = (await tx.jobs.update(job.id, { status: "failed", error, finishedAt: nowIso() }))!;
          await onGiveUp(tx, failed, error);
          givenUp.push(failed);
        } else {
          await tx.jobs.update(job.id, { status: "queued", owner: undefined, heartbeatAt: undefined, ownerPid: undefined, ownerToken: undefined });
        }
      }
      await heal?.(tx);
      return givenUp;
    });
  }
}

async function prune(tx: WriteTx): Promise<void> {
  const finished = await tx.jobs.count({ status: { $nin: LIVE } });
  if (finished <= FINISHED_KEPT) return;
  const oldest = await tx.jobs.find({ status: { $nin: LIVE } }, { sort: [["finishedAt", 1]], limit: finished - FINISHED_KEPT });
  for (const old of oldest) await tx.jobs.remove(old.id);
}
