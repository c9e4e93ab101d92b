import { z } from "zod";
import { healthSchema } from "../../core/health.ts";
import { defineTool } from "../tool-kit.ts";

export const healthTool = defineTool({
  name: "health",
  title: "Service health",
  description: "treeindex version, uptime, and how many indexing jobs are queued or running.",
  input: z.object({}),
  output: healthSchema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
  async run(_args, _extra, context) {
    const health = await context.services.health.get();
    const busy = health.queue.queued + health.queue.processing;
    return {
      result: health,
      next_steps: busy > 0 ? [`${busy} job(s) are indexing: recent_documents shows their status`] : ["recent_documents lists the indexed documents"],
    };
  },
});
