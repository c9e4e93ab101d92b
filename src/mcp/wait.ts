/**
 * Waiting for indexing inside a tool call, bounded: a call never holds longer than
 * ~45 s (clients time out around 60 s). With a progress token from the client, progress
 * notifications carry `progress`/`total` in pages and a message naming the stage, so the
 * client can draw a bar; the count only ever grows (reading the pages, then OCR of scanned
 * pages, then building the tree add up), and the last one, when indexing ends, is full.
 */
import type { IndexProgress } from "../core/documents/progress.ts";
import type { DocumentRecord } from "../store/index.ts";
import type { McpContext } from "./context.ts";
import type { ToolExtra } from "./tool-kit.ts";

export const DEFAULT_WAIT_LIMIT_MS = 45_000;
const POLL_MS = 250;

function settled(doc: DocumentRecord): boolean {
  return doc.status === "completed" || doc.status === "failed";
}

/** Turns the stages' own page counts into one growing count over all stages seen. */
export class ProgressCounter {
  private base = 0;
  private stage?: IndexProgress;
  private sent = -1;

  /** The notification to send now, if there is news. */
  next(doc: DocumentRecord, p: IndexProgress | undefined): { progress: number; total?: number; message: string } | undefined {
    if (p && this.stage && p.stage !== this.stage.stage) this.base += this.stage.total;
    if (p) this.stage = p;
    if (settled(doc)) {
      // Without a stage seen (indexed before the first poll, or by another process) the page count stands in.
      const progress = Math.max(this.sent + 1, this.base + (this.stage?.total ?? doc.pageNum), 1);
      this.sent = progress;
      return { progress, total: progress, message: `${doc.name}: ${doc.status}` };
    }
    const progress = p ? this.base + p.done : 0;
    if (progress <= this.sent) return undefined;
    this.sent = progress;
    if (!p) return { progress, message: `${doc.name}: ${doc.status}` };
    return { progress, total: this.base + p.total, message: `${doc.name}: ${doc.status}, ${p.stage} (${p.done} of ${p.total} pages)` };
  }
}

export async function waitForDocument(context: McpContext, docId: string, extra: ToolExtra): Promise<{ doc: DocumentRecord; waitedMs: number; timedOut: boolean }> {
  const limit = context.waitLimitMs ?? DEFAULT_WAIT_LIMIT_MS;
  const started = Date.now();
  const token = extra._meta?.progressToken;
  const counter = new ProgressCounter();
  for (;;) {
    const doc = await context.services.documents.get(context.user, docId);
    const waitedMs = Date.now() - started;
    if (token !== undefined) {
      const note = counter.next(doc, context.services.progress.get(docId));
      if (note) await extra.sendNotification({ method: "notifications/progress", params: { progressToken: token, ...note } }).catch(() => undefined);
    }
    if (settled(doc)) return { doc, waitedMs, timedOut: false };
    if (waitedMs >= limit || extra.signal.aborted) return { doc, waitedMs, timedOut: true };
    await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, Math.max(1, limit - waitedMs))));
  }
}
