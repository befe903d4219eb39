/**
 * The throughput batch under the finality and the provider production has: the app waits for `safe`, which trails
 * `latest` by time, and reaches the chain through a proxy that plays a hosted provider (a 20-call batch cap, and a
 * per-second limit when asked). What the proxy counted over each batch is what a claim costs in provider requests,
 * whatever the machine's load; the times are the lag plus this machine's pace.
 */
import { startBenchWorld } from "./bench-world.ts";
import { formatSpread, table } from "./stats.ts";
import { refusalNote, runBatch, type BatchResult } from "./throughput.phase.ts";

/** Modest, so a round takes little more than the lag: the provider figures are per claim. */
const BATCH = Number(process.env.BENCH_FINALITY_BATCH ?? 100);
/**
 * How far `safe` trails `latest`. Arbitrum One's trails by minutes (the batch posted to L1 and covered by L1's safe
 * block); 30 s keeps claims waiting on it, and reading the chain while they wait, without a run taking minutes a batch.
 */
const SAFE_LAG_SECONDS = Number(process.env.BENCH_SAFE_LAG_SECONDS ?? 30);
/** Arbitrum One's `finalized` follows L1 finality, about 13 minutes after `safe`; the app waits for `safe` only. */
const FINALIZED_AFTER_SAFE_MS = 13 * 60_000;
/** Moralis's cap: the smallest among the hosted providers we know of. */
const BATCH_CAP = 20;
/** Absent: no per-second limit, so the figures are what the app asks for, not what a limit let through. */
const CALLS_PER_SECOND = process.env.BENCH_RPC_CALLS_PER_SECOND
  ? Number(process.env.BENCH_RPC_CALLS_PER_SECOND)
  : undefined;
/** Past the lag: here a batch this size confirms within seconds of it, so a batch still waiting is stuck. */
const SETTLE_AFTER_LAG_MS = 120_000;

export interface FinalityResult extends BatchResult {
  httpRequestsPerClaim: number;
  callsPerClaim: number;
  largestBatch: number;
  callsByMethod: Record<string, number>;
}

export async function finalityPhase(rounds: number): Promise<{ markdown: string; results: FinalityResult[] }> {
  const world = await startBenchWorld({
    env: { MINT_FINALITY: "safe" },
    rpcProvider: {
      maxBatchCalls: BATCH_CAP,
      callsPerSecond: CALLS_PER_SECOND,
      finalityLagMs: { safe: SAFE_LAG_SECONDS * 1000, finalized: SAFE_LAG_SECONDS * 1000 + FINALIZED_AFTER_SAFE_MS },
    },
  });
  const proxy = world.rpcProxy;
  if (!proxy) throw new Error("the finality phase's world has no RPC proxy");
  const results: FinalityResult[] = [];
  try {
    for (let round = 0; round < rounds; round++) {
      const viewers = await world.tokens.take(BATCH);
      proxy.resetCounts();
      const batch = await runBatch(world, viewers, SAFE_LAG_SECONDS * 1000 + SETTLE_AFTER_LAG_MS);
      const { http = 0, ...callsByMethod } = proxy.counts();
      const calls = Object.values(callsByMethod).reduce((sum, n) => sum + n, 0);
      results.push({
        ...batch,
        httpRequestsPerClaim: http / BATCH,
        callsPerClaim: calls / BATCH,
        largestBatch: proxy.largestBatch(),
        callsByMethod,
      });
    }
  } finally {
    await world.stop();
  }

  const spread = (figure: (r: FinalityResult) => number, digits = 0) => formatSpread(results.map(figure), digits);
  const last = results.at(-1)?.callsByMethod ?? {};
  const byMethod = Object.entries(last)
    .sort(([, a], [, b]) => b - a)
    .map(([method, n]) => `${method} ${(n / BATCH).toFixed(2)}`)
    .join(", ");
  const rateLimit = CALLS_PER_SECOND === undefined ? "no per-second limit" : `${CALLS_PER_SECOND} calls a second`;
  const markdown = [
    "## Under Arbitrum's finality, through a provider's limits",
    "",
    `The throughput batch (Verify then Claim at once, confirmed read from the store) with the app on \`MINT_FINALITY=safe\`, reaching the chain through the local world's RPC proxy: \`safe\` trails \`latest\` by ${SAFE_LAG_SECONDS} s of block time (Arbitrum One's by minutes), batches are capped at ${BATCH_CAP} calls (the app's own cap; a larger one is refused whole), ${rateLimit}. Requests and calls are the proxy's counts from the batch's first request to its last confirmation, divided by the batch: what a claim costs at a provider that bills per call. The largest batch is the most calls the app put in one HTTP request. ${rounds} batches in a fresh world.`,
    "",
    table(
      [
        "batch",
        "confirmed in window",
        "refused",
        "Claim → confirmed p50 ms",
        "Claim → confirmed p95 ms",
        "confirmed claims/s",
        "HTTP requests / claim",
        "calls / claim",
        `largest batch (cap ${BATCH_CAP})`,
      ],
      [
        [
          String(BATCH),
          spread((r) => r.confirmed),
          `${spread((r) => r.refused)}${refusalNote(results)}`,
          spread((r) => r.claimToConfirmedP50Ms),
          spread((r) => r.claimToConfirmedP95Ms),
          spread((r) => r.confirmedPerSecond, 1),
          spread((r) => r.httpRequestsPerClaim, 2),
          spread((r) => r.callsPerClaim, 2),
          spread((r) => r.largestBatch),
        ],
      ],
    ),
    "",
    `Calls per claim by method, last batch: ${byMethod || "none"}.`,
  ].join("\n");
  return { markdown, results };
}
