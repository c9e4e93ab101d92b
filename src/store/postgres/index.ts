/** The PostgreSQL store's own entry points (the rest of the code opens stores through `openStore`). */
export { PgStore, type PgStoreOptions } from "./pg-store.ts";
export { migrate, readMigrations, type Migration } from "./migrate.ts";
