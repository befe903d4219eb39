import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Most test time is spent waiting on the local world (blocks, polls, child processes), not computing: on two
    // cores the default of one worker left the CPU a third busy, so files run four at a time.
    maxWorkers: 4,
    projects: [
      {
        test: {
          name: "server",
          environment: "node",
          include: [
            "common/src/**/*.test.ts",
            "local-world/src/**/*.test.ts",
            "backend/src/**/*.test.ts",
            "contracts/**/*.test.ts",
            "scripts/src/**/*.test.ts",
            // The frontend's build plugins run in Node, not in the browser the frontend project emulates.
            "frontend/build/**/*.test.ts",
          ],
          // Tests that start server processes run the compiled server: built here when stale.
          globalSetup: ["backend/src/test/build-backend.global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      "frontend/vite.config.ts",
    ],
  },
});
