import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REWARD_AMOUNT_WEI } from "@tube/common/constants";
import { balanceOf, blockNumber } from "@tube/local-world/test/chain-reads";
import { startTestWorld, type TestWorld } from "../test/test-world.ts";

/**
 * The chain as production has it: Arbitrum's 250 ms blocks at an Arbitrum-like height, the contracts 100,000+ blocks
 * below the head, an RPC provider that refuses `eth_getLogs` over more than 10 blocks (Alchemy's free tier), and the
 * server's production defaults for finality and grace. A claim costs the same RPC requests whatever the chain's age.
 */
const AGE_BLOCKS = 100_000;
let world: TestWorld;
const costs: Record<string, Record<string, number>> = {};

beforeAll(async () => {
  world = await startTestWorld({
    rpcProvider: { getLogsMaxRange: 10 },
    // Arbitrum's cadence, and no test settings for grace or finality: the production defaults.
    pace: { chainBlockSeconds: 0.25 },
  });
});
afterAll(async () => {
  await world?.stop();
  console.log(`RPC requests of one claim, from Claim to confirmed, by chain age: ${JSON.stringify(costs)}`);
});

/** Claims for a fresh viewer and wallet, and returns what the server asked the chain for until it was confirmed. */
async function claimAndCount(): Promise<Record<string, number>> {
  const visitor = await world.visitor();
  world.rpcProxy!.resetCounts();
  expect((await world.api.claim(visitor)).status).toBe(202);
  await world.untilAllConfirmed([visitor]);
  const counts = world.rpcProxy!.counts();
  expect(await balanceOf(world.rpcUrl, Number(world.env.CHAIN_ID), world.tokenAddress, visitor.wallet)).toBe(
    REWARD_AMOUNT_WEI,
  );
  return counts;
}

describe("a claim on a chain as old as production's", () => {
  it("when the contracts are 100,000 blocks deep behind a 10-block eth_getLogs cap, then a claim confirms and costs what it cost on a young chain", async () => {
    const deployedNear = BigInt(await blockNumber(world.rpcUrl));
    costs.young = await claimAndCount();

    await world.ageChain(AGE_BLOCKS);
    expect(BigInt(await blockNumber(world.rpcUrl)) - deployedNear).toBeGreaterThanOrEqual(BigInt(AGE_BLOCKS));
    costs[`${AGE_BLOCKS} blocks older`] = await claimAndCount();

    const [young, old] = [costs.young!, costs[`${AGE_BLOCKS} blocks older`]!];
    // No history scan: at most the one-block query that finds a reward's hash, at any age.
    expect(old.eth_getLogs ?? 0).toBeLessThanOrEqual(1);
    expect(young.eth_getLogs ?? 0).toBeLessThanOrEqual(1);
    // The same few batched reads per step; how many steps a claim takes depends on timing, not on age.
    expect(old.http).toBeLessThan(Math.max(2 * young.http!, young.http! + 20));
  });

  it("when finality is the L1-backed safe head, then a claim confirms once its reward is that deep", async () => {
    world.env.MINT_FINALITY = "safe";
    await world.restartApp();
    costs.safeFinality = await claimAndCount();
  });
});
