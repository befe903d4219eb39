import fs from "node:fs";
import path from "node:path";
import type { BorderAddress } from "@tube/local-world/chromium";

/** What `npm run browser` needs from the running `npm start`: the app's URL and where the network border is. */
interface BrowserSetup {
  url: string;
  border?: BorderAddress;
}

const fileIn = (dataDir: string) => path.join(dataDir, "browser.json");

export function writeBrowserSetup(dataDir: string, setup: BrowserSetup): void {
  fs.writeFileSync(fileIn(dataDir), JSON.stringify(setup, null, 2));
}

export function readBrowserSetup(dataDir: string): BrowserSetup | null {
  try {
    return JSON.parse(fs.readFileSync(fileIn(dataDir), "utf8")) as BrowserSetup;
  } catch {
    return null;
  }
}
