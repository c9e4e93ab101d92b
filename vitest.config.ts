import { defineConfig } from "vitest/config";

/** Tests that run a second time on PostgreSQL (the `postgres` project): everything that goes through the service and its store. */
const ON_BOTH_STORES = [
  "test/http/**/*.test.ts",
  "test/mcp/tools.test.ts",
  "test/mcp/tools-data.test.ts",
  "test/mcp/structure-compact.test.ts",
  "test/mcp/http.test.ts",
  "test/mcp/sessions.test.ts",
  "test/mcp/stdio.test.ts",
  "test/mcp/deferred-transport.test.ts",
  "test/mcp/local-file-race.test.ts",
  "test/mcp/process-url-roots.test.ts",
  "test/compat/*.test.ts",
  "test/core/documents/reading.test.ts",
  "test/llm/abstractive.test.ts",
  "test/concurrency/http-writers-readers.test.ts",
  "test/concurrency/uploads-with-pollers.test.ts",
  "test/retrieval/search-service.test.ts",
  "test/retrieval/library.test.ts",
  "test/mcp/sync-tools.test.ts",
  "test/sync/watched-folder.test.ts",
];

const shared = {
  testTimeout: 60_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    // Integration tests start servers, worker pools and child processes: keep the
    // 2-core CI machine from being oversubscribed.
    maxWorkers: 2,
    projects: [
      { test: { ...shared, name: "file", include: ["test/**/*.test.ts"] } },
      {
        test: {
          ...shared,
          name: "postgres",
          include: ON_BOTH_STORES,
          // OCR tests exercise the engine, not the store; they run once.
          exclude: ["test/http/ocr-*.test.ts"],
          env: { TREEINDEX_TEST_STORE: "postgres" },
          globalSetup: ["test/helpers/postgres-global.ts"],
        },
      },
    ],
  },
});
