/**
 * tools/run-tests.mjs (`npm test`) runs a file again only when its worker died; every other
 * error fails the run. Each case runs the real script over a throwaway vitest project.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const script = path.join(root, "tools", "run-tests.mjs");

const FILES: Record<string, string> = {
  // Skips itself whole, as the corpus tests do where ../shared is absent: no test result at all.
  "skipped.test.mjs": `import { describe, it } from "vitest";
const found = [];
describe.skipIf(!found.length)("a corpus that is absent", () => { for (const f of found) it(f, () => {}); });`,
  // Its worker dies the first time (a marker file says whether it has died before).
  "dies.test.mjs": `import { existsSync, writeFileSync } from "node:fs";
import { expect, it } from "vitest";
it("survives the second time", () => {
  if (!existsSync(process.env.DIED_MARKER)) { writeFileSync(process.env.DIED_MARKER, "1"); process.kill(process.pid, "SIGKILL"); }
  expect(1).toBe(1);
});`,
  // Every assertion passes, but an error event nobody listens to is emitted meanwhile.
  "leaks.test.mjs": `import { EventEmitter } from "node:events";
import { expect, it } from "vitest";
it("passes", async () => {
  setTimeout(() => new EventEmitter().emit("error", new Error("terminating connection due to administrator command")), 5);
  await new Promise((r) => setTimeout(r, 50));
  expect(1).toBe(1);
});`,
};

let dir: string | undefined;
afterEach(async () => {
  if (dir) await fs.rm(dir, { recursive: true, force: true });
  dir = undefined;
});

/** Runs `npm test`'s script over a project holding only `files`. */
async function runTests(files: string[]): Promise<{ status: number | null; stderr: string }> {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "treeindex-run-tests-"));
  await fs.symlink(path.join(root, "node_modules"), path.join(dir, "node_modules"));
  await fs.writeFile(path.join(dir, "vitest.config.mjs"), `export default { test: { include: ["*.test.mjs"], maxWorkers: 1 } };\n`);
  for (const f of files) await fs.writeFile(path.join(dir, f), FILES[f]!);
  const run = spawnSync(process.execPath, [script, "--root", dir, "--config", path.join(dir, "vitest.config.mjs")], {
    cwd: dir,
    encoding: "utf8",
    env: { ...process.env, DIED_MARKER: path.join(dir, "died"), NO_COLOR: "1" },
  });
  return { status: run.status, stderr: run.stderr };
}

describe("npm test's runner", () => {
  it("runs a file whose worker died once more and passes when it passes then; a file that skipped itself is not run again", async () => {
    const run = await runTests(["dies.test.mjs", "skipped.test.mjs"]);
    expect(run.stderr).toMatch(/worker process running dies\.test\.mjs died before reporting/);
    expect(run.stderr).not.toMatch(/skipped\.test\.mjs/);
    expect(run.stderr).toMatch(/passed on the second run: dies\.test\.mjs/);
    expect(run.status).toBe(0);
  });

  it("fails on an unhandled error although every test passed, and runs nothing again", async () => {
    const run = await runTests(["leaks.test.mjs", "skipped.test.mjs"]);
    expect(run.stderr).toMatch(/1 unhandled error outside any test/);
    expect(run.stderr).toMatch(/terminating connection due to administrator command/);
    expect(run.stderr).not.toMatch(/once more/);
    expect(run.status).toBe(1);
  });

  it("does not forgive an unhandled error because a worker also died", async () => {
    const run = await runTests(["leaks.test.mjs", "dies.test.mjs"]);
    expect(run.stderr).toMatch(/1 unhandled error outside any test/);
    expect(run.stderr).not.toMatch(/once more/);
    expect(run.status).toBe(1);
  });
});
