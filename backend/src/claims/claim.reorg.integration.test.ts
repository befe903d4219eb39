import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REWARD_AMOUNT_WEI } from "@tube/common/constants";
import { balanceOf } from "@tube/local-world/test/chain-reads";
import type { ClaimStore } from "../store/claim-store.ts";
import { openSqliteClaimStore } from "../store/sqlite/sqlite-claim-store.ts";
import { startTestWorld, type TestWorld } from "../test/test-world.ts";

/**
 * Final means final: a claim is confirmed at the sequencer's promise (`MINT_FINALITY=latest`), and checked once more
 * once `finalized` covers its reward. `finalized` trails by time here, as Arbitrum One's does by minutes, so the
 * reward can be taken away before that: anvil reverts to a snapshot taken before it, as a reorganisation would.
 */
const FINALIZED_LAG_MS = 5_000;
let world: TestWorld;
let store: ClaimStore;

beforeAll(async () => {
  world = await startTestWorld({
    rpcProvider: { finalityLagMs: { safe: FINALIZED_LAG_MS, finalized: FINALIZED_LAG_MS } },
  });
  store = await openSqliteClaimStore({ dataDir: world.env.DATA_DIR as string });
});
afterAll(async () => {
  await store?.close();
  await world?.stop();
});

describe("a reward reorganised away", () => {
  it("when a confirmed claim's reward vanishes before it is finalized, then the claim is reopened, paid again once, and ends final with 250 TuBE in the wallet", async () => {
    const visitor = await world.visitor();
    const beforeReward = await world.rpc<string>("evm_snapshot");

    const { claimId } = (await world.api.claim(visitor)).body as { claimId: string };
    const [confirmed] = await world.untilAllConfirmed([visitor]);
    const firstHash = confirmed?.txHash;
    expect(await store.claims.findById(claimId)).toMatchObject({ status: "confirmed", attempts: 1, finalAt: null });

    expect(await world.rpc<boolean>("evm_revert", [beforeReward])).toBe(true);
    await world.mineBlocks(1);
    expect(await balanceOf(world.rpcUrl, 42161, world.tokenAddress, visitor.wallet)).toBe(0n);

    await expect
      .poll(async () => (await store.claims.findById(claimId))?.finalAt ?? null, { timeout: 60_000, interval: 250 })
      .not.toBeNull();
    const final = await store.claims.findById(claimId);
    expect(final).toMatchObject({ status: "confirmed", attempts: 2 });
    expect(final?.txHash).not.toBe(firstHash);
    expect(await balanceOf(world.rpcUrl, 42161, world.tokenAddress, visitor.wallet)).toBe(REWARD_AMOUNT_WEI);
    expect(await world.metrics()).toMatch(/^tube_claims_total\{outcome="reorganised"\} 1$/m);
    expect((await world.api.get(`/api/claims/${claimId}`)).body).toMatchObject({ status: "confirmed" });
  });
});
