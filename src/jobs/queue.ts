/**
 * The persistent job queue, kept in the store so it survives restarts and is shared by
 * every process on the same home. Claiming is one store transaction, so two processes
 * never run the same job.
 */
import { newId, nowIso } from "../core/ids.ts";
import type { JobRecord, Store } from "../store/index.ts";

/** Attempts before a job whose process keeps dying is failed for good. */
export const MAX_ATTEMPTS = 3;
/** Finished jobs kept for inspection; older ones are pruned to keep the catalogue lean. */
const FINISHED_KEPT = 500;

export interface QueueDepth {
  queued: number;
  processing: number;
}

export class JobQueue {
  /** Identifies this process as a job owner: pid plus a random part (pids are reused). */
  readonly ownerToken = `${process.pid}:${newId("job").slice(4)}`;

  constructor(private readonly store: Store) {}

  async enqueue(kind: string, payload: Record<string, unknown>, docId?: string): Promise<JobRecord> {
    const job: JobRecord = { id: newId("job"), kind, payload, docId, status: "queued", attempts: 0, createdAt: nowIso() };
    return this.store.write((tx) => tx.jobs.insert(job));
  }

  /** Atomically moves up to `max` queued jobs of the given kinds to `processing`, oldest first. */
  async claim(max: number, kinds: Set<string>): Promise<JobRecord[]> {
    if (max <= 0) return [];
    return this.store.write((tx) => {
      const queued = tx.jobs
        .list((j) => j.status === "queued" && kinds.has(j.kind))
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
        .slice(0, max);
      return queued.map(
        (j) =>
          tx.jobs.update(j.id, {
            status: "processing",
            attempts: j.attempts + 1,
            startedAt: nowIso(),
            ownerPid: process.pid,
            ownerToken: this.ownerToken,
          })!,
      );
    });
  }

  async finish(id: string, outcome: { status: "completed" } | { status: "failed"; error: string }): Promise<void> {
    await this.store.write((tx) => {
      if (!tx.jobs.get(id)) return;
      tx.jobs.update(id, { ...outcome, finishedAt: nowIso() });
      const finished = tx.jobs
        .list((j) => j.status === "completed" || j.status === "failed" || j.status === "cancelled")
        .sort((a, b) => (a.finishedAt ?? "").localeCompare(b.finishedAt ?? ""));
      for (const old of finished.slice(0, Math.max(0, finished.length - FINISHED_KEPT))) tx.jobs.remove(old.id);
    });
  }

  /** Cancels every unfinished job of a document; returns the ids that were cancelled. */
  async cancelForDocument(docId: string): Promise<string[]> {
    return this.store.write((tx) =>
      tx.jobs
        .list((j) => j.docId === docId && (j.status === "queued" || j.status === "processing"))
        .map((j) => tx.jobs.update(j.id, { status: "cancelled", finishedAt: nowIso() })!.id),
    );
  }

  async get(id: string): Promise<JobRecord | undefined> {
    return this.store.read((tx) => tx.jobs.get(id));
  }

  /** Ids among `ids` that are no longer `processing` by this process (cancelled, deleted). */
  async stillOwned(ids: string[]): Promise<Set<string>> {
    return this.store.read(
      (tx) => new Set(ids.filter((id) => { const j = tx.jobs.get(id); return j?.status === "processing" && j.ownerToken === this.ownerToken; })),
    );
  }

  async depth(): Promise<QueueDepth> {
    return this.store.read((tx) => ({
      queued: tx.jobs.count((j) => j.status === "queued"),
      processing: tx.jobs.count((j) => j.status === "processing"),
    }));
  }

  /**
   * Puts back jobs left `processing` by a process that is gone (killed, crashed). A job
   * that already used all its attempts is failed instead, so a document that crashes the
   * process cannot crash it forever. Returns the jobs that were failed that way.
   */
  async recoverOrphans(): Promise<JobRecord[]> {
    return this.store.write((tx) => {
      const givenUp: JobRecord[] = [];
      for (const job of tx.jobs.list((j) => j.status === "processing")) {
        if (job.ownerToken === this.ownerToken || isAlive(job.ownerPid)) continue;
        if (job.attempts >= MAX_ATTEMPTS) {
          const error = `Gave up after ${job.attempts} attempts: the process running this job stopped each time`;
          givenUp.push(tx.jobs.update(job.id, { status: "failed", error, finishedAt: nowIso() })!);
        } else {
          tx.jobs.update(job.id, { status: "queued", ownerPid: undefined, ownerToken: undefined });
        }
      }
      return givenUp;
    });
  }
}

function isAlive(pid: number | undefined): boolean {
  if (!pid || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
