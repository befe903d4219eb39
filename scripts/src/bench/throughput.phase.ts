/**
 * What a claim costs the app and how fast claims confirm. A batch of viewers runs Verify then
 * Claim all at once; the bench then waits, reading the store file itself (so waiting costs the
 * app nothing), until every claim is confirmed. The app's CPU time over the batch, divided by the
 * batch, is the CPU per claim: request handling, Engine calls and the follow loop's polling. The
 * chain mines at an interval (bench-world.ts), as a live chain does.
 */
import { randomWallet } from "@tube/local-world/mint-log";
import { BLOCK_SECONDS, ENGINE_SEND_LATENCY_MS, type BenchWorld } from "./bench-world.ts";
import { verifyAndMint, verifySubscription, type Viewer } from "./claimant.ts";
import { confirmedAtByWallet, countByStatus, waitForStore } from "./seed.ts";
import { formatSpread, percentile, table } from "./stats.ts";

/** Big enough that the batch, not one block's wait, sets the pace. */
const BATCH = Number(process.env.BENCH_CLAIM_BATCH ?? 300);
const SETTLE_TIMEOUT_MS = 300_000;

export interface BatchResult {
  /** All Verify + Claim answers in, per second. */
  acceptedPerSecond: number;
  confirmedPerSecond: number;
  confirmed: number;
  refused: number;
  refusalStatuses: string[];
  cpuMsPerClaim: number;
  /** Time from a claim's Claim request to its confirmation in the store, over the batch's confirmed claims. */
  claimToConfirmedP50Ms: number;
  claimToConfirmedP95Ms: number;
}

/** One batch of viewers, Verify then Claim at once, awaited until confirmed or until `windowMs` has passed. */
export async function runBatch(world: BenchWorld, viewers: Viewer[], windowMs: number): Promise<BatchResult> {
  const wallets = viewers.map(() => randomWallet());
  const { appUrl } = world.app();
  const cpuBefore = await world.app().cpuMs();
  const started = performance.now();
  // Wall-clock time, to compare with the app's own `updated_at` of each confirmed claim.
  const claimedAt = new Map<string, number>();
  const statuses = await Promise.all(
    viewers.map(async (viewer, i) => {
      await verifySubscription(appUrl, viewer);
      claimedAt.set(wallets[i] as string, Date.now());
      return (await verifyAndMint(appUrl, wallets[i] as string, viewer)).status;
    }),
  );
  const acceptedMs = performance.now() - started;
  // A refusal under load is a finding, not a bench failure: it is counted, and only accepted claims are awaited.
  const accepted = wallets.filter((_, i) => statuses[i] === 202);
  const refusals = statuses.filter((status) => status !== 202).map(String);
  const confirmedCount = () => countByStatus(world.dataDir, "confirmed", accepted);
  await waitForStore(() => confirmedCount() >= accepted.length, windowMs - (performance.now() - started), 50);
  const confirmed = confirmedCount();
  const elapsedMs = performance.now() - started;
  const cpuMs = (await world.app().cpuMs()) - cpuBefore;
  const toConfirmed = [...confirmedAtByWallet(world.dataDir, accepted)].map(
    ([wallet, at]) => at - (claimedAt.get(wallet) ?? at),
  );
  return {
    claimToConfirmedP50Ms: percentile(toConfirmed, 50),
    claimToConfirmedP95Ms: percentile(toConfirmed, 95),
    acceptedPerSecond: (accepted.length * 1000) / acceptedMs,
    confirmedPerSecond: (confirmed * 1000) / elapsedMs,
    confirmed,
    refused: refusals.length,
    refusalStatuses: [...new Set(refusals)],
    cpuMsPerClaim: cpuMs / viewers.length,
  };
}

export async function throughputPhase(
  world: BenchWorld,
  rounds: number,
): Promise<{ markdown: string; results: BatchResult[] }> {
  const results: BatchResult[] = [];
  for (let round = 0; round < rounds; round++)
    results.push(await runBatch(world, await world.tokens.take(BATCH), SETTLE_TIMEOUT_MS));

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
    formatSpread(results.map((r) => r.claimToConfirmedP50Ms)),
    formatSpread(results.map((r) => r.claimToConfirmedP95Ms)),
  ];
  const markdown = [
    "## CPU per claim and confirmed claims/s",
    "",
    `Each batch: that many viewers run Verify then Claim at once; confirmed = the claim's status in the store, and confirmed claims/s = the batch over the time from its first request to its last confirmation. CPU is the app process's user + system time over that time (\`process.cpuUsage()\` over IPC), divided by the batch (refused claims included: they cost CPU too); the stand-ins and anvil run in other processes. Claim → confirmed: from the moment a claim's Claim request is sent to its confirmed row's last write in the store, over each batch's confirmed claims. anvil mines a block every ${BLOCK_SECONDS} s (Arbitrum One's cadence by default); the app runs production's finality (\`latest\`) and grace (240 blocks) defaults; the Engine stand-in sends ${ENGINE_SEND_LATENCY_MS} ms after each write, without waiting for earlier receipts. ${rounds} batches. What these figures are worth against YouTube's quota is under "Headroom over a quota-bound launch".`,
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
        "Claim → confirmed p50 ms",
        "Claim → confirmed p95 ms",
      ],
      [row(`anvil, a block every ${BLOCK_SECONDS} s`, results, BATCH)],
    ),
  ].join("\n");
  return { markdown, results };
}

export function refusalNote(results: BatchResult[]): string {
  const statuses = [...new Set(results.flatMap((r) => r.refusalStatuses))];
  return statuses.length > 0 ? ` (HTTP ${statuses.join(", ")})` : "";
}
