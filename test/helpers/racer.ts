/** A separate Node process running `script` forever, to race the code under test; stop() kills it. */
import { spawn, type ChildProcess } from "node:child_process";

export interface Racer {
  stop(): Promise<void>;
}

export async function startRacer(script: string): Promise<Racer> {
  const child: ChildProcess = spawn(process.execPath, ["-e", script], { stdio: "ignore" });
  // Give it a moment to get going, so the race starts with the first call.
  await new Promise((r) => setTimeout(r, 100));
  return {
    async stop() {
      if (child.exitCode === null) {
        child.kill("SIGKILL");
        await new Promise((r) => child.once("exit", r));
      }
    },
  };
}
