/**
 * The system Chromium (Debian's package: no browser download works here) and the flags it needs
 * headless in a sandboxed, offline machine, for every tool that drives it (Playwright, Lighthouse).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
