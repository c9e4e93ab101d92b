/**
 * Borrowing a pooled connection safely. pg-pool listens for errors only on idle
 * connections; a connection that the server drops while we hold it (a restart, an
 * administrator's terminate, a failover) would emit an `error` event nobody hears, and
 * an unheard `error` event ends the process. While borrowed, the connection has its own
 * listener; a connection that failed is destroyed on release instead of going back to
 * the pool.
 */
import type pg from "pg";

/** `discard` marks the connection as unfit to reuse (say, a ROLLBACK that failed). */
export async function withConnection<T>(pool: pg.Pool, fn: (client: pg.PoolClient, discard: (why: Error) => void) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let failed: Error | undefined;
  const onError = (error: Error) => (failed = error);
  client.on("error", onError);
  try {
    return await fn(client, onError);
  } catch (error) {
    failed ??= error instanceof Error && isConnectionLoss(error) ? error : undefined;
    throw error;
  } finally {
    client.removeListener("error", onError);
    client.release(failed);
  }
}

/** Errors after which the connection cannot be trusted for the next borrower. */
function isConnectionLoss(error: Error): boolean {
  const code = (error as { code?: string }).code;
  // 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now; 08xxx connection exceptions.
  return code === "57P01" || code === "57P02" || code === "57P03" || (code?.startsWith("08") ?? false) || /Connection terminated/i.test(error.message);
}
