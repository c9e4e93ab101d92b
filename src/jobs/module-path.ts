/**
 * Paths of task modules the worker threads import. From the sources (tsx: tests, development)
 * they are `.ts` files; from the compiled build (`dist/`, what `npm start` runs) `.js` ones.
 * The caller's own URL says which.
 */
import { fileURLToPath } from "node:url";

export function taskModulePath(relativeTs: string, callerUrl: string): string {
  const ext = callerUrl.endsWith(".ts") ? ".ts" : ".js";
  return fileURLToPath(new URL(relativeTs.replace(/\.ts$/, ext), callerUrl));
}
