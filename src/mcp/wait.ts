/**
 * Waiting for indexing inside a tool call, bounded: a call never holds longer than
 * ~45 s (clients time out around 60 s). With a progress token from the client, each poll
 * sends a progress notification so the client shows life and keeps the call open.
 */
import type { DocumentRecord } from "../store/index.ts";
import type { McpContext } from "./context.ts";
import type { ToolExtra } from "./tool-kit.ts";

export const DEFAULT_WAIT_LIMIT_MS = 45_000;
const POLL_MS = 250;

function settled(doc: DocumentRecord): boolean {
  return doc.status === "completed" || doc.status === "failed";
}

export async function waitForDocument(context: McpContext, docId: string, extra: ToolExtra): Promise<{ doc: DocumentRecord; waitedMs: number; timedOut: boolean }> {
  const limit = context.waitLimitMs ?? DEFAULT_WAIT_LIMIT_MS;
  const started = Date.now();
  const token = extra._meta?.progressToken;
  let step = 0;
  for (;;) {
    const doc = await context.services.documents.get(context.user, docId);
    const waitedMs = Date.now() - started;
    if (settled(doc)) return { doc, waitedMs, timedOut: false };
    if (waitedMs >= limit || extra.signal.aborted) return { doc, waitedMs, timedOut: true };
    if (token !== undefined) {
      step++;
      await extra
        .sendNotification({
          method: "notifications/progress",
          params: { progressToken: token, progress: step, message: `${doc.name}: ${doc.status} (${Math.round(waitedMs / 1000)} s)` },
        })
        .catch(() => undefined);
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, Math.max(1, limit - waitedMs))));
  }
}
