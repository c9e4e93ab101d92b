/** The embedded PostgreSQL the tests start (shared with the benches). */
export { startTestPostgres, type TestPostgres } from "../../tools/postgres/embedded.ts";
