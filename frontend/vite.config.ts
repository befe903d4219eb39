import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { REWARD_TOKENS } from "@tube/common/constants";
import { compression } from "vite-plugin-compression2";
import { defineConfig } from "vitest/config";
import { chakraGlobalCss } from "./build/chakra-global-css.ts";
import { compileHintPlugin } from "./build/compile-hint.ts";

const frontendDir = fileURLToPath(new URL(".", import.meta.url));
const apiTarget = process.env.VITE_API_PROXY ?? "http://localhost:3000";

export const OWN_MODULE_GRAPH_TESTS = ["src/**/*.isolated.test.{ts,tsx}"];

export default defineConfig({
  root: frontendDir,
  plugins: [
    react(),
    chakraGlobalCss(),
    compileHintPlugin(),
    // A brotli and a gzip twin beside each text file (index.html is the server's input, not sent).
    compression({ include: /\.(js|mjs|css|svg|json|txt|webmanifest|xml|map)$/ }),
    { name: "tube:reward", transformIndexHtml: (html) => html.replaceAll("%REWARD%", String(REWARD_TOKENS)) },
  ],
  build: {
    outDir: "dist",
    // The wallet SDK's chunks are large and lazy; the e2e bundle budget guards downloads.
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
    environment: "happy-dom",
    include: ["src/**/*.test.{ts,tsx}"],
    exclude: OWN_MODULE_GRAPH_TESTS,
    // One module graph per worker: importing React, Chakra and the SDK per file was most of the CPU.
    isolate: false,
    restoreMocks: true,
    unstubGlobals: true,
    setupFiles: ["./src/test/setup.ts"],
    // A group of two workers before the server's: these tests never wait, and each worker loads React and Chakra once.
    maxWorkers: 2,
    sequence: { groupOrder: 0 },
    // Generous for a loaded machine: no timing is asserted.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
