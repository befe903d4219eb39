import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "@tube/local-world/free-port";
import { createLogger } from "../observability/logger.ts";
import { startServer, type RunningServer } from "../server.ts";
import { createTestApi } from "../test/test-api.ts";
import { testConfig } from "../test/test-config.ts";
import { startTestWorld, type TestWorld } from "../test/test-world.ts";

/**
 * Two servers, each with its own connection to one SQLite store, as two processes behind a load balancer: the
 * per-account daily limit on YouTube checks is kept in the store, so an account whose verifications are spread over
 * both still gets one day's worth.
 */
const CHECKS_PER_DAY = 4;
const ACCOUNTS = 6;

let world: TestWorld;
const servers: RunningServer[] = [];
type TestApi = ReturnType<typeof createTestApi>;
const apis: TestApi[] = [];
/** The i-th request goes to one server, the next to the other. */
const through = (i: number) => apis[i % apis.length] as TestApi;

beforeAll(async () => {
  world = await startTestWorld({ inProcessApp: false });
  // The first server answers at the world's own address, where the visitors sign in.
  for (const port of [Number(new URL(world.url).port), await freePort()]) {
    const config = testConfig({ ...world.env, PORT: String(port) });
    const server = await startServer(config, createLogger("silent"), {
      tuning: {
        // The window limit and the cache stay out of the way: every verification reaches YouTube.
        verificationLimits: { limitPerDay: CHECKS_PER_DAY, limitPerWindow: 1000 },
        subscriptionCacheSeconds: 0,
      },
    });
    servers.push(server);
    apis.push(createTestApi(() => server.url));
  }
});
afterAll(async () => {
  for (const server of servers) await server.stop();
  await world?.stop();
});

async function youtubeUnitsSpent(): Promise<number> {
  const response = await fetch(`${world.googleUrl}/__emulator/youtube-units`);
  return ((await response.json()) as { units: number }).units;
}

describe("the per-account daily limit across two servers", () => {
  it("when fresh accounts verify again and again through both servers, then each gets exactly the day's checks, and YouTube is asked no more", async () => {
    const visitors = await world.visitors(ACCOUNTS);
    const unitsBefore = await youtubeUnitsSpent();
    const attempts = CHECKS_PER_DAY + 3;

    const answers = await Promise.all(
      visitors.map(async (visitor) => {
        const codes: string[] = [];
        for (let i = 0; i < attempts; i++) {
          const answer = await through(i).verifySubscription(visitor.token, visitor.channelName);
          const body = answer.body as { isSubscribed?: boolean; error?: { code: string } };
          codes.push(body.error?.code ?? `subscribed:${body.isSubscribed}`);
          if (body.error) expect(Number(answer.retryAfter)).toBeGreaterThan(0);
        }
        return codes;
      }),
    );

    for (const codes of answers) {
      expect(codes).toEqual([
        ...Array<string>(CHECKS_PER_DAY).fill("subscribed:true"),
        ...Array<string>(attempts - CHECKS_PER_DAY).fill("ACCOUNT_DAILY_LIMIT_REACHED"),
      ]);
    }
    const spent = (await youtubeUnitsSpent()) - unitsBefore;
    console.log(
      `${ACCOUNTS} fresh accounts, ${attempts} verifications each over two servers: ${spent} YouTube units (limit ${CHECKS_PER_DAY} checks per account per day)`,
    );
    expect(spent).toBe(ACCOUNTS * CHECKS_PER_DAY);
  });
});
