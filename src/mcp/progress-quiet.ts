/**
 * A tool's result waits a moment after the last progress notification of its request.
 *
 * The SDK's client (1.32) dispatches a notification in a microtask but a response at once,
 * so when a progress notification and its request's result are read from the wire in one
 * chunk, the result retires the progress handler first and the notification, though sent
 * before it, is reported as "Received a progress notification for an unknown token"
 * (modelcontextprotocol/typescript-sdk#2580). Order on the wire is not enough: the two must
 * reach the client in different reads. A pause after the last notification gives the
 * client's event loop time to read it alone; only results preceded by progress pay it.
 */
import type { ServerNotification } from "@modelcontextprotocol/sdk/types.js";
import type { ToolExtra } from "./tool-kit.ts";

/** How long a result waits after its request's last progress notification was written. */
export const PROGRESS_QUIET_MS = 100;

export interface QuietProgress {
  /** The tool's `extra`, whose notifications are timed. */
  extra: ToolExtra;
  /** Resolves once the quiet period after the last notification has passed (at once if none was sent). */
  settle(): Promise<void>;
}

export function quietProgress(extra: ToolExtra, quietMs = PROGRESS_QUIET_MS): QuietProgress {
  let lastSentAt: number | undefined;
  const timed: ToolExtra = {
    ...extra,
    sendNotification: async (notification: ServerNotification) => {
      try {
        await extra.sendNotification(notification);
      } finally {
        lastSentAt = Date.now();
      }
    },
  };
  return {
    extra: timed,
    async settle() {
      if (lastSentAt === undefined) return;
      const left = lastSentAt + quietMs - Date.now();
      if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
    },
  };
}
