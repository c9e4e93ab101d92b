/**
 * How every treeindex tool is registered: zod input and output schemas, annotations, the
 * result as `structuredContent` plus the same JSON as text, `next_steps` hints on every
 * result. Expected failures become error results (tool-errors.ts); anything else is logged
 * and reported without internals.
 */
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import type { CallToolResult, ServerNotification, ServerRequest } from "@modelcontextprotocol/sdk/types.js";
import type { z } from "zod";
import type { McpContext } from "./context.ts";
import { classify, errorResult, nextSteps, type ErrorCode } from "./tool-errors.ts";

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
  /** `content` adds blocks after the JSON text (e.g. an image). */
  run(args: z.output<I>, extra: ToolExtra): Promise<{ result: z.output<O>; next_steps: string[]; content?: CallToolResult["content"] }>;
}

export function defineTool<I extends z.ZodObject, O extends z.ZodObject>(server: McpServer, context: McpContext, spec: ToolSpec<I, O>): void {
  server.registerTool(
    spec.name,
    {
      title: spec.title,
      description: spec.description,
      inputSchema: spec.input,
      outputSchema: spec.output.extend({ next_steps: nextSteps }),
      // Everything a tool touches is this service's own store: a closed world.
      annotations: { title: spec.title, ...spec.annotations, openWorldHint: false },
    },
    (async (args: z.output<I>, extra: ToolExtra): Promise<CallToolResult> => {
      try {
        const { result, next_steps, content } = await spec.run(args, extra);
        return okResult({ ...(result as Record<string, unknown>), next_steps }, content);
      } catch (error) {
        const known = classify(error);
        if (known) return errorResult(known.code, known.message, known.hints ?? spec.errorHints?.[known.code], known.details);
        context.services.logger.error({ err: error, tool: spec.name }, "MCP tool failed");
        return errorResult("INTERNAL", `${spec.name} failed unexpectedly; the server log has the details`);
      }
    }) as never,
  );
}
