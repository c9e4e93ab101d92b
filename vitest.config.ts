import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Integration tests start servers, worker pools and child processes: keep the
    // 2-core CI machine from being oversubscribed.
    maxWorkers: 2,
  },
});
