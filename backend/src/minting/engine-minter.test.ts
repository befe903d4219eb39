import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { keccak256, toHex } from "thirdweb/utils";
import { ARBITRUM_ONE_CHAIN_ID, REWARD_AMOUNT_WEI } from "@tube/common/constants";
import type { RunningAnvil } from "@tube/local-world/anvil";
import { ENGINE_SERVER_WALLET, USERS } from "@tube/local-world/dev-accounts";
import type { RunningEngineEmulator } from "@tube/local-world/engine-emulator/engine-emulator";
import { startEngineWorld, type EngineWorld } from "@tube/local-world/test/engine-world";
import { randomWallet } from "@tube/local-world/mint-log";
import { startRpcProxy } from "@tube/local-world/rpc-proxy";
import { balanceOf } from "@tube/local-world/test/chain-reads";
import { AGGREGATE3_SELECTOR, createChainReader, REWARDED_IN_BLOCK_SELECTOR, REWARDED_TOPIC } from "./chain-reader.ts";
import { createEngineMinter, type EngineApi, type EngineMinterOptions } from "./engine-minter.ts";
import { RewardNotQueuedError, type ChainReader, type Minter, type MintTransaction } from "./minter.ts";

const chainId = ARBITRUM_ONE_CHAIN_ID;
const secretKey = "minter-test-secret";
const vaultAccessToken = "minter-test-vault-token";

let anvil: RunningAnvil;
let engine: RunningEngineEmulator;
let tokenAddress: string;
let rewardsAddress: string;
let world: EngineWorld;

beforeAll(async () => {
  world = await startEngineWorld({ secretKey, vaultAccessToken });
  ({ anvil, engine, tokenAddress, rewardsAddress } = world);
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
    rewardsAddress,
    ...overrides,
  });
}

function reader(overrides: Partial<Parameters<typeof createChainReader>[0]> = {}): ChainReader {
  return createChainReader({
    rpcUrl: anvil.rpcUrl,
    chainId,
    rewardsAddress,
    rewardAmountWei: REWARD_AMOUNT_WEI,
    finality: "latest",
    maxBatchCalls: 50,
    ...overrides,
  });
}

function settled(subject: Minter, transactionId: string): Promise<MintTransaction> {
  return vi.waitFor(
    async () => {
      const transaction = (await subject.getTransactions([transactionId])).get(transactionId) ?? null;
      if (transaction?.status !== "CONFIRMED" && transaction?.status !== "FAILED")
        throw new Error(`transaction ${transactionId} did not settle`);
      return transaction;
    },
    { timeout: 10_000, interval: 25 },
  );
}

const unavailable = expect.objectContaining({ code: "MINT_UNAVAILABLE", status: 503 });

describe("Engine minter", () => {
  it("when a reward is queued, then Engine confirms it with a hash and the wallet holds 250 TuBE on chain", async () => {
    const calls: Array<[EngineApi, string]> = [];
    const subject = minter({ onCall: (api, outcome) => calls.push([api, outcome]) });
    const to = randomWallet();

    const { transactionId } = await subject.queueReward({
      to,
      idempotencyKey: randomUUID(),
    });
    const transaction = await settled(subject, transactionId);

    expect(transaction).toMatchObject({ transactionId, status: "CONFIRMED", errorMessage: null });
    expect(transaction.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await balanceOf(anvil.rpcUrl, chainId, tokenAddress, to)).toBe(REWARD_AMOUNT_WEI);
    expect(transaction).toMatchObject({ cancelled: false, callReverted: false });
    expect(calls[0]).toEqual(["write_contract", "ok"]);
    expect(calls).toContainEqual(["search_transactions", "ok"]);
  });

  it("when a key is queued again after Engine picked its transaction up, then it is sent again and the contract refuses the second reward", async () => {
    // EOA execution absorbs a repeated key only while its transaction is pending: the server never re-sends one.
    const subject = minter();
    const input = { to: randomWallet(), idempotencyKey: randomUUID() };

    const first = await subject.queueReward(input);
    expect((await settled(subject, first.transactionId)).status).toBe("CONFIRMED");
    const second = await subject.queueReward(input);

    expect(second.transactionId).toBe(first.transactionId);
    expect((await settled(subject, second.transactionId)).status).toBe("FAILED");
    expect(await balanceOf(anvil.rpcUrl, chainId, tokenAddress, input.to)).toBe(REWARD_AMOUNT_WEI);
  });

  it("when Engine answers 500, then queueReward throws MINT_UNAVAILABLE and reports an Engine-side (5xx) failure", async () => {
    const calls: string[] = [];
    engine.faults.set({ mode: "http500", count: 1 });

    const queued = minter({ onCall: (_api, outcome) => calls.push(outcome) }).queueReward({
      to: randomWallet(),
      idempotencyKey: randomUUID(),
    });

    await expect(queued).rejects.toEqual(unavailable);
    expect(calls).toEqual(["http_5xx"]);
  });

  it("when Engine's answer is lost, then queueReward throws MINT_UNAVAILABLE and the attempt's key later finds the queued reward", async () => {
    const subject = minter({ timeoutMs: 300 });
    const input = { to: randomWallet(), idempotencyKey: randomUUID() };
    engine.faults.set({ mode: "timeout", count: 1 });

    await expect(subject.queueReward(input)).rejects.toEqual(unavailable);

    expect((await settled(subject, input.idempotencyKey)).status).toBe("CONFIRMED");
    expect(await balanceOf(anvil.rpcUrl, chainId, tokenAddress, input.to)).toBe(REWARD_AMOUNT_WEI);
  });

  it("when Engine rate-limits a write, then queueReward throws a refusal: nothing was queued", async () => {
    engine.faults.set({ mode: "rateLimited", count: 1 });
    const input = { to: randomWallet(), idempotencyKey: randomUUID() };

    await expect(minter().queueReward(input)).rejects.toBeInstanceOf(RewardNotQueuedError);
    expect((await minter().getTransactions([input.idempotencyKey])).get(input.idempotencyKey) ?? null).toBeNull();
  });

  it.each([
    ["innerRevert", { status: "CONFIRMED", callReverted: true, cancelled: false }],
    ["cancelled", { status: "FAILED", callReverted: false, cancelled: true, txHash: null }],
    ["nullStatus", { status: "QUEUED", callReverted: false, cancelled: false, txHash: null }],
  ] as const)("when Engine's row is %s, then the minter reads it as such", async (mode, expected) => {
    engine.faults.set({ mode, count: 1 });
    const subject = minter();
    const { transactionId } = await subject.queueReward({ to: randomWallet(), idempotencyKey: randomUUID() });
    await vi.waitFor(
      async () =>
        expect((await subject.getTransactions([transactionId])).get(transactionId) ?? null).toMatchObject(expected),
      {
        timeout: 10_000,
        interval: 25,
      },
    );
  });

  it("when the mint reverts on chain, then the transaction is FAILED with its hash and an error message", async () => {
    const subject = minter();
    engine.faults.set({ mode: "revert", count: 1 });

    const { transactionId } = await subject.queueReward({
      to: "0x000000000000000000000000000000000000dEaD",
      idempotencyKey: randomUUID(),
    });
    const transaction = await settled(subject, transactionId);

    expect(transaction.status).toBe("FAILED");
    expect(transaction.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(transaction.errorMessage).toEqual(expect.any(String));
  });

  it("when the transaction id is unknown to Engine, then getTransactions leaves it out", async () => {
    expect((await minter().getTransactions([randomUUID()])).size).toBe(0);
  });

  it("when many transactions are asked about at once, then one search finds each settled one by its id and unknown ids are not found", async () => {
    const searches: EngineApi[] = [];
    const subject = minter({ onCall: (api) => searches.push(api) });
    const queued = await Promise.all(
      Array.from({ length: 7 }, () => subject.queueReward({ to: randomWallet(), idempotencyKey: randomUUID() })),
    );
    const ids = queued.map(({ transactionId }) => transactionId);
    await Promise.all(ids.map((id) => settled(subject, id)));
    const unknown = randomUUID();
    searches.length = 0;

    const found = await subject.getTransactions([...ids, unknown]);

    expect([...found.keys()].sort()).toEqual([...ids].sort());
    for (const id of ids) expect(found.get(id)).toMatchObject({ transactionId: id, status: "CONFIRMED" });
    expect(searches).toEqual(["search_transactions"]);
  });

  it("when Engine accepts the credentials, then ping resolves", async () => {
    await expect(minter().ping()).resolves.toBeUndefined();
  });

  it("when Engine refuses the credentials, then queueReward throws a refusal: nothing was queued", async () => {
    await expect(
      minter({ secretKey: "wrong" }).queueReward({ to: randomWallet(), idempotencyKey: randomUUID() }),
    ).rejects.toBeInstanceOf(RewardNotQueuedError);
  });

  it.each([
    ["the secret key is wrong", () => ({ secretKey: "wrong" })],
    ["nothing listens at the Engine URL", () => ({ engineUrl: "http://127.0.0.1:9" })],
  ])("when %s, then ping throws MINT_UNAVAILABLE", async (_case, override) => {
    await expect(minter(override()).ping()).rejects.toEqual(unavailable);
  });

  it("when the vault access token and the server wallet are right, then Engine signs as the server wallet", async () => {
    await expect(minter().proveSigning()).resolves.toEqual({ signed: true });
  });

  it.each([
    ["the vault access token is wrong", { vaultAccessToken: "wrong" }],
    ["the server wallet is not one the vault holds", { serverWallet: USERS[0].address }],
  ])(
    "when %s, then proveSigning gives Engine's refusal at once, and a reward is queued but ends FAILED, not signed",
    async (_case, override) => {
      const subject = minter(override);
      expect(await subject.proveSigning()).toEqual({ signed: false, reason: expect.any(String) });

      const { transactionId } = await subject.queueReward({ to: randomWallet(), idempotencyKey: randomUUID() });
      expect(await settled(subject, transactionId)).toMatchObject({ status: "FAILED", txHash: null, notSigned: true });
    },
  );

  it("when a reward fails without a hash for another reason, then it is not taken for a signing failure", async () => {
    engine.faults.set({ mode: "failed", count: 1 });
    const { transactionId } = await minter().queueReward({ to: randomWallet(), idempotencyKey: randomUUID() });
    expect(await settled(minter(), transactionId)).toMatchObject({ status: "FAILED", notSigned: false });
  });
});

describe("Chain reader", () => {
  it("when the selector and event topic are recomputed from their signatures, then they match the constants", () => {
    expect(keccak256(toHex("rewardedInBlock(address)")).slice(0, 10)).toBe(REWARDED_IN_BLOCK_SELECTOR);
    expect(keccak256(toHex("Rewarded(address,uint256)"))).toBe(REWARDED_TOPIC);
  });

  it("when aggregate3's selector is recomputed from its signature, then it matches the constant", () => {
    expect(keccak256(toHex("aggregate3((address,bool,bytes)[])")).slice(0, 10)).toBe(AGGREGATE3_SELECTOR);
  });

  it("when the provider caps batches, then every claim is still answered, its receipt read once and its wallet read through one Multicall3 call", async () => {
    const subject = minter();
    const wallets = Array.from({ length: 5 }, () => randomWallet());
    const hashes = await Promise.all(
      wallets.map(async (to) => {
        const { transactionId } = await subject.queueReward({ to, idempotencyKey: randomUUID() });
        return (await settled(subject, transactionId)).txHash;
      }),
    );
    const provider = await startRpcProxy({ upstreamUrl: anvil.rpcUrl, maxBatchCalls: 2 });
    try {
      const capped = reader({ rpcUrl: provider.url, maxBatchCalls: 2 });
      const claims = wallets.map((wallet, index) => ({ wallet, txHash: hashes[index] ?? null }));

      const first = (await capped.observeMany(claims)).map(fulfilled);
      const calls = provider.counts();
      provider.resetCounts();
      const again = (await capped.observeMany(claims)).map(fulfilled);

      for (const seen of [...first, ...again]) expect(seen).toMatchObject({ receipt: { rewardsWallet: true } });
      expect(first.map((seen) => seen.rewardedInBlock)).toEqual(first.map((seen) => seen.receipt?.blockNumber));
      // The finalized head is read beside the latest one, for claims confirmed but not yet finalized.
      const heads = { eth_blockNumber: 1, eth_getBlockByNumber: 1 };
      expect(calls).toEqual({ http: 4, ...heads, eth_call: 1, eth_getTransactionReceipt: 5 });
      expect(provider.counts()).toEqual({ http: 2, ...heads, eth_call: 1 });
    } finally {
      await provider.stop();
    }
  });

  it("when a capped batch is rate-limited, then the requests left are not sent and the reads pause", async () => {
    const provider = await startRpcProxy({ upstreamUrl: anvil.rpcUrl, maxBatchCalls: 2, callsPerSecond: 2 });
    const pauses: number[] = [];
    try {
      const limited = reader({
        rpcUrl: provider.url,
        maxBatchCalls: 2,
        onRateLimited: (pauseMs) => pauses.push(pauseMs),
      });
      const unknownHash = () => `0x${randomUUID().replaceAll("-", "").padEnd(64, "0")}`;
      const claims = Array.from({ length: 6 }, () => ({ wallet: randomWallet(), txHash: unknownHash() }));

      const observed = await limited.observeMany(claims);

      // The heads and the Multicall3 read fit the limit; the receipts' first request is refused and no other is sent.
      expect(provider.counts().http).toBe(2);
      expect(observed.every((outcome) => outcome.status === "rejected")).toBe(true);
      expect(pauses).toHaveLength(1);
      await expect(limited.observeMany(claims)).rejects.toEqual(unavailable);
      expect(provider.counts().http).toBe(2);
    } finally {
      await provider.stop();
    }
  });

  it("when the provider rate-limits some reads, then only their claims fail, and reads pause before asking again", async () => {
    const subject = minter();
    const to = randomWallet();
    const { txHash } = await settled(
      subject,
      (await subject.queueReward({ to, idempotencyKey: randomUUID() })).transactionId,
    );
    const provider = await startRpcProxy({ upstreamUrl: anvil.rpcUrl, callsPerSecond: 2 });
    const pauses: number[] = [];
    try {
      const limited = reader({ rpcUrl: provider.url, onRateLimited: (pauseMs) => pauses.push(pauseMs) });

      const [unpaid, paid] = await limited.observeMany([
        { wallet: randomWallet(), txHash: null },
        { wallet: to, txHash },
      ]);
      const sentBefore = provider.counts().http;

      expect(unpaid).toMatchObject({ status: "fulfilled", value: { rewardedInBlock: null } });
      expect(paid).toMatchObject({ status: "rejected", reason: unavailable });
      expect(pauses).toHaveLength(1);
      expect(pauses[0]).toBeGreaterThanOrEqual(500);
      await expect(limited.observe(to, txHash)).rejects.toEqual(unavailable);
      expect(provider.counts().http).toBe(sentBefore);
    } finally {
      await provider.stop();
    }
  });

  it("when a wallet was rewarded, then one observation names the block, the receipt proves the reward, and the reward's hash is found in that block", async () => {
    const subject = minter();
    const to = randomWallet();
    const { transactionId } = await subject.queueReward({ to, idempotencyKey: randomUUID() });
    const { txHash } = await settled(subject, transactionId);

    const seen = await reader().observe(to, txHash);

    expect(seen.rewardedInBlock).toEqual(seen.receipt?.blockNumber);
    expect(seen.receipt?.rewardsWallet).toBe(true);
    expect(seen.finalHead).toBe(seen.head);
    expect(await reader().rewardTransactions([{ wallet: to, block: seen.rewardedInBlock! }])).toEqual([
      { status: "fulfilled", value: txHash },
    ]);
    expect(await reader().observe(randomWallet(), null)).toMatchObject({ rewardedInBlock: null, receipt: null });
  });

  it("when many claims are observed at once, then each answer is its own claim's, with one head for all", async () => {
    const subject = minter();
    const rewarded = randomWallet();
    const { transactionId } = await subject.queueReward({ to: rewarded, idempotencyKey: randomUUID() });
    const { txHash } = await settled(subject, transactionId);

    const [unrewarded, paid, unknownHash] = (
      await reader().observeMany([
        { wallet: randomWallet(), txHash: null },
        { wallet: rewarded, txHash },
        { wallet: randomWallet(), txHash: `0x${"cd".repeat(32)}` },
      ])
    ).map(fulfilled);

    expect(unrewarded).toMatchObject({ rewardedInBlock: null, receipt: null });
    expect(paid).toMatchObject({ rewardedInBlock: paid?.receipt?.blockNumber, receipt: { rewardsWallet: true } });
    expect(unknownHash).toMatchObject({ rewardedInBlock: null, receipt: null });
    expect(new Set([unrewarded?.head, paid?.head, unknownHash?.head]).size).toBe(1);
  });

  it("when a receipt belongs to another wallet's reward, then it proves nothing for this one", async () => {
    const subject = minter();
    const { transactionId } = await subject.queueReward({ to: randomWallet(), idempotencyKey: randomUUID() });
    const { txHash } = await settled(subject, transactionId);

    const seen = await reader().observe(randomWallet(), txHash);

    expect(seen).toMatchObject({ rewardedInBlock: null, receipt: { rewardsWallet: false } });
  });

  it("when a second reward to a wallet is queued, then the contract refuses it and the wallet keeps 250 TuBE", async () => {
    const subject = minter();
    const to = randomWallet();
    await settled(subject, (await subject.queueReward({ to, idempotencyKey: randomUUID() })).transactionId);

    const second = await settled(
      subject,
      (await subject.queueReward({ to, idempotencyKey: randomUUID() })).transactionId,
    );

    expect(second.status).toBe("FAILED");
    expect(await balanceOf(anvil.rpcUrl, chainId, tokenAddress, to)).toBe(REWARD_AMOUNT_WEI);
  });

  it("when no hash or wallet asked is in a block, then none is mined; with one that is, one is, and the next observation reads its receipt no more", async () => {
    const subject = minter();
    const to = randomWallet();
    const { transactionId } = await subject.queueReward({ to, idempotencyKey: randomUUID() });
    const { txHash } = await settled(subject, transactionId);
    const provider = await startRpcProxy({ upstreamUrl: anvil.rpcUrl });
    try {
      const following = reader({ rpcUrl: provider.url });

      const unknownHash = { wallet: randomWallet(), txHash: `0x${"cd".repeat(32)}` };
      expect(await following.anyMined([unknownHash, { wallet: randomWallet(), txHash: null }])).toBe(false);
      expect(
        await following.anyMined([
          { wallet: randomWallet(), txHash: null },
          { wallet: to, txHash: null },
        ]),
      ).toBe(true);
      expect(await following.anyMined([unknownHash, { wallet: to, txHash: txHash as string }])).toBe(true);
      provider.resetCounts();
      expect(await following.observe(to, txHash)).toMatchObject({ receipt: { rewardsWallet: true } });
      expect(provider.counts().eth_getTransactionReceipt).toBeUndefined();
    } finally {
      await provider.stop();
    }
  });

  it("when an unknown hash is observed, then it has no receipt", async () => {
    expect((await reader().observe(USERS[0].address, `0x${"ab".repeat(32)}`)).receipt).toBeNull();
  });

  it("when finality is the safe head, then the observation reads it from the chain", async () => {
    const seen = await reader({ finality: "safe" }).observe(USERS[0].address, null);
    expect(seen.finalHead).toBeLessThanOrEqual(seen.head);
  });

  it("when the RPC serves the configured chain, then ping resolves; another chain id makes it throw", async () => {
    await expect(reader().ping()).resolves.toBeUndefined();
    await expect(reader({ chainId: 1 }).ping()).rejects.toEqual(unavailable);
  });

  it("when the RPC is unreachable, then an observation throws MINT_UNAVAILABLE", async () => {
    await expect(reader({ rpcUrl: "http://127.0.0.1:9" }).observe(USERS[0].address, null)).rejects.toEqual(unavailable);
  });
});

function fulfilled<T>(outcome: PromiseSettledResult<T>): T {
  if (outcome.status === "rejected") throw outcome.reason;
  return outcome.value;
}
