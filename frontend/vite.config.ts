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

/** Tests that need a module graph of their own (a `vi.mock`, a module's first load, the one toast list). */
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
    // The wallet SDK's chunks are large and lazy; the e2e bundle budget guards what pages download.
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
    // One module graph per worker: importing React, Chakra and the SDK per file cost most of the CPU; setup.ts resets.
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
