/**
 * Which store the service under test uses. The `file` project runs every test on the
 * embedded file store; the `postgres` project runs the HTTP, MCP and concurrency tests
 * again with TREEINDEX_DATABASE_URL set to a fresh database per server.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";

export const onPostgres = process.env.TREEINDEX_TEST_STORE === "postgres";

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject("postgresAdminUrl") });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Env for a new service: a fresh database on the postgres project, nothing on the file project. */
export async function storeEnv(): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  if (!onPostgres) return { env: {}, drop: async () => undefined };
  const name = `t_${randomBytes(6).toString("hex")}`;
  await admin((c) => c.query(`CREATE DATABASE ${c.escapeIdentifier(name)}`));
  const url = new URL(inject("postgresAdminUrl"));
  url.pathname = `/${name}`;
  return {
    env: { TREEINDEX_DATABASE_URL: url.toString() },
    drop: () => admin((c) => c.query(`DROP DATABASE IF EXISTS ${c.escapeIdentifier(name)} WITH (FORCE)`)).then(() => undefined),
  };
}
