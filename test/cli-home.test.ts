// One default store per user, whatever the working directory. Without TREEINDEX_HOME:
// - an installation that is not a checkout (as `npm pack` + npx installs it: no storage/
//   folder) uses the per-user data directory: `add` from one folder and `list` from another
//   see the same documents, and no ./storage appears where the commands ran;
// - this checkout uses its own storage/, found from the installation, which `--help` shows
//   from any working directory (nothing is written to the checkout's store here).
// HOME and XDG_DATA_HOME (APPDATA on Windows) point into a temporary folder, so the real
// per-user store is never touched.
import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "./helpers/cli.ts";
import { makeTempHome } from "./helpers/server.ts";

let tmp: string;
let install: string;
let userEnv: Record<string, string | undefined>;
let dataDir: string;

/**
 * A copy of the installation without the checkout's storage/ folder: bin/, src/ and
 * package.json copied (not linked: Node resolves a linked module to its real path, which
 * would be the checkout again), node_modules linked. bin/treeindex.js runs its sources via
 * tsx there, so this does not depend on a fresh build.
 */
async function installedCopy(to: string): Promise<string> {
  for (const entry of ["bin", "src", "package.json"]) await fs.cp(path.resolve(entry), path.join(to, entry), { recursive: true });
  await fs.symlink(path.resolve("node_modules"), path.join(to, "node_modules"), "junction");
  return path.join(to, "bin", "treeindex.js");
}

beforeAll(async () => {
  tmp = await makeTempHome("treeindex-cli-home-");
  install = await installedCopy(path.join(tmp, "install"));
  const user = path.join(tmp, "user");
  dataDir = process.platform === "win32" ? path.join(user, "AppData", "Roaming") : process.platform === "darwin" ? path.join(user, "Library", "Application Support") : path.join(user, "data");
  userEnv = { TREEINDEX_HOME: undefined, HOME: user, USERPROFILE: user, XDG_DATA_HOME: path.join(user, "data"), APPDATA: path.join(user, "AppData", "Roaming"), TREEINDEX_WORKERS: "1" };
  for (const d of ["one", "two", "user"]) await fs.mkdir(path.join(tmp, d), { recursive: true });
}, 60_000);
afterAll(async () => {
  await fs.rm(tmp, { recursive: true, force: true });
});

describe("the default store", () => {
  it("is the same from two working directories: the per-user data directory of an installed copy", async () => {
    const note = path.join(tmp, "one", "orchard.md");
    await fs.writeFile(note, "# Orchard\n\nThe Bramley apple trees were grafted in 2019.\n");
    const added = await runCli(["add", "orchard.md"], { bin: install, cwd: path.join(tmp, "one"), env: userEnv });
    expect(added.code, added.stderr).toBe(0);
    const fromOne = await runCli(["list"], { bin: install, cwd: path.join(tmp, "one"), env: userEnv });
    const fromTwo = await runCli(["list"], { bin: install, cwd: path.join(tmp, "two"), env: userEnv });
    expect(fromTwo.code, fromTwo.stderr).toBe(0);
    expect(fromTwo.stdout).toMatch(/\tcompleted\t0\torchard\.md$/m);
    expect(fromTwo.stdout).toBe(fromOne.stdout);

    const store = path.join(dataDir, "treeindex");
    await expect(fs.stat(path.join(store, "catalog.json"))).resolves.toBeTruthy();
    for (const cwd of ["one", "two"]) await expect(fs.stat(path.join(tmp, cwd, "storage"))).rejects.toThrow(/ENOENT/);

    // --help names it, from anywhere.
    const help = await runCli(["--help"], { bin: install, cwd: path.join(tmp, "two"), env: userEnv });
    expect(help.stdout).toContain(`Store: ${store} (the per-user data directory;`);
    // TREEINDEX_HOME still wins.
    const named = await runCli(["--help"], { bin: install, cwd: path.join(tmp, "two"), env: { ...userEnv, TREEINDEX_HOME: path.join(tmp, "elsewhere") } });
    expect(named.stdout).toContain(`Store: ${path.join(tmp, "elsewhere")} (from TREEINDEX_HOME;`);
  }, 180_000);

  it("run from this checkout is the checkout's storage/, whatever the working directory (--help says so)", async () => {
    const help = await runCli(["--help"], { cwd: path.join(tmp, "two"), env: userEnv });
    expect(help.code).toBe(0);
    expect(help.stdout).toContain(`Store: ${path.resolve("storage")} (this checkout's storage/ folder;`);
    const viaFlag = await runCli(["--home", "~/somewhere", "--help"], { cwd: path.join(tmp, "two"), env: userEnv });
    expect(viaFlag.stdout).toContain(`Store: ${path.join(tmp, "user", "somewhere")} (from --home;`);
  }, 60_000);
});
