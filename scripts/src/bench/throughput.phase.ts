/** A batch of viewers runs Verify then Claim at once; then on `safe` through a provider's limits. */
import { setTimeout as sleep } from "node:timers/promises";
import type { Visitor } from "@tube/backend/test/test-api";
import { BLOCK_SECONDS, ENGINE_SEND_LATENCY_MS, startBenchWorld, type BenchWorld } from "./bench-world.ts";
import { formatSpread, percentile, spreadOf, table } from "./stats.ts";

const BATCH = Number(process.env.BENCH_CLAIM_BATCH ?? 300);
const SETTLE_TIMEOUT_MS = 300_000;

export type BatchResult = Awaited<ReturnType<typeof runBatch>>;

async function runBatch(world: BenchWorld, viewers: Visitor[], windowMs: number) {
  const cpuBefore = await world.cpuMs();
  const started = performance.now();
  const claimedAt = new Map<string, number>();
  const statuses = await Promise.all(
    viewers.map(async (viewer) => {
      await world.api.verifySubscription(viewer.token, viewer.channelName);
      claimedAt.set(viewer.wallet, Date.now());
      return (await world.api.claim(viewer)).status;
    }),
  );
  const accepted = viewers.filter((_, i) => statuses[i] === 202).map((viewer) => viewer.wallet);
  const deadline = started + windowMs;
  while (world.confirmed(accepted).size < accepted.length && performance.now() < deadline) await sleep(50);
  const elapsedMs = performance.now() - started;
  const cpuMs = (await world.cpuMs()) - cpuBefore;
  const confirmed = world.confirmed(accepted);
  return {
    confirmedPerSecond: (confirmed.size * 1000) / elapsedMs,
    confirmed: confirmed.size,
    // HTTP statuses of claims refused under load: a finding, not a failure.
    refusals: statuses.filter((status) => status !== 202),
    cpuMsPerClaim: cpuMs / viewers.length,
    toConfirmedMs: [...confirmed].map(([wallet, { at }]) => at - (claimedAt.get(wallet) ?? at)),
  };
}

const BATCH_COLUMNS = ["confirmed in window", "refused", "Claim → confirmed p50 ms", "p95 ms", "confirmed claims/s"];

function batchCells(results: readonly BatchResult[]) {
  const statuses = [...new Set(results.flatMap((r) => r.refusals))];
  return [
    spreadOf(results, (r) => r.confirmed),
    spreadOf(results, (r) => r.refusals.length) + (statuses.length > 0 ? ` (HTTP ${statuses.join(", ")})` : ""),
    formatSpread(results.map((r) => percentile(r.toConfirmedMs, 50))),
    formatSpread(results.map((r) => percentile(r.toConfirmedMs, 95))),
    spreadOf(results, (r) => r.confirmedPerSecond, 1),
  ];
}

export async function throughputPhase(world: BenchWorld, rounds: number) {
  const results: BatchResult[] = [];
  for (let round = 0; round < rounds; round++)
    results.push(await runBatch(world, await world.viewers(BATCH), SETTLE_TIMEOUT_MS));
  const markdown = [
    "## CPU per claim and confirmed claims/s",
    "",
    `${rounds} batches of ${BATCH} viewers, each running Verify then Claim at once; claims/s and CPU (the app process's user + system time) are over the time from the first request to the last confirmation. anvil mines a block every ${BLOCK_SECONDS} s, Engine sends ${ENGINE_SEND_LATENCY_MS} ms after each write, finality \`latest\`.`,
    "",
    table(
      ["batch", ...BATCH_COLUMNS, "app CPU ms / claim"],
      [[String(BATCH), ...batchCells(results), spreadOf(results, (r) => r.cpuMsPerClaim, 2)]],
    ),
  ].join("\n");
  return { markdown, results };
}

const FINALITY_BATCH = Number(process.env.BENCH_FINALITY_BATCH ?? 100);
/** Arbitrum One's `safe` trails by minutes; 30 s keeps claims waiting on it without long runs. */
const SAFE_LAG_SECONDS = Number(process.env.BENCH_SAFE_LAG_SECONDS ?? 30);
const FINALIZED_AFTER_SAFE_MS = 13 * 60_000;
/** The smallest batch cap among hosted providers (Moralis). */
const BATCH_CAP = 20;
const SETTLE_AFTER_LAG_MS = 120_000;

export interface FinalityResult extends BatchResult {
  httpRequestsPerClaim: number;
  callsPerClaim: number;
  largestBatch: number;
  callsByMethod: Record<string, number>;
}

export async function finalityPhase(rounds: number) {
  const world = await startBenchWorld({
    env: { MINT_FINALITY: "safe" },
    rpcProvider: {
      maxBatchCalls: BATCH_CAP,
      finalityLagMs: { safe: SAFE_LAG_SECONDS * 1000, finalized: SAFE_LAG_SECONDS * 1000 + FINALIZED_AFTER_SAFE_MS },
    },
  });
  const proxy = world.rpcProxy!;
  const results: FinalityResult[] = [];
  try {
    for (let round = 0; round < rounds; round++) {
      const viewers = await world.viewers(FINALITY_BATCH);
      proxy.resetCounts();
      const batch = await runBatch(world, viewers, SAFE_LAG_SECONDS * 1000 + SETTLE_AFTER_LAG_MS);
      const { http = 0, ...callsByMethod } = proxy.counts();
      const calls = Object.values(callsByMethod).reduce((sum, n) => sum + n, 0);
      results.push({
        ...batch,
        httpRequestsPerClaim: http / FINALITY_BATCH,
        callsPerClaim: calls / FINALITY_BATCH,
        largestBatch: proxy.largestBatch(),
        callsByMethod,
      });
    }
  } finally {
    await world.stop();
  }
  const byMethod = Object.entries(results.at(-1)?.callsByMethod ?? {})
    .sort(([, a], [, b]) => b - a)
    .map(([method, n]) => `${method} ${(n / FINALITY_BATCH).toFixed(2)}`)
    .join(", ");
  const markdown = [
    "## Under Arbitrum's finality, through a provider's limits",
    "",
    `The throughput batch on \`MINT_FINALITY=safe\` through the RPC proxy: \`safe\` trails \`latest\` by ${SAFE_LAG_SECONDS} s, batches are capped at ${BATCH_CAP} calls (a larger one is refused whole). Requests and calls are the proxy's counts per claim. ${rounds} batches in a fresh world.`,
    "",
    table(
      ["batch", ...BATCH_COLUMNS, "HTTP requests / claim", "calls / claim", `largest batch (cap ${BATCH_CAP})`],
      [
        [
          String(FINALITY_BATCH),
          ...batchCells(results),
          spreadOf(results, (r) => r.httpRequestsPerClaim, 2),
          spreadOf(results, (r) => r.callsPerClaim, 2),
          spreadOf(results, (r) => r.largestBatch),
        ],
      ],
    ),
    "",
    `Calls per claim by method, last batch: ${byMethod || "none"}.`,
  ].join("\n");
  return { markdown, results };
}
