/**
 * globalSetup of the `postgres` test project: one embedded PostgreSQL for the whole run;
 * every test server gets its own database on it (see test-store.ts).
 */
import type { TestProject } from "vitest/node";
import { startTestPostgres } from "./postgres.ts";

declare module "vitest" {
  export interface ProvidedContext {
    postgresAdminUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startTestPostgres();
  project.provide("postgresAdminUrl", server.adminUrl);
  return () => server.stop();
}
