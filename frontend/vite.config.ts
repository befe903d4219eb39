import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

const frontendDir = fileURLToPath(new URL(".", import.meta.url));
// The dev server forwards API calls so the browser sees one origin, as in production.
const apiTarget = process.env.VITE_API_PROXY ?? "http://localhost:3000";

export default defineConfig({
  root: frontendDir,
  plugins: [react()],
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
    setupFiles: ["./src/test-setup.ts"],
  },
});
