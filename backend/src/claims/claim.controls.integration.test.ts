import type { ChildProcess } from "node:child_process";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { freePort } from "@tube/local-world/free-port";
import { LOCAL_CHANNEL_ID } from "@tube/local-world/google-emulator/seed-accounts";
import { randomWallet } from "@tube/local-world/mint-log";
import { countMintsTo } from "@tube/local-world/test/chain-reads";
import type { FaultMode } from "@tube/local-world/engine-emulator/faults";
import { loadConfig } from "../config.ts";
import { createLogger } from "../observability/logger.ts";
import { createMetrics } from "../observability/metrics.ts";
import type { ClaimStore } from "../store/claim-store.ts";
import { openSqliteClaimStore } from "../store/sqlite/sqlite-claim-store.ts";
import { startBackendProcess } from "../test/server-process.ts";
import { OPERATOR_HEADERS, startTestWorld, type TestWorld } from "../test/test-world.ts";
import { mintDriverFromConfig } from "./mint-driver-from-config.ts";
import { RESOLVED_NOT_REWARDED, resolveClaim } from "./resolve-claim.ts";

/**
 * The operator's controls as a visitor meets them: the pause switch, the deny list and `resolve`, written by another
 * process. The servers are child processes over one SQLite file, so a pause is seen by each through the store alone,
 * and a server can be SIGKILLed to leave a claim stuck with its lease held.
 */
/** The required bound on a pause reaching every process: the cache, plus room for a request in flight. */
const PAUSE_REACHES_EVERY_PROCESS_MS = 2_500;

let world: TestWorld;
let operatorStore: ClaimStore;
const backends: ChildProcess[] = [];

beforeAll(async () => {
  world = await startTestWorld({ inProcessApp: false });
  // The operator's command is another connection to the same store.
  operatorStore = await openSqliteClaimStore({ dataDir: world.env.DATA_DIR as string });
});
afterEach(async () => {
  await Promise.all(backends.splice(0).map((child) => stopBackend(child)));
  world.engineFaults.clear();
  await world.rpc("evm_setAutomine", [true]);
  await operatorStore.operator.setPaused(false, "test-operator");
});
afterAll(async () => {
  await operatorStore?.close();
  await world?.stop();
});

/** Starts a server process over the world's SQLite file; the world's own port is the one sign-in goes through. */
async function startBackend(port = Number(world.env.PORT)): Promise<string> {
  const { child, url } = await startBackendProcess({ ...world.env, MONGODB_URI: "" }, port);
  backends.push(child);
  return url;
}

async function stopBackend(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise((resolve) => (child.once("exit", resolve), child.kill(signal)));
}

async function post(url: string, path: string, body: unknown) {
  const response = await fetch(`${url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, any> };
}
const claim = (oauthAccessToken: string, url = world.url, walletAddress = randomWallet()) =>
  post(url, "/api/verify-and-mint", { walletAddress, oauthAccessToken });
const verify = (accessToken: string, url = world.url) =>
  post(url, "/api/verify-subscription", { accessToken, channelId: LOCAL_CHANNEL_ID });

async function claimStatus(claimId: string): Promise<string> {
  const response = await fetch(`${world.url}/api/claims/${claimId}`);
  return ((await response.json()) as { status: string }).status;
}

async function metrics(url = world.url): Promise<string> {
  const response = await fetch(`${url}/metrics`, { headers: OPERATOR_HEADERS });
  if (!response.ok) throw new Error(`/metrics answered ${response.status}`);
  return response.text();
}

async function quotaUnits(url = world.url): Promise<number> {
  const line = (await metrics(url)).split("\n").find((text) => text.startsWith("youtube_quota_units_total "));
  return Number(line?.split(" ").at(-1) ?? 0);
}

/** Claims through `url` until the server refuses with 503, and says how long after `since` that was. */
async function msUntilRefused(token: string, url: string, since: number): Promise<number> {
  await vi.waitFor(
    async () => {
      if ((await claim(token, url)).status !== 503) throw new Error(`${url} is not paused yet`);
    },
    { timeout: PAUSE_REACHES_EVERY_PROCESS_MS * 2, interval: 50 },
  );
  return Date.now() - since;
}

describe("pause", () => {
  it("when the operator pauses, then within 2.5 s both server processes refuse new claims and checks with CLAIMS_PAUSED and Retry-After, a claim under way still confirms, and after resume both accept again", async () => {
    const secondPort = await freePort();
    // One after the other: the first creates the fresh store's schema.
    const servers = [await startBackend(), await startBackend(secondPort)];
    const [inFlightToken, ...probeTokens] = (await world.visitors(3)).map((viewer) => viewer.token);
    // No blocks: the claim's mint waits in the mempool, under way, until the pause has reached both processes.
    await world.rpc("evm_setAutomine", [false]);
    const inFlightWallet = randomWallet();
    const inFlight = await claim(inFlightToken!, servers[0], inFlightWallet);
    expect(inFlight.status).toBe(202);
    await expect.poll(() => claimStatus(inFlight.body.claimId), { timeout: 10_000 }).toBe("submitted");

    // Each process has just read the switch open.
    for (const [i, url] of servers.entries()) expect((await verify(probeTokens[i]!, url)).status).toBe(200);
    await operatorStore.operator.setPaused(true, "test-operator");
    const pausedAt = Date.now();
    const refusedAfter = await Promise.all(servers.map((url, i) => msUntilRefused(probeTokens[i]!, url, pausedAt)));
    console.log(
      `pause reached the first server process after ${refusedAfter[0]} ms, the second after ${refusedAfter[1]} ms`,
    );
    for (const elapsed of refusedAfter) expect(elapsed).toBeLessThan(PAUSE_REACHES_EVERY_PROCESS_MS);

    for (const [i, url] of servers.entries()) {
      const unitsBefore = await quotaUnits(url);
      const refused = await claim(probeTokens[i]!, url);
      expect(refused.status).toBe(503);
      expect(refused.body.error).toMatchObject({ code: "CLAIMS_PAUSED", retryAfterSeconds: 300 });
      expect(refused.headers.get("retry-after")).toBe("300");
      expect((await verify(probeTokens[i]!, url)).body.error.code).toBe("CLAIMS_PAUSED");
      expect(await quotaUnits(url)).toBe(unitsBefore);
      expect(await metrics(url)).toMatch(/^tube_claims_paused 1$/m);
    }

    // Still paused: the claim under way gets its block and confirms.
    expect(await claimStatus(inFlight.body.claimId)).toBe("submitted");
    await world.rpc("evm_setAutomine", [true]);
    await world.rpc("evm_mine");
    await expect.poll(() => claimStatus(inFlight.body.claimId), { timeout: 30_000, interval: 100 }).toBe("confirmed");
    expect(await countMintsTo(world.rpcUrl, world.tokenAddress, inFlightWallet)).toBe(1);

    await operatorStore.operator.setPaused(false, "test-operator");
    const nextTokens = (await world.visitors(2)).map((viewer) => viewer.token);
    await Promise.all(
      servers.map((url, i) =>
        vi.waitFor(
          async () => {
            if ((await claim(nextTokens[i]!, url)).status !== 202) throw new Error(`${url} is still paused`);
          },
          { timeout: PAUSE_REACHES_EVERY_PROCESS_MS * 2, interval: 50 },
        ),
      ),
    );
  }, 90_000);
});

describe("deny", () => {
  beforeEach(async () => {
    await startBackend();
  });

  it("when a wallet is denied, then its claim is refused with WALLET_DENIED and no YouTube quota is spent", async () => {
    const wallet = randomWallet();
    await operatorStore.operator.deny("wallet", wallet, "test-operator");
    const { token } = await world.visitor();
    const unitsBefore = await quotaUnits();

    const refused = await claim(token, world.url, wallet);

    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("WALLET_DENIED");
    expect(await quotaUnits()).toBe(unitsBefore);
    expect(await operatorStore.claims.findByWallet(wallet)).toBeNull();
  });

  it("when a Google account is denied, then its claims and checks are refused with GOOGLE_ACCOUNT_DENIED, no quota spent, until it is allowed", async () => {
    const { sub, token } = await world.visitor();
    await operatorStore.operator.deny("googleAccount", sub, "test-operator");
    const unitsBefore = await quotaUnits();

    expect((await claim(token)).body.error.code).toBe("GOOGLE_ACCOUNT_DENIED");
    expect((await verify(token)).body.error.code).toBe("GOOGLE_ACCOUNT_DENIED");
    expect(await quotaUnits()).toBe(unitsBefore);

    await operatorStore.operator.allow("googleAccount", sub);
    expect((await claim(token)).status).toBe(202);
  });
});

describe("resolve", () => {
  /**
   * A claim whose server died with Engine showing its attempt `status` (the fault makes it stay so), the lease still
   * held and no server running: nothing settles it but the operator.
   */
  async function stuckClaim(fault: FaultMode, status: "queued" | "submitted") {
    await startBackend();
    const { token } = await world.visitor();
    const wallet = randomWallet();
    world.engineFaults.set({ mode: fault, count: 1 });
    // No blocks while the server lives: a reward it could see on chain, it would confirm itself.
    await world.rpc("evm_setAutomine", [false]);
    const response = await claim(token, world.url, wallet);
    expect(response.status).toBe(202);
    const claimId = response.body.claimId as string;
    await expect.poll(() => claimStatus(claimId), { timeout: 10_000 }).toBe(status);
    expect(world.engineFaults.pending()).toBeNull();
    await stopBackend(backends.pop()!, "SIGKILL");
    await world.rpc("evm_setAutomine", [true]);
    await world.rpc("evm_mine");
    return { claimId, wallet };
  }

  /** `npm run claims -- retry <claimId>` on a stuck claim: the store and the chain reader as the command wires them. */
  function resolve(claimId: string) {
    const config = loadConfig(world.env as NodeJS.ProcessEnv);
    const { chainReader } = mintDriverFromConfig(config, {
      store: operatorStore,
      metrics: createMetrics(),
      logger: createLogger("silent"),
    });
    return resolveClaim({ store: operatorStore, chainReader }, claimId);
  }

  it("when a claim is stuck in submitted while Engine reports SUBMITTED for ever and the chain mined its reward, then resolve confirms it with the reward's hash", async () => {
    const { claimId, wallet } = await stuckClaim("stuckSubmitted", "submitted");
    const stuck = await operatorStore.claims.findById(claimId);
    expect(stuck).toMatchObject({ status: "submitted", leaseOwner: expect.any(String) });
    expect(await countMintsTo(world.rpcUrl, world.tokenAddress, wallet)).toBe(1);
    const receipt = (await world.rpc("eth_getTransactionReceipt", [stuck!.txHash])) as {
      status: string;
      logs: Array<{ address: string; topics: string[] }>;
    };
    expect(receipt.status).toBe("0x1");
    // The reward's mint: a Transfer from the zero address to the wallet, by the token.
    expect(
      receipt.logs.some(
        (log) =>
          log.address.toLowerCase() === world.tokenAddress.toLowerCase() &&
          BigInt(log.topics[1]!) === 0n &&
          BigInt(log.topics[2]!) === BigInt(wallet),
      ),
    ).toBe(true);

    const outcome = await resolve(claimId);

    expect(outcome.kind).toBe("confirmed");
    expect(await operatorStore.claims.findById(claimId)).toMatchObject({
      status: "confirmed",
      txHash: stuck!.txHash,
      leaseOwner: null,
    });
    expect(await countMintsTo(world.rpcUrl, world.tokenAddress, wallet)).toBe(1);
  }, 60_000);

  it("when a claim is stuck and was never rewarded on chain, then resolve fails it", async () => {
    // Engine lists the attempt with no status and never sends it.
    const { claimId, wallet } = await stuckClaim("nullStatus", "queued");

    const outcome = await resolve(claimId);

    expect(outcome.kind).toBe("failed");
    expect(await operatorStore.claims.findById(claimId)).toMatchObject({
      status: "failed",
      lastError: RESOLVED_NOT_REWARDED,
      leaseOwner: null,
    });
    expect(await countMintsTo(world.rpcUrl, world.tokenAddress, wallet)).toBe(0);
  }, 60_000);
});
