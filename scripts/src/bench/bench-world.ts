/**
 * The world every phase runs in: the integration tests' local world (anvil, token, Engine and
 * Google stand-ins) in this process, and the app alone in a child process over the world's store.
 */
import { startTestWorld } from "@tube/backend/test/test-world";
import { startAppProcess, type AppProcess } from "./app-process.ts";
import { createTokenPool } from "./claimant.ts";

/** Set explicitly: the reconciler phase seeds claims at their last attempt. */
export const MINT_MAX_ATTEMPTS = 3;

export async function startBenchWorld(options: { viewers: number }) {
  const world = await startTestWorld({
    inProcessApp: false,
    subscribers: options.viewers,
    env: {
      // Production's level, so what logging costs is in the figures.
      LOG_LEVEL: "info",
      // Lifted so the limiter is not what the bench measures.
      RATE_LIMIT_PER_MINUTE: "100000000",
      // The reconciler alone confirms claims (ADR 4); a short interval keeps it from pacing "confirmed".
      RECONCILE_INTERVAL_MS: "250",
      MINT_MAX_ATTEMPTS: String(MINT_MAX_ATTEMPTS),
    },
  });
  const dataDir = world.env.DATA_DIR as string;
  let app: AppProcess | null = null;
  try {
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
    rpcUrl: world.rpcUrl,
    tokenAddress: world.tokenAddress,
    tokens: createTokenPool(world.googleUrl, options.viewers),
    app: current,
    /** Stops the app, lets `between` change its store, starts it again; returns the new process. */
    async restartApp(between: () => Promise<void> = async () => undefined): Promise<AppProcess> {
      await app?.stop();
      app = null;
      await between();
      app = await startAppProcess(world.env);
      return app;
    },
    /** A counter from the app's /metrics, summed over the label values that match. */
    async metric(name: string, labels: Record<string, string>): Promise<number> {
      const text = await (await fetch(`${current().appUrl}/metrics`)).text();
      let sum = 0;
      for (const line of text.split("\n")) {
        if (!line.startsWith(`${name}{`)) continue;
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
