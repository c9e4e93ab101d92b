/** A real `serve` process (with the test "sleep" job kind) on a home, for crash and restart tests; killed after each test. */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

const SERVER = path.resolve("test/fixtures/jobs/serve-with-sleep-jobs.ts");

export interface ChildServer {
  child: ChildProcess;
  url: string;
}

export class ChildServers {
  private readonly children: ChildProcess[] = [];

  start(home: string, env: Record<string, string> = {}): Promise<ChildServer> {
    const child = spawn(process.execPath, ["--import", "tsx", SERVER], { env: { ...process.env, TREEINDEX_HOME: home, TREEINDEX_WORKERS: "1", ...env }, stdio: ["ignore", "ignore", "pipe"] });
    this.children.push(child);
    return new Promise((resolve, reject) => {
      let err = "";
      child.stderr!.on("data", (d) => {
        err += d;
        const m = /LISTENING (\S+)/.exec(err);
        if (m) resolve({ child, url: m[1] });
      });
      child.once("exit", (code) => reject(new Error(`server exited ${code}: ${err}`)));
    });
  }

  /** SIGKILL every server and wait until each has exited, so its home can be removed
   * without a server still writing into it. */
  async killAll(): Promise<void> {
    const children = this.children.splice(0);
    await Promise.all(
      children.map((c) => {
        if (c.exitCode !== null || c.signalCode !== null) return undefined;
        const exited = new Promise<void>((resolve) => c.once("exit", () => resolve()));
        c.kill("SIGKILL");
        return exited;
      }),
    );
  }
}
