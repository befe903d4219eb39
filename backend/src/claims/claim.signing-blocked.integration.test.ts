import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { REWARD_AMOUNT_WEI } from "@tube/common/constants";
import { ERROR_CATALOGUE } from "@tube/common/errors";
import { countMintsTo } from "@tube/local-world/test/chain-reads";
import { balanceOf } from "@tube/local-world/test/chain-reads";
import type { ClaimStore } from "../store/claim-store.ts";
import { openSqliteClaimStore } from "../store/sqlite/sqlite-claim-store.ts";
import { metricValue } from "../test/metric-value.ts";
import { startTestWorld, type TestWorld } from "../test/test-world.ts";
import { attemptKey } from "./attempt-key.ts";

/**
 * Engine answers a reward it cannot sign (a wrong vault access token, a server wallet the vault does not hold) with
 * 202, and fails it later with no hash. That is the operator's failure: the visitor's claim waits with its attempts
 * intact, new claims are refused MINTING_PAUSED, the alert's gauge is up, and everything resumes once Engine signs.
 */
let world: TestWorld;
let store: ClaimStore;

beforeAll(async () => {
  world = await startTestWorld();
  // The operator's view of the rows, over a connection of the test's own.
  store = await openSqliteClaimStore({ dataDir: world.env.DATA_DIR as string });
});
afterEach(() => world.engineFaults.clear());
afterAll(async () => {
  await store?.close();
  await world?.stop();
});

async function gauges() {
  const text = await world.metrics();
  return {
    blocked: metricValue(text, "tube_minting_blocked"),
    signingFailures: metricValue(text, "tube_mint_signing_failures_total"),
  };
}

/** Waits until the server has taken the claim's unsigned attempt back and paused new claims. */
async function untilHeld(claimId: string) {
  return vi.waitFor(
    async () => {
      const claim = await store.claims.findById(claimId);
      if (!claim?.lastError?.includes("not signed")) throw new Error(`claim ${claimId} is not held: ${claim?.status}`);
      expect(await gauges()).toMatchObject({ blocked: 1 });
      return claim;
    },
    { timeout: 15_000, interval: 100 },
  );
}

function balance(wallet: string) {
  return balanceOf(world.rpcUrl, 42161, world.tokenAddress, wallet);
}

describe("when Engine cannot sign as the server wallet", () => {
  it("when the vault refuses to sign, then the claim waits with its attempts, new claims are paused, and both go through once the operator fixes it", async () => {
    const [held, next] = await world.visitors(2);
    world.engineFaults.set({ mode: "signingRefused", count: 1_000 });

    const accepted = await world.api.claim(held!);
    expect(accepted.status).toBe(202);
    const claimId = accepted.body.claimId as string;

    const waiting = await untilHeld(claimId);
    expect(waiting).toMatchObject({ status: "queued", attempts: 0, engineTransactionId: attemptKey(claimId, 1) });
    expect((await world.api.checkClaim(held!.wallet)).body.status).toBe("queued");
    expect((await gauges()).signingFailures).toBeGreaterThanOrEqual(1);

    const paused = await world.api.claim(next!);
    expect(paused.status).toBe(503);
    expect(paused.body.error).toMatchObject({
      code: "MINTING_PAUSED",
      message: ERROR_CATALOGUE.MINTING_PAUSED.message,
    });
    expect(Number(paused.retryAfter)).toBeGreaterThan(0);
    expect((await world.api.checkClaim(next!.wallet)).body.status).toBeNull();

    world.engineFaults.clear();
    await world.untilAllConfirmed([held!], { timeoutMs: 45_000 });
    expect(await store.claims.findById(claimId)).toMatchObject({
      status: "confirmed",
      attempts: 1,
      engineTransactionId: attemptKey(claimId, 2),
    });
    expect(await gauges()).toMatchObject({ blocked: 0 });

    expect((await world.api.claim(next!)).status).toBe(202);
    await world.untilAllConfirmed([next!]);
    for (const visitor of [held!, next!]) {
      expect(await balance(visitor.wallet)).toBe(REWARD_AMOUNT_WEI);
      expect(await countMintsTo(world.rpcUrl, world.tokenAddress, visitor.wallet)).toBe(1);
    }
  }, 90_000);

  it("when the server runs with a wrong vault access token, then the claim is held, not failed, and a restart with the right token completes it", async () => {
    const [visitor] = await world.visitors(1);
    const rightToken = world.env.ENGINE_VAULT_ACCESS_TOKEN as string;
    world.env.ENGINE_VAULT_ACCESS_TOKEN = "not-the-vault-token";
    try {
      await world.restartApp();
      const accepted = await world.api.claim(visitor!);
      expect(accepted.status).toBe(202);
      const claimId = accepted.body.claimId as string;
      expect(await untilHeld(claimId)).toMatchObject({ status: "queued", attempts: 0 });
      expect((await world.api.claim(visitor!)).body.error?.code).toBe("MINTING_PAUSED");
    } finally {
      world.env.ENGINE_VAULT_ACCESS_TOKEN = rightToken;
      await world.restartApp();
    }

    const [settled] = await world.untilAllConfirmed([visitor!], { timeoutMs: 45_000 });
    expect(settled?.status).toBe("confirmed");
    expect(await balance(visitor!.wallet)).toBe(REWARD_AMOUNT_WEI);
    expect(await gauges()).toMatchObject({ blocked: 0 });
  }, 90_000);
});
