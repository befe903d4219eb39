/**
 * How the store's size shows: restart to /readyz, check-claim and verify-and-mint latency with
 * 10^3 to 10^6 claims in the SQLite store, and one mint-loop pass over 10^4 unfinished claims.
 * Each size is seeded in one SQL transaction while the app is stopped.
 */
import { randomWallet } from "@tube/local-world/mint-log";
import { MINT_MAX_ATTEMPTS } from "@tube/backend/claims/mint-driver-from-config";
import type { BenchWorld } from "./bench-world.ts";
import { verifyAndMint } from "./claimant.ts";
import { load } from "./load.ts";
import { PASS_GROUP } from "@tube/backend/claims/mint-driver";
import { countUnfinished, seedClaims, seededWallet, waitForStore } from "./seed.ts";
import { formatSpread, percentile, table, timed } from "./stats.ts";

const SIZES = (process.env.BENCH_GROWTH_SIZES ?? "1000,100000,1000000").split(",").map(Number);
const UNFINISHED = Number(process.env.BENCH_UNFINISHED ?? 10_000);
const CLAIMS_PER_ROUND = 20;
const LOAD_SECONDS = 3;
const PASS_TIMEOUT_MS = 300_000;

interface SizeResult {
  size: number;
  seedMs: number;
  restartMs: number[];
  checkP50: number[];
  checkP99: number[];
  claimP50: number[];
  claimP99: number[];
}

async function measureSize(world: BenchWorld, size: number, rounds: number): Promise<SizeResult> {
  let seedMs = 0;
  let app = await world.restartApp(async () => {
    seedMs = (await timed(() => seedClaims(world.dataDir, size, { status: "confirmed", attempts: 1 }))).ms;
  });
  const result: SizeResult = {
    size,
    seedMs,
    restartMs: [app.msToReady],
    checkP50: [],
    checkP99: [],
    claimP50: [],
    claimP99: [],
  };
  for (let round = 0; round < rounds; round++) {
    if (round > 0) result.restartMs.push((app = await world.restartApp()).msToReady);
    const check = await load(`${app.appUrl}/api/check-claim/${seededWallet(Math.floor(size / 2))}`, {
      seconds: LOAD_SECONDS,
      connections: 10,
    });
    result.checkP50.push(check.p50Ms);
    result.checkP99.push(check.p99Ms);
    const latencies: number[] = [];
    for (const viewer of await world.tokens.take(CLAIMS_PER_ROUND)) {
      const { result: outcome, ms } = await timed(() => verifyAndMint(app.appUrl, randomWallet(), viewer));
      if (outcome.status !== 202)
        throw new Error(`a fresh claim was refused with ${size} claims stored: HTTP ${outcome.status}`);
      latencies.push(ms);
    }
    result.claimP50.push(percentile(latencies, 50));
    result.claimP99.push(percentile(latencies, 99));
  }
  return result;
}

export async function growthPhase(
  world: BenchWorld,
  rounds: number,
): Promise<{ markdown: string; restartMsBySize: Map<number, number[]> }> {
  const results: SizeResult[] = [];
  for (const size of SIZES) results.push(await measureSize(world, size, rounds));

  // One pass: each costs about UNFINISHED × 24 ms of durable commits (see the page), and three at 10^4 would take the
  // bench past its 15-minute budget. Its per-claim figure is itself a mean over UNFINISHED claims.
  const passes = [await reconcilerPass(world)];

  const markdown = [
    "## Growth of the SQLite store",
    "",
    `check-claim: autocannon, 10 connections, ${LOAD_SECONDS} s, one stored wallet. verify-and-mint: ${CLAIMS_PER_ROUND} fresh claims one after another (p99 of ${CLAIMS_PER_ROUND} is their maximum). ${rounds} rounds a size. Restart: fork of the app process (\`tsx\`, the bench's entry) to \`/readyz\` answering 200, once a round. MongoDB: ${process.env.MONGODB_URI ? "MONGODB_URI is set, but the bench seeds only SQLite" : "not measured, MONGODB_URI is unset on this machine"}.`,
    "",
    table(
      [
        "claims stored",
        "seed ms",
        "restart to /readyz ms",
        "check-claim p50 ms",
        "check-claim p99 ms",
        "verify-and-mint p50 ms",
        "verify-and-mint p99 ms",
      ],
      results.map((r) => [
        r.size.toLocaleString("en"),
        r.seedMs.toFixed(0),
        formatSpread(r.restartMs),
        formatSpread(r.checkP50),
        formatSpread(r.checkP99),
        formatSpread(r.claimP50),
        formatSpread(r.claimP99),
      ]),
    ),
    "",
    `### Reconciler pass over ${UNFINISHED.toLocaleString("en")} unfinished claims`,
    "",
    `Seeded as \`queued\` at their last attempt with Engine ids Engine does not know, so the pass does for each what it does for a lost mint: asks Engine, asks the chain, marks it failed. The pass starts with the app and steps ${PASS_GROUP} claims at a time (one lease write, one batched Engine read, one JSON-RPC batch, one store transaction each); timed from the fork of the app process until the store holds no unfinished claim (the bench reads the file). One pass.`,
    "",
    table(
      ["restart to /readyz ms", "pass ms", "ms per unfinished claim"],
      [
        [
          formatSpread(passes.map((pass) => pass.readyMs)),
          formatSpread(passes.map((pass) => pass.passMs)),
          formatSpread(
            passes.map((pass) => pass.passMs / UNFINISHED),
            2,
          ),
        ],
      ],
    ),
  ].join("\n");
  return { markdown, restartMsBySize: new Map(results.map((r) => [r.size, r.restartMs])) };
}

interface ReconcilerPass {
  readyMs: number;
  passMs: number;
}

/** Restarts the app over UNFINISHED lost claims and waits until its start-up pass has settled every one. */
async function reconcilerPass(world: BenchWorld): Promise<ReconcilerPass> {
  const app = await world.restartApp(() =>
    seedClaims(world.dataDir, UNFINISHED, { status: "queued", attempts: MINT_MAX_ATTEMPTS }),
  );
  const forkedAt = performance.now() - app.msToReady;
  if (!(await waitForStore(() => countUnfinished(world.dataDir) === 0, PASS_TIMEOUT_MS, 100)))
    throw new Error(`the mint loop left claims unfinished after ${PASS_TIMEOUT_MS} ms`);
  return { readyMs: app.msToReady, passMs: performance.now() - forkedAt };
}
