import type { ChildProcess } from "node:child_process";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { REWARD_AMOUNT_WEI, type ClaimStatus } from "@tube/common/constants";
import { freePort } from "@tube/local-world/free-port";
import { countMintsTo } from "@tube/local-world/test/chain-reads";
import { balanceOf } from "@tube/local-world/test/chain-reads";
import type { Visitor } from "../test/test-api.ts";
import { startBackendProcess } from "../test/server-process.ts";
import { startTestWorld, type TestWorld } from "../test/test-world.ts";

/**
 * The backend is SIGKILLed mid-claim and started again over the same store,
 * chain and Engine: the mint loop must end every claim with exactly one mint.
 * The last tests put 50 claims in flight, and two backends on one store.
 */
const CLAIMS_IN_FLIGHT = 50;
const CLAIMS_PER_BACKEND = 20;
// The shared store of two backends: the SQLite file always, MongoDB too where a server is configured.
const SHARED_STORES = [
  { kind: "SQLite file", MONGODB_URI: "" },
  ...(process.env.MONGODB_URI ? [{ kind: "MongoDB", MONGODB_URI: process.env.MONGODB_URI }] : []),
];

let world: TestWorld;
let backend: ChildProcess | null = null;
let secondBackend: ChildProcess | null = null;

beforeAll(async () => {
  world = await startTestWorld({ inProcessApp: false });
});
afterEach(async () => {
  await stopBackend("SIGTERM");
  await stopChild(secondBackend, "SIGTERM");
  secondBackend = null;
  world.engineFaults.clear();
  await world.rpc("evm_setAutomine", [true]);
});
afterAll(async () => {
  await world?.stop();
});

/** Starts a backend process over the world's SQLite file (or `mongodbUri`); `port` other than the world's makes a second one. */
async function spawnBackend(port = Number(world.env.PORT), mongodbUri = ""): Promise<ChildProcess> {
  return (await startBackendProcess({ ...world.env, MONGODB_URI: mongodbUri }, port)).child;
}

async function startBackend(mongodbUri = ""): Promise<void> {
  backend = await spawnBackend(Number(world.env.PORT), mongodbUri);
}

async function stopBackend(signal: NodeJS.Signals): Promise<void> {
  const child = backend;
  backend = null;
  await stopChild(child, signal);
}

async function stopChild(child: ChildProcess | null, signal: NodeJS.Signals): Promise<void> {
  if (!child || child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    child.kill(signal);
  });
}

/** How many claims the shared store holds in each status, read straight from the SQLite file. */
function statusCounts(): Partial<Record<ClaimStatus, number>> {
  const db = new DatabaseSync(path.join(world.env.DATA_DIR as string, "claims.sqlite"), { readOnly: true });
  try {
    const rows = db.prepare("SELECT status, COUNT(*) AS count FROM claims GROUP BY status").all() as Array<{
      status: ClaimStatus;
      count: number;
    }>;
    return Object.fromEntries(rows.map((row) => [row.status, row.count]));
  } finally {
    db.close();
  }
}

/** Until every visitor's claim is confirmed, claiming again for a visitor whose request died before its reservation. */
const allConfirmed = (crowd: Visitor[], url?: string) =>
  world.untilAllConfirmed(crowd, { claimAgain: true, mineWhileWaiting: true, url, timeoutMs: 120_000 });

/** Mints per wallet on chain: the exactly-once verdict. */
async function mintCounts(
  wallets: Array<{ wallet: string }>,
): Promise<{ mints: number; duplicates: number; lost: number }> {
  const counts = await Promise.all(
    wallets.map((visitor) => countMintsTo(world.rpcUrl, world.tokenAddress, visitor.wallet)),
  );
  return {
    mints: counts.reduce((sum, count) => sum + count, 0),
    duplicates: counts.filter((count) => count > 1).length,
    lost: counts.filter((count) => count === 0).length,
  };
}

async function claimStatus(
  wallet: string,
  url = world.url,
): Promise<{ status: string | null; claimId: string | null }> {
  const response = await fetch(`${url}/api/check-claim/${wallet}`);
  return (await response.json()) as { status: string | null; claimId: string | null };
}

/** Polls the wallet's claim (the backend may be down meanwhile) until it reaches `status`. */
async function claimReaches(wallet: string, status: string): Promise<void> {
  await expect
    .poll(
      () =>
        claimStatus(wallet).then(
          (claim) => claim.status,
          () => null,
        ),
      { timeout: 30_000, interval: 100, message: `the claim to be ${status}` },
    )
    .toBe(status);
}

function claim(wallet: string, token: string, url = world.url): Promise<Response | null> {
  return fetch(`${url}/api/verify-and-mint`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ walletAddress: wallet, oauthAccessToken: token }),
  }).catch(() => null);
}

describe("crash recovery", () => {
  it("when the backend dies between reserving the claim and hearing back from Engine, then the restart finishes it with one mint", async () => {
    await startBackend();
    const { token, wallet } = await world.visitor();
    // Engine queues the mint but holds its answer, so the server never hears back before we kill it.
    world.engineFaults.set({ mode: "timeout", count: 1 });
    void claim(wallet, token);
    // The fault is used up once Engine has the write and holds its answer.
    await expect.poll(() => world.engineFaults.pending(), { timeout: 30_000, interval: 20 }).toBeNull();
    await stopBackend("SIGKILL");

    await startBackend();
    await claimReaches(wallet, "confirmed");
    expect(await countMintsTo(world.rpcUrl, world.tokenAddress, wallet)).toBe(1);
    expect(await balanceOf(world.rpcUrl, 42161, world.tokenAddress, wallet)).toBe(REWARD_AMOUNT_WEI);
  });

  it("when the backend dies after queueing and before the mint is confirmed, then the restart confirms it with one mint", async () => {
    await startBackend();
    const { token, wallet } = await world.visitor();
    // Blocks stop being mined: Engine's transaction stays SUBMITTED until we mine again.
    await world.rpc("evm_setAutomine", [false]);
    try {
      const response = await claim(wallet, token);
      expect(response?.status).toBe(202);
      await stopBackend("SIGKILL");
      expect(await countMintsTo(world.rpcUrl, world.tokenAddress, wallet)).toBe(0);
    } finally {
      await world.rpc("evm_setAutomine", [true]);
      await world.rpc("evm_mine");
    }

    await startBackend();
    await claimReaches(wallet, "confirmed");
    expect(await countMintsTo(world.rpcUrl, world.tokenAddress, wallet)).toBe(1);
  });

  it("when the backend is SIGKILLed as 50 claims in flight are reserved, then queued, then submitted, then after the restarts mints = claims, 0 duplicates, 0 lost", async () => {
    await startBackend();
    const crowd = await world.visitors(CLAIMS_IN_FLIGHT);
    // No blocks: mints wait in the mempool, so claims stay unfinished across the kills.
    await world.rpc("evm_setAutomine", [false]);
    const seenAtKills: Array<Partial<Record<ClaimStatus, number>>> = [];
    const inFlight = crowd.map((visitor) => claim(visitor.wallet, visitor.token));

    // A claim is `reserved` only for a moment under load: the first kill comes as soon as claims appear at all.
    const reached: Record<
      "reserved" | "queued" | "submitted",
      (counts: Partial<Record<ClaimStatus, number>>) => number
    > = {
      reserved: (counts) => Object.values(counts).reduce((sum, count) => sum + count, 0),
      queued: (counts) => counts.queued ?? 0,
      submitted: (counts) => counts.submitted ?? 0,
    };
    for (const stage of ["reserved", "queued", "submitted"] as const) {
      await vi.waitFor(
        () => expect(reached[stage](statusCounts()), `${stage}: ${JSON.stringify(statusCounts())}`).toBeGreaterThan(0),
        { timeout: 60_000, interval: 20 },
      );
      seenAtKills.push(statusCounts());
      await stopBackend("SIGKILL");
      await startBackend();
      // Visitors whose request died with the backend before it reserved anything claim again, as a person would.
      for (const visitor of crowd) {
        inFlight.push(
          claimStatus(visitor.wallet).then(
            ({ status }) => (status === null ? claim(visitor.wallet, visitor.token) : null),
            () => null, // the next kill cut this look-up off: allConfirmed claims again for whoever still has none
          ),
        );
      }
    }
    await Promise.all(inFlight);
    await world.rpc("evm_setAutomine", [true]);
    await world.rpc("evm_mine");
    await allConfirmed(crowd);

    const verdict = await mintCounts(crowd);
    console.log(
      `crash under load: 3 SIGKILLs survived (claims by status at each: ${JSON.stringify(seenAtKills)}), ${crowd.length} claims, ${verdict.mints} mints, ${verdict.duplicates} duplicates, ${verdict.lost} lost`,
    );
    expect(verdict).toEqual({ mints: CLAIMS_IN_FLIGHT, duplicates: 0, lost: 0 });
  }, 240_000);

  it.each(SHARED_STORES)(
    "when two backends share one $kind and their mint loops race, then no wallet is minted twice, and after one is SIGKILLed the other finishes every claim",
    async ({ kind, MONGODB_URI }) => {
      await startBackend(MONGODB_URI);
      const secondPort = await freePort();
      secondBackend = await spawnBackend(secondPort, MONGODB_URI);
      const secondUrl = `http://localhost:${secondPort}`;
      const crowd = await world.visitors(2 * CLAIMS_PER_BACKEND);
      await world.rpc("evm_setAutomine", [false]);
      // Half the crowd claims through each backend; both mint loops see every unfinished claim.
      const responses = await Promise.all(
        crowd.map((visitor, index) => claim(visitor.wallet, visitor.token, index % 2 === 0 ? world.url : secondUrl)),
      );
      expect(responses.map((response) => response?.status)).toEqual(crowd.map(() => 202));

      await stopBackend("SIGKILL");
      await world.rpc("evm_setAutomine", [true]);
      await world.rpc("evm_mine");
      await allConfirmed(crowd, secondUrl);

      const verdict = await mintCounts(crowd);
      console.log(
        `two backends on one ${kind}: 1 SIGKILL, ${crowd.length} claims, ${verdict.mints} mints, ${verdict.duplicates} duplicates, ${verdict.lost} lost`,
      );
      expect(verdict).toEqual({ mints: crowd.length, duplicates: 0, lost: 0 });
    },
    240_000,
  );
});
