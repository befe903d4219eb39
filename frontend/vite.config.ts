import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { REWARD_TOKENS } from "@tube/common/constants";
import { compression } from "vite-plugin-compression2";
import { defineConfig } from "vitest/config";
import { chakraGlobalCss } from "./build/chakra-global-css.ts";
import { compileHintPlugin } from "./build/compile-hint.ts";

const frontendDir = fileURLToPath(new URL(".", import.meta.url));
// The dev server forwards API calls so the browser sees one origin, as in production.
const apiTarget = process.env.VITE_API_PROXY ?? "http://localhost:3000";

/**
 * Test files that need modules of their own, run by the frontend-isolated project (vitest.config.ts), are named
 * `*.isolated.test.tsx`: they replace our modules with `vi.mock`, test what happens before a module's one-time load on
 * a page, or test the toaster itself, whose one toast list a late toast from another file's unfinished flow (same id,
 * another text) could change.
 */
export const OWN_MODULE_GRAPH_TESTS = ["src/**/*.isolated.test.{ts,tsx}"];

export default defineConfig({
  root: frontendDir,
  plugins: [
    react(),
    chakraGlobalCss(),
    compileHintPlugin(),
    // A brotli and a gzip twin beside each text file, for the server to pick from (index.html is its input, not sent).
    compression({ include: /\.(js|mjs|css|svg|json|txt|webmanifest|xml|map)$/ }),
    // index.html's title and meta tags say the reward from its one constant.
    { name: "tube:reward", transformIndexHtml: (html) => html.replaceAll("%REWARD%", String(REWARD_TOKENS)) },
  ],
  build: {
    outDir: "dist",
    // The wallet SDK's chunks are large by nature and load only on /claim; what the pages really
    // download is guarded by frontend/bundle-budget.json in the e2e tests, not by this warning.
    chunkSizeWarningLimit: 2_000,
  },
  server: {
    proxy: {
      "/api": { target: apiTarget, changeOrigin: true },
      "/healthz": { target: apiTarget, changeOrigin: true },
    },
  },
  test: {
    name: "frontend",
    root: frontendDir,
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    exclude: OWN_MODULE_GRAPH_TESTS,
    // One module graph and one document per worker for all files (docs/benchmarks/test-suite.md): importing React, Chakra and the wallet
    // SDK afresh for every file was over half of this project's CPU. src/test/setup.ts resets what a test leaves behind.
    isolate: false,
    // Every test starts with the real globals and no spy left by the one before, whoever wrote it.
    restoreMocks: true,
    unstubGlobals: true,
    setupFiles: ["./src/test/setup.ts"],
    // Generous on a shared, loaded machine: a slow run must not read as a failure (no timing is asserted).
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
