/**
 * The world every phase runs in: the integration tests' local world (anvil, token, Engine and
 * Google stand-ins) in this process, and the app alone in a child process over the world's store.
 */
import { OPERATOR_HEADERS, startTestWorld } from "@tube/backend/test/test-world";
import { ENGINE_MEDIAN_SEND_LATENCY_MS } from "@tube/local-world/engine-emulator/engine-emulator";
import type { RpcProxyOptions } from "@tube/local-world/rpc-proxy";
import { startAppProcess, type AppProcess } from "./app-process.ts";
import { createTokenPool } from "./claimant.ts";

/** Arbitrum One's cadence, a block every 250 ms, rather than one per transaction (which paces sends by mining). */
export const BLOCK_SECONDS = Number(process.env.BENCH_BLOCK_SECONDS ?? 0.25);

/** The Engine stand-in's wait from a write's 202 to its send: the local world's, Engine's published median. */
export const ENGINE_SEND_LATENCY_MS = Number(process.env.BENCH_ENGINE_SEND_LATENCY_MS ?? ENGINE_MEDIAN_SEND_LATENCY_MS);

/**
 * `env` overrides the settings below; `rpcProvider` puts a proxy playing a hosted provider's limits between the app and
 * the chain (the bench's own reads and the stand-ins still reach the chain directly).
 */
export async function startBenchWorld(
  options: { env?: Record<string, string>; rpcProvider?: Omit<RpcProxyOptions, "upstreamUrl" | "port" | "now"> } = {},
) {
  const world = await startTestWorld({
    inProcessApp: false,
    rpcProvider: options.rpcProvider,
    env: {
      // Lifted so the limiter is not what the bench measures.
      RATE_LIMIT_PER_MINUTE: "100000000",
      // Production's default: the sequencer's head is final.
      MINT_FINALITY: "latest",
      ...options.env,
    },
    pace: { chainBlockSeconds: BLOCK_SECONDS, engineSendLatencyMs: ENGINE_SEND_LATENCY_MS },
  });
  const dataDir = world.env.DATA_DIR as string;
  // The test world hands its proxy to an app it runs itself; this one runs in a child process and is told here.
  const appEnv = world.rpcProxy ? { ...world.env, RPC_URL: world.rpcProxy.url } : world.env;
  let app: AppProcess | null = null;
  try {
    app = await startAppProcess(appEnv);
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
    env: appEnv,
    rpcUrl: world.rpcUrl,
    /** What the app asked of the chain, with `rpcProvider` only. */
    rpcProxy: world.rpcProxy,
    tokenAddress: world.tokenAddress,
    tokens: createTokenPool(world.googleUrl),
    app: current,
    /** Stops the app, lets `between` change its store, starts it again; returns the new process. */
    async restartApp(between: () => Promise<void> = async () => undefined): Promise<AppProcess> {
      await app?.stop();
      app = null;
      await between();
      app = await startAppProcess(appEnv);
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
