import fs from "node:fs";
import path from "node:path";
import type { BorderAddress } from "./chromium.ts";

/** Where a running `npm start` listens, for the tools and tests beside it. */
export interface RunningWorld {
  url: string;
  border?: BorderAddress;
  engineUrl?: string;
}

const fileIn = (dataDir: string) => path.join(dataDir, "running-world.json");

export function writeRunningWorld(dataDir: string, world: RunningWorld): void {
  fs.writeFileSync(fileIn(dataDir), JSON.stringify(world, null, 2));
}

export function readRunningWorld(dataDir: string): RunningWorld | null {
  try {
    return JSON.parse(fs.readFileSync(fileIn(dataDir), "utf8")) as RunningWorld;
  } catch {
    return null;
  }
}
