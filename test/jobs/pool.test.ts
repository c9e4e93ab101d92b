/**
 * Cancelling a task asks it to stop; its thread is terminated only when it does not. A
 * thread terminated while running JavaScript can take the whole process down (a zlib
 * stream torn down half-made: node_zlib.cc "close before init"), so the common case must
 * not terminate anything.
 */
import { afterEach, describe, expect, it } from "vitest";
import { WorkerPool } from "../../src/jobs/index.ts";
import { SLEEP_TASK } from "../fixtures/jobs/sleep-kind.ts";

let pool: WorkerPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

const sleep = (payload: Record<string, unknown>, signal?: AbortSignal) => pool!.run<{ slept: number; threadId?: number }>({ module: SLEEP_TASK, payload }, signal);

async function rejectsWithin(promise: Promise<unknown>): Promise<{ error: unknown; ms: number }> {
  const started = Date.now();
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  return { error, ms: Date.now() - started };
}

/** Starts a task, cancels it 200 ms in with `reason`, and says how it ended and how fast. */
async function cancelWhileRunning(payload: Record<string, unknown>, reason: string): Promise<{ error: unknown; ms: number }> {
  const controller = new AbortController();
  const running = sleep(payload, controller.signal);
  await new Promise((r) => setTimeout(r, 200));
  controller.abort(new Error(reason));
  return rejectsWithin(running);
}

describe("WorkerPool cancellation", () => {
  it("a cancelled task stops at its next check, on the same thread, which then runs the next task", async () => {
    pool = new WorkerPool(1, { preload: [SLEEP_TASK], cancelGraceMs: 60_000 });
    const first = await sleep({ ms: 1, reportThread: true });
    const { error, ms } = await cancelWhileRunning({ ms: 5_000, reportThread: true }, "document deleted");
    expect((error as Error).message).toBe("document deleted");
    expect(ms).toBeLessThan(100);
    // The thread is free within a slice and was not replaced.
    const next = await sleep({ ms: 1, reportThread: true });
    expect(next.threadId).toBe(first.threadId);
    expect(pool.threadIds).toEqual([first.threadId]);
  });

  it("a task that does not look at its signal is terminated after the grace period, and the pool goes on", async () => {
    pool = new WorkerPool(1, { preload: [SLEEP_TASK], cancelGraceMs: 300 });
    const first = await sleep({ ms: 1, reportThread: true });
    expect((await cancelWhileRunning({ ms: 20_000, deaf: true }, "timed out")).ms).toBeLessThan(100);
    const started = Date.now();
    const next = await sleep({ ms: 1, reportThread: true });
    // Waited for the grace period, not for the 20 s spin; on a new thread.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(next.threadId).not.toBe(first.threadId);
  });

  it("a rejection a task left behind does not fail the next task on its thread", async () => {
    pool = new WorkerPool(1, { preload: [SLEEP_TASK] });
    const first = await sleep({ ms: 1, leaveRejection: true, reportThread: true });
    await new Promise((r) => setTimeout(r, 30));
    const next = await sleep({ ms: 100, reportThread: true });
    expect(next).toEqual({ slept: 100, threadId: first.threadId });
  });

  it("a signal aborted before the call runs nothing", async () => {
    pool = new WorkerPool(1);
    const controller = new AbortController();
    controller.abort(new Error("gone"));
    const { error } = await rejectsWithin(sleep({ ms: 10_000 }, controller.signal));
    expect((error as Error).message).toBe("gone");
  });
});
