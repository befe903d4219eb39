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

export function writeRunningWorld(dataDir: string, world: RunningWorld) {
  fs.writeFileSync(fileIn(dataDir), JSON.stringify(world, null, 2));
}

export function readRunningWorld(dataDir: string) {
  try {
    return JSON.parse(fs.readFileSync(fileIn(dataDir), "utf8")) as RunningWorld;
  } catch {
    return null;
  }
}

/** For a tool beside `npm start`, with its network border; otherwise says so and exits. */
export function runningWorldOrExit(dataDir: string) {
  const world = readRunningWorld(dataDir);
  if (world?.border) return world as RunningWorld & { border: BorderAddress };
  console.error("No running local world with a network border found: start it with `npm start` (same DATA_DIR) first.");
  process.exit(1);
}
