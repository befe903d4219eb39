/**
 * Exactly-once under contention: many simultaneous claims that the unique constraints must
 * reduce to one, counted where it matters, in the chain's Transfer-from-zero events.
 */
import { randomWallet } from "@tube/local-world/mint-log";
import type { BenchWorld } from "./bench-world.ts";
import { blockNumber, mintRecipientsSince } from "./chain.ts";
import { verifyAndMint, type Viewer } from "./claimant.ts";
import { countByStatus, waitForStore } from "./seed.ts";
import { formatSpread, table } from "./stats.ts";

const RACERS = Number(process.env.BENCH_RACERS ?? 1000);
const SETTLE_TIMEOUT_MS = 120_000;

interface RaceResult {
  accepted: number;
  answeredMs: number;
  settledMs: number;
  mints: number;
}

async function race(world: BenchWorld, wallets: string[], viewer: Viewer): Promise<RaceResult> {
  const { appUrl } = world.app();
  const fromBlock = (await blockNumber(world.rpcUrl)) + 1n;
  const started = performance.now();
  const outcomes = await Promise.all(wallets.map((wallet) => verifyAndMint(appUrl, wallet, viewer)));
  const answeredMs = performance.now() - started;
  const accepted = outcomes.filter((outcome) => outcome.status === 202).length;
  const distinct = [...new Set(wallets)];
  const winnerConfirmed = () => countByStatus(world.dataDir, "confirmed", distinct) >= 1;
  const remainingMs = SETTLE_TIMEOUT_MS - (performance.now() - started);
  if (!(await waitForStore(winnerConfirmed, remainingMs, 25))) throw new Error("the winning claim did not confirm");
  const settledMs = performance.now() - started;
  const racing = new Set(distinct);
  const mints = (await mintRecipientsSince(world.rpcUrl, world.tokenAddress, fromBlock)).filter((to) =>
    racing.has(to),
  ).length;
  return { accepted, answeredMs, settledMs, mints };
}

export async function contentionPhase(world: BenchWorld, rounds: number): Promise<string> {
  const oneWallet: RaceResult[] = [];
  const oneAccount: RaceResult[] = [];
  for (let round = 0; round < rounds; round++) {
    const [walletViewer, accountViewer] = await world.tokens.take(2);
    const wallet = randomWallet();
    oneWallet.push(
      await race(
        world,
        Array.from({ length: RACERS }, () => wallet),
        walletViewer as Viewer,
      ),
    );
    oneAccount.push(
      await race(
        world,
        Array.from({ length: RACERS }, () => randomWallet()),
        accountViewer as Viewer,
      ),
    );
  }
  const row = (name: string, results: RaceResult[]) => [
    name,
    formatSpread(results.map((r) => r.accepted)),
    formatSpread(results.map((r) => r.mints)),
    formatSpread(results.map((r) => r.answeredMs)),
    formatSpread(results.map((r) => r.settledMs)),
  ];
  const exact = [...oneWallet, ...oneAccount].every((r) => r.accepted === 1 && r.mints === 1);
  return [
    "## Exactly-once under contention",
    "",
    `${RACERS} simultaneous Claim requests, ${rounds} rounds each. Mints are Transfer-from-zero events to the racing wallets since the round began. Settled = the winning claim confirmed in the store.`,
    "",
    table(
      ["race", "accepted (202)", "mints on chain", "all answered ms", "settled ms"],
      [
        row(`${RACERS} claims, one wallet, one Google account`, oneWallet),
        row(`${RACERS} claims, one Google account, ${RACERS} wallets`, oneAccount),
      ],
    ),
    "",
    exact
      ? "Exactly one claim accepted and exactly one mint in every round."
      : "**Not exactly once in every round: see the table.**",
  ].join("\n");
}
