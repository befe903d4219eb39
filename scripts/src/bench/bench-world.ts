/** The integration tests' world in this process; the app from its production entry in a child. */
import { spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { OPERATOR_HEADERS, startTestWorld } from "@tube/backend/test/test-world";
import { ENGINE_MEDIAN_SEND_LATENCY_MS } from "@tube/local-world/engine-emulator/engine-emulator";
import type { RpcProxyOptions } from "@tube/local-world/rpc-proxy";
import { untilReady } from "./stats.ts";

/** Arbitrum One's cadence, a block every 250 ms. */
export const BLOCK_SECONDS = Number(process.env.BENCH_BLOCK_SECONDS ?? 0.25);
export const ENGINE_SEND_LATENCY_MS = Number(process.env.BENCH_ENGINE_SEND_LATENCY_MS ?? ENGINE_MEDIAN_SEND_LATENCY_MS);

export async function startBenchWorld(
  options: { env?: Record<string, string>; rpcProvider?: Omit<RpcProxyOptions, "upstreamUrl" | "port" | "now"> } = {},
) {
  const world = await startTestWorld({
    inProcessApp: false,
    rpcProvider: options.rpcProvider,
    env: { RATE_LIMIT_PER_MINUTE: "100000000", MINT_FINALITY: "latest", ...options.env },
    pace: { chainBlockSeconds: BLOCK_SECONDS, engineSendLatencyMs: ENGINE_SEND_LATENCY_MS },
  });
  const env = world.rpcProxy ? { ...world.env, RPC_URL: world.rpcProxy.url } : world.env;
  const appUrl = env.PUBLIC_URL as string;
  // From DATA_DIR, where no .env is. Logs are still written: their cost stays in the figures.
  const child = spawn(process.execPath, [path.resolve(import.meta.dirname, "../../../backend/src/entry.ts")], {
    cwd: world.env.DATA_DIR as string,
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = once(child, "exit");
  await untilReady(appUrl, child, 300_000).catch(async (error: unknown) => {
    child.kill();
    await world.stop();
    throw error;
  });
  const dbFile = path.join(world.env.DATA_DIR as string, "claims.sqlite");
  /** From the app's /metrics, summed over its labels. */
  const metric = async (name: string) => {
    const response = await fetch(`${appUrl}/metrics`, { headers: OPERATOR_HEADERS });
    if (!response.ok) throw new Error(`/metrics answered ${response.status}`);
    const lines = (await response.text()).split("\n");
    return lines
      .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
      .reduce((sum, line) => sum + Number(line.split(" ").at(-1)), 0);
  };

  return {
    env,
    rpc: world.rpc,
    rpcProxy: world.rpcProxy,
    api: world.api,
    viewers: world.visitors,
    viewer: world.visitor,
    /** The app process's user + system time, as prom-client reads it. */
    cpuMs: async () => 1000 * (await metric("process_cpu_seconds_total")),
    metric,
    /** Read from the store file, at no cost to the app. */
    confirmed(wallets: readonly string[]) {
      const db = new DatabaseSync(dbFile, { readOnly: true });
      try {
        const query = db.prepare(
          "SELECT updated_at, tx_hash FROM claims WHERE wallet_address = ? AND status = 'confirmed'",
        );
        const confirmed = new Map<string, { at: number; txHash: string }>();
        for (const wallet of wallets) {
          const row = query.get(wallet) as { updated_at: number; tx_hash: string } | undefined;
          if (row) confirmed.set(wallet, { at: row.updated_at, txHash: row.tx_hash });
        }
        return confirmed;
      } finally {
        db.close();
      }
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await exited;
      }
      await world.stop();
    },
  };
}

export type BenchWorld = Awaited<ReturnType<typeof startBenchWorld>>;
