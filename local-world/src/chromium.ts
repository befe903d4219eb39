import fs from "node:fs";
import { BORDER_HOSTS } from "./network-border/border-hosts.ts";

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

/** Where the local world's network border listens, and the key its certificate holds. */
export interface BorderAddress {
  port: number;
  spkiSha256: string;
}

/**
 * The flags every Chromium the project launches gets. The host-resolver rules are the network's edge: the outside
 * hosts the local world stands in for resolve to its border server (real names, real TLS, trusted by the key's
 * fingerprint alone), and every other outside host fails at once instead of waiting on a time-out. Resolving, not
 * Playwright's request routes, because while a route is installed Playwright answers CORS preflights itself, and the
 * stand-ins' own CORS would never be tried.
 */
export function chromiumFlags(border?: BorderAddress): string[] {
  const toBorder = border ? BORDER_HOSTS.map((host) => `MAP ${host} 127.0.0.1:${border.port}`) : [];
  const rules = [...toBorder, "MAP * ~NOTFOUND", "EXCLUDE localhost", "EXCLUDE 127.0.0.1"].join(", ");
  return [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    `--host-resolver-rules=${rules}`,
    ...(border ? [`--ignore-certificate-errors-spki-list=${border.spkiSha256}`] : []),
  ];
}
