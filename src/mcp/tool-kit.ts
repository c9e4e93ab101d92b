/**
 * How every treeindex tool is registered: zod input and output schemas, annotations, the
 * result as `structuredContent` plus the same JSON as text, `next_steps` ({summary, options}) on every
 * result. Expected failures become error results (tool-errors.ts); anything else is logged
 * and reported without internals.
 */
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import type { CallToolResult, ServerNotification, ServerRequest } from "@modelcontextprotocol/sdk/types.js";
import type { z } from "zod";
import { MAX_JSON_DEPTH, tooDeepMessage, valueDepth } from "../core/schemas/json-limits.ts";
import type { McpContext } from "./context.ts";
import { quietProgress } from "./progress-quiet.ts";
import { classify, errorResult, nextSteps, toNextSteps, type ErrorCode } from "./tool-errors.ts";

export { ToolFailure } from "./tool-errors.ts";

export type ToolExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

export function okResult(body: Record<string, unknown>, extraContent: CallToolResult["content"] = []): CallToolResult {
  return { content: [{ type: "text", text: JSON.stringify(body) }, ...extraContent], structuredContent: body };
}

export interface ToolSpec<I extends z.ZodObject, O extends z.ZodObject> {
  name: string;
  title: string;
  description: string;
  input: I;
  /** The result without `next_steps` (added here). */
  output: O;
  annotations: { readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean };
  /** Hints per error code, replacing the defaults. */
  errorHints?: Partial<Record<ErrorCode, string[]>>;
  /** `content` adds blocks after the JSON text (e.g. an image). `context` is the session's user and services. */
  run(
    args: z.output<I>,
    extra: ToolExtra,
    context: McpContext,
  ): Promise<{ result: z.output<O>; next_steps: string[]; summary?: string; content?: CallToolResult["content"] }>;
}

/** A tool defined once per process: its schemas and config are shared by every session. */
export interface Tool {
  readonly name: string;
  /** What McpServer.registerTool takes, built once. */
  readonly config: {
    title: string;
    description: string;
    inputSchema: z.ZodObject;
    outputSchema: z.ZodObject;
    annotations: Record<string, unknown>;
  };
  call(args: unknown, extra: ToolExtra, context: McpContext): Promise<CallToolResult>;
}

/**
 * Defines a tool at module load: schemas, annotations and the error mapping are built once
 * and shared, so a session only adds a small registration entry per tool (see server.ts).
 */
export function defineTool<I extends z.ZodObject, O extends z.ZodObject>(spec: ToolSpec<I, O>): Tool {
  return {
    name: spec.name,
    config: {
      title: spec.title,
      description: spec.description,
      inputSchema: spec.input,
      outputSchema: spec.output.extend({ next_steps: nextSteps }),
      // Everything a tool touches is this service's own store: a closed world.
      annotations: { title: spec.title, ...spec.annotations, openWorldHint: false },
    },
    async call(args, extra, context) {
      // Arguments nested deeper than any JSON input may be (e.g. metadata 20,000 levels deep)
      // would overflow the stack further down: refuse them as bad input.
      const depth = valueDepth(args);
      if (depth > MAX_JSON_DEPTH) return errorResult("INVALID_INPUT", `Arguments: ${tooDeepMessage(depth)}`);
      // A result never reaches the client in one read with its last progress notification (progress-quiet.ts).
      const progress = quietProgress(extra);
      try {
        const { result, next_steps, summary, content } = await spec.run(args as z.output<I>, progress.extra, context).finally(() => progress.settle());
        return okResult({ ...(result as Record<string, unknown>), next_steps: toNextSteps(next_steps, summary) }, content);
      } catch (error) {
        const known = classify(error);
        if (known) return errorResult(known.code, known.message, known.hints ?? spec.errorHints?.[known.code], known.details);
        context.services.logger.error({ err: error, tool: spec.name }, "MCP tool failed");
        return errorResult("INTERNAL", `${spec.name} failed unexpectedly; the server log has the details`);
      }
    },
  };
}

/** Adds a shared tool to one session's server, acting with that session's context. */
export function registerTool(server: McpServer, context: McpContext, tool: Tool): void {
  server.registerTool(tool.name, tool.config, ((args: unknown, extra: ToolExtra) => tool.call(args, extra, context)) as never);
}
