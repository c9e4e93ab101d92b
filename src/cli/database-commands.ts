/**
 * Commands for running on PostgreSQL (see README "Run it for a team"):
 *   migrate             apply the database migrations (servers also apply them at start)
 *   import --from DIR   copy a file store (a TREEINDEX_HOME) into the configured store
 *   export --to DIR     copy the configured store into a new file store at DIR
 * The configured store is PostgreSQL when TREEINDEX_DATABASE_URL is set, else the file
 * store in --home / TREEINDEX_HOME.
 */
import fs from "node:fs/promises";
import path from "node:path";
import type { Command } from "commander";
import { loadConfig } from "../config.ts";
import type { Store } from "../store/index.ts";

// The store modules load when a command runs, not when the CLI starts (`treeindex mcp` must start fast).
const store = () => import("../store/index.ts");

async function openConfigured(command: Command): Promise<Store> {
  const config = loadConfig(command.optsWithGlobals());
  return (await store()).openStore(config.home, { databaseUrl: config.databaseUrl, s3: config.s3 });
}

function describe(store: Store): string {
  return store.kind === "postgres" ? "the PostgreSQL database" : `the file store in ${store.home}`;
}

async function copy(from: Store, to: Store): Promise<void> {
  try {
    const report = await (await store()).transferStore(from, to, (m) => process.stderr.write(`${m}\n`));
    const records = Object.values(report.records).reduce((a, b) => a + b, 0);
    process.stderr.write(`copied ${records} records and ${report.blobs} blobs from ${describe(from)} to ${describe(to)}\n`);
  } finally {
    await Promise.all([from.close(), to.close()]);
  }
}

export function registerDatabaseCommands(program: Command): void {
  program
    .command("migrate")
    .description("apply the PostgreSQL migrations to TREEINDEX_DATABASE_URL (servers also apply them when they start)")
    .addHelpText("after", "\nExample:\n  TREEINDEX_DATABASE_URL=postgres://treeindex:secret@db:5432/treeindex treeindex migrate\n")
    .action(async (_opts: unknown, command: Command) => {
      const config = loadConfig(command.optsWithGlobals());
      if (!config.databaseUrl) throw new Error("migrate needs TREEINDEX_DATABASE_URL (the file store needs no migrations)");
      const [pg, { migrate }] = await Promise.all([import("pg").then((m) => m.default), import("../store/postgres/index.ts")]);
      const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 1 });
      try {
        const applied = await migrate(pool);
        process.stderr.write(applied.length ? `applied migrations ${applied.join(", ")}\n` : "the database is up to date\n");
      } finally {
        await pool.end();
      }
    });

  program
    .command("import")
    .description("copy a file store (a TREEINDEX_HOME folder) into the configured store, which must be empty")
    .requiredOption("--from <dir>", "the file store's folder (it holds catalog.json)")
    .addHelpText("after", "\nExample:\n  TREEINDEX_DATABASE_URL=postgres://treeindex:secret@db:5432/treeindex treeindex import --from ./storage\n")
    .action(async (opts: { from: string }, command: Command) => {
      const source = path.resolve(opts.from);
      const { catalogExists, openStore } = await store();
      if (!catalogExists(source)) throw new Error(`${opts.from}: no file store here (catalog.json is missing)`);
      const to = await openConfigured(command);
      if (to.kind === "file" && path.resolve(to.home) === source) {
        await to.close();
        throw new Error("import copies into another store: set TREEINDEX_DATABASE_URL or --home to the target");
      }
      await copy(await openStore(source), to);
    });

  program
    .command("export")
    .description("copy the configured store into a new file store at DIR (empty or missing)")
    .requiredOption("--to <dir>", "folder for the new file store")
    .addHelpText("after", "\nExample:\n  TREEINDEX_DATABASE_URL=postgres://treeindex:secret@db:5432/treeindex treeindex export --to ./backup\n")
    .action(async (opts: { to: string }, command: Command) => {
      const target = path.resolve(opts.to);
      const entries = await fs.readdir(target).catch(() => []);
      if (entries.length > 0) throw new Error(`${opts.to}: not empty; export writes a new file store into an empty folder`);
      await copy(await openConfigured(command), await (await store()).openStore(target));
    });
}
