/**
 * `npm start` from nothing to `/readyz`: a fresh data dir each time, so anvil starts empty and
 * the token is deployed, as on a first run. The frontend is built beforehand: a stale build is
 * a developer's cost, not a start's.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { freePort } from "@tube/local-world/free-port";
import { buildFrontend } from "../build-frontend.ts";
import { waitForReady } from "./app-process.ts";
import { formatSpread, table } from "./stats.ts";

const REPO_ROOT = path.resolve(import.meta.dirname, "../../..");

async function timeNpmStart(): Promise<number> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "tube-bench-start-"));
  const port = await freePort();
  const started = performance.now();
  // Its own process group, so stopping it stops npm, tsx and the app together.
  const child = spawn("npm", ["start"], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      LOG_LEVEL: "warn",
    },
    stdio: "ignore",
    detached: true,
  });
  const exited = once(child, "exit");
  try {
    await waitForReady(`http://localhost:${port}`, 120_000);
    return performance.now() - started;
  } finally {
    if (child.pid) process.kill(-child.pid, "SIGTERM");
    await exited;
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

export async function coldStartPhase(
  rounds: number,
  restartWithClaims: { claims: number; ms: number[] },
): Promise<string> {
  await buildFrontend();
  const starts: number[] = [];
  for (let round = 0; round < rounds; round++) starts.push(await timeNpmStart());
  return [
    "## Cold start",
    "",
    `\`npm start\` with an empty data dir (anvil, token deployment, Engine and Google stand-ins, the app) until \`/readyz\` answers 200, ${rounds} runs. The backend restart is the app process alone over a store of ${restartWithClaims.claims.toLocaleString("en")} claims (from the growth phase).`,
    "",
    table(
      ["start", "ms to /readyz"],
      [
        ["`npm start`, first run", formatSpread(starts)],
        [
          `backend restart, ${restartWithClaims.claims.toLocaleString("en")} claims stored`,
          restartWithClaims.ms.length > 0
            ? formatSpread(restartWithClaims.ms)
            : "not measured (BENCH_GROWTH_SIZES left this size out)",
        ],
      ],
    ),
  ].join("\n");
}
