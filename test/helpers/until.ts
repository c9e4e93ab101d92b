/**
 * Polls `probe` until it gives a value (not undefined or false), and returns it; throws,
 * naming `what`, after `timeoutMs`. For tests that wait on watchers, child processes and
 * job queues, whose timing a loaded machine stretches: the timeouts are generous, the
 * assertions come after.
 */
export async function until<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 45_000, everyMs = 150): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
