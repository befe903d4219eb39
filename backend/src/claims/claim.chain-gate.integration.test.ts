import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { REWARD_AMOUNT_WEI } from "@tube/common/constants";
import { randomWallet } from "@tube/local-world/mint-log";
import { countMintsTo } from "@tube/local-world/test/chain-reads";
import { balanceOf } from "@tube/local-world/test/chain-reads";
import { loadConfig } from "../config.ts";
import { openSqliteClaimStore } from "../store/sqlite/sqlite-claim-store.ts";
import { startTestWorld, type TestWorld } from "../test/test-world.ts";
import { TEST_WORLD_TUNING } from "../test/test-tuning.ts";
import { engineMinterFromConfig } from "./mint-driver-from-config.ts";
import { attemptKey } from "./attempt-key.ts";

/**
 * Whatever Engine, the store or a stalled process does, the rewards contract pays a wallet once: each case ends
 * with the wallet holding exactly 250 TuBE, and the second reward stopped by the contract (its revert, or its
 * record read with one eth_call).
 */
let world: TestWorld;
const refusals: Record<string, number> = {};

beforeAll(async () => {
  world = await startTestWorld();
});
afterEach(() => world.engineFaults.clear());
afterAll(async () => {
  await world?.stop();
  console.log(`second rewards the contract refused, by case: ${JSON.stringify(refusals)}`);
});

/** A claim of a fresh viewer for `wallet`. */
async function claim(wallet: string) {
  return world.api.claim(await world.visitor(), wallet);
}

async function untilConfirmed(wallet: string, timeoutMs = 30_000) {
  const [confirmed] = await world.untilAllConfirmed([{ wallet }], { timeoutMs });
  return confirmed!;
}

async function expectOneReward(wallet: string) {
  expect(await countMintsTo(world.rpcUrl, world.tokenAddress, wallet)).toBe(1);
  expect(await balanceOf(world.rpcUrl, Number(world.env.CHAIN_ID), world.tokenAddress, wallet)).toBe(REWARD_AMOUNT_WEI);
}

/** The Engine client a stalled process holds: the server's own, with the server's settings. */
const staleSender = () => engineMinterFromConfig(loadConfig(world.env as NodeJS.ProcessEnv));

describe("the rewards contract is the last gate", () => {
  it("when Engine reports FAILED without a hash for a reward that lands later, then the contract refuses whichever of the two rewards comes second and the wallet holds 250 TuBE", async () => {
    const before = await world.refusedSecondRewards();
    world.engineFaults.set({ mode: "failedThenLands", count: 1 });
    const wallet = randomWallet();

    expect((await claim(wallet)).status).toBe(202);
    await untilConfirmed(wallet);
    await vi.waitFor(async () => expect(await world.refusedSecondRewards()).toBeGreaterThan(before), {
      timeout: 15_000,
      interval: 100,
    });

    refusals.failedThenLands = (await world.refusedSecondRewards()) - before;
    await expectOneReward(wallet);
  });

  it("when a sender stalls after writing its attempt ahead and sends it after another process rewarded the wallet, then the contract refuses it", async () => {
    const before = await world.refusedSecondRewards();
    // The first attempt is written ahead, but Engine queues nothing: a process that stalled right there.
    world.engineFaults.set({ mode: "http500", count: 1 });
    const wallet = randomWallet();
    const { status, body: stalled } = await claim(wallet);
    expect(status).toBe(202);
    // Past its grace, the attempt counts as dead and the next one rewards the wallet.
    await world.mineBlocks(Number(TEST_WORLD_TUNING.mint.graceBlocks));
    await untilConfirmed(wallet);

    // The stalled process wakes and sends the attempt it wrote ahead, under that attempt's own key.
    const { transactionId } = await staleSender().queueReward({
      to: wallet,
      idempotencyKey: attemptKey(stalled.claimId as string, 1),
    });
    await vi.waitFor(
      async () =>
        expect(((await staleSender().getTransactions([transactionId])).get(transactionId) ?? null)?.status).toBe(
          "FAILED",
        ),
      {
        timeout: 15_000,
        interval: 100,
      },
    );

    refusals.stalledSender = (await world.refusedSecondRewards()) - before;
    expect(refusals.stalledSender).toBe(1);
    await expectOneReward(wallet);
  });

  it("when the store is wiped between two claims of one wallet, then the contract's record confirms the second claim with the first reward and nothing is sent", async () => {
    const wallet = randomWallet();
    expect((await claim(wallet)).status).toBe(202);
    const first = await untilConfirmed(wallet);

    await world.wipeStoreAndRestart();
    expect((await world.api.get(`/api/check-claim/${wallet}`)).body.status).toBeNull();
    const again = await claim(wallet);

    expect(again.status).toBe(202);
    const second = await untilConfirmed(wallet);
    expect(second.txHash).toBe(first.txHash);
    const store = await openSqliteClaimStore({ dataDir: world.env.DATA_DIR as string });
    try {
      // Confirmed from the chain before any attempt: Engine was never asked.
      expect((await store.claims.findByWallet(wallet))?.attempts).toBe(0);
    } finally {
      await store.close();
    }
    refusals.wipedStore = 1;
    await expectOneReward(wallet);
  });
});

describe("the mint loop", () => {
  it("when 20 claims cannot settle yet and 20 orphaned claims wait, then every orphan is settled first and the 20 after their grace", async () => {
    // Engine never picks these up: their rows stay with an empty status, more of them than a pass steps in one group.
    world.engineFaults.set({ mode: "nullStatus", count: 20 });
    const stuck = Array.from({ length: 20 }, () => randomWallet());
    for (const response of await Promise.all(stuck.map(claim))) expect(response.status).toBe(202);

    // Claims a crashed process reserved: no attempt, and a lease that ran out long ago.
    const orphans = Array.from({ length: 20 }, () => randomWallet());
    const store = await openSqliteClaimStore({ dataDir: world.env.DATA_DIR as string });
    try {
      for (const walletAddress of orphans) {
        await store.claims.reserve({
          id: randomUUID(),
          walletAddress,
          googleSub: `orphan-${randomUUID()}`,
          amountWei: REWARD_AMOUNT_WEI,
          lease: { owner: "a-crashed-process", until: 0 },
        });
      }
    } finally {
      await store.close();
    }
    // Only the mint loop drives claims after a restart: the requests that reserved them are gone.
    await world.restartApp();

    await Promise.all(orphans.map((wallet) => untilConfirmed(wallet, 60_000)));
    const stuckNow = await Promise.all(stuck.map((wallet) => world.api.get(`/api/check-claim/${wallet}`)));
    expect(stuckNow.map(({ body }) => body.status)).toEqual(stuck.map(() => "queued"));

    await world.mineBlocks(Number(TEST_WORLD_TUNING.mint.graceBlocks));
    await Promise.all(stuck.map((wallet) => untilConfirmed(wallet, 60_000)));
    for (const wallet of [...stuck, ...orphans]) await expectOneReward(wallet);
  });
});
