import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { REWARD_AMOUNT_WEI } from "@tube/common/constants";
import { countMintsTo, randomWallet } from "@tube/local-world/mint-log";
import { balanceOf } from "@tube/local-world/token-balance";
import { startTestWorld, type TestWorld } from "../test/test-world.ts";

/**
 * The backend is SIGKILLed mid-claim and started again over the same store,
 * chain and Engine: the reconciler must end every claim with exactly one mint.
 */
const BACKEND_ENTRY = path.resolve(import.meta.dirname, "../index.ts");

let world: TestWorld;
let backend: ChildProcess | null = null;

beforeAll(async () => {
  world = await startTestWorld({ inProcessApp: false, subscribers: 4 });
});
afterEach(async () => {
  await stopBackend("SIGTERM");
  world.engineFaults.clear();
});
afterAll(async () => {
  await world?.stop();
});

async function startBackend(): Promise<void> {
  backend = spawn(process.execPath, ["--import", "tsx", BACKEND_ENTRY], {
    env: { ...process.env, ...world.env, NODE_ENV: "test" } as NodeJS.ProcessEnv,
    stdio: "ignore",
  });
  await expect
    .poll(() => fetch(`${world.url}/healthz`).then((response) => response.ok, () => false), { timeout: 30_000, interval: 100, message: "the backend did not start" })
    .toBe(true);
}

async function stopBackend(signal: NodeJS.Signals): Promise<void> {
  const child = backend;
  backend = null;
  if (!child || child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    child.kill(signal);
  });
}

async function rpc(method: string, params: unknown[] = []): Promise<unknown> {
  const response = await fetch(world.rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  return ((await response.json()) as { result: unknown }).result;
}

async function claimStatus(wallet: string): Promise<{ status: string | null; claimId: string | null }> {
  const response = await fetch(`${world.url}/api/check-claim/${wallet}`);
  return (await response.json()) as { status: string | null; claimId: string | null };
}

/** Polls the wallet's claim (the backend may be down meanwhile) until it reaches `status`. */
async function claimReaches(wallet: string, status: string): Promise<void> {
  await expect
    .poll(() => claimStatus(wallet).then((claim) => claim.status, () => null), { timeout: 30_000, interval: 100, message: `the claim to be ${status}` })
    .toBe(status);
}

function claim(wallet: string, token: string): Promise<Response | null> {
  return fetch(`${world.url}/api/verify-and-mint`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ walletAddress: wallet, oauthAccessToken: token }),
  }).catch(() => null);
}

describe("crash recovery", () => {
  it("when the backend dies between reserving the claim and hearing back from Engine, then the restart finishes it with one mint", async () => {
    await startBackend();
    const token = await world.signIn("viewer1@example.com");
    const wallet = randomWallet();
    // Engine queues the mint but holds its answer, so the claim stays `reserved` while we kill the server.
    world.engineFaults.set({ mode: "timeout", count: 1 });
    void claim(wallet, token);
    await claimReaches(wallet, "reserved");
    await stopBackend("SIGKILL");

    await startBackend();
    await claimReaches(wallet, "confirmed");
    expect(await countMintsTo(world.rpcUrl, world.tokenAddress, wallet)).toBe(1);
    expect(await balanceOf(world.rpcUrl, 42161, world.tokenAddress, wallet)).toBe(REWARD_AMOUNT_WEI);
  });

  it("when the backend dies after queueing and before the mint is confirmed, then the restart confirms it with one mint", async () => {
    await startBackend();
    const token = await world.signIn("viewer2@example.com");
    const wallet = randomWallet();
    // Blocks stop being mined: Engine's transaction stays SUBMITTED until we mine again.
    await rpc("evm_setAutomine", [false]);
    try {
      const response = await claim(wallet, token);
      expect(response?.status).toBe(202);
      await stopBackend("SIGKILL");
      expect((await countMintsTo(world.rpcUrl, world.tokenAddress, wallet))).toBe(0);
    } finally {
      await rpc("evm_setAutomine", [true]);
      await rpc("evm_mine");
    }

    await startBackend();
    await claimReaches(wallet, "confirmed");
    expect(await countMintsTo(world.rpcUrl, world.tokenAddress, wallet)).toBe(1);
  });
});
