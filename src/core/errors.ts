/**
 * Typed errors of the core. Adapters map them to HTTP statuses and MCP tool errors;
 * messages are written for the user and never carry stack traces.
 */
export class CoreError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** Unknown id, or an id that belongs to another user (never reveal it exists). */
export class NotFoundError extends CoreError {}

/** The request conflicts with the current state (e.g. schema already declared). */
export class ConflictError extends CoreError {
  constructor(message: string, readonly details?: Record<string, unknown>) {
    super(message);
  }
}

/** The caller may see the resource but not change it. */
export class ForbiddenError extends CoreError {}

/** Input that passed the schema but breaks a rule (loc names the offending field). */
export class InvalidInputError extends CoreError {
  constructor(message: string, readonly loc: (string | number)[] = [], readonly input?: unknown) {
    super(message);
  }
}

export class PayloadTooLargeError extends CoreError {}

export class UnauthorizedError extends CoreError {}

/** The document exists but is not indexed yet (queued/processing) or failed; try later. */
export class NotReadyError extends ConflictError {}

/** Failures of the store the adapters answer as such: 507 for a full disk, 503 + Retry-After when busy. */
export { isDiskFull, StoreBusyError } from "../store/index.ts";

/** What a user is told when a write failed for lack of space. */
export const DISK_FULL_MESSAGE = "Not enough disk space: the server's storage is full, so nothing was saved. Free some space (or ask the administrator to), then retry.";
