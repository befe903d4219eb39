import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ERROR_CATALOGUE } from "@tube/common/errors";
import type { FaultMode } from "@tube/local-world/engine-emulator/engine-emulator";
import { countMintsTo, randomWallet } from "@tube/local-world/mint-log";
import { loadConfig } from "../config.ts";
import { createLogger } from "../observability/logger.ts";
import { startServer, type RunningServer } from "../server.ts";
import { startTestWorld, type TestWorld } from "../test/test-world.ts";

/**
 * The fault matrix: each fault of Engine, the RPC and the store hits 20 concurrent claims. While it lasts, every
 * visitor gets an accepted claim or a 503 with a retry hint, and no claim is `confirmed` while its wallet holds no
 * reward; once it clears, every claim ends with exactly one mint (Transfer events from the zero address), and the
 * second rewards the contract refused are counted. The server reaches the chain through a switchable relay here, so
 * "RPC unreachable" hits the server and not Engine.
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

let world: TestWorld;
let server: RunningServer;
let relay: Awaited<ReturnType<typeof startRpcRelay>>;
let nextViewer = 0;
const tally = { faults: 0, claims: 0, refused: 0, mints: 0, duplicates: 0, lost: 0, refusedByContract: 0 };
const refusedByFault: Partial<Record<(typeof FAULTS)[number], number>> = {};

beforeAll(async () => {
  world = await startTestWorld({ inProcessApp: false, subscribers: CLAIMS_PER_FAULT * FAULTS.length });
  relay = await startRpcRelay(world.rpcUrl);
  const config = loadConfig({
    ...world.env,
    RPC_URL: relay.url,
    SQLITE_BUSY_TIMEOUT_MS: "100",
  } as NodeJS.ProcessEnv);
  server = await startServer(config, createLogger(config.LOG_LEVEL));
});

afterAll(async () => {
  await server?.stop();
  await relay?.stop();
  await world?.stop();
  console.log(
    `fault matrix: ${tally.faults} faults injected, ${tally.claims} claims (${tally.refused} answered 503 while the fault lasted), ` +
      `${tally.mints} mints, ${tally.duplicates} duplicates, ${tally.lost} lost, ` +
      `${tally.refusedByContract} second rewards refused by the contract ${JSON.stringify(refusedByFault)}`,
  );
});

async function api(method: "GET" | "POST", urlPath: string, body?: unknown) {
  const response = await fetch(`${world.url}${urlPath}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {
    status: response.status,
    retryAfter: response.headers.get("retry-after"),
    body: (await response.json()) as Record<string, any>,
  };
}

function injectFault(fault: (typeof FAULTS)[number]): { clear: () => void } {
  if (fault === "rpcUnreachable") {
    relay.setReachable(false);
    return { clear: () => relay.setReachable(true) };
  }
  if (fault === "storeLocked") {
    // Another connection holds the write lock, as a CLI or a stuck process would.
    const intruder = new DatabaseSync(path.join(world.env.DATA_DIR as string, "claims.sqlite"));
    intruder.exec("PRAGMA busy_timeout = 0");
    intruder.exec("BEGIN EXCLUSIVE");
    return {
      clear: () => {
        intruder.exec("ROLLBACK");
        intruder.close();
      },
    };
  }
  world.engineFaults.set({ mode: fault, count: CLAIMS_PER_FAULT });
  return { clear: () => world.engineFaults.clear() };
}

describe("fault matrix: 20 concurrent claims per fault", () => {
  it.each(FAULTS)(
    "when %s hits 20 claims, then visitors get 202 or a 503 with a retry hint, and once it clears each wallet holds exactly one mint",
    async (fault) => {
      const visitors = await Promise.all(
        Array.from({ length: CLAIMS_PER_FAULT }, async () => {
          const email = `viewer${++nextViewer}@example.com`;
          return { token: await world.signIn(email), wallet: randomWallet() };
        }),
      );
      const claimOf = (visitor: (typeof visitors)[number]) =>
        api("POST", "/api/verify-and-mint", { walletAddress: visitor.wallet, oauthAccessToken: visitor.token });

      const injected = injectFault(fault);
      tally.faults += 1;
      let responses;
      try {
        responses = await Promise.all(visitors.map(claimOf));
        // A locked store is the store's outage; every other fault is the mint's.
        const refusal = fault === "storeLocked" ? "STORE_UNAVAILABLE" : "MINT_UNAVAILABLE";
        for (const response of responses) {
          if (response.status === 202) continue;
          tally.refused += 1;
          expect(response).toMatchObject({
            status: 503,
            body: { error: { code: refusal, message: ERROR_CATALOGUE[refusal].message } },
          });
          expect(Number(response.retryAfter)).toBeGreaterThan(0);
        }
        // The fault really happened: the claims used some of it up (a claim refused before reaching Engine uses none).
        if (ENGINE_FAULTS.includes(fault as FaultMode) && fault !== "rateLimitedReads")
          expect(world.engineFaults.pending()?.count ?? 0).toBeLessThan(CLAIMS_PER_FAULT);
        // Whatever the fault did so far: a claim is confirmed only with its mint on chain.
        for (const visitor of visitors) {
          const { body } = await api("GET", `/api/check-claim/${visitor.wallet}`);
          if (body.status === "confirmed")
            expect(await countMintsTo(world.rpcUrl, world.tokenAddress, visitor.wallet)).toBe(1);
        }
      } finally {
        injected.clear();
      }

      // Time passes on chain (the grace period of attempts Engine never saw), and refused visitors try again.
      await world.mineBlocks(Number(world.env.MINT_GRACE_BLOCKS));
      await vi.waitFor(
        async () => {
          for (const visitor of visitors) {
            const { body } = await api("GET", `/api/check-claim/${visitor.wallet}`);
            if (body.status === null) await claimOf(visitor);
            if (body.status !== "confirmed")
              throw new Error(`${visitor.wallet} is ${body.status}: ${JSON.stringify(body)}`);
          }
        },
        { timeout: 90_000, interval: 250 },
      );

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
  );
});

/** A JSON-RPC relay to anvil that can be switched off: its connections are then reset, as an unreachable provider's are. */
async function startRpcRelay(target: string) {
  let reachable = true;
  const server: Server = createServer((request, response) => {
    if (!reachable) {
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
