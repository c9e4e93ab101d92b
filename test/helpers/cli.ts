/**
 * Runs the `treeindex` binary as users do (bin/treeindex.js: the compiled build in dist/ when
 * it is fresh, made by `npm run build`; else the sources through tsx), in a child process.
 * Callers pass the store: TREEINDEX_HOME (or HOME/XDG_DATA_HOME for the default store), so
 * no test touches a real store.
 */
import { execFile, spawn } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";

const exec = promisify(execFile);

export const CLI = path.resolve("bin/treeindex.js");

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  env?: Record<string, string | undefined>;
  cwd?: string;
  /** Another installation's bin/treeindex.js. */
  bin?: string;
}

/** The child's environment: ours, minus anything that would pick a store, plus the caller's. */
function childEnv(env: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const merged: NodeJS.ProcessEnv = { ...process.env, TREEINDEX_DATABASE_URL: "" };
  delete merged.TREEINDEX_HOME;
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

export async function runCli(args: string[], options: CliOptions = {}): Promise<CliRun> {
  try {
    const { stdout, stderr } = await exec(process.execPath, [options.bin ?? CLI, ...args], { env: childEnv(options.env), cwd: options.cwd, maxBuffer: 1 << 24 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/**
 * Runs a command whose stdout reader has already gone (`treeindex list | head -0`): the
 * parent closes its end of the pipe before the child writes anything, so every write the
 * child makes fails with EPIPE. Answers the exit code and stderr.
 */
export function runCliWithClosedStdout(args: string[], options: CliOptions = {}): Promise<{ code: number | null; signal: string | null; stderr: string }> {
  const child = spawn(process.execPath, [options.bin ?? CLI, ...args], { env: childEnv(options.env), cwd: options.cwd, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout.destroy();
  let stderr = "";
  child.stderr.on("data", (d) => (stderr += d));
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code, signal) => resolve({ code, signal, stderr }));
  });
}
