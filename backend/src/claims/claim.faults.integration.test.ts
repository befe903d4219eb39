import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ERROR_CATALOGUE } from "@tube/common/errors";
import type { FaultMode } from "@tube/local-world/engine-emulator/engine-emulator";
import { countMintsTo } from "@tube/local-world/test/chain-reads";
import { createLogger } from "../observability/logger.ts";
import { startServer, type RunningServer } from "../server.ts";
import { testConfig } from "../test/test-config.ts";
import { startTestWorld, type TestWorld } from "../test/test-world.ts";
import { TEST_WORLD_TUNING } from "../test/test-tuning.ts";

/**
 * The fault matrix: each fault of Engine, the RPC and the store hits 20 concurrent claims. While it lasts, every
 * visitor gets an accepted claim or a 503 with a retry hint, and no claim is `confirmed` while its wallet holds no
 * reward; once it clears, every claim ends with exactly one mint (Transfer events from the zero address), and the
 * second rewards the contract refused are counted. Every row checks that its fault really fired (the Engine stand-in
 * counts the faults it applies, the relay the connections it dropped), so none passes without its fault; the rows
 * whose fault stops a claim before it is recorded check that visitors were refused, and the others that none was. The server reaches the chain
 * through a switchable relay here, so "RPC unreachable" hits the server and not Engine.
 */
const CLAIMS_PER_FAULT = 20;
const ENGINE_FAULTS: FaultMode[] = [
  "http500",
  "timeout",
  "rateLimited",
  "rateLimitedReads",
  "failedThenMined",
  "failedThenLands",
  "innerRevert",
  "listLag",
  "nullStatus",
  "cancelled",
  "revert",
  "revertConfirmed",
  "stuckSubmitted",
];
const FAULTS = [...ENGINE_FAULTS, "rpcUnreachable", "storeLocked"] as const;
type Fault = (typeof FAULTS)[number];
/** Only a locked store stops a claim before it is recorded: some visitors must hear 503, and for the rest none. */
const REFUSING_FAULTS: Fault[] = ["storeLocked"];

let world: TestWorld;
let server: RunningServer;
let relay: Awaited<ReturnType<typeof startRpcRelay>>;
const tally = { faults: 0, claims: 0, refused: 0, mints: 0, duplicates: 0, lost: 0, refusedByContract: 0 };
const refusedByFault: Partial<Record<Fault, number>> = {};
const firedByFault: Partial<Record<Fault, number | null>> = {};

beforeAll(async () => {
  world = await startTestWorld({ inProcessApp: false });
  relay = await startRpcRelay(world.rpcUrl);
  const config = testConfig({ ...world.env, RPC_URL: relay.url });
  server = await startServer(config, createLogger("silent"), {
    // A locked statement holds this whole process (the Google stand-in's answers too) for the busy time-out: at 100 ms,
    // under a loaded machine, a visitor's Google call ran out of time and came back YOUTUBE_UNAVAILABLE.
    tuning: { ...TEST_WORLD_TUNING, sqliteBusyTimeoutMs: 10 },
  });
});

afterAll(async () => {
  await server?.stop();
  await relay?.stop();
  await world?.stop();
  console.log(
    `fault matrix: ${tally.faults} faults injected, ${tally.claims} claims (${tally.refused} answered 503 while the fault lasted), ` +
      `${tally.mints} mints, ${tally.duplicates} duplicates, ${tally.lost} lost, ` +
      `${tally.refusedByContract} second rewards refused by the contract ${JSON.stringify(refusedByFault)}; ` +
      `times each fault struck ${JSON.stringify(firedByFault)}`,
  );
});

/**
 * Turns the fault on. `fired` counts how often it has struck since (a locked store keeps no count: the refusals it
 * causes are its evidence); `clear` turns it off.
 */
function injectFault(fault: Fault): { fired: () => number | null; clear: () => void } {
  if (fault === "rpcUnreachable") {
    const droppedBefore = relay.dropped();
    relay.setReachable(false);
    return { fired: () => relay.dropped() - droppedBefore, clear: () => relay.setReachable(true) };
  }
  if (fault === "storeLocked") {
    // Another connection holds the write lock, as a CLI or a stuck process would.
    const intruder = new DatabaseSync(path.join(world.env.DATA_DIR as string, "claims.sqlite"));
    intruder.exec("PRAGMA busy_timeout = 0");
    intruder.exec("BEGIN EXCLUSIVE");
    return {
      fired: () => null,
      clear: () => {
        intruder.exec("ROLLBACK");
        intruder.close();
      },
    };
  }
  const firedBefore = world.engineFaults.fired()[fault] ?? 0;
  world.engineFaults.set({ mode: fault, count: CLAIMS_PER_FAULT });
  return {
    fired: () => (world.engineFaults.fired()[fault] ?? 0) - firedBefore,
    clear: () => world.engineFaults.clear(),
  };
}

describe("fault matrix: 20 concurrent claims per fault", () => {
  it.each(FAULTS)(
    "when %s hits 20 claims, then visitors get 202 or a 503 with a retry hint, and once it clears each wallet holds exactly one mint",
    async (fault) => {
      const visitors = await world.visitors(CLAIMS_PER_FAULT);

      const injected = injectFault(fault);
      tally.faults += 1;
      try {
        const responses = await Promise.all(visitors.map((visitor) => world.api.claim(visitor)));
        // A locked store is the store's outage; every other fault is the mint's.
        const refusal = fault === "storeLocked" ? "STORE_UNAVAILABLE" : "MINT_UNAVAILABLE";
        let refused = 0;
        for (const response of responses) {
          if (response.status === 202) continue;
          refused += 1;
          expect(response).toMatchObject({
            status: 503,
            body: { error: { code: refusal, message: ERROR_CATALOGUE[refusal].message } },
          });
          expect(Number(response.retryAfter)).toBeGreaterThan(0);
        }
        tally.refused += refused;
        expect(refused > 0).toBe(REFUSING_FAULTS.includes(fault));
        // Held until it struck: a fault on Engine's reads waits for the server's next read of a queued claim.
        await vi.waitFor(() => expect(injected.fired() ?? refused).toBeGreaterThan(0), { timeout: 30_000 });
        firedByFault[fault] = injected.fired();
        // Whatever the fault did so far: a claim is confirmed only with its mint on chain.
        for (const visitor of visitors) {
          const { body } = await world.api.checkClaim(visitor.wallet);
          if (body.status === "confirmed")
            expect(await countMintsTo(world.rpcUrl, world.tokenAddress, visitor.wallet)).toBe(1);
        }
      } finally {
        injected.clear();
      }

      // Time passes on chain (the grace period of attempts Engine never saw), and refused visitors try again.
      await world.mineBlocks(Number(TEST_WORLD_TUNING.mint.graceBlocks));
      await world.untilAllConfirmed(visitors, { claimAgain: true, timeoutMs: 90_000 });

      const refusedBefore = tally.refusedByContract;
      tally.refusedByContract = await world.refusedSecondRewards();
      // Attributed to the fault that was on when they were counted: a late landing may fall into the next one.
      refusedByFault[fault] = tally.refusedByContract - refusedBefore;
      const mints = await Promise.all(
        visitors.map((visitor) => countMintsTo(world.rpcUrl, world.tokenAddress, visitor.wallet)),
      );
      tally.claims += visitors.length;
      tally.mints += mints.reduce((sum, count) => sum + count, 0);
      tally.duplicates += mints.filter((count) => count > 1).length;
      tally.lost += mints.filter((count) => count === 0).length;
      expect(mints).toEqual(visitors.map(() => 1));
    },
    // Past its own waits (30 s for the fault to strike, 90 s for every claim to be confirmed), not the default minute.
    150_000,
  );
});

/** A JSON-RPC relay to anvil that can be switched off: its connections are then reset, as an unreachable provider's are. */
async function startRpcRelay(target: string) {
  let reachable = true;
  let dropped = 0;
  const server: Server = createServer((request, response) => {
    if (!reachable) {
      dropped += 1;
      request.socket.destroy();
      return;
    }
    const forwarded = httpRequest(target, { method: request.method, headers: request.headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    forwarded.on("error", () => request.socket.destroy());
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** Connections reset while unreachable, since the relay started. */
    dropped: () => dropped,
    setReachable: (value: boolean) => {
      reachable = value;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
