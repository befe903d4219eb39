import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { STEP_TIMEOUT_MS } from "./e2e/support/expect.ts";
import { E2E_CHROMIUM_PATH, chromiumFlags } from "./local-world/src/chromium.ts";
import { freePort } from "./local-world/src/free-port.ts";
import { loadTlsIdentity } from "./local-world/src/network-border/tls-identity.ts";

// Chosen once in the main process; workers inherit the environment and so agree on them.
process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "tube-e2e-"));
// The network border (thirdweb's wallet service), at a port and with a key the browsers are launched to trust.
process.env.E2E_BORDER_PORT ??= String(await freePort());
const border = {
  port: Number(process.env.E2E_BORDER_PORT),
  spkiSha256: loadTlsIdentity(process.env.E2E_DATA_DIR).spkiSha256,
};
const baseURL = `http://localhost:${process.env.E2E_PORT}`;

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  outputDir: "test-results/playwright-artifacts",
  timeout: 90_000,
  expect: { timeout: STEP_TIMEOUT_MS },
  // Three on two cores: a test often waits (for a block, a poll, a time-out), and a third worker fills that.
  workers: 3,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [
    ["list"],
    ["json", { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? "test-results/playwright.json" }],
  ],
  use: {
    baseURL,
    // A trace costs a tenth of the workers' CPU; rerun a failure with `--trace retain-on-failure` to get one.
    trace: "off",
    // Honoured by site.css (page-shell.spec.ts checks both): spinners turning while claims wait cost 8 % of the CPU.
    reducedMotion: "reduce",
    screenshot: "only-on-failure",
    // Chromium reuses a renderer wherever site isolation allows: about 6 % less CPU in this stage.
    launchOptions: {
      executablePath: E2E_CHROMIUM_PATH,
      args: [...chromiumFlags(border), "--renderer-process-limit=1"],
    },
  },
  // Tests run side by side (each has its own account, wallet and faults), in one project: a worker is replaced, and its
  // browser launched again, where the next test is another project's. The claiming specs ("claim-*") come early by name.
  fullyParallel: true,
  webServer: {
    // `npm test` has built the frontend already.
    command: process.env.E2E_PREBUILT ? "npm start -- --prebuilt" : "npm start",
    url: `${baseURL}/readyz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: process.env.E2E_PORT,
      PUBLIC_URL: baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOCAL_BORDER_PORT: process.env.E2E_BORDER_PORT,
      // Every test's browser is the one client 127.0.0.1, so the run shares one write limit (tested on its own).
      RATE_LIMIT_PER_MINUTE: "6000",
    },
  },
});
