/**
 * Tool errors, one shape for every failure a model sees: `isError` with the text
 * `{error, errorCode, next_steps: {summary, options}, details?}`. Core errors map to codes here; tools throw
 * ToolFailure for their own expected failures.
 */
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { ForbiddenPathError } from "../core/documents/local-files.ts";
import { ConflictError, DISK_FULL_MESSAGE, ForbiddenError, InvalidInputError, isDiskFull, NotFoundError, NotReadyError, PayloadTooLargeError, StoreBusyError } from "../core/errors.ts";

/**
 * What the agent should do next, as PageIndex's tools give it (its SDK's `NextSteps`): a
 * one-line summary and the calls to consider.
 */
export const nextSteps = z.object({
  summary: z.string().describe("What to do next, in one line"),
  options: z.array(z.string()).describe("Suggested next tool calls"),
});
export type NextSteps = z.infer<typeof nextSteps>;

/** Hints as tools write them (a list of calls), in the result's shape. */
export function toNextSteps(options: string[], summary?: string): NextSteps {
  return { summary: summary ?? options[0] ?? "", options };
}

export const ERROR_CODES = ["NOT_FOUND", "INVALID_INPUT", "NOT_READY", "CONFLICT", "FORBIDDEN_PATH", "FORBIDDEN", "TOO_LARGE", "STORAGE_FULL", "BUSY", "INTERNAL"] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The structured body of every tool error. */
export const toolErrorSchema = z.object({
  error: z.string(),
  errorCode: z.enum(ERROR_CODES),
  next_steps: nextSteps,
  details: z.record(z.string(), z.unknown()).optional().describe("Facts about the failure, e.g. counts"),
});
export type ToolError = z.infer<typeof toolErrorSchema>;

/** Hints for a code when the tool gives none of its own. */
const DEFAULT_HINTS: Record<ErrorCode, string[]> = {
  NOT_FOUND: ["Call recent_documents or find_relevant_documents to find the right doc_id", "list_folders lists folder ids"],
  INVALID_INPUT: ["Fix the argument named in the error and call the tool again"],
  NOT_READY: ["Call get_document with wait_for_completion=true until status is completed"],
  CONFLICT: ["Read the error, resolve the conflict (e.g. pass doc_id instead of an ambiguous doc_name), then retry"],
  FORBIDDEN_PATH: ["Ask the user to add the file's folder to TREEINDEX_ALLOWED_ROOTS in the MCP server's env and restart it, or to move the file there"],
  FORBIDDEN: ["Only the owner may change this resource"],
  TOO_LARGE: ["Use a smaller file, or ask the user to raise the limit (TREEINDEX_MAX_UPLOAD_MB)"],
  STORAGE_FULL: ["Tell the user the disk is full: nothing was saved; retry once they have freed space"],
  BUSY: ["Wait a few seconds and call the tool again"],
  INTERNAL: ["Call health to check the service; retry once, then report the error to the user"],
};

/** Thrown by tools for an expected failure that is not a core error. */
export class ToolFailure extends Error {
  constructor(readonly code: ErrorCode, message: string, readonly hints?: string[], readonly details?: Record<string, unknown>) {
    super(message);
  }
}

interface Classified {
  code: ErrorCode;
  message: string;
  hints?: string[];
  details?: Record<string, unknown>;
}

export function classify(error: unknown): Classified | undefined {
  if (error instanceof ToolFailure) return { code: error.code, message: error.message, hints: error.hints, details: error.details };
  if (error instanceof NotReadyError) return { code: "NOT_READY", message: error.message };
  if (error instanceof NotFoundError) return { code: "NOT_FOUND", message: error.message };
  if (error instanceof ConflictError) return { code: "CONFLICT", message: error.message, details: error.details };
  if (error instanceof ForbiddenPathError) return { code: "FORBIDDEN_PATH", message: error.message };
  if (error instanceof ForbiddenError) return { code: "FORBIDDEN", message: error.message };
  if (error instanceof InvalidInputError) {
    const field = error.loc.filter((l) => l !== "body" && l !== "query").join(".");
    return { code: "INVALID_INPUT", message: field ? `${field}: ${error.message}` : error.message };
  }
  if (error instanceof PayloadTooLargeError) return { code: "TOO_LARGE", message: error.message };
  if (error instanceof StoreBusyError) return { code: "BUSY", message: `${error.message}; retry in ${error.retryAfterS} s` };
  if (isDiskFull(error)) return { code: "STORAGE_FULL", message: DISK_FULL_MESSAGE };
  return undefined;
}

export function errorResult(code: ErrorCode, message: string, hints?: string[], details?: Record<string, unknown>): CallToolResult {
  const body: ToolError = { error: message, errorCode: code, next_steps: toNextSteps(hints ?? DEFAULT_HINTS[code]) };
  if (details) body.details = details;
  // The body goes in the text only: clients (the SDK's own included) validate any
  // structuredContent against the tool's success schema, and an error body would fail that.
  return { isError: true, content: [{ type: "text", text: JSON.stringify(body) }] };
}
