import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getTransactions, writeContract } from "@thirdweb-dev/engine";
import { ARBITRUM_ONE_CHAIN_ID } from "@tube/common/constants";
import type { RunningAnvil } from "../anvil.ts";
import { ENGINE_SERVER_WALLET, USERS } from "../dev-accounts.ts";
import { randomWallet } from "../mint-log.ts";
import { balanceOf } from "../token-balance.ts";
import { FAULTS_PATH, type RunningEngineEmulator } from "./engine-emulator.ts";
import { startEngineWorld, type EngineWorld } from "./engine-world.ts";

const chainId = ARBITRUM_ONE_CHAIN_ID;
const secretKey = "test-secret-key";
const vaultAccessToken = "test-vault-token";
const MINT_METHOD = "function mintTo(address to, uint256 amount)";
const MINT_SELECTOR = "0x449a52f8";
const REWARD = 250n * 10n ** 18n;

let anvil: RunningAnvil;
let engine: RunningEngineEmulator;
let token: string;
let world: EngineWorld;
const statusLog: Array<{ id: unknown; status: string; transactionHash: unknown }> = [];

beforeAll(async () => {
  world = await startEngineWorld({
    secretKey,
    vaultAccessToken,
    log: (message, fields) => {
      const status = /^transaction (\w+)$/.exec(message)?.[1];
      if (status) statusLog.push({ id: fields?.id, status, transactionHash: fields?.transactionHash });
    },
  });
  ({ anvil, engine, tokenAddress: token } = world);
});

afterEach(() => engine.faults.clear());

afterAll(async () => {
  await world?.stop();
});

function write(options: {
  to: string;
  idempotencyKey?: string;
  from?: string;
  chainId?: number;
  method?: string;
  signal?: AbortSignal;
}) {
  return writeContract({
    baseUrl: engine.url,
    auth: secretKey,
    headers: { "x-vault-access-token": vaultAccessToken },
    signal: options.signal,
    body: {
      executionOptions: {
        type: "auto",
        from: options.from ?? ENGINE_SERVER_WALLET.address,
        chainId: options.chainId ?? chainId,
        ...(options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {}),
      },
      params: [
        { contractAddress: token, method: options.method ?? MINT_METHOD, params: [options.to, REWARD.toString()] },
      ],
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

const balance = (owner: string) => balanceOf(anvil.rpcUrl, chainId, token, owner);

async function rawFetch(path: string, init: RequestInit = {}) {
  const response = await fetch(`${engine.url}${path}`, init);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("Engine emulator: writes", () => {
  it("when a mint is written through the Engine client, then it is queued with Engine's 202 shape and confirmed on chain", async () => {
    const to = USERS[0].address;
    const idempotencyKey = randomUUID();

    const { data, response } = await write({ to, idempotencyKey });

    expect(response.status).toBe(202);
    const queued = data?.result.transactions[0];
    expect(queued).toMatchObject({
      id: idempotencyKey,
      batchIndex: 0,
      executionParams: { chainId, from: ENGINE_SERVER_WALLET.address, idempotencyKey },
      transactionParams: [{ to: token, value: "0" }],
    });
    expect(queued?.transactionParams[0]?.data?.startsWith(MINT_SELECTOR)).toBe(true);

    const transaction = await settled(idempotencyKey);
    expect(transaction).toMatchObject({
      id: idempotencyKey,
      chainId: String(chainId),
      from: ENGINE_SERVER_WALLET.address,
      status: "CONFIRMED",
      errorMessage: null,
    });
    expect(transaction?.transactionHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(transaction?.confirmedAtBlockNumber).toMatch(/^\d+$/);
    expect(statusLog.filter((entry) => entry.id === idempotencyKey).map((entry) => entry.status)).toEqual([
      "QUEUED",
      "SUBMITTED",
      "CONFIRMED",
    ]);
    expect(await balance(to)).toBe(REWARD);
  });

  it("when the same idempotency key is written twice, then the same transaction answers and tokens are minted once", async () => {
    const to = USERS[1].address;
    const idempotencyKey = randomUUID();

    const first = await write({ to, idempotencyKey });
    const second = await write({ to, idempotencyKey });
    await settled(idempotencyKey);
    const third = await write({ to, idempotencyKey });

    expect(second.data?.result.transactions[0]?.id).toBe(first.data?.result.transactions[0]?.id);
    expect(third.data?.result.transactions[0]?.id).toBe(idempotencyKey);
    expect((await settled(idempotencyKey))?.status).toBe("CONFIRMED");
    expect(await balance(to)).toBe(REWARD);
  });

  it("when a write has no idempotency key, then Engine assigns a fresh id", async () => {
    const { data } = await write({ to: USERS[3].address });
    const id = data?.result.transactions[0]?.id ?? "";
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await settled(id))?.status).toBe("CONFIRMED");
  });

  it("when the earlier transaction with a key FAILED, then writing the key again returns it and mints nothing", async () => {
    const to = randomWallet();
    const idempotencyKey = randomUUID();
    engine.faults.set({ mode: "failed", count: 1 });

    await write({ to, idempotencyKey });
    expect((await settled(idempotencyKey))?.status).toBe("FAILED");
    const again = await write({ to, idempotencyKey });

    expect(again.data?.result.transactions[0]?.id).toBe(idempotencyKey);
    expect((await transactionById(idempotencyKey))?.status).toBe("FAILED");
    expect(await balance(to)).toBe(0n);
  });

  it("when Engine gives up on a sent transaction, then it reports FAILED with the hash while the chain mines it", async () => {
    const to = randomWallet();
    const idempotencyKey = randomUUID();
    engine.faults.set({ mode: "failedThenMined", count: 1 });

    await write({ to, idempotencyKey });
    const transaction = await settled(idempotencyKey);

    expect(transaction).toMatchObject({ status: "FAILED", transactionHash: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    await vi.waitFor(async () => expect(await balance(to)).toBe(REWARD), { timeout: 10_000, interval: 25 });
  });

  it("when a transaction is stuck, then it stays SUBMITTED with its hash although the chain mined it", async () => {
    const to = randomWallet();
    const idempotencyKey = randomUUID();
    engine.faults.set({ mode: "stuckSubmitted", count: 1 });

    await write({ to, idempotencyKey });
    await vi.waitFor(async () => expect(await balance(to)).toBe(REWARD), { timeout: 10_000, interval: 25 });

    expect(await transactionById(idempotencyKey)).toMatchObject({
      status: "SUBMITTED",
      transactionHash: expect.any(String),
    });
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
});

describe("Engine emulator: refusals", () => {
  it("when the secret key is wrong, then it answers 401 with Engine's error body", async () => {
    const { response, error } = await getTransactions({ baseUrl: engine.url, auth: "wrong", query: {} });
    expect(response.status).toBe(401);
    expect(error).toMatchObject({ error: { message: expect.any(String), details: { type: "AUTH_ERROR" } } });
  });

  it("when the vault access token is wrong, then a write answers 401", async () => {
    const { response } = await writeContract({
      baseUrl: engine.url,
      auth: secretKey,
      headers: { "x-vault-access-token": "wrong" },
      body: {
        executionOptions: { type: "auto", from: ENGINE_SERVER_WALLET.address, chainId },
        params: [{ contractAddress: token, method: MINT_METHOD, params: [USERS[0].address, "1"] }],
      },
    });
    expect(response.status).toBe(401);
  });

  it.each([
    ["the sender is not a server wallet", { from: USERS[0].address }],
    ["the chain id is another chain", { chainId: 1 }],
    ["the method is not a function signature", { method: "mintTo" }],
  ])("when %s, then a write answers 400 VALIDATION_ERROR", async (_case, override) => {
    const { response, error } = await write({ to: USERS[0].address, ...override });
    expect(response.status).toBe(400);
    expect(error).toMatchObject({ error: { details: { type: "VALIDATION_ERROR" } } });
  });
});

describe("Engine emulator: faults", () => {
  it("when http500 is set for one write, then that write answers 500 and queues nothing, and the next one works", async () => {
    const idempotencyKey = randomUUID();
    engine.faults.set({ mode: "http500", count: 1 });

    const failed = await write({ to: USERS[0].address, idempotencyKey });
    expect(failed.response.status).toBe(500);
    expect(await transactionById(idempotencyKey)).toBeUndefined();

    const retried = await write({ to: USERS[0].address, idempotencyKey });
    expect(retried.response.status).toBe(202);
    expect(engine.faults.pending()).toBeNull();
  });

  it("when timeout is set, then the client gives up but the transaction is still queued and confirmed", async () => {
    const to = USERS[3].address;
    const before = await balance(to);
    const idempotencyKey = randomUUID();
    engine.faults.set({ mode: "timeout", count: 1 });

    await expect(write({ to, idempotencyKey, signal: AbortSignal.timeout(300) })).rejects.toThrow();

    expect((await settled(idempotencyKey))?.status).toBe("CONFIRMED");
    expect(await balance(to)).toBe(before + REWARD);
  });

  it("when failed is set, then the transaction ends FAILED without a hash and nothing is minted", async () => {
    const to = "0x000000000000000000000000000000000000dEaD";
    const idempotencyKey = randomUUID();
    engine.faults.set({ mode: "failed", count: 1 });

    await write({ to, idempotencyKey });
    const transaction = await settled(idempotencyKey);

    expect(transaction).toMatchObject({ status: "FAILED", transactionHash: null, errorMessage: expect.any(String) });
    expect(await balance(to)).toBe(0n);
  });

  it("when revert is set, then the transaction is mined, reverts, and ends FAILED with its hash", async () => {
    const to = "0x000000000000000000000000000000000000bEEF";
    const idempotencyKey = randomUUID();
    engine.faults.set({ mode: "revert", count: 1 });

    await write({ to, idempotencyKey });
    const transaction = await settled(idempotencyKey);

    expect(transaction).toMatchObject({ status: "FAILED", errorMessage: expect.stringContaining("reverted") });
    expect(transaction?.transactionHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await balance(to)).toBe(0n);
  });

  it("when a fault is set over HTTP, then the next write obeys it and the fault can be read and cleared", async () => {
    const set = await rawFetch(FAULTS_PATH, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ mode: "http500", count: 2 }),
    });
    expect(set).toEqual({ status: 200, body: { fault: { mode: "http500", count: 2 } } });

    expect((await write({ to: USERS[0].address })).response.status).toBe(500);
    expect(await rawFetch(FAULTS_PATH)).toEqual({ status: 200, body: { fault: { mode: "http500", count: 1 } } });

    expect(await rawFetch(FAULTS_PATH, { method: "DELETE" })).toEqual({ status: 200, body: { fault: null } });
    expect((await write({ to: USERS[0].address })).response.status).toBe(202);
  });

  it("when a fault body is invalid, then it answers 400", async () => {
    const { status } = await rawFetch(FAULTS_PATH, { method: "POST", body: JSON.stringify({ mode: "explode" }) });
    expect(status).toBe(400);
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
