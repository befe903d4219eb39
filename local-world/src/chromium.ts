import fs from "node:fs";

/**
 * The system Chromium (Debian's package: no browser download works here) and the flags it needs
 * headless in a sandboxed, offline machine, for every tool that drives it (Playwright, Lighthouse).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? "/usr/bin/chromium";

/**
 * What the end-to-end tests drive: Chromium's headless shell (Debian's `chromium-headless-shell`, the same engine
 * without the desktop browser around it, and what Playwright itself runs headless), when installed. It spent a third
 * less CPU than the full browser on the same tests, on a suite that is CPU-bound on two cores
 * (docs/benchmarks/test-suite.md). Lighthouse keeps the full browser, the one visitors run.
 */
const HEADLESS_SHELL_PATH = "/usr/bin/chromium-headless-shell";
export const E2E_CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH);

export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
