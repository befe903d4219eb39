/**
 * The world every phase runs in: the integration tests' local world (anvil, token, Engine and
 * Google stand-ins) in this process, and the app alone in a child process over the world's store.
 */
import { OPERATOR_HEADERS, startTestWorld } from "@tube/backend/test/test-world";
import { startAppProcess, type AppProcess } from "./app-process.ts";
import { mineAtInterval } from "./chain.ts";
import { createTokenPool } from "./claimant.ts";

/** A block a second, as a live chain makes them, rather than one per transaction (which paces sends by mining). */
export const BLOCK_SECONDS = Number(process.env.BENCH_BLOCK_SECONDS ?? 1);

/** Set explicitly: the reconciler phase seeds claims at their last attempt. */
export const MINT_MAX_ATTEMPTS = 3;

export async function startBenchWorld() {
  const world = await startTestWorld({
    inProcessApp: false,
    env: {
      // Production's level, so what logging costs is in the figures.
      LOG_LEVEL: "info",
      // Lifted so the limiter is not what the bench measures.
      RATE_LIMIT_PER_MINUTE: "100000000",
      // Production's pace (the test world polls faster): a claim's follower polls Engine and the chain this often,
      // and that polling is part of what a claim costs the app.
      MINT_FOLLOW_INTERVAL_MS: "500",
      RECONCILE_INTERVAL_MS: "2000",
      CLAIM_LEASE_MS: "30000",
      MINT_MAX_ATTEMPTS: String(MINT_MAX_ATTEMPTS),
    },
  });
  const dataDir = world.env.DATA_DIR as string;
  let app: AppProcess | null = null;
  try {
    // Switched on the running anvil (what --block-time sets at launch): the token is already deployed.
    await mineAtInterval(world.rpcUrl, BLOCK_SECONDS);
    app = await startAppProcess(world.env);
  } catch (error) {
    await world.stop();
    throw error;
  }

  const current = (): AppProcess => {
    if (!app) throw new Error("the app process is not running");
    return app;
  };

  return {
    dataDir,
    /** The app process's environment, from which its settings (its limits, say) can be read. */
    env: world.env,
    rpcUrl: world.rpcUrl,
    tokenAddress: world.tokenAddress,
    tokens: createTokenPool(world.googleUrl),
    app: current,
    /** Stops the app, lets `between` change its store, starts it again; returns the new process. */
    async restartApp(between: () => Promise<void> = async () => undefined): Promise<AppProcess> {
      await app?.stop();
      app = null;
      await between();
      app = await startAppProcess(world.env);
      return app;
    },
    /** A counter from the app's /metrics, summed over the label values that match (all of them when none are given). */
    async metric(name: string, labels: Record<string, string> = {}): Promise<number> {
      const response = await fetch(`${current().appUrl}/metrics`, { headers: OPERATOR_HEADERS });
      if (!response.ok) throw new Error(`/metrics answered ${response.status}`);
      const text = await response.text();
      let sum = 0;
      for (const line of text.split("\n")) {
        if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
        if (Object.entries(labels).every(([key, value]) => line.includes(`${key}="${value}"`)))
          sum += Number(line.split(" ").at(-1));
      }
      return sum;
    },
    async stop() {
      await app?.stop();
      await world.stop();
    },
  };
}

export type BenchWorld = Awaited<ReturnType<typeof startBenchWorld>>;
