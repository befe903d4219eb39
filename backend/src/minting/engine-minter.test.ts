import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ARBITRUM_ONE_CHAIN_ID, REWARD_AMOUNT_WEI } from "@tube/common/constants";
import type { RunningAnvil } from "@tube/local-world/anvil";
import { ENGINE_SERVER_WALLET, USERS } from "@tube/local-world/dev-accounts";
import type { RunningEngineEmulator } from "@tube/local-world/engine-emulator/engine-emulator";
import { startEngineWorld, type EngineWorld } from "@tube/local-world/engine-emulator/engine-world";
import { balanceOf } from "@tube/local-world/token-balance";
import { createChainReader } from "./chain-reader.ts";
import { createEngineMinter, type EngineApi, type EngineMinterOptions } from "./engine-minter.ts";
import type { Minter, MintTransaction } from "./minter.ts";

const chainId = ARBITRUM_ONE_CHAIN_ID;
const secretKey = "minter-test-secret";
const vaultAccessToken = "minter-test-vault-token";

let anvil: RunningAnvil;
let engine: RunningEngineEmulator;
let tokenAddress: string;
let world: EngineWorld;

beforeAll(async () => {
  world = await startEngineWorld({ secretKey, vaultAccessToken });
  ({ anvil, engine, tokenAddress } = world);
});

afterEach(() => engine.faults.clear());

afterAll(async () => {
  await world?.stop();
});

function minter(overrides: Partial<EngineMinterOptions> = {}): Minter {
  return createEngineMinter({
    engineUrl: engine.url,
    secretKey,
    vaultAccessToken,
    serverWallet: ENGINE_SERVER_WALLET.address,
    chainId,
    tokenAddress,
    ...overrides,
  });
}

function settled(subject: Minter, transactionId: string): Promise<MintTransaction> {
  return vi.waitFor(
    async () => {
      const transaction = await subject.getTransaction(transactionId);
      if (transaction?.status !== "CONFIRMED" && transaction?.status !== "FAILED")
        throw new Error(`transaction ${transactionId} did not settle`);
      return transaction;
    },
    { timeout: 10_000, interval: 25 },
  );
}

const unavailable = expect.objectContaining({ name: "AppError", code: "MINT_UNAVAILABLE", status: 503 });

describe("Engine minter", () => {
  it("when 250 TuBE are queued, then Engine confirms the mint with a hash and the wallet holds them on chain", async () => {
    const calls: Array<[EngineApi, string]> = [];
    const subject = minter({ onCall: (api, outcome) => calls.push([api, outcome]) });
    const to = USERS[0].address;

    const { transactionId } = await subject.queueMint({
      to,
      amountWei: REWARD_AMOUNT_WEI,
      idempotencyKey: randomUUID(),
    });
    const transaction = await settled(subject, transactionId);

    expect(transaction).toMatchObject({ transactionId, status: "CONFIRMED", errorMessage: null });
    expect(transaction.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await balanceOf(anvil.rpcUrl, chainId, tokenAddress, to)).toBe(REWARD_AMOUNT_WEI);
    expect(calls[0]).toEqual(["write_contract", "ok"]);
    expect(calls).toContainEqual(["get_transactions", "ok"]);
  });

  it("when the same idempotency key is queued twice, then both calls name one transaction", async () => {
    const subject = minter();
    const input = { to: USERS[1].address, amountWei: REWARD_AMOUNT_WEI, idempotencyKey: randomUUID() };

    const first = await subject.queueMint(input);
    const second = await subject.queueMint(input);

    expect(second.transactionId).toBe(first.transactionId);
    expect((await settled(subject, first.transactionId)).status).toBe("CONFIRMED");
    expect(await balanceOf(anvil.rpcUrl, chainId, tokenAddress, input.to)).toBe(REWARD_AMOUNT_WEI);
  });

  it("when Engine answers 500, then queueMint throws MINT_UNAVAILABLE and reports an Engine-side (5xx) failure", async () => {
    const calls: string[] = [];
    engine.faults.set({ mode: "http500", count: 1 });

    const queued = minter({ onCall: (_api, outcome) => calls.push(outcome) }).queueMint({
      to: USERS[2].address,
      amountWei: REWARD_AMOUNT_WEI,
      idempotencyKey: randomUUID(),
    });

    await expect(queued).rejects.toEqual(unavailable);
    expect(calls).toEqual(["http_5xx"]);
  });

  it("when Engine's answer is lost, then queueMint throws MINT_UNAVAILABLE and the same key later finds the queued mint", async () => {
    const subject = minter({ timeoutMs: 300 });
    const input = { to: USERS[3].address, amountWei: REWARD_AMOUNT_WEI, idempotencyKey: randomUUID() };
    engine.faults.set({ mode: "timeout", count: 1 });

    await expect(subject.queueMint(input)).rejects.toEqual(unavailable);
    const { transactionId } = await subject.queueMint(input);

    expect(transactionId).toBe(input.idempotencyKey);
    expect((await settled(subject, transactionId)).status).toBe("CONFIRMED");
    expect(await balanceOf(anvil.rpcUrl, chainId, tokenAddress, input.to)).toBe(REWARD_AMOUNT_WEI);
  });

  it("when the mint reverts on chain, then the transaction is FAILED with its hash and an error message", async () => {
    const subject = minter();
    engine.faults.set({ mode: "revert", count: 1 });

    const { transactionId } = await subject.queueMint({
      to: "0x000000000000000000000000000000000000dEaD",
      amountWei: REWARD_AMOUNT_WEI,
      idempotencyKey: randomUUID(),
    });
    const transaction = await settled(subject, transactionId);

    expect(transaction.status).toBe("FAILED");
    expect(transaction.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(transaction.errorMessage).toEqual(expect.any(String));
  });

  it("when the transaction id is unknown to Engine, then getTransaction resolves to null", async () => {
    expect(await minter().getTransaction(randomUUID())).toBeNull();
  });

  it("when Engine accepts the credentials, then ping resolves", async () => {
    await expect(minter().ping()).resolves.toBeUndefined();
  });

  it.each([
    ["the secret key is wrong", () => ({ secretKey: "wrong" })],
    ["nothing listens at the Engine URL", () => ({ engineUrl: "http://127.0.0.1:9" })],
  ])("when %s, then ping throws MINT_UNAVAILABLE", async (_case, override) => {
    await expect(minter(override()).ping()).rejects.toEqual(unavailable);
  });
});

describe("Chain reader", () => {
  it("when a wallet received a mint, then findMintTo finds it window by window from any earlier block, and null for a wallet without one", async () => {
    const subject = minter();
    const to = "0x00000000000000000000000000000000C0ffee00";
    const { transactionId } = await subject.queueMint({
      to,
      amountWei: REWARD_AMOUNT_WEI,
      idempotencyKey: randomUUID(),
    });
    const { txHash } = await settled(subject, transactionId);
    // Two-block windows: the scan has to walk every window up to the mint.
    const reader = createChainReader({ rpcUrl: anvil.rpcUrl, chainId, tokenAddress, logWindowBlocks: 2n });
    const receipt = await reader.receiptOf(txHash!);

    expect(receipt).toEqual({ succeeded: true, blockNumber: expect.any(BigInt) });
    expect(await reader.findMintTo(to, 0n)).toEqual({ txHash, blockNumber: receipt!.blockNumber });
    expect(await reader.findMintTo(to.toLowerCase(), receipt!.blockNumber)).toEqual({
      txHash,
      blockNumber: receipt!.blockNumber,
    });
    expect(await reader.findMintTo(to, receipt!.blockNumber + 1n)).toBeNull();
    expect(await reader.findMintTo("0x0000000000000000000000000000000000000001", 0n)).toBeNull();
  });

  it("when a mint reverted, then its receipt says so; an unknown hash has no receipt", async () => {
    engine.faults.set({ mode: "revert", count: 1 });
    const subject = minter();
    const { transactionId } = await subject.queueMint({
      to: "0x000000000000000000000000000000000000dEaD",
      amountWei: REWARD_AMOUNT_WEI,
      idempotencyKey: randomUUID(),
    });
    const { txHash } = await settled(subject, transactionId);
    const reader = createChainReader({ rpcUrl: anvil.rpcUrl, chainId, tokenAddress, logWindowBlocks: 10_000n });

    expect(await reader.receiptOf(txHash!)).toMatchObject({ succeeded: false });
    expect(await reader.receiptOf(`0x${"ab".repeat(32)}`)).toBeNull();
  });

  it("when the RPC serves the configured chain, then ping resolves; another chain id makes it throw", async () => {
    await expect(
      createChainReader({ rpcUrl: anvil.rpcUrl, chainId, tokenAddress, logWindowBlocks: 10_000n }).ping(),
    ).resolves.toBeUndefined();
    await expect(
      createChainReader({ rpcUrl: anvil.rpcUrl, chainId: 1, tokenAddress, logWindowBlocks: 10_000n }).ping(),
    ).rejects.toEqual(unavailable);
  });

  it("when the RPC is unreachable, then findMintTo throws MINT_UNAVAILABLE", async () => {
    const reader = createChainReader({ rpcUrl: "http://127.0.0.1:9", chainId, tokenAddress, logWindowBlocks: 10_000n });
    await expect(reader.findMintTo(USERS[0].address, 0n)).rejects.toEqual(unavailable);
  });
});
