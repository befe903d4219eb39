/**
 * The API's reads against a bare Express route in the same process, side by side in each round:
 * the ratios compare runs that shared the machine's load.
 */
import type { BenchWorld } from "./bench-world.ts";
import { load, type LoadResult } from "./load.ts";
import { formatSpread, table } from "./stats.ts";

const SECONDS = 5;
const CONNECTIONS = 50;

export async function readsPhase(
  world: BenchWorld,
  rounds: number,
  claimed: { wallet: string; claimId: string },
): Promise<string> {
  const { appUrl, bareUrl } = world.app();
  const targets = [
    { name: "bare Express route", url: `${bareUrl}/bare/${claimed.wallet}` },
    { name: "GET /api/check-claim/:wallet", url: `${appUrl}/api/check-claim/${claimed.wallet}` },
    { name: "GET /api/config", url: `${appUrl}/api/config` },
    { name: "GET /api/claims/:id", url: `${appUrl}/api/claims/${claimed.claimId}` },
  ];
  const results = targets.map(() => [] as LoadResult[]);
  for (let round = 0; round < rounds; round++) {
    for (const [index, target] of targets.entries()) {
      const result = await load(target.url, { seconds: SECONDS, connections: CONNECTIONS });
      if (result.non2xx > 0)
        throw new Error(`${target.name}: ${result.non2xx} answers outside 2xx; the figures would not mean anything`);
      results[index]?.push(result);
    }
  }
  const bare = results[0] as LoadResult[];
  const rows = targets.map((target, index) => {
    const mine = results[index] as LoadResult[];
    return [
      target.name,
      formatSpread(mine.map((r) => r.requestsPerSecond)),
      formatSpread(mine.map((r) => r.p50Ms)),
      formatSpread(mine.map((r) => r.p99Ms)),
      formatSpread(mine.map((r, round) => (100 * r.requestsPerSecond) / (bare[round] as LoadResult).requestsPerSecond)),
      formatSpread(
        mine.map((r, round) => r.p99Ms / Math.max(1, (bare[round] as LoadResult).p99Ms)),
        2,
      ),
    ];
  });
  return [
    "## Reads against a bare Express route",
    "",
    `autocannon in its own process, ${CONNECTIONS} connections, ${SECONDS} s a target, the targets one after another in each of ${rounds} rounds. Ratios are taken within a round. Targets: ≥ 50 % of bare throughput, p99 ≤ 2×.`,
    "",
    table(["route", "req/s", "p50 ms", "p99 ms", "% of bare req/s", "p99 ÷ bare p99"], rows),
  ].join("\n");
}
