/**
 * Where the store lives when neither TREEINDEX_HOME nor --home names it. One place per user,
 * whatever the working directory: the CLI, `serve` and a desktop client's `mcp` (each started
 * from its own folder) must all see the same documents.
 *
 * - Run from a checkout (the project folder holds its own `storage/`, kept in git by
 *   `storage/.gitkeep`): that folder, found from the installation, not the working directory,
 *   so `npm start` keeps using the store it always used.
 * - Installed otherwise (`npm pack` + `npx --package=…`, a global install, the MCP bundle:
 *   none ships `storage/`): the platform's per-user data directory.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

type Env = Record<string, string | undefined>;

/** The folder holding package.json and bin/: this module lies one level below it, in src/ or dist/. */
export const INSTALL_ROOT = fileURLToPath(new URL("..", import.meta.url));

export type DefaultHomeSource = "checkout" | "user-data";

export interface DefaultHomeInput {
  installRoot: string;
  platform: NodeJS.Platform;
  /** For XDG_DATA_HOME and APPDATA. */
  env: Env;
  /** The user's home directory. */
  homedir: string;
}

/** The checkout's own store folder, when the installation is a checkout. */
export function checkoutStorage(installRoot: string): string | undefined {
  const storage = path.join(installRoot, "storage");
  try {
    return fs.statSync(storage).isDirectory() ? storage : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The platform's per-user data directory for treeindex: `$XDG_DATA_HOME/treeindex` (an
 * absolute XDG_DATA_HOME only, as the XDG spec says) or `~/.local/share/treeindex` on Linux
 * and other Unixes, `~/Library/Application Support/treeindex` on macOS,
 * `%APPDATA%\treeindex` on Windows.
 */
export function userDataDir(input: Omit<DefaultHomeInput, "installRoot">): string {
  const { platform, env, homedir } = input;
  // path.win32 / path.posix: the answer is the target platform's, also when computed elsewhere (tests).
  if (platform === "win32") return path.win32.join(env.APPDATA || path.win32.join(homedir, "AppData", "Roaming"), "treeindex");
  if (platform === "darwin") return path.posix.join(homedir, "Library", "Application Support", "treeindex");
  const xdg = env.XDG_DATA_HOME;
  return path.posix.join(xdg && path.posix.isAbsolute(xdg) ? xdg : path.posix.join(homedir, ".local", "share"), "treeindex");
}

export function defaultHome(input: DefaultHomeInput): { home: string; source: DefaultHomeSource } {
  const storage = checkoutStorage(input.installRoot);
  return storage ? { home: storage, source: "checkout" } : { home: userDataDir(input), source: "user-data" };
}
