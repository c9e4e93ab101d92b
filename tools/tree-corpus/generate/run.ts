/**
 * Runs the typesetting tools: niced by the caller (`nice -n 19` on the build), each with a
 * time limit so a tool that hangs (LibreOffice waiting on a lock, Chromium on a font) costs one
 * document, not the build. SOURCE_DATE_EPOCH is set for the tools that honour it (pdfTeX with
 * FORCE_SOURCE_DATE, pandoc), so their PDFs vary less between builds.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";

const exec = promisify(execFile);

export const SOURCE_DATE_EPOCH = "1700000000";

export interface RunOptions {
  cwd?: string;
  timeoutMs?: number;
  input?: string;
}

export async function run(cmd: string, args: string[], opts: RunOptions = {}): Promise<string> {
  const p = exec(cmd, args, {
    cwd: opts.cwd,
    timeout: opts.timeoutMs ?? 120_000,
    killSignal: "SIGKILL",
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, SOURCE_DATE_EPOCH, FORCE_SOURCE_DATE: "1", LC_ALL: "C.UTF-8" },
  });
  if (opts.input !== undefined) {
    p.child.stdin?.end(opts.input);
  }
  return (await p).stdout;
}

/** Whether a command is on the PATH (a style whose tool is missing is skipped). */
export async function hasCommand(cmd: string): Promise<boolean> {
  try {
    await exec("sh", ["-c", `command -v ${cmd}`]);
    return true;
  } catch {
    return false;
  }
}

/** The first line of an error, short enough for a log or skipped.jsonl. */
export const shortError = (err: unknown) => String((err as Error)?.message ?? err).split("\n").find((l) => l.trim())?.slice(0, 200) ?? "error";
