/**
 * Failures of the store that are not the caller's fault and not bugs: the disk (or the
 * database's disk) is full, or another process holds the write turn too long. Adapters
 * answer them 507 and 503 + Retry-After; the job runner retries the work later.
 */

/** System error codes of a full disk or an exhausted quota; PostgreSQL's disk_full. */
const DISK_FULL_CODES = new Set(["ENOSPC", "EDQUOT", "53100"]);

/** True when `error` (or an error it wraps) says there is no space left to write. */
export function isDiskFull(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 5) return false;
  const { code, cause, errors } = error as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === "string" && DISK_FULL_CODES.has(code)) return true;
  if (/\bENOSPC\b|no space left on device/i.test((error as { message?: unknown }).message as string ?? "")) return true;
  if (isDiskFull(cause, depth + 1)) return true;
  return Array.isArray(errors) && errors.some((e) => isDiskFull(e, depth + 1));
}

/** The write turn could not be had in time: another process holds it (frozen, or very slow). */
export class StoreBusyError extends Error {
  constructor(
    message: string,
    /** When a retry is worth it, in seconds. */
    readonly retryAfterS: number,
  ) {
    super(message);
    this.name = "StoreBusyError";
  }
}
