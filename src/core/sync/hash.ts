/** The content hash the sync compares files by (sha256, hex): a changed mtime alone is not a change. */
import { createHash } from "node:crypto";

export function contentHash(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}
