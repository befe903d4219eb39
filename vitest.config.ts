import { defineConfig } from "vitest/config";
import frontendConfig, { OWN_MODULE_GRAPH_TESTS } from "./frontend/vite.config.ts";

export default defineConfig({
  test: {
    // Most test time waits on the local world (blocks, polls, child processes): six workers keep two cores busy.
    maxWorkers: 6,
    // `npm test` totals the run from this report.
    reporters: ["default", "json"],
    outputFile: { json: "test-results/vitest.json" },
    globalSetup: ["local-world/src/test/compile-contracts.ts"],
    projects: [
      {
        test: {
          name: "server",
          environment: "node",
          // After the frontend's two workers (frontend/vite.config.ts), on all six.
          sequence: { groupOrder: 1 },
          // One module graph per worker, a third less CPU: no file replaces a module or global (ESLint keeps it so).
          isolate: false,
          restoreMocks: true,
          unstubGlobals: true,
          include: [
            "common/src/**/*.test.ts",
            "local-world/src/**/*.test.ts",
            "backend/src/**/*.test.ts",
            "contracts/**/*.test.ts",
            "scripts/src/**/*.test.ts",
            // The frontend's build plugins run in Node, not in the browser the frontend project emulates.
            "frontend/build/**/*.test.ts",
          ],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      "frontend/vite.config.ts",
      // The frontend project's settings, except that these files each get a fresh module graph.
      {
        ...frontendConfig,
        test: {
          ...frontendConfig.test,
          name: "frontend-isolated",
          include: OWN_MODULE_GRAPH_TESTS,
          exclude: [],
          isolate: true,
        },
      },
    ],
  },
});
