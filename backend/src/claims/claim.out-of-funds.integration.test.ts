import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { REWARD_AMOUNT_WEI } from "@tube/common/constants";
import { ENGINE_SERVER_WALLET } from "@tube/local-world/dev-accounts";
import { countMintsTo } from "@tube/local-world/test/chain-reads";
import { balanceOf } from "@tube/local-world/test/chain-reads";
import type { ClaimStore } from "../store/claim-store.ts";
import { openSqliteClaimStore } from "../store/sqlite/sqlite-claim-store.ts";
import { TEST_WORLD_TUNING } from "../test/test-tuning.ts";
import { startTestWorld, type TestWorld } from "../test/test-world.ts";
import { MINT_MAX_ATTEMPTS } from "./mint-driver-from-config.ts";

/**
 * Engine holds every send from a server wallet with no gas queued, trying again until it is refilled; it never fails
 * them. The visitor's claim waits through every attempt's grace, the operator's gas gauge reads empty, and once the
 * wallet is funded the reward is paid exactly once.
 */
let world: TestWorld;
let store: ClaimStore;

beforeAll(async () => {
  // Engine's minute between tries while out of funds, shortened.
  world = await startTestWorld({ pace: { engineSendRetryMs: { outOfFunds: 200, other: 200 } } });
  store = await openSqliteClaimStore({ dataDir: world.env.DATA_DIR as string });
});
afterAll(async () => {
  await store?.close();
  await world?.stop();
});

const setGas = (wei: bigint) => world.rpc("anvil_setBalance", [ENGINE_SERVER_WALLET.address, `0x${wei.toString(16)}`]);

async function engineStatuses(): Promise<string[]> {
  const response = await fetch(`${world.engineUrl}/v1/transactions?limit=100`, {
    headers: { "x-secret-key": world.env.THIRDWEB_SECRET_KEY as string },
  });
  const { result } = (await response.json()) as { result: { transactions: Array<{ status: string | null }> } };
  return result.transactions.map((row) => String(row.status));
}

describe("when the server wallet has no gas", () => {
  it("then the claim waits queued through every attempt's grace, the gas gauge reads empty, and a refill pays it once", async () => {
    const [visitor] = await world.visitors(1);
    const funded = BigInt(await world.rpc<string>("eth_getBalance", [ENGINE_SERVER_WALLET.address, "latest"]));
    await setGas(0n);

    const accepted = await world.api.claim(visitor!);
    expect(accepted.status).toBe(202);
    const claimId = accepted.body.claimId as string;

    // Every attempt outlives its grace while Engine holds it.
    await vi.waitFor(
      async () => {
        await world.mineBlocks(Number(TEST_WORLD_TUNING.mint.graceBlocks) + 1);
        const claim = await store.claims.findById(claimId);
        expect(claim?.attempts).toBe(MINT_MAX_ATTEMPTS);
        expect(await engineStatuses()).toEqual(Array(MINT_MAX_ATTEMPTS).fill("QUEUED"));
      },
      { timeout: 30_000, interval: 200 },
    );
    await world.mineBlocks(Number(TEST_WORLD_TUNING.mint.graceBlocks) + 1);
    // The operator's gauge (and its alert) reads the empty wallet.
    await vi.waitFor(async () => expect(await world.metrics()).toMatch(/^tube_server_wallet_balance_eth 0$/m), {
      timeout: 30_000,
      interval: 500,
    });
    expect(await store.claims.findById(claimId)).toMatchObject({ status: "queued", attempts: MINT_MAX_ATTEMPTS });
    expect((await world.api.checkClaim(visitor!.wallet)).body.status).not.toBe("failed");
    expect(await countMintsTo(world.rpcUrl, world.tokenAddress, visitor!.wallet)).toBe(0);

    await setGas(funded);
    await world.untilAllConfirmed([visitor!], { timeoutMs: 30_000 });
    expect(await balanceOf(world.rpcUrl, 42161, world.tokenAddress, visitor!.wallet)).toBe(REWARD_AMOUNT_WEI);
    expect(await countMintsTo(world.rpcUrl, world.tokenAddress, visitor!.wallet)).toBe(1);
  }, 90_000);
});
