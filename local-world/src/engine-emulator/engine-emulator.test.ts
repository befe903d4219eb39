import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getTransactions, signMessage, writeContract, type ExecutionOptions } from "@thirdweb-dev/engine";
import { verifyEOASignature } from "thirdweb/auth";
import { toFunctionSelector } from "thirdweb/utils";
import { ARBITRUM_ONE_CHAIN_ID, REWARD_AMOUNT_WEI } from "@tube/common/constants";
import { ENGINE_SERVER_WALLET, USERS } from "../dev-accounts.ts";
import { rpc } from "../json-rpc.ts";
import { localChain, receiptOf } from "../local-chain.ts";
import { randomWallet } from "../mint-log.ts";
import { balanceOf } from "../test/chain-reads.ts";
import { FAULTS_PATH, startEngineEmulator, type RunningEngineEmulator } from "./engine-emulator.ts";
import { startEngineWorld, type EngineWorld } from "../test/engine-world.ts";

const chainId = ARBITRUM_ONE_CHAIN_ID;
const secretKey = "test-secret-key";
const vaultAccessToken = "test-vault-token";
const REWARD_METHOD = "function reward(address to)";
const RETAINED_JOBS = 2;
const LATE_LANDING_MS = 300;
const HASH = /^0x[0-9a-f]{64}$/;

type ExecutionType = "auto" | "EOA" | "EIP7702" | "ERC4337";

let world: EngineWorld;
let engine: RunningEngineEmulator;
const statusLog: Array<{ id: unknown; status: string; transactionHash: unknown }> = [];
const retriedSends: unknown[] = [];

beforeAll(async () => {
  world = await startEngineWorld({ secretKey, vaultAccessToken });
  // This suite needs a short key retention and a quick late landing: it runs its own Engine on the world's chain,
  // from the same server wallet, and stops the world's so the two never send from that wallet at once.
  await world.engine.stop();
  engine = await startEngineEmulator({
    rpcUrl: world.anvil.rpcUrl,
    chainId,
    secretKey,
    vaultAccessToken,
    serverWallets: [ENGINE_SERVER_WALLET],
    retainedJobs: RETAINED_JOBS,
    lateLandingMs: LATE_LANDING_MS,
    sendRetryMs: { outOfFunds: 100, other: 100 },
    log: (message, fields) => {
      if (message === "send failed, retrying") retriedSends.push(fields?.id);
      const status = /^transaction (\w+)$/.exec(message)?.[1];
      if (status) statusLog.push({ id: fields?.id, status, transactionHash: fields?.transactionHash });
    },
  });
});

afterEach(() => engine.faults.clear());

afterAll(async () => {
  await engine?.stop();
  await world?.stop();
});

/** The call every write makes: the Engine server wallet holds REWARDER_ROLE on TuBERewards. */
function rewardCall(to: string, method = REWARD_METHOD) {
  return { contractAddress: world.rewardsAddress, method, params: [to] };
}

/** A write as the server makes it: type EOA unless a test asks for another. */
function write(options: {
  to: string;
  idempotencyKey?: string;
  type?: ExecutionType;
  from?: string;
  chainId?: number;
  method?: string;
  signal?: AbortSignal;
  vaultAccessToken?: string;
}) {
  const type = options.type ?? "EOA";
  const from = options.from ?? ENGINE_SERVER_WALLET.address;
  const base = {
    chainId: options.chainId ?? chainId,
    ...(options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {}),
  };
  return writeContract({
    baseUrl: engine.url,
    auth: secretKey,
    headers: { "x-vault-access-token": options.vaultAccessToken ?? vaultAccessToken },
    signal: options.signal,
    body: {
      // Each type is one member of the client's union; TypeScript cannot pair a type chosen at run time with it.
      executionOptions: (type === "ERC4337"
        ? { ...base, type, signerAddress: from }
        : { ...base, type, from }) as ExecutionOptions,
      params: [rewardCall(options.to, options.method)],
    },
  });
}

async function transactionById(id: string) {
  const { data, error } = await getTransactions({ baseUrl: engine.url, auth: secretKey, query: { id } });
  if (!data) throw new Error(`getTransactions failed: ${JSON.stringify(error)}`);
  return data.result.transactions[0];
}

function settled(id: string) {
  return vi.waitFor(
    async () => {
      const transaction = await transactionById(id);
      if (transaction?.status !== "CONFIRMED" && transaction?.status !== "FAILED")
        throw new Error(`transaction ${id} did not settle`);
      return transaction;
    },
    { timeout: 10_000, interval: 25 },
  );
}

/** Writes a reward to a fresh wallet and waits until Engine settles it. */
async function settledWrite(options: { type?: ExecutionType; idempotencyKey?: string } = {}) {
  const to = randomWallet();
  const { data } = await write({ to, ...options });
  const id = data?.result.transactions[0]?.id ?? "";
  return { to, transaction: await settled(id) };
}

const balance = (owner: string) => balanceOf(world.anvil.rpcUrl, chainId, world.tokenAddress, owner);

function eventuallyRewarded(owner: string) {
  return vi.waitFor(async () => expect(await balance(owner)).toBe(REWARD_AMOUNT_WEI), {
    timeout: 10_000,
    interval: 25,
  });
}

async function rawFetch(path: string, init: RequestInit = {}) {
  const response = await fetch(`${engine.url}${path}`, init);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("Engine emulator: writes", () => {
  it("when a reward is written as EOA, then it is queued with Engine's 202 shape and confirmed on chain with onchainStatus SUCCESS", async () => {
    const to = randomWallet();
    const idempotencyKey = randomUUID();

    const { data, response } = await write({ to, idempotencyKey });

    expect(response.status).toBe(202);
    const queued = data?.result.transactions[0];
    expect(queued).toEqual({
      id: idempotencyKey,
      batchIndex: 0,
      executionParams: { type: "EOA", chainId, from: ENGINE_SERVER_WALLET.address, idempotencyKey },
      transactionParams: [{ to: world.rewardsAddress, value: "0", data: expect.any(String) }],
    });
    expect(queued?.transactionParams[0]?.data?.slice(0, 10)).toBe(toFunctionSelector(REWARD_METHOD));

    const transaction = await settled(idempotencyKey);
    expect(transaction).toMatchObject({
      id: idempotencyKey,
      chainId: String(chainId),
      from: ENGINE_SERVER_WALLET.address,
      status: "CONFIRMED",
      transactionHash: expect.stringMatching(HASH),
      confirmedAtBlockNumber: expect.stringMatching(/^\d+$/),
      errorMessage: null,
      cancelledAt: null,
      executionResult: { status: "CONFIRMED", onchainStatus: "SUCCESS", transactionHash: transaction?.transactionHash },
    });
    expect(statusLog.filter((entry) => entry.id === idempotencyKey).map((entry) => entry.status)).toEqual([
      "QUEUED",
      "SUBMITTED",
      "CONFIRMED",
    ]);
    expect(await balance(to)).toBe(REWARD_AMOUNT_WEI);
  });

  it.each([
    ["auto", "EIP7702"],
    ["EIP7702", "EIP7702"],
    ["ERC4337", "ERC4337"],
  ] as const)(
    "when the type is %s, then executionParams.type is %s, the hash comes only with CONFIRMED and the server wallet still sends",
    async (type, resolved) => {
      const to = randomWallet();
      const idempotencyKey = randomUUID();

      const { data } = await write({ to, idempotencyKey, type });

      expect(data?.result.transactions[0]?.executionParams).toMatchObject({ type: resolved, idempotencyKey });
      expect(await settled(idempotencyKey)).toMatchObject({
        status: "CONFIRMED",
        from: ENGINE_SERVER_WALLET.address,
        executionResult: { onchainStatus: "SUCCESS", userOpHash: expect.stringMatching(HASH) },
      });
      expect(statusLog.find((entry) => entry.id === idempotencyKey && entry.status === "SUBMITTED")).toMatchObject({
        transactionHash: null,
      });
      expect(await balance(to)).toBe(REWARD_AMOUNT_WEI);
    },
  );

  it("when a write has no idempotency key, then Engine assigns a fresh id", async () => {
    const { data } = await write({ to: randomWallet() });
    const id = data?.result.transactions[0]?.id ?? "";
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await settled(id))?.status).toBe("CONFIRMED");
  });
});

describe("Engine emulator: idempotency keys", () => {
  it("when a relayed key comes again while its job is retained, then the same id answers and nothing more is sent", async () => {
    const idempotencyKey = randomUUID();
    const { transaction: first } = await settledWrite({ type: "auto", idempotencyKey });
    for (let later = 1; later < RETAINED_JOBS; later += 1) await settledWrite({ type: "auto" });

    const other = randomWallet();
    const again = await write({ to: other, idempotencyKey, type: "auto" });
    await settledWrite({ type: "auto" });

    expect(again.response.status).toBe(202);
    expect(again.data?.result.transactions[0]?.id).toBe(idempotencyKey);
    expect(await transactionById(idempotencyKey)).toMatchObject({ transactionHash: first?.transactionHash });
    expect(await balance(other)).toBe(0n);
  });

  it("when retainedJobs later relayed jobs have finished, then the key is forgotten and a repeat sends a new transaction", async () => {
    const idempotencyKey = randomUUID();
    const { to, transaction: first } = await settledWrite({ type: "auto", idempotencyKey });
    for (let later = 0; later < RETAINED_JOBS; later += 1) await settledWrite({ type: "auto" });

    const other = randomWallet();
    const again = await write({ to: other, idempotencyKey, type: "auto" });

    expect(again.data?.result.transactions[0]?.id).toBe(idempotencyKey);
    await eventuallyRewarded(other);
    const second = await settled(idempotencyKey);
    expect(second).toMatchObject({ status: "CONFIRMED", transactionHash: expect.stringMatching(HASH) });
    expect(second?.transactionHash).not.toBe(first?.transactionHash);
    expect(await balance(to)).toBe(REWARD_AMOUNT_WEI);
  });

  it("when the earlier relayed transaction with a key FAILED, then writing the key again returns it and sends nothing", async () => {
    const to = randomWallet();
    const idempotencyKey = randomUUID();
    engine.faults.set({ mode: "failed", count: 1 });

    await write({ to, idempotencyKey, type: "auto" });
    expect((await settled(idempotencyKey))?.status).toBe("FAILED");
    const again = await write({ to, idempotencyKey, type: "auto" });

    expect(again.data?.result.transactions[0]?.id).toBe(idempotencyKey);
    expect((await transactionById(idempotencyKey))?.status).toBe("FAILED");
    expect(await balance(to)).toBe(0n);
  });

  it("when an EOA key comes again after the worker picked its transaction up, then Engine sends it again", async () => {
    const idempotencyKey = randomUUID();
    const { to, transaction: first } = await settledWrite({ idempotencyKey });

    const other = randomWallet();
    const again = await write({ to: other, idempotencyKey });

    expect(again.data?.result.transactions[0]?.id).toBe(idempotencyKey);
    await eventuallyRewarded(other);
    expect((await settled(idempotencyKey))?.transactionHash).not.toBe(first?.transactionHash);
    expect(await balance(to)).toBe(REWARD_AMOUNT_WEI);
  });

  it("when an EOA key comes again while its transaction was never picked up, then the same row answers and nothing is sent", async () => {
    const to = randomWallet();
    const idempotencyKey = randomUUID();
    engine.faults.set({ mode: "nullStatus", count: 1 });

    await write({ to, idempotencyKey });
    const again = await write({ to: randomWallet(), idempotencyKey });
    await settledWrite();

    expect(again.data?.result.transactions[0]?.id).toBe(idempotencyKey);
    expect(await transactionById(idempotencyKey)).toMatchObject({
      status: null,
      transactionParams: [{ data: expect.any(String) }],
    });
    expect(await balance(to)).toBe(0n);
  });
});

describe("Engine emulator: refusals", () => {
  it("when the secret key is wrong, then it answers 401 with Engine's error body", async () => {
    const { response, error } = await getTransactions({ baseUrl: engine.url, auth: "wrong", query: {} });
    expect(response.status).toBe(401);
    expect(error).toMatchObject({ error: { message: expect.any(String), details: { type: "AUTH_ERROR" } } });
  });

  it("when a write has no vault access token at all, then it answers 400 VALIDATION_ERROR and queues nothing", async () => {
    const { response, error } = await writeContract({
      baseUrl: engine.url,
      auth: secretKey,
      body: {
        executionOptions: { type: "EOA", from: ENGINE_SERVER_WALLET.address, chainId },
        params: [rewardCall(USERS[0].address)],
      },
    });
    expect(response.status).toBe(400);
    expect(error).toMatchObject({ error: { details: { type: "VALIDATION_ERROR" } } });
  });

  it.each([
    ["the chain id is another chain", { chainId: 1 }],
    ["the method is not a function signature", { method: "reward" }],
  ])("when %s, then a write answers 400 VALIDATION_ERROR", async (_case, override) => {
    const { response, error } = await write({ to: randomWallet(), ...override });
    expect(response.status).toBe(400);
    expect(error).toMatchObject({ error: { details: { type: "VALIDATION_ERROR" } } });
  });
});

describe("Engine emulator: signing happens in the worker", () => {
  const NOT_SIGNED = /^Transaction signing failed: Failed to sign transaction: Error interaction with vault: /;

  it.each([
    ["the vault access token is wrong", { vaultAccessToken: "wrong" }],
    ["the sender is not a server wallet of the vault", { from: USERS[0].address }],
  ])(
    "when %s, then the write answers 202 and its transaction ends FAILED with no hash and engine-core's signing error",
    async (_case, override) => {
      const to = randomWallet();
      const { response, data } = await write({ to, ...override });
      expect(response.status).toBe(202);

      expect(await settled(data?.result.transactions[0]?.id ?? "")).toMatchObject({
        status: "FAILED",
        transactionHash: null,
        errorMessage: expect.stringMatching(NOT_SIGNED),
      });
      expect(await balance(to)).toBe(0n);
    },
  );

  it("when signingRefused is set, then writes fail unsigned until it is cleared, and the next write is sent", async () => {
    engine.faults.set({ mode: "signingRefused", count: 100 });
    const refused = await settledWrite();
    expect(refused.transaction).toMatchObject({ status: "FAILED", errorMessage: expect.stringMatching(NOT_SIGNED) });

    engine.faults.clear();
    expect((await settledWrite()).transaction?.status).toBe("CONFIRMED");
  });
});

describe("Engine emulator: sign/message signs in the request", () => {
  function sign(options: { token?: string | null; from?: string } = {}) {
    return signMessage({
      baseUrl: engine.url,
      auth: secretKey,
      ...(options.token === null ? {} : { headers: { "x-vault-access-token": options.token ?? vaultAccessToken } }),
      body: {
        signingOptions: { type: "EOA", from: options.from ?? ENGINE_SERVER_WALLET.address, chainId },
        params: [{ message: "tube doctor" }],
      },
    });
  }

  it("when the token and the wallet are right, then it answers 200 with the server wallet's signature", async () => {
    const { response, data } = await sign();
    expect(response.status).toBe(200);
    const [item] = data?.result ?? [];
    if (!item || !("result" in item)) throw new Error(`no signature: ${JSON.stringify(data)}`);
    expect(item.result.signedData).toBe("tube doctor");
    const signed = await verifyEOASignature({
      message: "tube doctor",
      signature: item.result.signature,
      address: ENGINE_SERVER_WALLET.address,
    });
    expect(signed).toBe(true);
  });

  it.each([
    ["the vault access token is wrong", { token: "wrong" }],
    ["the wallet is not one the vault holds", { from: USERS[0].address }],
  ])("when %s, then it answers 200 with a VAULT_ERROR item at once", async (_case, override) => {
    const { response, data } = await sign(override);
    expect(response.status).toBe(200);
    expect(data?.result).toEqual([{ error: { type: "VAULT_ERROR", message: expect.any(String) } }]);
  });

  it("when there is no vault access token, then it answers 400 VALIDATION_ERROR; a wrong secret key is a 401", async () => {
    expect((await sign({ token: null })).response.status).toBe(400);
    const { response } = await signMessage({
      baseUrl: engine.url,
      auth: "wrong",
      headers: { "x-vault-access-token": vaultAccessToken },
      body: { signingOptions: { type: "EOA", from: ENGINE_SERVER_WALLET.address }, params: [{ message: "x" }] },
    });
    expect(response.status).toBe(401);
  });
});

describe("Engine emulator: faults", () => {
  it("when http500 is set for one write, then that write answers 500 and queues nothing, and the next one works", async () => {
    const idempotencyKey = randomUUID();
    engine.faults.set({ mode: "http500", count: 1 });

    const failed = await write({ to: randomWallet(), idempotencyKey });
    expect(failed.response.status).toBe(500);
    expect(await transactionById(idempotencyKey)).toBeUndefined();

    const retried = await write({ to: randomWallet(), idempotencyKey });
    expect(retried.response.status).toBe(202);
    expect(engine.faults.pending()).toBeNull();
  });

  it("when rateLimited is set, then the write answers 429 in Engine's error envelope and queues nothing", async () => {
    const idempotencyKey = randomUUID();
    engine.faults.set({ mode: "rateLimited", count: 1 });

    const limited = await write({ to: randomWallet(), idempotencyKey });

    expect(limited.response.status).toBe(429);
    expect(limited.error).toEqual({
      error: { message: expect.any(String), details: { type: "RATE_LIMITED", message: expect.any(String) } },
    });
    expect(await transactionById(idempotencyKey)).toBeUndefined();
    expect((await write({ to: randomWallet(), idempotencyKey })).response.status).toBe(202);
  });

  it("when rateLimitedReads is set, then the list answers 429 in Engine's error envelope, and the next read works", async () => {
    engine.faults.set({ mode: "rateLimitedReads", count: 1 });

    const limited = await getTransactions({ baseUrl: engine.url, auth: secretKey, query: {} });
    const next = await getTransactions({ baseUrl: engine.url, auth: secretKey, query: {} });

    expect(limited.response.status).toBe(429);
    expect(limited.error).toMatchObject({ error: { details: { type: "RATE_LIMITED" } } });
    expect(next.response.status).toBe(200);
  });

  it("when timeout is set, then the client gives up but the transaction is still queued and confirmed", async () => {
    const to = randomWallet();
    const idempotencyKey = randomUUID();
    engine.faults.set({ mode: "timeout", count: 1 });

    await expect(write({ to, idempotencyKey, signal: AbortSignal.timeout(300) })).rejects.toThrow();

    expect((await settled(idempotencyKey))?.status).toBe("CONFIRMED");
    expect(await balance(to)).toBe(REWARD_AMOUNT_WEI);
  });

  it("when failed is set, then the transaction ends FAILED without a hash and nothing is sent", async () => {
    const to = randomWallet();
    const idempotencyKey = randomUUID();
    engine.faults.set({ mode: "failed", count: 1 });

    await write({ to, idempotencyKey });

    expect(await settled(idempotencyKey)).toMatchObject({
      status: "FAILED",
      transactionHash: null,
      errorMessage: expect.any(String),
      executionResult: { status: "FAILED", error: expect.any(String) },
    });
    expect(await balance(to)).toBe(0n);
  });

  it("when revert is set, then the transaction is mined, reverts, and ends FAILED with its hash", async () => {
    const to = randomWallet();
    const idempotencyKey = randomUUID();
    engine.faults.set({ mode: "revert", count: 1 });

    await write({ to, idempotencyKey });

    expect(await settled(idempotencyKey)).toMatchObject({
      status: "FAILED",
      transactionHash: expect.stringMatching(HASH),
      errorMessage: expect.stringContaining("reverted"),
    });
    expect(await balance(to)).toBe(0n);
  });

  it("when revertConfirmed is set, then the transaction reverts on chain and is CONFIRMED with onchainStatus REVERTED", async () => {
    const to = randomWallet();
    const idempotencyKey = randomUUID();
    engine.faults.set({ mode: "revertConfirmed", count: 1 });

    await write({ to, idempotencyKey });
    const transaction = await settled(idempotencyKey);

    expect(transaction).toMatchObject({
      status: "CONFIRMED",
      transactionHash: expect.stringMatching(HASH),
      executionResult: { status: "CONFIRMED", onchainStatus: "REVERTED" },
    });
    const receipt = await receiptOf(
      localChain(world.anvil.rpcUrl, chainId),
      transaction?.transactionHash as `0x${string}`,
    );
    expect(receipt.status).toBe("reverted");
    expect(await balance(to)).toBe(0n);
  });

  it("when innerRevert is set, then Engine reports CONFIRMED with onchainStatus REVERTED for a receipt with status 1 and no logs", async () => {
    const to = randomWallet();
    const idempotencyKey = randomUUID();
    engine.faults.set({ mode: "innerRevert", count: 1 });

    await write({ to, idempotencyKey });
    const transaction = await settled(idempotencyKey);

    expect(transaction).toMatchObject({
      status: "CONFIRMED",
      transactionHash: expect.stringMatching(HASH),
      errorMessage: null,
      executionResult: {
        status: "CONFIRMED",
        onchainStatus: "REVERTED",
        transactionHash: transaction?.transactionHash,
        userOpHash: expect.stringMatching(HASH),
      },
    });
    const receipt = await receiptOf(
      localChain(world.anvil.rpcUrl, chainId),
      transaction?.transactionHash as `0x${string}`,
    );
    expect(receipt).toMatchObject({ status: "success", logs: [] });
    expect(await balance(to)).toBe(0n);
  });

  it("when failedThenLands is set, then Engine reports FAILED without a hash and the reward lands on chain later", async () => {
    const to = randomWallet();
    const idempotencyKey = randomUUID();
    engine.faults.set({ mode: "failedThenLands", count: 1 });

    await write({ to, idempotencyKey });

    expect(await settled(idempotencyKey)).toMatchObject({
      status: "FAILED",
      transactionHash: null,
      errorMessage: expect.any(String),
    });
    await eventuallyRewarded(to);
    expect(await transactionById(idempotencyKey)).toMatchObject({ status: "FAILED", transactionHash: null });
  });

  it("when Engine gives up on a sent transaction, then it reports FAILED with the hash while the chain mines it", async () => {
    const to = randomWallet();
    const idempotencyKey = randomUUID();
    engine.faults.set({ mode: "failedThenMined", count: 1 });

    await write({ to, idempotencyKey });

    expect(await settled(idempotencyKey)).toMatchObject({
      status: "FAILED",
      transactionHash: expect.stringMatching(HASH),
    });
    await eventuallyRewarded(to);
  });

  it("when a transaction is stuck, then it stays SUBMITTED with its hash although the chain mined it", async () => {
    const to = randomWallet();
    const idempotencyKey = randomUUID();
    engine.faults.set({ mode: "stuckSubmitted", count: 1 });

    await write({ to, idempotencyKey });
    await eventuallyRewarded(to);

    expect(await transactionById(idempotencyKey)).toMatchObject({
      status: "SUBMITTED",
      transactionHash: expect.stringMatching(HASH),
    });
  });

  it("when an EOA write's idempotency key holds a ':', then it stays SUBMITTED for ever although the chain mined it", async () => {
    const to = randomWallet();
    const idempotencyKey = `${randomUUID()}:1`;

    await write({ to, idempotencyKey });
    await eventuallyRewarded(to);
    // A write sent after it has settled, so the first one's confirmation has had its turn too.
    await settledWrite();

    expect(await transactionById(idempotencyKey)).toMatchObject({
      status: "SUBMITTED",
      transactionHash: expect.stringMatching(HASH),
    });
  });

  it("when nullStatus is set, then the row is listed with status null and the transaction is never sent", async () => {
    const to = randomWallet();
    const idempotencyKey = randomUUID();
    engine.faults.set({ mode: "nullStatus", count: 1 });

    await write({ to, idempotencyKey });
    await settledWrite();

    expect(await transactionById(idempotencyKey)).toMatchObject({
      id: idempotencyKey,
      status: null,
      transactionHash: null,
      executionResult: null,
      cancelledAt: null,
    });
    expect(await balance(to)).toBe(0n);
  });

  it("when cancelled is set, then the row is FAILED with cancelledAt and no hash, and the transaction is never sent", async () => {
    const to = randomWallet();
    const idempotencyKey = randomUUID();
    engine.faults.set({ mode: "cancelled", count: 1 });

    await write({ to, idempotencyKey });
    await settledWrite();

    expect(await transactionById(idempotencyKey)).toMatchObject({
      status: "FAILED",
      transactionHash: null,
      cancelledAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      errorMessage: "Transaction cancelled by user",
    });
    expect(await balance(to)).toBe(0n);
  });

  it("when the list lags behind a write, then the transaction is missing from the first reads and shows up after", async () => {
    const idempotencyKey = randomUUID();
    engine.faults.set({ mode: "listLag", count: 1 });

    await write({ to: randomWallet(), idempotencyKey });

    expect(await transactionById(idempotencyKey)).toBeUndefined();
    await vi.waitFor(async () => expect(await transactionById(idempotencyKey)).toMatchObject({ id: idempotencyKey }), {
      timeout: 10_000,
      interval: 25,
    });
  });

  it("when listLag carries reads, then the transaction is missing from exactly that many list reads", async () => {
    const idempotencyKey = randomUUID();
    const reads = 6;
    engine.faults.set({ mode: "listLag", count: 1, reads });

    await write({ to: randomWallet(), idempotencyKey });

    for (let read = 0; read < reads; read += 1) expect(await transactionById(idempotencyKey)).toBeUndefined();
    expect(await transactionById(idempotencyKey)).toMatchObject({ id: idempotencyKey });
  });

  it("when a fault is set over HTTP, then the next write obeys it and the fault can be read, counted and cleared", async () => {
    const set = await rawFetch(FAULTS_PATH, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ mode: "http500", count: 2 }),
    });
    expect(set).toEqual({ status: 200, body: { fault: { mode: "http500", count: 2 } } });

    const firedBefore = engine.faults.fired().http500 ?? 0;
    expect((await write({ to: randomWallet() })).response.status).toBe(500);
    expect(await rawFetch(FAULTS_PATH)).toEqual({
      status: 200,
      body: { fault: { mode: "http500", count: 1 }, fired: expect.objectContaining({ http500: firedBefore + 1 }) },
    });

    expect(await rawFetch(FAULTS_PATH, { method: "DELETE" })).toEqual({ status: 200, body: { fault: null } });
    expect((await write({ to: randomWallet() })).response.status).toBe(202);
  });

  it("when failed is aimed at one wallet over HTTP, then only that wallet's write fails, and a fault for everyone still hits the others", async () => {
    const [aimed, other, third] = [randomWallet(), randomWallet(), randomWallet()];
    const body = JSON.stringify({ mode: "failed", count: 1, wallet: aimed });
    expect(await rawFetch(FAULTS_PATH, { method: "POST", body })).toEqual({
      status: 200,
      body: { fault: { mode: "failed", count: 1, wallet: aimed } },
    });
    engine.faults.set({ mode: "revert", count: 1 });

    const otherWrite = await write({ to: other });
    expect(await settled(otherWrite.data?.result.transactions[0]?.id ?? "")).toMatchObject({
      status: "FAILED",
      transactionHash: expect.stringMatching(HASH),
    });
    const aimedWrite = await write({ to: aimed });
    expect(await settled(aimedWrite.data?.result.transactions[0]?.id ?? "")).toMatchObject({
      status: "FAILED",
      transactionHash: null,
    });
    expect(await rawFetch(`${FAULTS_PATH}?wallet=${aimed}`)).toMatchObject({ body: { fault: null } });
    expect(await balance(aimed)).toBe(0n);

    await write({ to: third });
    await eventuallyRewarded(third);
  });

  it("when listLag is set over HTTP with reads, then the fault keeps them", async () => {
    const body = JSON.stringify({ mode: "listLag", count: 1, reads: 20 });
    expect(await rawFetch(FAULTS_PATH, { method: "POST", body })).toEqual({
      status: 200,
      body: { fault: { mode: "listLag", count: 1, reads: 20 } },
    });
  });

  it.each([
    ["the mode is unknown", JSON.stringify({ mode: "explode" })],
    ["reads comes with another mode", JSON.stringify({ mode: "http500", reads: 2 })],
    [
      "a wallet aims a fault applied before the write is read",
      JSON.stringify({ mode: "http500", wallet: randomWallet() }),
    ],
    ["the wallet is not an address", JSON.stringify({ mode: "failed", wallet: "alice" })],
    ["the body is not JSON", "{mode"],
  ])("when %s, then setting a fault answers 400", async (_case, body) => {
    expect((await rawFetch(FAULTS_PATH, { method: "POST", body })).status).toBe(400);
  });
});

describe("Engine emulator: listing", () => {
  it("when transactions are listed, then Engine's pagination fields come with them", async () => {
    const { data } = await getTransactions({ baseUrl: engine.url, auth: secretKey, query: { page: 1, limit: 2 } });
    expect(data?.result.transactions).toHaveLength(2);
    expect(data?.result.pagination).toMatchObject({ page: 1, limit: 2, totalCount: expect.any(Number) });
    expect(data?.result.pagination.totalCount).toBeGreaterThan(2);
  });
});

describe("Engine emulator: send latency", () => {
  it("when a send latency is set, then the worker takes a write up no sooner than that after it was written", async () => {
    const sendLatencyMs = 400;
    const slow = await startEngineEmulator({
      rpcUrl: world.anvil.rpcUrl,
      chainId,
      secretKey,
      vaultAccessToken,
      serverWallets: [ENGINE_SERVER_WALLET],
      sendLatencyMs,
    });
    try {
      // Failed by the worker as it takes the write up: when that happened shows, and nothing is sent from the wallet
      // this suite's own Engine sends from.
      slow.faults.set({ mode: "failed", count: 1 });
      const idempotencyKey = randomUUID();
      const written = performance.now();
      await writeContract({
        baseUrl: slow.url,
        auth: secretKey,
        headers: { "x-vault-access-token": vaultAccessToken },
        body: {
          executionOptions: { type: "EOA", from: ENGINE_SERVER_WALLET.address, chainId, idempotencyKey },
          params: [rewardCall(randomWallet())],
        },
      });
      await vi.waitFor(
        async () => {
          const { data } = await getTransactions({ baseUrl: slow.url, auth: secretKey, query: { id: idempotencyKey } });
          expect(data?.result.transactions[0]?.status).toBe("FAILED");
        },
        { timeout: 10_000, interval: 25 },
      );
      // A lower bound, which load cannot break; Node's timers round to the millisecond, hence the 1 ms.
      expect(performance.now() - written).toBeGreaterThanOrEqual(sendLatencyMs - 1);
    } finally {
      await slow.stop();
    }
  });
});

describe("when the server wallet has no gas", () => {
  const setGas = (wei: string) => rpc(world.anvil.rpcUrl, "anvil_setBalance", [ENGINE_SERVER_WALLET.address, wei]);

  it("then the write stays QUEUED while Engine retries it, and is sent once the wallet is funded", async () => {
    const funded = await rpc<string>(world.anvil.rpcUrl, "eth_getBalance", [ENGINE_SERVER_WALLET.address, "latest"]);
    const to = randomWallet();
    await setGas("0x0");
    let id = "";
    try {
      const { data } = await write({ to });
      id = data?.result.transactions[0]?.id ?? "";
      await vi.waitFor(() => expect(retriedSends.filter((retried) => retried === id).length).toBeGreaterThan(1), {
        timeout: 10_000,
        interval: 25,
      });
      expect(await transactionById(id)).toMatchObject({ status: "QUEUED", transactionHash: null, errorMessage: null });
    } finally {
      await setGas(funded);
    }
    expect(await settled(id)).toMatchObject({ status: "CONFIRMED" });
    expect(await balance(to)).toBe(REWARD_AMOUNT_WEI);
  });
});
