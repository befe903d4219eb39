import path from "node:path";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import frontendConfig, { OWN_MODULE_GRAPH_TESTS } from "./frontend/vite.config.ts";

/**
 * Longest files first, across both projects. Vitest's own order runs one project's files before the other's, so the
 * long integration files of the server project (minutes, mostly waiting on the local world) started only after every
 * frontend file had, and the run ended on them alone. The last run's durations (vitest's cache) rank the files;
 * files it has not timed go first: the integration files (`*.integration.test.ts`, each waiting tens of seconds on its
 * local world) before the rest, each group largest first, as vitest's own order does. A wait does not shrink when the
 * cores come free at the end of the run, a computing file does: by size alone a clean clone (CI's) started the
 * 500-claim provider-limits file, small but 50 s long, 128 s into a 178 s stage.
 */
class LongestFirstSequencer extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { cache, config } = this.ctx;
    const rank = (file: TestSpecification) => {
      const key = `${file.project.name}:${path.relative(config.root, file.moduleId)}`;
      const result = cache.getFileTestResults(key);
      if (result?.failed) return [0, 0, 0];
      if (result) return [2, 0, -result.duration];
      return [1, file.moduleId.endsWith(".integration.test.ts") ? 0 : 1, -(cache.getFileStats(key)?.size ?? 0)];
    };
    const ranked = files.map((file) => ({ file, rank: rank(file) }));
    ranked.sort((a, b) => a.rank[0]! - b.rank[0]! || a.rank[1]! - b.rank[1]! || a.rank[2]! - b.rank[2]!);
    return Promise.resolve(ranked.map(({ file }) => file));
  }
}

export default defineConfig({
  test: {
    // Most test time is spent waiting on the local world (blocks, polls, child processes), not computing: on two
    // cores the default of one worker left the CPU a third busy. Six at a time: with four, the cores still idled
    // while every worker waited on an integration file's world, and the stage took 125 and 137 s against 110 and
    // 122 s with six, the same CPU (docs/benchmarks/test-suite.md).
    maxWorkers: 6,
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        test: {
          name: "server",
          environment: "node",
          // The server's test files share one module graph per worker instead of importing the backend afresh each:
          // a third less CPU for the project. Safe because they replace no module, timer, global or environment
          // variable (ESLint keeps it so) and each file starts and stops the world it uses.
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
          // Tests that start server processes or operator commands run them compiled: built here when stale.
          globalSetup: ["scripts/src/build-server.global-setup.ts"],
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
