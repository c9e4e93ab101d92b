/**
 * `~` at the start of a path is the user's home, as a shell reads it. Needed where no shell
 * expands it: paths an AI client passes to MCP tools, paths in a desktop client's JSON config
 * (TREEINDEX_HOME, TREEINDEX_ALLOWED_ROOTS), quoted CLI arguments. `~user/…` is left as it is
 * (it names another user's home, which a path check must not guess).
 */
import os from "node:os";
import path from "node:path";

export function expandHome(location: string, homedir: string = os.homedir()): string {
  if (location === "~") return homedir;
  if (location.startsWith("~/") || (path.sep === "\\" && location.startsWith("~\\"))) return path.join(homedir, location.slice(2));
  return location;
}
