import fs from "node:fs";
import { BORDER_HOSTS } from "./network-border/border-hosts.ts";

/** The system Chromium and its flags, for Playwright and Lighthouse. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? "/usr/bin/chromium";

/** e2e drives the headless shell when installed (a third less CPU); Lighthouse keeps the full browser. */
const HEADLESS_SHELL_PATH = "/usr/bin/chromium-headless-shell";
export const E2E_CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH);

export interface BorderAddress {
  port: number;
  spkiSha256: string;
}

/** Every Chromium's flags. The host-resolver rules are the network's edge: the stand-ins' hosts resolve to the border
 * (trusted by its key alone), any other outside host fails at once. Not Playwright's routes: they answer CORS
 * preflights themselves. */
export function chromiumFlags(border?: BorderAddress) {
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
