/**
 * What a claim costs the app and how fast claims confirm. A batch of viewers runs Verify then
 * Claim all at once; the bench then waits, reading the store file itself (so waiting costs the
 * app nothing), until every claim is confirmed. The app's CPU time over the batch, divided by the
 * batch, is the CPU per claim: request handling, Engine calls and the reconciler's follow-up.
 */
import { randomWallet } from "@tube/local-world/mint-log";
import type { BenchWorld } from "./bench-world.ts";
import { mineAtInterval, mineEachTransaction } from "./chain.ts";
import { verifyAndMint, verifySubscription } from "./claimant.ts";
import { countByStatus } from "./seed.ts";
import { formatSpread, table } from "./stats.ts";

const AUTOMINE_BATCH = Number(process.env.BENCH_CLAIM_BATCH ?? 100);
/** Interval mining: a block a second, as a live chain gives; the batch gets a fixed window to confirm. */
const INTERVAL_BATCH = 50;
const INTERVAL_WINDOW_MS = 10_000;
const SETTLE_TIMEOUT_MS = 300_000;

interface BatchResult {
  /** All Verify + Claim answers in, per second. */
  acceptedPerSecond: number;
  confirmedPerSecond: number;
  confirmed: number;
  refused: number;
  refusalStatuses: string[];
  cpuMsPerClaim: number;
}

async function runBatch(world: BenchWorld, size: number, windowMs: number): Promise<BatchResult> {
  const viewers = await world.tokens.take(size);
  const wallets = viewers.map(() => randomWallet());
  const { appUrl } = world.app();
  const cpuBefore = await world.app().cpuMs();
  const started = performance.now();
  const statuses = await Promise.all(
    viewers.map(async (viewer, i) => {
      await verifySubscription(appUrl, viewer);
      return (await verifyAndMint(appUrl, wallets[i] as string, viewer)).status;
    }),
  );
  const acceptedMs = performance.now() - started;
  // A refusal under load is a finding, not a bench failure: it is counted, and only accepted claims are awaited.
  const accepted = wallets.filter((_, i) => statuses[i] === 202);
  const refusals = statuses.filter((status) => status !== 202).map(String);
  let confirmed = 0;
  while (
    (confirmed = countByStatus(world.dataDir, "confirmed", accepted)) < accepted.length &&
    performance.now() - started < windowMs
  ) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const elapsedMs = performance.now() - started;
  const cpuMs = (await world.app().cpuMs()) - cpuBefore;
  return {
    acceptedPerSecond: (accepted.length * 1000) / acceptedMs,
    confirmedPerSecond: (confirmed * 1000) / elapsedMs,
    confirmed,
    refused: refusals.length,
    refusalStatuses: [...new Set(refusals)],
    cpuMsPerClaim: cpuMs / size,
  };
}

async function waitUntilNothingUnfinished(world: BenchWorld): Promise<void> {
  const deadline = performance.now() + SETTLE_TIMEOUT_MS;
  const unfinished = () =>
    (["reserved", "queued", "submitted"] as const).reduce(
      (sum, status) => sum + countByStatus(world.dataDir, status),
      0,
    );
  while (unfinished() > 0) {
    if (performance.now() > deadline) throw new Error("claims were still unfinished after the settle timeout");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function throughputPhase(world: BenchWorld, rounds: number): Promise<string> {
  const automine: BatchResult[] = [];
  for (let round = 0; round < rounds; round++) automine.push(await runBatch(world, AUTOMINE_BATCH, SETTLE_TIMEOUT_MS));

  const interval: BatchResult[] = [];
  for (let round = 0; round < rounds; round++) {
    await mineAtInterval(world.rpcUrl, 1);
    try {
      interval.push(await runBatch(world, INTERVAL_BATCH, INTERVAL_WINDOW_MS));
    } finally {
      await mineEachTransaction(world.rpcUrl);
    }
    // The claims the window cut off still finish before anything else is measured.
    await waitUntilNothingUnfinished(world);
  }

  const row = (name: string, results: BatchResult[], size: number) => [
    name,
    String(size),
    formatSpread(results.map((r) => r.acceptedPerSecond)),
    formatSpread(
      results.map((r) => r.confirmedPerSecond),
      1,
    ),
    formatSpread(results.map((r) => r.confirmed)),
    `${formatSpread(results.map((r) => r.refused))}${refusalNote(results)}`,
    formatSpread(
      results.map((r) => r.cpuMsPerClaim),
      2,
    ),
  ];
  return [
    "## CPU per claim and confirmed claims/s",
    "",
    `Each batch: that many viewers run Verify then Claim at once; confirmed = the claim's status in the store. CPU is the app process's user + system time over the batch (\`process.cpuUsage()\` over IPC), divided by the batch (refused claims included: they cost CPU too); the stand-ins and anvil run in other processes. Interval mining: one block a second, and the batch gets ${INTERVAL_WINDOW_MS / 1000} s. ${rounds} batches each. Targets: ≤ 3 ms app CPU per claim, ≥ 300 confirmed claims/s.`,
    "",
    table(
      [
        "chain",
        "batch",
        "accepted claims/s",
        "confirmed claims/s",
        "confirmed in window",
        "refused",
        "app CPU ms / claim",
      ],
      [
        row("anvil, a block per transaction", automine, AUTOMINE_BATCH),
        row("anvil, a block a second", interval, INTERVAL_BATCH),
      ],
    ),
  ].join("\n");
}

function refusalNote(results: BatchResult[]): string {
  const statuses = [...new Set(results.flatMap((r) => r.refusalStatuses))];
  return statuses.length > 0 ? ` (HTTP ${statuses.join(", ")})` : "";
}
