/**
 * Versioned SQL migrations (`migrations/NNN_name.sql`), applied in order at start and by
 * `treeindex migrate`. Each runs in its own transaction with its row in
 * `treeindex_migrations`; an advisory lock makes servers starting together apply each
 * exactly once, and an applied version is never run again (idempotent).
 */
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type pg from "pg";
import { withConnection } from "./checkout.ts";

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");
/** Arbitrary, fixed: the advisory lock key of migrations. */
const MIGRATION_LOCK = 724_001;

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export async function readMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await fs.readdir(dir)).filter((f) => /^\d{3}_[a-z0-9_]+\.sql$/.test(f)).sort();
  return Promise.all(files.map(async (file) => ({ version: Number(file.slice(0, 3)), name: file.slice(4, -4), sql: await fs.readFile(path.join(dir, file), "utf8") })));
}

/** Applies the migrations not yet applied; returns the versions applied now. */
export async function migrate(pool: pg.Pool, migrations?: Migration[]): Promise<number[]> {
  const wanted = migrations ?? (await readMigrations());
  return withConnection(pool, async (client) => {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    try {
      await client.query("CREATE TABLE IF NOT EXISTS treeindex_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())");
      const done = new Set((await client.query<{ version: number }>("SELECT version FROM treeindex_migrations")).rows.map((r) => r.version));
      const applied: number[] = [];
      for (const m of wanted.filter((m) => !done.has(m.version))) {
        await client.query("BEGIN");
        try {
          await client.query(m.sql);
          await client.query("INSERT INTO treeindex_migrations (version, name) VALUES ($1, $2)", [m.version, m.name]);
          await client.query("COMMIT");
          applied.push(m.version);
        } catch (error) {
          await client.query("ROLLBACK");
          throw new Error(`Migration ${m.version}_${m.name} failed: ${(error as Error).message}`);
        }
      }
      return applied;
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => undefined);
    }
  });
}
