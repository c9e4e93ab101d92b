/**
 * Debian's package tools: `apt-get update` once, `apt-get install --no-install-recommends`,
 * and what an installed package is (version, files). Run the build under `nice -n 19`; the
 * children inherit it.
 */
import { execFile, spawn } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

/** Runs a command with its output on stderr (apt is long and chatty); rejects on failure. */
function loud(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ["ignore", process.stderr, process.stderr], env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(" ")} exited with ${code}`))));
  });
}

export async function aptUpdate(): Promise<void> {
  await loud("apt-get", ["update"]);
}

/** Installs what is not installed yet; a package Debian does not have is reported, not fatal. */
export async function aptInstall(packages: string[]): Promise<{ installed: string[]; unavailable: string[] }> {
  const missing: string[] = [];
  for (const p of packages) if (!(await installedVersion(p))) missing.push(p);
  const unavailable: string[] = [];
  const wanted: string[] = [];
  for (const p of missing) {
    const policy = await run("apt-cache", ["policy", p]).catch(() => ({ stdout: "" }));
    if (/Candidate:\s*(?!\(none\))\S+/.test(policy.stdout)) wanted.push(p);
    else unavailable.push(p);
  }
  if (wanted.length) await loud("apt-get", ["install", "-y", "--no-install-recommends", ...wanted]);
  return { installed: wanted, unavailable };
}

/** The installed version, or undefined when the package is not installed. */
export async function installedVersion(pkg: string): Promise<string | undefined> {
  try {
    const { stdout } = await run("dpkg-query", ["-W", "-f", "${db:Status-Status} ${Version}", pkg]);
    const [status, version] = stdout.trim().split(" ");
    return status === "installed" && version ? version : undefined;
  } catch {
    return undefined;
  }
}

/** Every path an installed package owns (`dpkg -L`). */
export async function packageFiles(pkg: string): Promise<string[]> {
  const { stdout } = await run("dpkg", ["-L", pkg], { maxBuffer: 256 * 1024 * 1024 });
  return stdout.split("\n").filter(Boolean);
}
