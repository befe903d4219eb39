import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REWARD_AMOUNT_WEI } from "@tube/common/constants";
import { balanceOf } from "@tube/local-world/test/chain-reads";
import { startTestWorld, type TestWorld } from "../test/test-world.ts";

/**
 * The RPC provider and the finality production has: batches capped at 20 calls (Moralis's cap), 25 calls a second
 * (calls past it get the provider's 429), and `safe` trailing `latest` by time, as Arbitrum One's does by minutes
 * (seconds here). The server waits for `safe`, so claims pile up waiting for it while others arrive.
 *
 * The crowd is as small as still fills the server's batches to the cap. A pass asks the head, `safe`, one Multicall3
 * call and `finalized`, and a receipt for each claim sent since the last one it read: 17 receipts fill a batch of 20.
 * Receipts refused past 25 calls a second are asked again, so they pile up only when claims come faster than the
 * provider answers: with 60 claims the server filled one batch to the cap in a run, with 100 three, with 200 fifteen
 * and with 500 forty-four (a loaded machine, which slows the visitors more than the provider). 200 it is, and the test
 * checks that a batch reached the cap.
 */
const CLAIMS = 200;
const BATCH_CAP = 20;
let world: TestWorld;

beforeAll(async () => {
  world = await startTestWorld({
    rpcProvider: { maxBatchCalls: BATCH_CAP, callsPerSecond: 25, finalityLagMs: { safe: 2_000, finalized: 6_000 } },
    env: { MINT_FINALITY: "safe" },
    // The production follow interval: the test's 100 ms would ask the provider more often than production does. And
    // anvil mines a block for each reward, so 200 rewards pass production's 240-block grace (a minute of Arbitrum's)
    // in seconds while Engine still sends the last ones.
    tuning: { mint: { intervalMs: 500, graceBlocks: BigInt(4 * CLAIMS) } },
  });
});
afterAll(async () => {
  await world?.stop();
});

describe("a hosted provider's limits and finality in time", () => {
  it("when claims wait for safe finality behind a 20-call batch cap and 25 calls a second, then every one confirms, paid once", async () => {
    const visitors = await world.visitors(CLAIMS);

    // Visitors arrive a few at a time; one told to try again (503) claims again, as a person would.
    for (let start = 0; start < CLAIMS; start += 5)
      await Promise.all(visitors.slice(start, start + 5).map((visitor) => world.api.claim(visitor)));
    const claims = await world.untilAllConfirmed(visitors, {
      claimAgain: true,
      mineWhileWaiting: true,
      timeoutMs: 150_000,
    });

    expect(claims).toHaveLength(CLAIMS);
    // Up to the cap, never past it.
    expect(world.rpcProxy!.largestBatch()).toBe(BATCH_CAP);
    const balances = await Promise.all(
      visitors.map((visitor) => balanceOf(world.rpcUrl, 42161, world.tokenAddress, visitor.wallet)),
    );
    expect(balances.every((balance) => balance === REWARD_AMOUNT_WEI)).toBe(true);
    expect(await world.refusedSecondRewards()).toBe(0);
  }, 180_000);
});
